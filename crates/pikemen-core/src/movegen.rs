//! Move generation and bulk counting.
//!
//! Order of generation (deterministic): the mover's pieces by ascending square; for each, first
//! its 8 reorientations (state codes ascending, its own state left out), then, if it is lying,
//! its charges nearest destination first, each destination as the plain charge (keeping the
//! state; left out when a charge must change it) followed by the 8 other states.

use crate::Pikemen;
use crate::board::{
    DIR_UP, LINE_DISTANCE, RAY_ENDS, RAYS, cell_owner, cell_size, cell_state, distance,
    first_blocker,
};
use crate::moves::Move;
use crate::symmetry::{HALF_TURN, SQUARES, STATES};
use abstract_game::MoveList;
use alloc::vec::Vec;
use core::num::NonZeroU64;

/// `OTHER_STATES[s]`: the 8 state codes other than `s`, ascending.
pub(crate) const OTHER_STATES: [[u8; 8]; 9] = {
    let mut t = [[0u8; 8]; 9];
    let mut s = 0;
    while s < 9 {
        let mut n = 0;
        let mut o = 0;
        while o < 9 {
            if o != s {
                t[s][n] = o as u8;
                n += 1;
            }
            o += 1;
        }
        s += 1;
    }
    t
};

/// Square-index step of each direction N, NE, E, SE, S, SW, W, NW.
pub(crate) const INDEX_STEP: [i32; 8] = [8, 9, 1, -7, -8, -9, -1, 7];

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

