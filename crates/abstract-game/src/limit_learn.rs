//! The learning traits for [`MoveLimit`]: the inner game's, with the limit taken into account.

use crate::{Actions, Game, LearnError, MoveLimit, Observe, PlayerId, Symmetric};
use alloc::vec::Vec;

impl<G: Actions> Actions for MoveLimit<G> {
    /// The inner game's numbering.
    fn num_distinct_actions(&self) -> usize {
        self.inner().num_distinct_actions()
    }

    fn encode(&self, mv: G::Move) -> Option<u32> {
        self.inner().encode(mv)
    }

    fn decode(&self, action: u32) -> Option<G::Move> {
        self.inner().decode(action)
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), LearnError> {
        if self.status().is_finished() {
            LearnError::check_length(self.num_distinct_actions(), mask.len())?;
            mask.fill(false);
            Ok(())
        } else {
            self.inner().legal_action_mask(mask)
        }
    }

    fn legal_actions(&self, out: &mut Vec<u32>) {
        if self.status().is_finished() {
            out.clear();
        } else {
            self.inner().legal_actions(out);
        }
    }
}

impl<G: Observe> Observe for MoveLimit<G> {
    /// The inner game's planes and one more, filled with the fraction of the allowed
    /// decisions still left (so that the remaining plies are seen).
    fn observation_shape(&self) -> [usize; 3] {
        let [planes, rows, cols] = self.inner().observation_shape();
        [planes + 1, rows, cols]
    }

    fn write_observation(&self, player: PlayerId, out: &mut [f32]) {
        let (inner, last) = out.split_at_mut(self.inner().observation_len());
        self.inner().write_observation(player, inner);
        let max = self.config().max_plies;
        let left = max.saturating_sub(self.plies());
        if left > 0 {
            // f32 holds every count exactly up to 2^24, far beyond practical limits.
            last.fill(left as f32 / max as f32);
        }
    }

    fn clear_observation(&self, player: PlayerId, out: &mut [f32]) {
        let (inner, last) = out.split_at_mut(self.inner().observation_len());
        self.inner().clear_observation(player, inner);
        last.fill(0.0);
    }
}

impl<G: Symmetric> Symmetric for MoveLimit<G> {
    /// The inner game's symmetries; the counter is unchanged by them.
    fn symmetry_count(&self) -> usize {
        self.inner().symmetry_count()
    }

    fn inverse_symmetry(&self, sym: usize) -> Result<usize, LearnError> {
        self.inner().inverse_symmetry(sym)
    }

    fn transformed(&self, sym: usize) -> Result<Self, LearnError> {
        let inner = self.inner().transformed(sym)?;
        Ok(MoveLimit::wrap(
            inner,
            self.plies(),
            self.config().max_plies,
        ))
    }

    fn transform_move(&self, sym: usize, mv: G::Move) -> Result<G::Move, LearnError> {
        self.inner().transform_move(sym, mv)
    }

    fn transform_action(&self, sym: usize, action: u32) -> Result<u32, LearnError> {
        if self.status().is_finished() {
            // Also when only the limit ended the game: nothing is legal any more.
            LearnError::check_symmetry(sym, self.symmetry_count())?;
            return Err(LearnError::Action(action));
        }
        self.inner().transform_action(sym, action)
    }

    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), LearnError> {
        let len = self.observation_len();
        LearnError::check_length(len, input.len())?;
        LearnError::check_length(len, out.len())?;
        let split = self.inner().observation_len();
        self.inner()
            .transform_observation(sym, &input[..split], &mut out[..split])?;
        out[split..].copy_from_slice(&input[split..]);
        Ok(())
    }
}
