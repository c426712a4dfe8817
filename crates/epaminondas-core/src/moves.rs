//! Moves and their text (the Abstract Play notation).
//!
//! - `tail-dest`: the group whose rearmost piece stands on `tail` moves along the line from
//!   `tail` towards `dest` until its front piece lands on `dest`.
//! - `tailxdest`: the same, the front piece landing on an enemy piece and capturing.
//! - `dest` alone: a stone placed on `dest` (stumbling-blocks variant).
//!
//! The text is context-free: it needs no position to be read.

use crate::board::Square;
use core::fmt;
use core::str::FromStr;

/// One decision of Epaminondas: a group moving along a line (with or without a capture), or a
/// neutral stone placed. Its fields are private: the constructors check that a group move's
/// two squares lie on one line, so every `Move` prints a text that reads back.
///
/// ```
/// use epaminondas_core::{Move, MoveKind, MoveParseError, Square};
/// for text in ["a1-a3", "c2xc5", "d6", "n12-k9"] {
///     let mv: Move = text.parse().unwrap();
///     assert_eq!(mv.to_string(), text);
/// }
/// assert!("a1-b3".parse::<Move>().is_err()); // not on one line
/// let sq = |t: &str| t.parse::<Square>().unwrap();
/// let mv = Move::step(sq("a1"), sq("a3")).unwrap();
/// assert_eq!((mv.kind(), mv.from(), mv.dest()), (MoveKind::Step, Some(sq("a1")), sq("a3")));
/// assert_eq!(Move::capture(sq("a1"), sq("b3")), Err(MoveParseError::NotALine));
/// assert_eq!(format!("{mv:?}"), "Move(a1-a3)");
/// ```
// Field order keeps the derived `Ord` of the former enum: steps, then captures, then stones.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    kind: MoveKind,
    /// The rearmost piece of the moving group (the stone's square for a placement).
    from: Square,
    /// Where the front piece lands (the stone's square for a placement).
    to: Square,
}

/// What a [`Move`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A group moves without capturing.
    Step,
    /// A group moves and its front piece lands on the enemy phalanx it captures.
    Capture,
    /// A neutral stone is placed (stumbling-blocks variant, before the first piece move).
    Place,
}

impl Move {
    /// The group whose rear piece stands on `from` moves until its front piece lands on the
    /// empty square `to`. [`MoveParseError::NotALine`] unless the squares differ and lie on
    /// one rank, file or diagonal.
    pub fn step(from: Square, to: Square) -> Result<Move, MoveParseError> {
        Move::group(MoveKind::Step, from, to)
    }

    /// Like [`Move::step`], the front piece landing on an enemy piece and capturing.
    pub fn capture(from: Square, to: Square) -> Result<Move, MoveParseError> {
        Move::group(MoveKind::Capture, from, to)
    }

    /// A neutral stone placed on `square`.
    #[must_use]
    pub const fn place(square: Square) -> Move {
        Move {
            kind: MoveKind::Place,
            from: square,
            to: square,
        }
    }

    fn group(kind: MoveKind, from: Square, to: Square) -> Result<Move, MoveParseError> {
        Move::line(from, to).ok_or(MoveParseError::NotALine)?;
        Ok(Move { kind, from, to })
    }

    /// A group move the generator has on a line already.
    #[inline]
    pub(crate) const fn group_unchecked(capture: bool, from: Square, to: Square) -> Move {
        let kind = if capture {
            MoveKind::Capture
        } else {
            MoveKind::Step
        };
        Move { kind, from, to }
    }

    /// What the move does.
    #[must_use]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// The square of the moving group's rear piece; `None` for a stone placement.
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self.kind {
            MoveKind::Place => None,
            _ => Some(self.from),
        }
    }

    /// The square the move names last: the landing square of the front piece, or the stone.
    #[must_use]
    pub const fn dest(self) -> Square {
        self.to
    }

    /// Whether the move captures.
    #[must_use]
    pub const fn is_capture(self) -> bool {
        matches!(self.kind, MoveKind::Capture)
    }

    /// The direction index (into the engine's direction table) and the distance from `from`
    /// to `to`, if they lie on one line and differ.
    pub(crate) fn line(from: Square, to: Square) -> Option<(usize, u8)> {
        let dx = i32::from(to.file()) - i32::from(from.file());
        let dy = i32::from(to.rank()) - i32::from(from.rank());
        if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return None;
        }
        // The index into `DIRS` of each (dy sign + 1, dx sign + 1); the centre is never used.
        const DIRECTION: [[usize; 3]; 3] = [[5, 4, 3], [6, 0, 2], [7, 0, 1]];
        let d = DIRECTION[(dy.signum() + 1) as usize][(dx.signum() + 1) as usize];
        Some((d, dx.abs().max(dy.abs()) as u8))
    }
}