/// How many squares a lying piece on `sq` may charge to: the empty squares before the first
/// piece on its line, then that piece's square if it may capture it. Only the last stop can
/// be occupied, so a charge captures exactly when it ends on a piece. Without branches on
/// the board: the square at the board edge stands in for a missing blocker (it is a stop
/// whether empty or capturable), so the nearest "blocker" is one bit scan (`sq` itself, at
/// distance 0, for a piece pointing off the board).
#[inline]
pub(crate) fn charge_stops(game: &Pikemen, sq: usize) -> u32 {
    let c = game.cells[sq];
    let d = usize::from(cell_state(c)).wrapping_sub(1) & 7;
    let Some(hits) = NonZeroU64::new((RAYS[sq][d] & game.occ) | RAY_ENDS[sq][d]) else {
        // Never: every ray end holds a square; this spares the bit scans their zero test.
        return 0;
    };
    // The lowest hit going up, the highest going down: both scanned, one kept by a mask,
    // since a branch on the direction is mispredicted half the time.
    let up = 0u32.wrapping_sub(u32::from(DIR_UP[d]));
    let b = (hits.trailing_zeros() & up | (63 - hits.leading_zeros()) & !up) as usize & 63;
    let t = game.cells[b];
    // Pieces that end the charge before their square: the mover's own, and upright ones at
    // least as large as the charger.
    let same_owner = (t ^ c) >> 6 == 0;
    let sturdy = (cell_state(t) == 0) & (cell_size(t) >= cell_size(c));
    let blocked = (t != 0) & (b != sq) & (same_owner | sturdy);
    u32::from(LINE_DISTANCE[sq][b]) - u32::from(blocked)
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
        // One piece's moves are written into a local array (no capacity checks per move) and
        // appended in one copy: at most 8 reorientations + 7 destinations x 9 states.
        let mut buf = [Move::raw(0, 0, 0, false); 72];
        let mut mine = self.owners[self.to_move as usize];
        while mine != 0 {
            let sq = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let from = sq as u8;
            let own_state = cell_state(self.cells[sq]) as usize;
            let mut n = 0;
            for &s in &OTHER_STATES[own_state] {
                buf[n] = Move::raw(from, from, s, false);
                n += 1;
            }
            if own_state != 0 {
                let index_step = INDEX_STEP[own_state - 1];
                let mut to = sq as i32;
                for _ in 0..charge_stops(self, sq) {
                    to += index_step;
                    let is_capture = self.occ >> to & 1 != 0;
                    let t = to as u8;
                    if self.charge_keeps_state {
                        buf[n] = Move::raw(from, t, Move::keep_code(), is_capture);
                        n += 1;
                    }
                    for &s in &OTHER_STATES[own_state] {
                        buf[n] = Move::raw(from, t, s, is_capture);
                        n += 1;
                    }
                }
            }
            moves.extend_from_slice(&buf[..n]);
        }
    }

    /// The number of legal moves, without generating them: 8 reorientations per piece plus
    /// 9 end states per charge destination (8 when a charge must change the state).
    pub(crate) fn count(&self) -> usize {
        if self.result != 0 {
            return 0;
        }
        let mine = self.owners[self.to_move as usize];
        let mut total = mine.count_ones() * 8;
        let per_stop = 8 + u32::from(self.charge_keeps_state);
        let mut lying = mine & self.lying;
        while lying != 0 {
            let sq = lying.trailing_zeros() as usize;
            lying &= lying - 1;
            total += per_stop * charge_stops(self, sq);
        }
        total as usize
    }

    /// The action numbers of the legal moves, ascending (`Actions::legal_actions`), written
    /// straight from the pieces without building or sorting moves: a piece's numbers are
    /// `square * 72 + slot` in the mover's frame, its slots come out ascending (turns, then
    /// charges nearest first, each with its end states in order), and the pieces are taken
    /// by ascending square of the frame (the half turn, `63 - square`, reverses the order).
    pub(crate) fn legal_action_numbers(&self, out: &mut Vec<u32>) {
        out.clear();
        if self.result != 0 {
            return;
        }
        let frame = self.frame(self.to_move);
        let reversed = frame == HALF_TURN;
        let mut mine = self.owners[usize::from(self.to_move) & 3];
        while mine != 0 {
            let sq = if reversed {
                63 - mine.leading_zeros() as usize
            } else {
                mine.trailing_zeros() as usize
            };
            mine &= !(1u64 << sq);
            let base = u32::from(SQUARES[frame][sq]) * 72;
            let own = cell_state(self.cells[sq]);
            let own_slot = u32::from(STATES[frame][usize::from(own)]);
            // The piece's numbers are the slots `0..end` (turns, then 9 per charge stop),
            // less its own state among the turns and, when a charge must change the state,
            // at every stop: runs of consecutive numbers between those cuts, each one
            // `extend` of a range (no test per number).
            let stops = if own == 0 { 0 } else { charge_stops(self, sq) };
            let end = base + 9 + 9 * stops;
            let mut from = base;
            let mut cut = base + own_slot;
            loop {
                out.extend(from..cut.min(end));
                if cut >= end {
                    break;
                }
                from = cut + 1;
                cut = if self.charge_keeps_state {
                    end
                } else {
                    cut + 9
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{charge_stops, charge_targets};
    use crate::symmetry::{HALF_TURN, SQUARES};
    use crate::{Config, Pikemen};
    use abstract_game::{Game, SeededRng};

    #[test]
    fn charge_stops_are_the_empty_squares_then_the_capture() {
        // Every lying piece of every position of seeded random games, 2 to 4 players.
        let mut rng = SeededRng::new(5);
        let mut checked = 0;
        for players in 2..=4 {
            let config = Config {
                players,
                ..Config::default()
            };
            for _ in 0..30 {
                let mut g = Pikemen::new(&config).unwrap();
                while let Some(mv) = g.random_move(&mut rng) {
                    let mut lying = g.lying;
                    while lying != 0 {
                        let sq = lying.trailing_zeros() as usize;
                        lying &= lying - 1;
                        let (empties, capture) = charge_targets(&g, sq);
                        assert_eq!(
                            charge_stops(&g, sq),
                            empties + u32::from(capture.is_some()),
                            "{g} {sq}"
                        );
                        checked += 1;
                    }
                    g.apply_unchecked(mv);
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn the_half_turn_reverses_the_squares() {
        // `legal_action_numbers` relies on it to list the second seat's actions in order.
        assert!((0..64).all(|sq| usize::from(SQUARES[HALF_TURN][sq]) == 63 - sq));
    }
}
