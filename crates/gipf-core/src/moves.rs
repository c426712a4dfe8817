//! Moves and their text: pushes, removal decisions and complete turns.

use crate::SpotSet;
use crate::board::{PUSHES, PointError, Spot};
use core::fmt;
use core::str::FromStr;

/// A push: one of the 42 (dot, first spot) pairs, with a single piece or a GIPF-piece.
///
/// Text: `[G]dot-firstspot`, for example `a1-b2` or `Ge1-e2`.
///
/// ```
/// use gipf_core::Push;
/// let p: Push = "Ge1-e2".parse().unwrap();
/// assert!(p.is_gipf());
/// assert_eq!(p.to_string(), "Ge1-e2");
/// assert!("e1-e3".parse::<Push>().is_err()); // e3 is not next to e1
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Push {
    index: u8,
    gipf: bool,
}

impl Push {
    /// Push number `index` (0..42, in text order) with a single piece or a GIPF-piece.
    #[must_use]
    pub const fn new(index: u8, gipf: bool) -> Option<Push> {
        if (index as usize) < PUSHES.len() {
            Some(Push { index, gipf })
        } else {
            None
        }
    }

    /// Push `index` of the table, which the caller knows to be below 42.
    pub(crate) const fn from_table(index: usize, gipf: bool) -> Push {
        Push {
            index: index as u8,
            gipf,
        }
    }

    /// The push's number (0..42, in the order of the text `dot-firstspot`).
    #[must_use]
    pub const fn index(self) -> u8 {
        self.index
    }

    /// Whether a GIPF-piece is brought in.
    #[must_use]
    pub const fn is_gipf(self) -> bool {
        self.gipf
    }

    /// The first spot entered.
    #[must_use]
    pub fn entry(self) -> Spot {
        Spot::from_table(PUSHES[self.index as usize].entry)
    }

    pub(crate) fn geom(self) -> &'static crate::board::PushGeom {
        &PUSHES[self.index as usize]
    }
}

impl fmt::Display for Push {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.geom();
        if self.gipf {
            f.write_str("G")?;
        }
        write!(f, "{}-{}", g.dot, self.entry())
    }
}

/// Why a move text was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveParseError {
    /// The text has the wrong shape.
    #[error("malformed move text")]
    Syntax,
    /// A coordinate names no usable point.
    #[error("bad coordinate: {0}")]
    Point(#[from] PointError),
    /// The spot is not next to the dot on a line through it.
    #[error("the spot is not entered from that dot")]
    NotEntry,
    /// A spot list is malformed, repeats a spot or is empty.
    #[error("bad spot list")]
    SpotList,
    /// (Records and contextual reading) the spot is on the push's line but is not where the
    /// push ends in this position.
    #[error("the push does not end on that spot here")]
    WrongEnd,
    /// (Records) a removal list matches no complete turn here.
    #[error("no complete turn here matches those removals")]
    NoSuchTurn,
}

/// Splits `[G]dot-spot` into its parts.
pub(crate) fn split_push(s: &str) -> Result<(bool, crate::board::Dot, Spot), MoveParseError> {
    let (gipf, rest) = match s.strip_prefix('G') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let (dot, spot) = rest.split_once('-').ok_or(MoveParseError::Syntax)?;
    Ok((gipf, dot.parse()?, spot.parse()?))
}

impl FromStr for Push {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (gipf, dot, spot) = split_push(s)?;
        PUSHES
            .iter()
            .position(|p| p.dot == dot && p.entry == spot.index())
            .map(|i| Push {
                index: i as u8,
                gipf,
            })
            .ok_or(MoveParseError::NotEntry)
    }
}

/// One decision of the decision-level game [`crate::Gipf`].
///
/// Text:
/// - a push: `[G]dot-firstspot`, e.g. `a1-b2`;
/// - a removal: `x` and the removed spots sorted by column then number, e.g. `xb2,c3,d4,e5`
///   (GIPF-pieces left standing are not listed);
/// - keeping a row made only of GIPF-pieces standing (tournament): `k` and the spots of that
///   row, e.g. `ke2,f2,g2,h2`.
///
/// A removal or keep of the empty set (`x`, `k`) reads and prints like any other value; it is
/// never legal.
///
/// ```
/// use gipf_core::{Decision, SpotSet};
/// let d: Decision = "xe5,b2,c3,d4".parse().unwrap();
/// assert_eq!(d.to_string(), "xb2,c3,d4,e5");
/// let spots: SpotSet = "b2,c3,d4,e5".parse().unwrap();
/// assert_eq!(d, Decision::Remove(spots));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Decision {
    /// Bring a piece in.
    Push(Push),
    /// Remove these spots (a row's whole run of pieces, minus the GIPF-pieces left standing).
    Remove(SpotSet),
    /// Leave standing the row (made only of GIPF-pieces) on exactly these spots.
    Keep(SpotSet),
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Push(p) => write!(f, "{p}"),
            Decision::Remove(m) => write!(f, "x{m}"),
            Decision::Keep(m) => write!(f, "k{m}"),
        }
    }
}

impl FromStr for Decision {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let spots = |r: &str| r.parse::<SpotSet>().map_err(|_| MoveParseError::SpotList);
        if let Some(r) = s.strip_prefix('x') {
            spots(r).map(Decision::Remove)
        } else if let Some(r) = s.strip_prefix('k') {
            spots(r).map(Decision::Keep)
        } else {
            s.parse().map(Decision::Push)
        }
    }
}