impl fmt::Debug for Move {
    /// The move text: `Move(a1-a3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Step => write!(f, "{}-{}", self.from, self.to),
            MoveKind::Capture => write!(f, "{}x{}", self.from, self.to),
            MoveKind::Place => write!(f, "{}", self.to),
        }
    }
}

/// Why a move text, or a group move built from two squares, was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveParseError {
    /// Not `square`, `square-square` or `squarexsquare` (squares `a1`..`p16`).
    #[error("expected a square (d6), a move (a1-a3) or a capture (c2xc5)")]
    Syntax,
    /// The two squares are equal or not on one rank, file or diagonal.
    #[error("the two squares are not on one line")]
    NotALine,
}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(s: &str) -> Result<Self, MoveParseError> {
        let b = s.as_bytes();
        let (from, n) = Square::parse_prefix(b).ok_or(MoveParseError::Syntax)?;
        if n == b.len() {
            return Ok(Move::place(from));
        }
        let capture = match b[n] {
            b'-' => false,
            b'x' => true,
            _ => return Err(MoveParseError::Syntax),
        };
        let rest = &b[n + 1..];
        let (to, m) = Square::parse_prefix(rest).ok_or(MoveParseError::Syntax)?;
        if m != rest.len() {
            return Err(MoveParseError::Syntax);
        }
        if capture {
            Move::capture(from, to)
        } else {
            Move::step(from, to)
        }
    }
}

#[cfg(feature = "serde")]
abstract_game::serde_via_text!(
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    Move
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_finds_every_direction_and_distance() {
        let centre = Square::new(5, 5).unwrap();
        for (d, &(dx, dy)) in crate::board::DIRS.iter().enumerate() {
            for k in 1..=5i8 {
                let to = Square::new((5 + dx * k) as u8, (5 + dy * k) as u8).unwrap();
                assert_eq!(Move::line(centre, to), Some((d, k as u8)));
            }
        }
        assert_eq!(Move::line(centre, centre), None);
        assert_eq!(Move::line(centre, Square::new(6, 7).unwrap()), None);
    }

    #[test]
    fn text_round_trip_and_rejects() {
        for t in ["a1-a3", "c2xc5", "d6", "p16-a1", "a12xl1", "b2-b1"] {
            assert_eq!(t.parse::<Move>().unwrap().to_string(), t);
        }
        for t in [
            "", "-", "a1-", "a1-a1", "a1xb3", "a1 a3", "a1--a3", "a1-a3x", "a1-q3", "A1-a3",
        ] {
            assert!(t.parse::<Move>().is_err(), "{t}");
        }
        assert_eq!("a1-b3".parse::<Move>(), Err(MoveParseError::NotALine));
        assert_eq!("a1-a1".parse::<Move>(), Err(MoveParseError::NotALine));
    }

    #[test]
    fn constructors_refuse_squares_off_one_line() {
        let sq = |t: &str| t.parse::<Square>().unwrap();
        assert_eq!(
            Move::step(sq("a1"), sq("b3")),
            Err(MoveParseError::NotALine)
        );
        assert_eq!(
            Move::step(sq("c3"), sq("c3")),
            Err(MoveParseError::NotALine)
        );
        assert_eq!(
            Move::capture(sq("p16"), sq("a2")),
            Err(MoveParseError::NotALine)
        );
        assert_eq!(
            Move::step(sq("p16"), sq("a1")).unwrap().to_string(),
            "p16-a1"
        );
        assert_eq!(Move::place(sq("d6")).from(), None);
    }

    #[test]
    fn line_directions() {
        let sq = |t: &str| t.parse::<Square>().unwrap();
        assert_eq!(Move::line(sq("a1"), sq("a3")), Some((0, 2)));
        assert_eq!(Move::line(sq("c3"), sq("a1")), Some((5, 2)));
        assert_eq!(Move::line(sq("a1"), sq("b3")), None);
    }
}
