//! `Arbitrary` (feature `arbitrary`): valid configurations, squares, moves and positions
//! (reached by legal moves from a start), for structured fuzzing and property tests.

use crate::board::{MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::{Config, Epaminondas, Move, MoveKind, Square};
use abstract_game::{Game, arbitrary_position};
use alloc::vec::Vec;
use arbitrary::{Arbitrary, Error, Result, Unstructured};

/// The most moves an arbitrary position is from its start.
const MAX_PLIES: u32 = 200;

/// Any board the engine takes (`(width + 1) * height <= 256`), stones where they fit, either
/// mirror rule.
impl<'a> Arbitrary<'a> for Config {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let height = u.int_in_range(MIN_HEIGHT..=MAX_HEIGHT)?;
        let widest = (256 / u16::from(height) - 1).min(u16::from(MAX_WIDTH)) as u8;
        let width = u.int_in_range(MIN_WIDTH..=widest)?;
        let mut config = Config {
            width,
            height,
            stones: u.arbitrary()?,
            mirror: u.arbitrary()?,
        };
        if config.validate().is_err() {
            // Too few rows between the camps for the stones.
            config.stones = false;
        }
        config.validate().map_err(|_| Error::IncorrectFormat)?;
        Ok(config)
    }
}

/// Any square of the largest board (16 x 16).
impl<'a> Arbitrary<'a> for Square {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let file = u.int_in_range(0..=MAX_WIDTH - 1)?;
        let rank = u.int_in_range(0..=MAX_HEIGHT - 1)?;
        Square::new(file, rank).ok_or(Error::IncorrectFormat)
    }
}

impl<'a> Arbitrary<'a> for MoveKind {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        u.choose(&[MoveKind::Step, MoveKind::Capture, MoveKind::Place])
            .copied()
    }
}

/// A step or capture between two squares on one line, or a stone placement, as the
/// constructors build them: legal in some position or not, but always a move.
impl<'a> Arbitrary<'a> for Move {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let kind = MoveKind::arbitrary(u)?;
        let from = Square::arbitrary(u)?;
        if kind == MoveKind::Place {
            return Ok(Move::place(from));
        }
        let on_a_line: Vec<Square> = (0..MAX_HEIGHT)
            .flat_map(|rank| (0..MAX_WIDTH).filter_map(move |file| Square::new(file, rank)))
            .filter(|&to| Move::step(from, to).is_ok())
            .collect();
        let to = *u.choose(&on_a_line)?;
        let mv = if kind == MoveKind::Step {
            Move::step(from, to)
        } else {
            Move::capture(from, to)
        };
        mv.map_err(|_| Error::IncorrectFormat)
    }
}

/// A position up to 200 legal moves from the start of an arbitrary configuration
/// ([`abstract_game::arbitrary_position`]).
impl<'a> Arbitrary<'a> for Epaminondas {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let start = Epaminondas::new(&Config::arbitrary(u)?).map_err(|_| Error::IncorrectFormat)?;
        arbitrary_position(start, u, MAX_PLIES)
    }
}