/// A complete turn: a push and every removal that follows it until the next push, the pusher's
/// removed spots and the other player's kept apart.
///
/// Text (the oracle records' canonical form): the push, then ` x` and the spots the pusher
/// removed, then ` ; x` and the spots the other player removed, each list sorted and present
/// only if not empty: `a1-b2`, `a1-b2 xb2,c3,d4,e5`, `a1-b2 ; xd4,e5,f5,g5`.
///
/// ```
/// use gipf_core::{SpotSet, Turn};
/// let t: Turn = "e1-e2 xe3,f3,g3,h3 ; xb2,c2,d2,e2".parse().unwrap();
/// assert_eq!(t.push().to_string(), "e1-e2");
/// assert_eq!(t.pusher_removed().to_string(), "e3,f3,g3,h3");
/// assert_eq!(t.to_string(), "e1-e2 xe3,f3,g3,h3 ; xb2,c2,d2,e2");
/// let spots: SpotSet = "e3,f3".parse().unwrap();
/// assert!(Turn::new(t.push(), spots, spots).is_err()); // one spot, two removers
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Turn {
    push: Push,
    mine: u64,
    theirs: u64,
}

/// The two removed-spot sets of a [`Turn`] share a spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("a spot cannot be removed by both players in one turn")]
pub struct OverlappingRemovals;

impl Turn {
    /// A turn from its parts (not checked against any position): the push, the spots the
    /// pusher removed and the spots the other player removed.
    ///
    /// # Errors
    /// [`OverlappingRemovals`] if the two sets share a spot.
    pub const fn new(
        push: Push,
        pusher_removed: SpotSet,
        other_removed: SpotSet,
    ) -> Result<Turn, OverlappingRemovals> {
        if pusher_removed.is_disjoint(other_removed) {
            Ok(Turn {
                push,
                mine: pusher_removed.bits(),
                theirs: other_removed.bits(),
            })
        } else {
            Err(OverlappingRemovals)
        }
    }

    /// A turn the engine found: disjoint masks of spots.
    pub(crate) const fn from_masks(push: Push, mine: u64, theirs: u64) -> Turn {
        Turn { push, mine, theirs }
    }

    /// The push.
    #[must_use]
    pub const fn push(self) -> Push {
        self.push
    }

    /// Spots the pusher removed.
    #[must_use]
    pub const fn pusher_removed(self) -> SpotSet {
        SpotSet::from_mask(self.mine)
    }

    /// Spots the other player removed.
    #[must_use]
    pub const fn other_removed(self) -> SpotSet {
        SpotSet::from_mask(self.theirs)
    }

    /// The pusher's and the other player's removed spots as masks.
    pub(crate) const fn masks(self) -> (u64, u64) {
        (self.mine, self.theirs)
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.push)?;
        if self.mine != 0 {
            write!(f, " x{}", self.pusher_removed())?;
        }
        if self.theirs != 0 {
            write!(f, " ; x{}", self.other_removed())?;
        }
        Ok(())
    }
}

/// Reads `x` and a spot list that is not empty.
fn removal_list(s: &str) -> Result<SpotSet, MoveParseError> {
    let list = s.strip_prefix('x').ok_or(MoveParseError::Syntax)?;
    match list.parse::<SpotSet>() {
        Ok(set) if !set.is_empty() => Ok(set),
        _ => Err(MoveParseError::SpotList),
    }
}

impl FromStr for Turn {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (head, theirs) = match s.split_once(" ; ") {
            Some((h, t)) => (h, removal_list(t)?),
            None => (s, SpotSet::EMPTY),
        };
        let (push, mine) = match head.split_once(' ') {
            Some((p, m)) => (p, removal_list(m)?),
            None => (head, SpotSet::EMPTY),
        };
        Turn::new(push.parse()?, mine, theirs).map_err(|_| MoveParseError::SpotList)
    }
}

#[cfg(feature = "serde")]
abstract_game::serde_via_text!(
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    Push,
    Decision,
    Turn
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_round_trip() {
        for t in ["a1-b2", "Gi5-h5", "xb2,c3,d4,e5", "ke2,f2,g2,h2", "x", "k"] {
            let d: Decision = t.parse().unwrap();
            assert_eq!(d.to_string(), t);
        }
        for t in [
            "a1-b2",
            "i3-h4 xc2,d3,e4,f4,g4",
            "e1-e2 ; xb2,c2,d2,e2",
            "e1-e2 xe3,f3,g3,h3 ; xb2,c2,d2,e2",
        ] {
            let turn: Turn = t.parse().unwrap();
            assert_eq!(turn.to_string(), t);
        }
    }

    #[test]
    fn bad_texts_are_refused() {
        for t in [
            "", "a1", "a1-", "a1-c3", "e5-e6", "xb2,b2", "xz9", "Ga1-b2x", "xb2,", "x,b2",
        ] {
            assert!(t.parse::<Decision>().is_err(), "{t}");
        }
        for t in [
            "a1-b2 ",
            "a1-b2 x",
            "a1-b2 ; ",
            "a1-b2 xb2 ; xb2",
            "a1-b2 yb2",
        ] {
            assert!(t.parse::<Turn>().is_err(), "{t}");
        }
    }
}
