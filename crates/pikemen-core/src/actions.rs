//! Action numbers: origin square x what the piece does, seen from the mover's side.
//!
//! Action `square * 72 + slot`: slots `0..9` turn the piece to state `slot` (0 upright, then
//! N, NE, ... NW clockwise); slots `9..72` charge `1 + (slot - 9) / 9` squares along the
//! piece's direction and end in state `(slot - 9) % 9` (its own state for "keep"). Squares
//! and states are read in the mover's frame: seat 2 of a two-player game sees the board
//! turned half a turn, as in its observation. 4608 actions for every configuration.

use crate::Pikemen;
use crate::board::{DIR_STEPS, cell_state, distance};
use crate::moves::Move;
use crate::symmetry::{HALF_TURN, SQUARES, STATES, map_move};
use abstract_game::Actions;
use alloc::vec::Vec;

const SLOTS: u32 = 72;
const SQUARE_COUNT: u32 = 64;

impl Pikemen {
    /// The symmetry that takes the board into the frame of `seat` (0-based).
    pub(crate) fn frame(&self, seat: u8) -> usize {
        if self.players == 2 && seat == 1 {
            HALF_TURN
        } else {
            0
        }
    }
}

/// The image of an action number under symmetry `s`: square and state turn, distance stays.
pub(crate) fn map_action(s: usize, action: u32) -> u32 {
    let (sq, slot) = (action / SLOTS, action % SLOTS);
    let sq = u32::from(SQUARES[s][sq as usize % 64]);
    let slot = if slot < 9 {
        u32::from(STATES[s][slot as usize])
    } else {
        let (dist, state) = ((slot - 9) / 9, (slot - 9) % 9);
        9 + dist * 9 + u32::from(STATES[s][state as usize])
    };
    sq * SLOTS + slot
}

impl Actions for Pikemen {
    /// 64 squares x 72 slots (see [`crate::doc::notation`]).
    ///
    /// ```
    /// use abstract_game::{Actions, Game};
    /// use pikemen_core::Pikemen;
    /// let g = Pikemen::new(&Default::default()).unwrap();
    /// assert_eq!(g.num_distinct_actions(), 4608);
    /// // e2 (square 12) turned to point north-west (state 8).
    /// assert_eq!(g.action_of(g.parse_move("e2(NW)").unwrap()), Some(12 * 72 + 8));
    /// ```
    fn num_distinct_actions(&self) -> usize {
        (SQUARE_COUNT * SLOTS) as usize
    }

    fn encode(&self, mv: Move) -> Option<u32> {
        let c = self.cells[mv.origin_index()];
        if c == 0 {
            return None;
        }
        let mv = map_move(self.frame(self.to_move), mv);
        let state = match mv.new_state() {
            Some(s) => s.code(),
            None => STATES[self.frame(self.to_move)][usize::from(cell_state(c))],
        };
        let slot = if mv.is_reorient() {
            u32::from(state)
        } else {
            9 + (distance(mv.origin_index(), mv.dest_index()) - 1) * 9 + u32::from(state)
        };
        Some(mv.origin_index() as u32 * SLOTS + slot)
    }

    fn legal_actions(&self, out: &mut Vec<u32>) {
        self.legal_action_numbers(out);
    }

    fn decode(&self, action: u32) -> Option<Move> {
        if action >= SQUARE_COUNT * SLOTS {
            return None;
        }
        let frame = self.frame(self.to_move); // its own inverse
        let from = usize::from(SQUARES[frame][(action / SLOTS) as usize]);
        let slot = action % SLOTS;
        let c = self.cells[from];
        if c == 0 {
            return None;
        }
        let sq = crate::Square::new(from as u8)?;
        if slot < 9 {
            let state = STATES[frame][slot as usize];
            return Some(Move::reorient(sq, crate::State::from_code(state)));
        }
        let own = cell_state(c);
        if own == 0 {
            return None;
        }
        let dist = ((slot - 9) / 9 + 1) as i8;
        let state = STATES[frame][((slot - 9) % 9) as usize];
        let (df, dr) = DIR_STEPS[usize::from(own) - 1];
        let to = crate::Square::from_coords(
            u8::try_from(sq.file() as i8 + df * dist).ok()?,
            u8::try_from(sq.rank() as i8 + dr * dist).ok()?,
        )?;
        let new_state = (state != own).then(|| crate::State::from_code(state));
        if self.cells[to.index()] == 0 {
            Move::charge(sq, to, new_state)
        } else {
            Move::capture(sq, to, new_state)
        }
    }
}
