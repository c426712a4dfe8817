//! One object-safe view of every game, so that the Python classes need no generics.

use abstract_game::{
    Actions, Game, MoveLimit, MoveList, Observe, PlayerId, Status, SvgOptions, Symmetric, ToSvg,
};
use std::any::Any;

/// How a state is held: plain, or under a move limit (whose end is a truncation, not a result).
pub trait Held: Clone + PartialEq + Send + Sync + 'static {
    type G: Symmetric + ToSvg;
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

impl<G: Symmetric + ToSvg> Held for Plain<G> {
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

impl<G: Symmetric + ToSvg> Held for Limited<G>
where
    MoveLimit<G>: Symmetric,
{
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
    /// The SVG picture, `bottom` being the 0-based seat drawn at the bottom.
    fn svg(&self, size: u32, coordinates: bool, bottom: u8) -> Result<String, String>;

    fn num_distinct_actions(&self) -> usize;
    /// The legal actions, ascending.
    fn legal_actions(&self, out: &mut Vec<u32>);
    /// Writes 1 for each legal action, 0 elsewhere; `mask` has `num_distinct_actions` entries.
    fn legal_mask(&self, mask: &mut [i8]);
    fn apply_action(&mut self, action: u32) -> Result<(), String>;
    /// The move an action number stands for here, as text (legal or not).
    fn action_to_string(&self, action: u32) -> Option<String>;
    fn string_to_action(&self, text: &str) -> Result<u32, String>;
    fn observation_shape(&self) -> [usize; 3];
    fn observe(&self, seat: u8, out: &mut [f32]) -> Result<(), String>;
    fn symmetry_count(&self) -> usize;
    fn transformed(&self, sym: usize) -> Result<Box<dyn Engine>, String>;
    fn transform_action(&self, sym: usize, action: u32) -> Result<u32, String>;
    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), String>;
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

    fn svg(&self, size: u32, coordinates: bool, bottom: u8) -> Result<String, String> {
        let bottom = PlayerId::new(bottom)
            .filter(|p| p.index() < usize::from(Game::player_count(self.get())))
            .ok_or_else(|| format!("no seat {bottom} in this game"))?;
        Ok(self.get().to_svg(&SvgOptions {
            size,
            coordinates,
            bottom,
            ..SvgOptions::default()
        }))
    }

    fn num_distinct_actions(&self) -> usize {
        self.get().num_distinct_actions()
    }

    fn legal_actions(&self, out: &mut Vec<u32>) {
        self.get().legal_actions(out);
    }

    fn legal_mask(&self, mask: &mut [i8]) {
        mask.fill(0);
        let mut moves = MoveList::<W::G>::new();
        self.get().generate_moves(&mut moves);
        for &mv in &moves {
            if let Some(slot) = self.get().encode(mv).and_then(|a| mask.get_mut(a as usize)) {
                *slot = 1;
            }
        }
    }

    fn apply_action(&mut self, action: u32) -> Result<(), String> {
        if self.get().to_move().is_none() {
            return Err("the game is over".into());
        }
        let mv = self
            .get()
            .move_of(action)
            .ok_or_else(|| format!("action {action} is not legal here"))?;
        self.get_mut().apply(mv).map_err(|e| e.to_string())
    }

    fn action_to_string(&self, action: u32) -> Option<String> {
        self.get().decode(action).map(|mv| mv.to_string())
    }

    fn string_to_action(&self, text: &str) -> Result<u32, String> {
        let mv = self
            .get()
            .parse_move(text.trim())
            .map_err(|e| format!("cannot read move '{text}': {e}"))?;
        self.get()
            .encode(mv)
            .ok_or_else(|| format!("'{text}' has no action number in this game"))
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.get().observation_shape()
    }

    fn observe(&self, seat: u8, out: &mut [f32]) -> Result<(), String> {
        let player = PlayerId::new(seat)
            .filter(|p| p.index() < usize::from(Game::player_count(self.get())))
            .ok_or_else(|| format!("no seat {seat} in this game"))?;
        self.get().observe(player, out).map_err(|e| e.to_string())
    }

    fn symmetry_count(&self) -> usize {
        self.get().symmetry_count()
    }

    fn transformed(&self, sym: usize) -> Result<Box<dyn Engine>, String> {
        let image = self.get().transformed(sym).map_err(|e| e.to_string())?;
        let mut held = self.clone();
        *held.get_mut() = image;
        Ok(Box::new(held))
    }

    fn transform_action(&self, sym: usize, action: u32) -> Result<u32, String> {
        self.get()
            .transform_action(sym, action)
            .map_err(|e| e.to_string())
    }

    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), String> {
        self.get()
            .transform_observation(sym, input, out)
            .map_err(|e| e.to_string())
    }
}
