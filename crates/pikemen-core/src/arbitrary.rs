//! `Arbitrary` (feature `arbitrary`): valid configurations, squares, states, moves and
//! positions (reached by legal moves from a start), for structured fuzzing and property tests.

use crate::{Config, Move, Pikemen, Size, Square, State};
use abstract_game::{Game, arbitrary_position};
use arbitrary::{Arbitrary, Error, Result, Unstructured};

/// The most moves an arbitrary position is from its start.
const MAX_PLIES: u32 = 200;

/// 2 to 4 players; a target of 1 to 40 points, sometimes any `u32` above 0; either charge rule.
impl<'a> Arbitrary<'a> for Config {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let players = u.int_in_range(2..=4)?;
        let target = if u.ratio(1, 16)? {
            u.int_in_range(1..=u32::MAX)?
        } else {
            u.int_in_range(1..=40)?
        };
        Ok(Config {
            players,
            target,
            charge_keeps_state: u.arbitrary()?,
        })
    }
}

impl<'a> Arbitrary<'a> for Square {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Square::new(u.int_in_range(0..=63)?).ok_or(Error::IncorrectFormat)
    }
}

impl<'a> Arbitrary<'a> for State {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        u.choose(&State::ALL).copied()
    }
}

impl<'a> Arbitrary<'a> for Size {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        u.choose(&Size::ALL).copied()
    }
}

/// A reorientation, a charge or a capture (to another square, keeping or setting the state),
/// as the constructors build them: legal in some position or not, but always a move.
impl<'a> Arbitrary<'a> for Move {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let from = Square::arbitrary(u)?;
        let kind = u.int_in_range(0..=2)?;
        if kind == 0 {
            return Ok(Move::reorient(from, State::arbitrary(u)?));
        }
        // Any other square: the 63 after `from`, wrapping around.
        let step = u.int_in_range(1..=63)?;
        let to = Square::new((from.raw() + step) % 64).ok_or(Error::IncorrectFormat)?;
        let state = Option::<State>::arbitrary(u)?;
        let mv = if kind == 1 {
            Move::charge(from, to, state)
        } else {
            Move::capture(from, to, state)
        };
        mv.ok_or(Error::IncorrectFormat)
    }
}

/// A position up to 200 legal moves from the start of an arbitrary configuration
/// ([`abstract_game::arbitrary_position`]).
impl<'a> Arbitrary<'a> for Pikemen {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let start = Pikemen::new(&Config::arbitrary(u)?).map_err(|_| Error::IncorrectFormat)?;
        arbitrary_position(start, u, MAX_PLIES)
    }
}
