//! A uniformly random legal move without generating the others: one pass counts each piece's
//! moves, then the move is decoded from its place in the chosen piece's list.

use crate::Pikemen;
use crate::board::cell_state;
use crate::movegen::{INDEX_STEP, OTHER_STATES, charge_targets};
use crate::moves::Move;
use abstract_game::SeededRng;

/// One piece of the mover: its square, state, charge stops and whether the last one captures.
#[derive(Clone, Copy, Default)]
struct Piece {
    sq: u8,
    state: u8,
    empties: u8,
    capture: bool,
}

impl Pikemen {
    /// Legal move number `rng.below(count)` in generation order (see `movegen`).
    pub(crate) fn pick_random(&self, rng: &mut SeededRng) -> Option<Move> {
        if self.result != 0 {
            return None;
        }
        // Moves per charge stop: the plain charge (unless it must change the state) + 8 others.
        let per_stop = 8 + u32::from(self.charge_keeps_state);
        // A seat has at most 15 pieces.
        let mut pieces = [Piece::default(); 16];
        let (mut n, mut total) = (0, 0u32);
        let mut mine = self.owners[usize::from(self.to_move) & 3];
        while mine != 0 && n < pieces.len() {
            let sq = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let state = cell_state(self.cells[sq]);
            let mut piece = Piece {
                sq: sq as u8,
                state,
                ..Piece::default()
            };
            total += 8;
            if state != 0 {
                let (empties, capture) = charge_targets(self, sq);
                piece.empties = empties as u8;
                piece.capture = capture.is_some();
                total += per_stop * (empties + u32::from(piece.capture));
            }
            pieces[n] = piece;
            n += 1;
        }
        if total == 0 {
            return None;
        }
        let mut i = rng.below(total as usize) as u32;
        for p in &pieces[..n] {
            let own = usize::from(p.state);
            if i < 8 {
                return Some(Move::raw(p.sq, p.sq, OTHER_STATES[own][i as usize], false));
            }
            i -= 8;
            let stops = if own == 0 {
                0
            } else {
                u32::from(p.empties) + u32::from(p.capture)
            };
            if i >= per_stop * stops {
                i -= per_stop * stops;
                continue;
            }
            let (k, mut r) = (i / per_stop, i % per_stop);
            // Without the plain charge, index 0 is already the first other state.
            r += 1 - u32::from(self.charge_keeps_state);
            let to = (i32::from(p.sq) + (k as i32 + 1) * INDEX_STEP[own - 1]) as u8;
            let state = if r == 0 {
                Move::keep_code()
            } else {
                OTHER_STATES[own][r as usize - 1]
            };
            let capture = p.capture && k == u32::from(p.empties);
            return Some(Move::raw(p.sq, to, state, capture));
        }
        None
    }
}
