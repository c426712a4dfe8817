//! One object-safe view of every game, so that the JavaScript classes need no generics.

use abstract_game::{
    EndReason, Evaluate, Game, LimitEnd, MoveLimit, MoveList, PlayerId, SeededRng, Status,
    SvgOptions, ToSvg, perft, random_rollout,
};
use abstract_game_search::{BotSpec, Limits};

/// What the package needs of a game beyond [`Game`]: its picture, an evaluation for the bots,
/// why it ended, and reading a highlighted place from its name.
pub trait Board: Game + ToSvg + Evaluate + EndReason {
    /// The place named `text` (`e2`, `d4`, ...), if there is one.
    fn place(text: &str) -> Option<Self::Place>;

    /// Whether the game ended only because a move limit was reached.
    fn truncated(&self) -> bool {
        false
    }
}

impl Board for pikemen_core::Pikemen {
    fn place(text: &str) -> Option<pikemen_core::Square> {
        pikemen_core::Square::parse(text)
    }
}

impl Board for gipf_core::Gipf {
    fn place(text: &str) -> Option<gipf_core::Spot> {
        text.parse().ok()
    }
}

impl Board for epaminondas_core::Epaminondas {
    fn place(text: &str) -> Option<epaminondas_core::Square> {
        text.parse().ok()
    }
}

impl<G: Board> Board for MoveLimit<G> {
    fn place(text: &str) -> Option<G::Place> {
        G::place(text)
    }

    fn truncated(&self) -> bool {
        self.end() == Some(LimitEnd::MoveLimit)
    }
}

/// How the SVG picture is drawn; `None` keeps the default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Picture {
    /// Width in pixels.
    pub size: Option<u32>,
    /// Whether to write the coordinates.
    pub coordinates: Option<bool>,
    /// The 0-based seat drawn at the bottom.
    pub bottom: Option<u8>,
    /// Whether to highlight the last move played on this state.
    pub last_move: bool,
    /// Places to mark, by name.
    pub highlights: Vec<String>,
}

/// What the JavaScript layer needs of a state, for any game.
pub trait Engine {
    /// A copy.
    fn clone_box(&self) -> Box<dyn Engine>;
    /// The number of seats.
    fn player_count(&self) -> u8;
    /// The 0-based seat to decide, or `None` when the game is over.
    fn current(&self) -> Option<u8>;
    /// `ongoing`, or the outcome (`winner 2`, `draw`, `ranks 2,1,3`).
    fn status(&self) -> String;
    /// One value per seat; zeros while the game goes on.
    fn returns(&self) -> Vec<f64>;
    /// The points of each seat.
    fn scores(&self) -> Vec<i32>;
    /// The legal moves as text, in the engine's order.
    fn legal_moves(&self) -> Vec<String>;
    /// Parses and plays a move; on error the state is unchanged.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// The position text.
    fn text(&self) -> String;
    /// A diagram for people.
    fn diagram(&self) -> String;
    /// A 64-bit hash of the position.
    fn hash(&self) -> u64;
    /// Whether the game ended only by its move limit.
    fn truncated(&self) -> bool;
    /// Why the game ended, in the game's words, or `None` while it goes on.
    fn end_reason(&self) -> Option<String>;
    /// The SVG picture; an error for a place or seat that does not exist.
    fn svg(&self, picture: &Picture) -> Result<String, String>;
    /// The move the bot of `spec` chooses within `limits` (the spec's own budget where unset).
    fn bot_move(&self, spec: &BotSpec, limits: &Limits) -> Result<String, String>;
    /// The number of move sequences of `depth` decisions.
    fn perft(&self, depth: u32) -> u64;
    /// Plays `games` uniformly random games from here (one generator seeded with `seed`);
    /// the plies played in all.
    fn playouts(&self, games: u32, seed: u64) -> u64;
}

/// A state and what its last move showed, for the picture.
pub struct Held<G: Board> {
    state: G,
    last: Option<G::LastMove>,
}

impl<G: Board> Held<G> {
    /// A state with no last move.
    pub fn new(state: G) -> Held<G> {
        Held { state, last: None }
    }
}

impl<G: Board> core::fmt::Debug for Held<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Held({})", self.state)
    }
}

impl<G: Board> Clone for Held<G> {
    fn clone(&self) -> Self {
        Held {
            state: self.state.clone(),
            last: self.last.clone(),
        }
    }
}

impl<G: Board> Engine for Held<G> {
    fn clone_box(&self) -> Box<dyn Engine> {
        Box::new(self.clone())
    }

    fn player_count(&self) -> u8 {
        Game::player_count(&self.state)
    }

    fn current(&self) -> Option<u8> {
        self.state.to_move().map(|p| p.index() as u8)
    }

    fn status(&self) -> String {
        match self.state.status() {
            Status::Finished(o) => o.to_string(),
            Status::Ongoing(_) => "ongoing".to_string(),
        }
    }

    fn returns(&self) -> Vec<f64> {
        let n = Game::player_count(&self.state);
        match self.state.status() {
            Status::Finished(o) => PlayerId::all(n).map(|p| o.returns(p)).collect(),
            Status::Ongoing(_) => vec![0.0; usize::from(n)],
        }
    }

    fn scores(&self) -> Vec<i32> {
        PlayerId::all(Game::player_count(&self.state))
            .map(|p| self.state.score(p))
            .collect()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = MoveList::<G>::new();
        self.state.generate_moves(&mut moves);
        moves.iter().map(ToString::to_string).collect()
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self
            .state
            .parse_move(text.trim())
            .map_err(|e| format!("cannot read move '{text}': {e}"))?;
        let last = self.state.last_move(mv);
        self.state.apply(mv).map_err(|e| format!("{text}: {e}"))?;
        self.last = last;
        Ok(())
    }

    fn text(&self) -> String {
        self.state.to_string()
    }

    fn diagram(&self) -> String {
        self.state.diagram()
    }

    fn hash(&self) -> u64 {
        self.state.hash64()
    }

    fn truncated(&self) -> bool {
        self.state.truncated()
    }

    fn end_reason(&self) -> Option<String> {
        self.state.end().map(|e| e.to_string())
    }

    fn svg(&self, picture: &Picture) -> Result<String, String> {
        let mut options = SvgOptions::default();
        if let Some(size) = picture.size {
            options.size = size;
        }
        if let Some(c) = picture.coordinates {
            options.coordinates = c;
        }
        if let Some(seat) = picture.bottom {
            let n = Game::player_count(&self.state);
            options.bottom = PlayerId::all(n)
                .nth(usize::from(seat))
                .ok_or_else(|| format!("bottom: no seat {seat} among {n} (seats count from 0)"))?;
        }
        if picture.last_move {
            options.last_move = self.last.clone();
        }
        for name in &picture.highlights {
            let place = G::place(name).ok_or_else(|| format!("highlights: no place '{name}'"))?;
            options.highlights.push(place);
        }
        Ok(self.state.to_svg(&options))
    }

    fn bot_move(&self, spec: &BotSpec, limits: &Limits) -> Result<String, String> {
        let mut bot = spec.build::<G>();
        let limits = limits.or(&spec.limits());
        bot.choose(&self.state, &limits)
            .map(|(mv, _)| mv.to_string())
            .ok_or_else(|| "the game is over: no move to choose".to_string())
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(&self.state, depth)
    }

    fn playouts(&self, games: u32, seed: u64) -> u64 {
        let mut rng = SeededRng::new(seed);
        (0..games)
            .map(|_| random_rollout(&mut self.state.clone(), &mut rng, usize::MAX).plies as u64)
            .sum()
    }
}
