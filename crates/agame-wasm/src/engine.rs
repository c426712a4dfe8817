//! One object-safe view of every game, so that the JavaScript classes need no generics.

use crate::texts::Texts;
use abstract_game::{
    Actions, EndReason, Evaluate, Game, LimitEnd, MoveLimit, MoveList, Observe, PlayerId,
    SeededRng, Status, SvgOptions, ToSvg, perft, random_rollout,
};
use abstract_game_search::network::Network;
use abstract_game_search::{BotSpec, Limits};
use core::any::Any;
use core::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// What the package needs of a game beyond [`Game`]: its picture, an evaluation for the bots,
/// why it ended, the learning traits, and reading a highlighted place from its name.
pub trait Board: Game + ToSvg + Evaluate + EndReason + Actions + Observe {
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

/// What the JavaScript layer needs of a state, for any game. The methods that take `&mut self`
/// without changing the position fill the per-position cache of legal moves.
pub trait Engine {
    /// A copy, which shares this state's numbering of move texts.
    fn clone_box(&self) -> Box<dyn Engine>;
    /// This engine, to find its type.
    fn as_any(&self) -> &dyn Any;
    /// Numbers move texts as `other` does (from then on, both share one numbering), when it
    /// is a state of the same game.
    fn share_texts(&mut self, other: &dyn Engine);
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
    fn legal_moves(&mut self) -> Vec<String>;
    /// The legal moves in the engine's order as the numbers of their texts (see [`Texts`]):
    /// the texts of moves this state meets for the first time are appended to `new`, one per
    /// line, in the order of their numbers.
    fn legal_move_numbers(&mut self, new: &mut String) -> &[u32];
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
    /// The move the bot of `spec` chooses within `limits` (the spec's own budget where unset);
    /// a `zero` spec's `model=NAME` is looked up by `networks`.
    fn bot_move(
        &self,
        spec: &BotSpec,
        limits: &Limits,
        networks: &dyn Fn(&str) -> Result<Arc<Network>, String>,
    ) -> Result<String, String>;
    /// The number of move sequences of `depth` decisions.
    fn perft(&self, depth: u32) -> u64;
    /// Plays `games` uniformly random games from here (one generator seeded with `seed`);
    /// the plies played in all.
    fn playouts(&self, games: u32, seed: u64) -> u64;
    /// How many action numbers the configuration uses.
    fn num_distinct_actions(&self) -> usize;
    /// The legal action numbers, ascending.
    fn legal_actions(&mut self) -> &[u32];
    /// Writes 1 at each legal action number and 0 elsewhere; `mask` must have
    /// [`Engine::num_distinct_actions`] entries (otherwise it is left as it was).
    fn legal_mask(&mut self, mask: &mut [u8]) -> Result<(), String>;
    /// Plays an action number; on error the state is unchanged.
    fn apply_action(&mut self, action: u32) -> Result<(), String>;
    /// The move text that an action number stands for here (legal or not).
    fn action_to_string(&self, action: u32) -> Option<String>;
    /// The action number of a move text.
    fn string_to_action(&self, text: &str) -> Result<u32, String>;
    /// `[planes, rows, cols]` of an observation.
    fn observation_shape(&self) -> [usize; 3];
    /// Writes what `seat` sees into `out`, which must have the shape's product of entries.
    fn observe(&self, seat: u8, out: &mut [f32]) -> Result<(), String>;
}

/// A state, what its last move showed (for the picture), and its legal moves and action
/// numbers, worked out once per position the first time they are asked for and reused by
/// `legalMoves`, `play`, `legalActions`, the mask and `applyAction`.
pub struct Held<G: Board> {
    state: G,
    /// The position before the last move played here, and that move: the picture's last move
    /// is worked out from them only when a picture asks for it.
    last: Option<(G, G::Move)>,
    /// The legal moves in the engine's order, when `moves_fresh`.
    moves: MoveList<G>,
    moves_fresh: bool,
    /// The legal action numbers ascending, when `actions_fresh`.
    actions: Vec<u32>,
    actions_fresh: bool,
    /// The numbers of the legal moves' texts, when `numbers_fresh`.
    numbers: Vec<u32>,
    numbers_fresh: bool,
    /// The numbering of the move texts met, shared by the states of one `Game` and their
    /// copies.
    texts: Rc<RefCell<Texts<G::Move>>>,
}

impl<G: Board> Held<G> {
    /// A state with no last move.
    pub fn new(state: G) -> Held<G> {
        Held {
            state,
            last: None,
            moves: MoveList::<G>::new(),
            moves_fresh: false,
            actions: Vec::new(),
            actions_fresh: false,
            numbers: Vec::new(),
            numbers_fresh: false,
            texts: Rc::default(),
        }
    }

    /// The legal moves of the position held, generated once.
    fn moves(&mut self) -> &MoveList<G> {
        if !self.moves_fresh {
            self.moves.clear();
            self.state.generate_moves(&mut self.moves);
            self.moves_fresh = true;
        }
        &self.moves
    }

    /// The legal action numbers, ascending, by the game's own `legal_actions` (Pikemen and
    /// Epaminondas list them in order without making moves or sorting).
    fn actions(&mut self) -> &[u32] {
        if !self.actions_fresh {
            self.state.legal_actions(&mut self.actions);
            self.actions_fresh = true;
        }
        &self.actions
    }

