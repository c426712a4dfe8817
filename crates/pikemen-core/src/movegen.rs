//! Move generation and bulk counting.
//!
//! Order of generation (deterministic): the mover's pieces by ascending square; for each, first
//! its 8 reorientations (state codes ascending, its own state left out), then, if it is lying,
//! its charges nearest destination first, each destination as the plain charge (keeping the
//! state) followed by the 8 other states.

use crate::Pikemen;
use crate::board::{RAYS, cell_owner, cell_size, cell_state, distance, first_blocker};
use crate::moves::Move;
use abstract_game::MoveList;

/// Where a lying piece on `sq` can charge: the number of empty squares it may stop on, and
/// the square it may capture on, if any.
#[inline]
pub(crate) fn charge_targets(game: &Pikemen, sq: usize) -> (u32, Option<usize>) {
    let c = game.cells[sq];
    let d = cell_state(c) as usize - 1;
    match first_blocker(sq, d, game.occ) {
        None => (RAYS[sq][d].count_ones(), None),
        Some(b) => {
            let empties = distance(sq, b) - 1;
            (empties, game.capturable_by(c, b).then_some(b))
        }
    }
}

impl Pikemen {
    /// Whether the piece `attacker` (a cell byte) may capture the piece on square `target`:
    /// an enemy lying piece always, an upright enemy only if strictly smaller.
    #[inline]
    pub(crate) fn capturable_by(&self, attacker: u8, target: usize) -> bool {
        let t = self.cells[target];
        if t == 0 || cell_owner(t) == cell_owner(attacker) {
            return false;
        }
        cell_state(t) != 0 || cell_size(attacker) > cell_size(t)
    }

    pub(crate) fn generate(&self, moves: &mut MoveList<Pikemen>) {
        if self.result != 0 {
            return;
        }
        let keep = Move::keep_code();
        let mut mine = self.owners[self.to_move as usize];
        while mine != 0 {
            let sq = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let from = sq as u8;
            let own_state = cell_state(self.cells[sq]);
            for s in 0..9u8 {
                if s != own_state {
                    moves.push(Move::raw(from, from, s, false));
                }
            }
            if own_state == 0 {
                continue;
            }
            let d = own_state as usize - 1;
            let (empties, capture) = charge_targets(self, sq);
            let step = crate::board::DIR_STEPS[d];
            let index_step = i32::from(step.1) * 8 + i32::from(step.0);
            let mut to = sq as i32;
            let stops = empties + u32::from(capture.is_some());
            for k in 0..stops {
                to += index_step;
                let is_capture = capture.is_some() && k == empties;
                let t = to as u8;
                moves.push(Move::raw(from, t, keep, is_capture));
                for s in 0..9u8 {
                    if s != own_state {
                        moves.push(Move::raw(from, t, s, is_capture));
                    }
                }
            }
        }
    }

    /// The number of legal moves, without generating them: 8 reorientations per piece plus
    /// 9 end states per charge destination.
    pub(crate) fn count(&self) -> usize {
        if self.result != 0 {
            return 0;
        }
        let mine = self.owners[self.to_move as usize];
        let mut total = mine.count_ones() * 8;
        let mut lying = mine & self.lying;
        while lying != 0 {
            let sq = lying.trailing_zeros() as usize;
            lying &= lying - 1;
            let (empties, capture) = charge_targets(self, sq);
            total += 9 * (empties + u32::from(capture.is_some()));
        }
        total as usize
    }
}
