//! [`SpotSet`]: a set of spots of the play area, as one bit per spot.

use crate::board::{ALL_SPOTS, Spot};
use core::fmt;
use core::ops::{BitAnd, BitOr, Sub};
use core::str::FromStr;

/// A set of spots of the play area (never a bit outside it).
///
/// Text: the spots sorted by column then number, joined by commas (`b2,c3,d4`); the empty
/// set is the empty text. Reading accepts any order and refuses repeats.
///
/// ```
/// use gipf_core::{Spot, SpotSet};
/// let set: SpotSet = "e5,b2,c3".parse().unwrap();
/// assert_eq!(set.to_string(), "b2,c3,e5");
/// assert_eq!(set.len(), 3);
/// assert!(set.contains("c3".parse::<Spot>().unwrap()));
/// let names: Vec<String> = set.iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["b2", "c3", "e5"]);
/// assert!("b2,b2".parse::<SpotSet>().is_err());
/// // Raw bits are checked: bit 7 is not a spot.
/// assert_eq!(SpotSet::from_bits(1 << 7), None);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpotSet(u64);

impl SpotSet {
    /// The empty set.
    pub const EMPTY: SpotSet = SpotSet(0);
    /// All 37 spots.
    pub const ALL: SpotSet = SpotSet(ALL_SPOTS);

    /// The set of these bits ([`Spot::index`] numbering), if every bit set is a spot.
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<SpotSet> {
        if bits & !ALL_SPOTS == 0 {
            Some(SpotSet(bits))
        } else {
            None
        }
    }

    /// A mask the engine built from spots only.
    pub(crate) const fn from_mask(mask: u64) -> SpotSet {
        SpotSet(mask & ALL_SPOTS)
    }

    /// The set as bits in [`Spot::index`] numbering.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Number of spots in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `spot` is in the set.
    #[must_use]
    pub const fn contains(self, spot: Spot) -> bool {
        self.0 & spot.bit() != 0
    }

    /// The set with `spot` added.
    #[must_use]
    pub const fn with(self, spot: Spot) -> SpotSet {
        SpotSet(self.0 | spot.bit())
    }

    /// Whether the two sets share no spot.
    #[must_use]
    pub const fn is_disjoint(self, other: SpotSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The spots in column-then-number order.
    #[must_use]
    pub const fn iter(self) -> SpotIter {
        SpotIter(self.0)
    }
}

/// The spots of a [`SpotSet`], in column-then-number order.
#[derive(Clone, Debug)]
pub struct SpotIter(u64);

impl Iterator for SpotIter {
    type Item = Spot;
    fn next(&mut self) -> Option<Spot> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Spot::from_table(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SpotIter {}

impl BitOr for SpotSet {
    type Output = SpotSet;
    fn bitor(self, rhs: SpotSet) -> SpotSet {
        SpotSet(self.0 | rhs.0)
    }
}

impl BitAnd for SpotSet {
    type Output = SpotSet;
    fn bitand(self, rhs: SpotSet) -> SpotSet {
        SpotSet(self.0 & rhs.0)
    }
}

impl Sub for SpotSet {
    type Output = SpotSet;
    fn sub(self, rhs: SpotSet) -> SpotSet {
        SpotSet(self.0 & !rhs.0)
    }
}

impl FromIterator<Spot> for SpotSet {
    fn from_iter<I: IntoIterator<Item = Spot>>(iter: I) -> SpotSet {
        iter.into_iter().fold(SpotSet::EMPTY, SpotSet::with)
    }
}

impl IntoIterator for SpotSet {
    type Item = Spot;
    type IntoIter = SpotIter;
    fn into_iter(self) -> SpotIter {
        self.iter()
    }
}

impl fmt::Display for SpotSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// Shows the spot names: `{b2, c3}`.
impl fmt::Debug for SpotSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{s}")?;
        }
        f.write_str("}")
    }
}

/// A spot list with a bad spot name or a repeated spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("bad spot list (a name that is not a spot, or a spot twice)")]
pub struct SpotListError;

impl FromStr for SpotSet {
    type Err = SpotListError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.is_empty() {
            return Ok(SpotSet::EMPTY);
        }
        let mut set = SpotSet::EMPTY;
        for part in s.split(',') {
            let spot: Spot = part.parse().map_err(|_| SpotListError)?;
            if set.contains(spot) {
                return Err(SpotListError);
            }
            set = set.with(spot);
        }
        Ok(set)
    }
}

#[cfg(feature = "serde")]
abstract_game::serde_via_text!(
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    SpotSet
);