    /// Plays `mv`, known to be legal, and forgets the cached lists.
    fn apply_legal(&mut self, mv: G::Move) {
        match &mut self.last {
            Some((before, last)) => {
                before.clone_from(&self.state);
                *last = mv;
            }
            None => self.last = Some((self.state.clone(), mv)),
        }
        self.state.apply_unchecked(mv);
        self.moves_fresh = false;
        self.actions_fresh = false;
        self.numbers_fresh = false;
    }
}

impl<G: Board> core::fmt::Debug for Held<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Held({})", self.state)
    }
}

impl<G: Board> Clone for Held<G> {
    /// The state, its last move and the shared numbering of move texts; copies are often made
    /// to be changed, so the cached lists are not copied.
    fn clone(&self) -> Self {
        Held {
            last: self.last.clone(),
            texts: Rc::clone(&self.texts),
            ..Held::new(self.state.clone())
        }
    }
}

fn seat(n: u8, seat: u8) -> Result<PlayerId, String> {
    PlayerId::all(n)
        .nth(usize::from(seat))
        .ok_or_else(|| format!("no seat {seat} among {n} (seats count from 0)"))
}

impl<G: Board> Engine for Held<G> {
    fn clone_box(&self) -> Box<dyn Engine> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn share_texts(&mut self, other: &dyn Engine) {
        if let Some(other) = other.as_any().downcast_ref::<Held<G>>() {
            self.texts = Rc::clone(&other.texts);
            self.numbers_fresh = false;
        }
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

    fn legal_moves(&mut self) -> Vec<String> {
        self.moves().iter().map(ToString::to_string).collect()
    }

    fn legal_move_numbers(&mut self, new: &mut String) -> &[u32] {
        if !self.numbers_fresh {
            self.moves();
            self.numbers.clear();
            let mut texts = self.texts.borrow_mut();
            for &mv in &self.moves {
                self.numbers.push(texts.number(mv, new));
            }
            self.numbers_fresh = true;
        }
        &self.numbers
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self
            .state
            .parse_move(text.trim())
            .map_err(|e| format!("cannot read move '{text}': {e}"))?;
        // With the legal list at hand (a program that asked for it), membership is the check;
        // otherwise (and for the reason of a refusal) the game's own check, which is cheaper
        // than generating every move.
        if !(self.moves_fresh && self.moves.contains(&mv)) {
            self.state
                .check_move(mv)
                .map_err(|e| format!("{text}: {e}"))?;
        }
        self.apply_legal(mv);
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
        if let Some(s) = picture.bottom {
            options.bottom =
                seat(Game::player_count(&self.state), s).map_err(|e| format!("bottom: {e}"))?;
        }
        if picture.last_move {
            options.last_move = self
                .last
                .as_ref()
                .and_then(|(before, mv)| before.last_move(*mv));
        }
        for name in &picture.highlights {
            let place = G::place(name).ok_or_else(|| format!("highlights: no place '{name}'"))?;
            options.highlights.push(place);
        }
        Ok(self.state.to_svg(&options))
    }

    fn bot_move(
        &self,
        spec: &BotSpec,
        limits: &Limits,
        networks: &dyn Fn(&str) -> Result<Arc<Network>, String>,
    ) -> Result<String, String> {
        if let Some(n) = spec.threads.filter(|&n| n > 1) {
            // A page's WebAssembly cannot start threads: refused rather than quietly slower.
            return Err(format!(
                "bot: threads={n}: the WebAssembly package searches on one thread (threads=1)"
            ));
        }
        let mut bot = agame_options::bot(&self.state, spec, networks)?;
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

    fn num_distinct_actions(&self) -> usize {
        self.state.num_distinct_actions()
    }

    fn legal_actions(&mut self) -> &[u32] {
        self.actions()
    }

    fn legal_mask(&mut self, mask: &mut [u8]) -> Result<(), String> {
        let n = self.state.num_distinct_actions();
        if mask.len() != n {
            return Err(format!(
                "the mask has {} entries where numDistinctActions() is {n}",
                mask.len()
            ));
        }
        mask.fill(0);
        for &a in self.actions() {
            if let Some(slot) = mask.get_mut(a as usize) {
                *slot = 1;
            }
        }
        Ok(())
    }

    fn apply_action(&mut self, action: u32) -> Result<(), String> {
        let legal = self.actions();
        if legal.binary_search(&action).is_err() {
            return Err(if legal.is_empty() {
                format!("action {action}: the game is over")
            } else {
                format!("action {action} is not legal here")
            });
        }
        // A legal action decodes to its legal move.
        let mv = self
            .state
            .decode(action)
            .ok_or_else(|| format!("action {action} is not legal here"))?;
        self.apply_legal(mv);
        Ok(())
    }

    fn action_to_string(&self, action: u32) -> Option<String> {
        self.state.decode(action).map(|mv| mv.to_string())
    }

    fn string_to_action(&self, text: &str) -> Result<u32, String> {
        let mv = self
            .state
            .parse_move(text.trim())
            .map_err(|e| format!("cannot read move '{text}': {e}"))?;
        self.state
            .encode(mv)
            .ok_or_else(|| format!("'{text}' has no action number in this game"))
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.state.observation_shape()
    }

    fn observe(&self, s: u8, out: &mut [f32]) -> Result<(), String> {
        let player = seat(Game::player_count(&self.state), s)?;
        let n = self.state.observation_len();
        if out.len() != n {
            return Err(format!(
                "the observation has {} entries where the shape's product is {n}",
                out.len()
            ));
        }
        self.state.observe(player, out).map_err(|e| e.to_string())
    }
}
