//! A uniformly random legal move without generating the others: one pass counts the charge
//! stops of the mover's lying pieces (upright pieces have only their 8 reorientations), then
//! the move is decoded from its place in the chosen piece's list.

use crate::Pikemen;
use crate::board::cell_state;
use crate::movegen::{INDEX_STEP, OTHER_STATES, charge_stops};
use crate::moves::Move;
use abstract_game::SeededRng;

impl Pikemen {
    /// Legal move number `rng.below(count)` in generation order (see `movegen`).
    pub(crate) fn pick_random(&self, rng: &mut SeededRng) -> Option<Move> {
        if self.result != 0 {
            return None;
        }
        // Moves per charge stop: the plain charge (unless it must change the state) + 8 others.
        let per_stop = 8 + u32::from(self.charge_keeps_state);
        let mine = self.owners[usize::from(self.to_move) & 3];
        // Charge stops of the mover's pieces by square (0 for upright ones).
        let mut stops = [0u8; 64];
        let mut charges = 0;
        let mut lying = mine & self.lying;
        while lying != 0 {
            let sq = lying.trailing_zeros() as usize;
            lying &= lying - 1;
            let n = charge_stops(self, sq);
            stops[sq] = n as u8;
            charges += n;
        }
        let total = 8 * mine.count_ones() + per_stop * charges;
        if total == 0 {
            return None;
        }
        let mut i = rng.below(total as usize) as u32;
        let mut rest = mine;
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let from = sq as u8;
            if i < 8 {
                let own = usize::from(cell_state(self.cells[sq]));
                return Some(Move::raw(from, from, OTHER_STATES[own][i as usize], false));
            }
            i -= 8;
            let charges = per_stop * u32::from(stops[sq]);
            if i >= charges {
                i -= charges;
                continue;
            }
            let own = usize::from(cell_state(self.cells[sq]));
            let (k, mut r) = (i / per_stop, i % per_stop);
            // Without the plain charge, index 0 is already the first other state.
            r += 1 - u32::from(self.charge_keeps_state);
            let to = (i32::from(from) + (k as i32 + 1) * INDEX_STEP[own - 1]) as u8;
            let state = if r == 0 {
                Move::keep_code()
            } else {
                OTHER_STATES[own][r as usize - 1]
            };
            // Only the last stop can hold a piece, and then the charge captures it.
            let capture = self.occ >> to & 1 != 0;
            return Some(Move::raw(from, to, state, capture));
        }
        None
    }
}
