//! The square's eight symmetries: the rules only know squares, sizes, owners and directions,
//! so every rotation and reflection of any position (with its directions turned alike) is a
//! position with the same future, for every player count.

use crate::Pikemen;
use crate::board::{DIR_STEPS, cell_state, with_state};
use abstract_game::{Actions, Game, LearnError, Observe, Symmetric};

use crate::moves::Move;

/// Number of symmetries: 4 rotations, each with or without a reflection.
pub(crate) const COUNT: usize = 8;

/// Symmetry `s` reflects files first when `s >= 4`, then turns `s % 4` quarter turns
/// counter-clockwise. Works on doubled centred coordinates, so that the centre is 0.
const fn map_xy(s: usize, mut x: i32, mut y: i32) -> (i32, i32) {
    if s >= 4 {
        x = -x;
    }
    let mut t = 0;
    while t < s % 4 {
        let old = x;
        x = -y;
        y = old;
        t += 1;
    }
    (x, y)
}

const fn build_squares() -> [[u8; 64]; COUNT] {
    let mut out = [[0u8; 64]; COUNT];
    let mut s = 0;
    while s < COUNT {
        let mut sq = 0;
        while sq < 64 {
            let (x, y) = map_xy(s, 2 * (sq % 8) as i32 - 7, 2 * (sq / 8) as i32 - 7);
            out[s][sq] = (((y + 7) / 2) * 8 + (x + 7) / 2) as u8;
            sq += 1;
        }
        s += 1;
    }
    out
}

/// State codes (0 upright, 1 + direction) under each symmetry.
const fn build_states() -> [[u8; 9]; COUNT] {
    let mut out = [[0u8; 9]; COUNT];
    let mut s = 0;
    while s < COUNT {
        let mut d = 0;
        while d < 8 {
            let (x, y) = map_xy(s, DIR_STEPS[d].0 as i32, DIR_STEPS[d].1 as i32);
            let mut e = 0;
            while e < 8 {
                if DIR_STEPS[e].0 as i32 == x && DIR_STEPS[e].1 as i32 == y {
                    out[s][d + 1] = e as u8 + 1;
                }
                e += 1;
            }
            d += 1;
        }
        s += 1;
    }
    out
}

/// `SQUARES[s][sq]`: the image of square `sq` under symmetry `s`.
pub(crate) const SQUARES: [[u8; 64]; COUNT] = build_squares();
/// `STATES[s][code]`: the image of a state code under symmetry `s`.
pub(crate) const STATES: [[u8; 9]; COUNT] = build_states();
/// The half turn: how seat 2 of a two-player game sees the board, so that both players see
/// their own camp in the same corner. It commutes with every other symmetry.
pub(crate) const HALF_TURN: usize = 2;

const fn inverse(s: usize) -> usize {
    if s >= 4 { s } else { (4 - s) % 4 }
}

pub(crate) fn map_move(s: usize, mv: Move) -> Move {
    let from = SQUARES[s][mv.origin_index()];
    let to = SQUARES[s][mv.dest_index()];
    let state = match mv.state_code() {
        code if code < 9 => STATES[s][code as usize],
        keep => keep,
    };
    Move::raw(from, to, state, mv.is_capture())
}

impl Symmetric for Pikemen {
    /// The square's 8: symmetry `s` reflects the files (a <-> h) when `s >= 4`, then turns
    /// the board `s % 4` quarter turns counter-clockwise. Directions turn with the board.
    ///
    /// ```
    /// use abstract_game::{Game, Symmetric};
    /// use pikemen_core::Pikemen;
    /// let g: Pikemen = "8/8/8/8/8/8/8/S1N7 1 0,0 12".parse().unwrap();
    /// assert_eq!(g.symmetry_count(), 8);
    /// // A quarter turn takes a1 to h1, pointing west.
    /// assert_eq!(g.transformed(1).unwrap().to_string(), "8/8/8/8/8/8/8/7S1W 1 0,0 12");
    /// let mv = g.parse_move("a1-a5").unwrap();
    /// assert_eq!(g.transform_move(1, mv).unwrap().to_string(), "h1-d1");
    /// ```
    fn symmetry_count(&self) -> usize {
        COUNT
    }

    fn inverse_symmetry(&self, sym: usize) -> Result<usize, LearnError> {
        LearnError::check_symmetry(sym, COUNT).map(|()| inverse(sym))
    }

    fn transformed(&self, sym: usize) -> Result<Self, LearnError> {
        LearnError::check_symmetry(sym, COUNT)?;
        let mut cells = [0u8; 64];
        for (sq, &c) in self.cells.iter().enumerate() {
            if c != 0 {
                let state = STATES[sym][usize::from(cell_state(c))];
                cells[usize::from(SQUARES[sym][sq])] = with_state(c, state);
            }
        }
        Ok(Pikemen::from_parts(
            cells,
            self.players,
            self.to_move,
            self.scores,
            self.config(),
        ))
    }

    fn transform_move(&self, sym: usize, mv: Move) -> Result<Move, LearnError> {
        LearnError::check_symmetry(sym, COUNT).map(|()| map_move(sym, mv))
    }

    /// Position-free: the origin square and the final state turn with the board; the
    /// distance stays.
    fn transform_action(&self, sym: usize, action: u32) -> Result<u32, LearnError> {
        LearnError::check_symmetry(sym, COUNT)?;
        if self.move_of(action).is_none() {
            return Err(LearnError::Action(action));
        }
        Ok(crate::actions::map_action(sym, action))
    }

    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), LearnError> {
        LearnError::check_symmetry(sym, COUNT)?;
        let len = self.observation_len();
        LearnError::check_length(len, input.len())?;
        LearnError::check_length(len, out.len())?;
        let states = crate::observe::state_planes(self.players);
        for (plane, cells) in input.chunks_exact(64).enumerate() {
            let to = match plane.checked_sub(states) {
                Some(code) if code < 9 => states + usize::from(STATES[sym][code]),
                _ => plane,
            };
            for (sq, &v) in cells.iter().enumerate() {
                out[to * 64 + usize::from(SQUARES[sym][sq])] = v;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_the_square_group() {
        // a1 goes to each corner under the rotations, and reflections fix no corner but swap
        // a1 with h1.
        let corners: Vec<u8> = (0..4).map(|s| SQUARES[s][0]).collect();
        assert_eq!(corners, [0, 7, 63, 56]);
        assert_eq!(SQUARES[4][0], 7);
        for s in 0..COUNT {
            for sq in 0..64 {
                assert_eq!(
                    SQUARES[inverse(s)][usize::from(SQUARES[s][sq])] as usize,
                    sq
                );
            }
            assert_eq!(STATES[s][0], 0, "upright stays upright");
        }
        // North turns west under a quarter turn, and east under the reflection.
        assert_eq!(STATES[1][1], 7);
        assert_eq!(STATES[4][3], 7);
        // The half turn commutes with every symmetry.
        for s in 0..COUNT {
            for sq in 0..64 {
                let a = SQUARES[s][usize::from(SQUARES[HALF_TURN][sq])];
                let b = SQUARES[HALF_TURN][usize::from(SQUARES[s][sq])];
                assert_eq!(a, b);
            }
        }
    }
}
