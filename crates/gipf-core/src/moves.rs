//! Moves and their text: pushes, removal decisions and complete turns.

use crate::board::{PUSHES, PointError, Spot, parse_spots, write_spots};
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
/// ```
/// use gipf_core::Decision;
/// let d: Decision = "xe5,b2,c3,d4".parse().unwrap();
/// assert_eq!(d.to_string(), "xb2,c3,d4,e5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Decision {
    /// Bring a piece in.
    Push(Push),
    /// Remove these spots (a row's whole run of pieces, minus the GIPF-pieces left standing).
    Remove(u64),
    /// Leave standing the row (made only of GIPF-pieces) on exactly these spots.
    Keep(u64),
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Push(p) => write!(f, "{p}"),
            Decision::Remove(m) => {
                f.write_str("x")?;
                write_spots(f, *m)
            }
            Decision::Keep(m) => {
                f.write_str("k")?;
                write_spots(f, *m)
            }
        }
    }
}

impl FromStr for Decision {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(r) = s.strip_prefix('x') {
            parse_spots(r)
                .map(Decision::Remove)
                .ok_or(MoveParseError::SpotList)
        } else if let Some(r) = s.strip_prefix('k') {
            parse_spots(r)
                .map(Decision::Keep)
                .ok_or(MoveParseError::SpotList)
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
/// use gipf_core::Turn;
/// let t: Turn = "e1-e2 xe3,f3,g3,h3 ; xb2,c2,d2,e2".parse().unwrap();
/// assert_eq!(t.push().to_string(), "e1-e2");
/// assert_eq!(t.to_string(), "e1-e2 xe3,f3,g3,h3 ; xb2,c2,d2,e2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Turn {
    pub(crate) push: Push,
    pub(crate) mine: u64,
    pub(crate) theirs: u64,
}

impl Turn {
    /// A turn from its parts (not checked against any position).
    #[must_use]
    pub const fn new(push: Push, pusher_removed: u64, other_removed: u64) -> Turn {
        Turn {
            push,
            mine: pusher_removed,
            theirs: other_removed,
        }
    }

    /// The push.
    #[must_use]
    pub const fn push(self) -> Push {
        self.push
    }

    /// Spots the pusher removed, as a mask of spot bits.
    #[must_use]
    pub const fn pusher_removed(self) -> u64 {
        self.mine
    }

    /// Spots the other player removed.
    #[must_use]
    pub const fn other_removed(self) -> u64 {
        self.theirs
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.push)?;
        if self.mine != 0 {
            f.write_str(" x")?;
            write_spots(f, self.mine)?;
        }
        if self.theirs != 0 {
            f.write_str(" ; x")?;
            write_spots(f, self.theirs)?;
        }
        Ok(())
    }
}

impl FromStr for Turn {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (head, theirs) = match s.split_once(" ; ") {
            Some((h, t)) => {
                let list = t.strip_prefix('x').ok_or(MoveParseError::Syntax)?;
                (h, parse_spots(list).ok_or(MoveParseError::SpotList)?)
            }
            None => (s, 0),
        };
        let (push, mine) = match head.split_once(' ') {
            Some((p, m)) => {
                let list = m.strip_prefix('x').ok_or(MoveParseError::Syntax)?;
                (p, parse_spots(list).ok_or(MoveParseError::SpotList)?)
            }
            None => (head, 0),
        };
        if mine & theirs != 0 {
            return Err(MoveParseError::SpotList);
        }
        Ok(Turn {
            push: push.parse()?,
            mine,
            theirs,
        })
    }
}

#[cfg(feature = "serde")]
abstract_game::serde_via_text!(Push, Decision, Turn);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_round_trip() {
        for t in ["a1-b2", "Gi5-h5", "xb2,c3,d4,e5", "ke2,f2,g2,h2"] {
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
            "", "x", "k", "a1", "a1-", "a1-c3", "e5-e6", "xb2,b2", "xz9", "Ga1-b2x",
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
