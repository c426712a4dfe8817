//! `Arbitrary` (feature `arbitrary`) for the move limit and the toy game, and
//! [`arbitrary_position`], which every game's `Arbitrary` for positions plays through. Only
//! valid values come out: positions are reached by legal moves from a start, so a fuzzer or a
//! property test spends its input on games rather than on values the API would refuse.

use crate::toy::{Subtraction, SubtractionConfig, Take};
use crate::{Game, LimitConfig, MoveLimit, MoveList};
use arbitrary::{Arbitrary, Error, Result, Unstructured};

/// Plays from `start` up to `max_plies` legal moves that `u` picks (first the number of moves,
/// then each move by its index in generation order), stopping early if the game ends, and
/// returns the position reached. Input that runs out picks the first move, so any input gives
/// a position, and the same input the same one.
///
/// ```
/// use abstract_game::{Game, arbitrary_position, toy::Subtraction};
/// use arbitrary::Unstructured;
/// let start = Subtraction::new(&Default::default()).unwrap();
/// let bytes = [3, 2, 0, 1];
/// let g = arbitrary_position(start, &mut Unstructured::new(&bytes), 10).unwrap();
/// assert_eq!(arbitrary_position(start, &mut Unstructured::new(&bytes), 10).unwrap(), g);
/// // No input: no move.
/// assert_eq!(arbitrary_position(start, &mut Unstructured::new(&[]), 10).unwrap(), start);
/// ```
///
/// # Errors
/// None in practice: `Unstructured` fails only on an empty choice, which the walk never asks
/// for. The `Result` is the one `Arbitrary` uses.
pub fn arbitrary_position<G: Game>(
    start: G,
    u: &mut Unstructured<'_>,
    max_plies: u32,
) -> Result<G> {
    let plies = u.int_in_range(0..=max_plies)?;
    let mut state = start;
    let mut moves = MoveList::<G>::new();
    for _ in 0..plies {
        moves.clear();
        state.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[u.choose_index(moves.len())?];
        state.apply_unchecked(mv);
    }
    Ok(state)
}

/// A move limit: mostly up to 1000 plies, sometimes any `u32` (0 included: drawn at once).
fn max_plies(u: &mut Unstructured<'_>) -> Result<u32> {
    if u.ratio(1, 8)? {
        u.arbitrary()
    } else {
        u.int_in_range(0..=1000)
    }
}

impl<'a, C: Arbitrary<'a>> Arbitrary<'a> for LimitConfig<C> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(LimitConfig {
            inner: C::arbitrary(u)?,
            max_plies: max_plies(u)?,
        })
    }
}

/// An arbitrary inner position with a limit and a count of plies made of at most the limit.
impl<'a, G: Game + Arbitrary<'a>> Arbitrary<'a> for MoveLimit<G> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let inner = G::arbitrary(u)?;
        let max = max_plies(u)?;
        let plies = u.int_in_range(0..=max)?;
        Ok(MoveLimit::wrap(inner, plies, max))
    }
}

/// A pile of 1 to 255 tokens, taking 1 to 8.
impl<'a> Arbitrary<'a> for SubtractionConfig {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(SubtractionConfig {
            pile: u.int_in_range(1..=255)?,
            max_take: u.int_in_range(1..=8)?,
        })
    }
}

/// Taking 1 to 8 tokens (legal under some configuration).
impl<'a> Arbitrary<'a> for Take {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Take(u.int_in_range(1..=8)?))
    }
}

/// A position reached by [`arbitrary_position`] from the start of an arbitrary configuration.
impl<'a> Arbitrary<'a> for Subtraction {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let start = Subtraction::new(&SubtractionConfig::arbitrary(u)?)
            .map_err(|_| Error::IncorrectFormat)?;
        arbitrary_position(start, u, 255)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    /// The walk reads the number of moves, then one index per move (one byte each here).
    #[test]
    fn the_input_picks_the_count_then_each_move() {
        let start = Subtraction::new(&SubtractionConfig::default()).unwrap();
        let g = arbitrary_position(start, &mut Unstructured::new(&[3, 2, 0, 1, 9]), 10).unwrap();
        // Take 3 (index 2 of 1..=3), then 1, then 2: 21 - 6 tokens, the second seat to move.
        assert_eq!(g.to_string(), "15 3 2");
    }

    #[test]
    fn the_walk_stops_at_the_end_of_the_game() {
        let start = Subtraction::new(&SubtractionConfig {
            pile: 2,
            max_take: 1,
        })
        .unwrap();
        let g = arbitrary_position(start, &mut Unstructured::new(&[200; 8]), 255).unwrap();
        assert_eq!(g.to_string(), "0 1 1");
        assert!(g.status().outcome().is_some());
    }

    #[test]
    fn limits_count_at_most_their_maximum() {
        for seed in 0..200u8 {
            let bytes: Vec<u8> = (0..64u8)
                .map(|i| seed.wrapping_mul(31).wrapping_add(i.wrapping_mul(7)))
                .collect();
            let g = MoveLimit::<Subtraction>::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
            assert!(g.plies() <= g.max_plies(), "{g}");
            assert_eq!(g.to_string().parse::<MoveLimit<Subtraction>>().unwrap(), g);
            let c = LimitConfig::<SubtractionConfig>::arbitrary(&mut Unstructured::new(&bytes))
                .unwrap();
            assert!(MoveLimit::<Subtraction>::new(&c).is_ok());
        }
    }
}
