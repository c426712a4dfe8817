//! One object-safe view of every game, so that the Python classes need no generics.

use abstract_game::{Game, MoveLimit, MoveList, PlayerId, Status};
use std::any::Any;

/// How a state is held: plain, or under a move limit (whose end is a truncation, not a result).
pub trait Held: Clone + PartialEq + Send + Sync + 'static {
    type G: Game;
    fn get(&self) -> &Self::G;
    fn get_mut(&mut self) -> &mut Self::G;
    /// Whether the game ended only because the move limit was reached.
    fn truncated(&self) -> bool;
}

/// A state without a move limit.
#[derive(Clone, PartialEq)]
pub struct Plain<G>(pub G);

/// A state under a move limit.
#[derive(Clone, PartialEq)]
pub struct Limited<G>(pub MoveLimit<G>);

impl<G: Game> Held for Plain<G> {
    type G = G;
    fn get(&self) -> &G {
        &self.0
    }
    fn get_mut(&mut self) -> &mut G {
        &mut self.0
    }
    fn truncated(&self) -> bool {
        false
    }
}

impl<G: Game> Held for Limited<G> {
    type G = MoveLimit<G>;
    fn get(&self) -> &MoveLimit<G> {
        &self.0
    }
    fn get_mut(&mut self) -> &mut MoveLimit<G> {
        &mut self.0
    }
    fn truncated(&self) -> bool {
        self.0.plies() >= self.0.max_plies() && !self.0.inner().status().is_finished()
    }
}

/// What the Python layer needs of a state, for any game.
pub trait Engine: Send + Sync {
    fn clone_box(&self) -> Box<dyn Engine>;
    fn as_any(&self) -> &dyn Any;
    fn eq_dyn(&self, other: &dyn Engine) -> bool;
    fn player_count(&self) -> u8;
    /// The 0-based seat to decide, or `None` when the game is over.
    fn current(&self) -> Option<u8>;
    fn returns(&self) -> Vec<f64>;
    fn scores(&self) -> Vec<i32>;
    fn legal_moves(&self) -> Vec<String>;
    /// Parses and plays a move; on error the state is unchanged.
    fn play(&mut self, text: &str) -> Result<(), String>;
    fn text(&self) -> String;
    fn diagram(&self) -> String;
    fn hash(&self) -> u64;
    fn truncated(&self) -> bool;
}

impl<W: Held> Engine for W {
    fn clone_box(&self) -> Box<dyn Engine> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn eq_dyn(&self, other: &dyn Engine) -> bool {
        other.as_any().downcast_ref::<W>() == Some(self)
    }

    fn player_count(&self) -> u8 {
        Game::player_count(self.get())
    }

    fn current(&self) -> Option<u8> {
        self.get().to_move().map(|p| p.index() as u8)
    }

    fn returns(&self) -> Vec<f64> {
        let n = Game::player_count(self.get());
        match self.get().status() {
            Status::Finished(o) => PlayerId::all(n).map(|p| o.returns(p)).collect(),
            Status::Ongoing(_) => vec![0.0; usize::from(n)],
        }
    }

    fn scores(&self) -> Vec<i32> {
        PlayerId::all(Game::player_count(self.get()))
            .map(|p| self.get().score(p))
            .collect()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = MoveList::<W::G>::new();
        self.get().generate_moves(&mut moves);
        moves.iter().map(ToString::to_string).collect()
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self
            .get()
            .parse_move(text.trim())
            .map_err(|e| format!("cannot read move '{text}': {e}"))?;
        self.get_mut().apply(mv).map_err(|e| format!("{text}: {e}"))
    }

    fn text(&self) -> String {
        self.get().to_string()
    }

    fn diagram(&self) -> String {
        self.get().diagram()
    }

    fn hash(&self) -> u64 {
        self.get().hash64()
    }

    fn truncated(&self) -> bool {
        Held::truncated(self)
    }
}
