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

/// One decision of Epaminondas.
///
/// ```
/// use epaminondas_core::Move;
/// for text in ["a1-a3", "c2xc5", "d6", "n12-k9"] {
///     let mv: Move = text.parse().unwrap();
///     assert_eq!(mv.to_string(), text);
/// }
/// assert!("a1-b3".parse::<Move>().is_err()); // not on one line
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A group moves without capturing: its rear piece stands on `from`, its front piece
    /// lands on `to`.
    Step {
        /// The rearmost piece of the moving group.
        from: Square,
        /// Where the front piece lands.
        to: Square,
    },
    /// A group moves and its front piece lands on `to`, capturing the enemy phalanx there.
    Capture {
        /// The rearmost piece of the moving group.
        from: Square,
        /// Where the front piece lands (the first enemy piece of the captured phalanx).
        to: Square,
    },
    /// A neutral stone placed on a square (stumbling-blocks variant, before the first piece
    /// move).
    Place(Square),
}

impl Move {
    /// The square the move names last: the landing square of the front piece, or the stone.
    #[must_use]
    pub const fn dest(self) -> Square {
        match self {
            Move::Step { to, .. } | Move::Capture { to, .. } => to,
            Move::Place(s) => s,
        }
    }

    /// The direction index (into the engine's direction table) and the distance from `from`
    /// to `to`, if they lie on one line and differ.
    pub(crate) fn line(from: Square, to: Square) -> Option<(usize, u8)> {
        let dx = i32::from(to.file()) - i32::from(from.file());
        let dy = i32::from(to.rank()) - i32::from(from.rank());
        if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return None;
        }
        let step = (dx.signum() as i8, dy.signum() as i8);
        let d = crate::board::DIRS.iter().position(|&s| s == step)?;
        Some((d, dx.abs().max(dy.abs()) as u8))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}-{to}"),
            Move::Capture { from, to } => write!(f, "{from}x{to}"),
            Move::Place(s) => write!(f, "{s}"),
        }
    }
}

/// Why a move text was refused.
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
            return Ok(Move::Place(from));
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
        Move::line(from, to).ok_or(MoveParseError::NotALine)?;
        Ok(if capture {
            Move::Capture { from, to }
        } else {
            Move::Step { from, to }
        })
    }
}

#[cfg(feature = "serde")]
abstract_game::serde_via_text!(Move);

#[cfg(test)]
mod tests {
    use super::*;

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
    fn line_directions() {
        let sq = |t: &str| t.parse::<Square>().unwrap();
        assert_eq!(Move::line(sq("a1"), sq("a3")), Some((0, 2)));
        assert_eq!(Move::line(sq("c3"), sq("a1")), Some((5, 2)));
        assert_eq!(Move::line(sq("a1"), sq("b3")), None);
    }
}
