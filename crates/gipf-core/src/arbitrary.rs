//! `Arbitrary` (feature `arbitrary`): valid configurations, spots, spot sets, moves (pushes,
//! decisions, complete turns) and positions of both views (reached by legal moves from a
//! start), for structured fuzzing and property tests.

use crate::board::ALL_SPOTS;
use crate::{Config, Decision, Gipf, GipfTurns, Push, Spot, SpotSet, Turn, Variant};
use abstract_game::{Game, arbitrary_position};
use alloc::vec::Vec;
use arbitrary::{Arbitrary, Error, Result, Unstructured};

/// The most decisions an arbitrary [`Gipf`] is from its start.
const MAX_DECISIONS: u32 = 80;
/// The most turns an arbitrary [`GipfTurns`] is from its start.
const MAX_TURNS: u32 = 50;

impl<'a> Arbitrary<'a> for Variant {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        u.choose(&[Variant::Basic, Variant::Standard, Variant::Tournament])
            .copied()
    }
}

impl<'a> Arbitrary<'a> for Config {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Config {
            variant: Variant::arbitrary(u)?,
        })
    }
}

impl<'a> Arbitrary<'a> for Spot {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let spots: Vec<Spot> = Spot::all().collect();
        u.choose(&spots).copied()
    }
}

/// Any set of spots, the empty one included; half the time a sparse one.
impl<'a> Arbitrary<'a> for SpotSet {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let mut bits = u.arbitrary::<u64>()?;
        if u.arbitrary()? {
            bits &= u.arbitrary::<u64>()?;
        }
        SpotSet::from_bits(bits & ALL_SPOTS).ok_or(Error::IncorrectFormat)
    }
}

impl<'a> Arbitrary<'a> for Push {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let index = u.int_in_range(0..=41)?;
        Push::new(index, u.arbitrary()?).ok_or(Error::IncorrectFormat)
    }
}

/// A push, a removal or a row kept, as the type allows them: legal in some position or not.
impl<'a> Arbitrary<'a> for Decision {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match u.int_in_range(0..=2)? {
            0 => Decision::Push(Push::arbitrary(u)?),
            1 => Decision::Remove(SpotSet::arbitrary(u)?),
            _ => Decision::Keep(SpotSet::arbitrary(u)?),
        })
    }
}

/// A push with two disjoint sets of removed spots ([`Turn::new`]).
impl<'a> Arbitrary<'a> for Turn {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let push = Push::arbitrary(u)?;
        let mine = SpotSet::arbitrary(u)?;
        let theirs = SpotSet::arbitrary(u)? - mine;
        Turn::new(push, mine, theirs).map_err(|_| Error::IncorrectFormat)
    }
}

/// A position up to 80 decisions from the start of an arbitrary variant
/// ([`abstract_game::arbitrary_position`]).
impl<'a> Arbitrary<'a> for Gipf {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let start = Gipf::new(&Config::arbitrary(u)?).map_err(|e| match e {})?;
        arbitrary_position(start, u, MAX_DECISIONS)
    }
}

/// A position up to 50 complete turns from the start of an arbitrary variant.
impl<'a> Arbitrary<'a> for GipfTurns {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let start = GipfTurns::new(&Config::arbitrary(u)?).map_err(|e| match e {})?;
        arbitrary_position(start, u, MAX_TURNS)
    }
}
