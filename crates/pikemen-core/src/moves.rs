//! Moves and their notation (the Abstract Play notation the oracle records use).
//!
//! - Reorient: `e2(E)`, stand up: `e2(U)`.
//! - Charge keeping the state: `a1-a4`; charge then set a new state: `a1-a4(N)`, `a1-a4(U)`.
//! - Capture: `a1xa4`, `a1xa4(SW)`.

use crate::board::{Square, State};
use core::fmt;
use core::str::FromStr;

/// Marks "keep the current state" in the `state` field of a charge.
const KEEP: u8 = 15;

/// One Pikemen move: a reorientation, or a charge (possibly a capture) with an optional new
/// state. Small plain data; text through `Display`/`FromStr`.
///
/// ```
/// use pikemen_core::{Move, Square, State};
/// let m: Move = "a1xa4(SW)".parse().unwrap();
/// assert!(m.is_capture());
/// assert_eq!(m.to(), Square::parse("a4").unwrap());
/// assert_eq!(m.new_state(), Some(State::SW));
/// assert_eq!(m.to_string(), "a1xa4(SW)");
/// let r = Move::reorient(Square::parse("e2").unwrap(), State::E);
/// assert_eq!(r.to_string(), "e2(E)");
/// assert_eq!(format!("{r:?}"), "Move(e2(E))");
/// ```
// Field order makes the derived `Ord` group moves by origin square first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    /// State code 0..=8, or `KEEP` (charges only).
    state: u8,
    capture: bool,
}

impl Move {
    /// Turn the piece on `from` to `state` without moving it.
    #[must_use]
    pub const fn reorient(from: Square, state: State) -> Move {
        Move {
            from: from.raw(),
            to: from.raw(),
            state: state.code(),
            capture: false,
        }
    }

    /// Charge from `from` to the empty square `to`, then take `state` (`None`: keep the
    /// current one). `None` if `from == to`.
    #[must_use]
    pub const fn charge(from: Square, to: Square, state: Option<State>) -> Option<Move> {
        Move::charge_or_capture(from, to, state, false)
    }

    /// Charge from `from` onto the enemy on `to`, capturing it, then take `state` (`None`:
    /// keep the current one). `None` if `from == to`.
    #[must_use]
    pub const fn capture(from: Square, to: Square, state: Option<State>) -> Option<Move> {
        Move::charge_or_capture(from, to, state, true)
    }

    const fn charge_or_capture(
        from: Square,
        to: Square,
        state: Option<State>,
        capture: bool,
    ) -> Option<Move> {
        if from.raw() == to.raw() {
            return None;
        }
        Some(Move {
            from: from.raw(),
            to: to.raw(),
            state: match state {
                Some(s) => s.code(),
                None => KEEP,
            },
            capture,
        })
    }

    pub(crate) const fn raw(from: u8, to: u8, state: u8, capture: bool) -> Move {
        Move {
            from,
            to,
            state,
            capture,
        }
    }

    pub(crate) const fn keep_code() -> u8 {
        KEEP
    }

    /// The square of the piece that moves or turns.
    #[must_use]
    pub const fn from(self) -> Square {
        Square::new(self.from).expect("squares are below 64")
    }

    /// Where the piece ends (equal to [`Move::from`] for a reorientation).
    #[must_use]
    pub const fn to(self) -> Square {
        Square::new(self.to).expect("squares are below 64")
    }

    /// Whether the move only turns a piece.
    #[must_use]
    pub const fn is_reorient(self) -> bool {
        self.from == self.to
    }

    /// Whether the move is a charge that captures.
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.capture
    }

    /// The state the piece takes; `None` for a charge that keeps its state.
    #[must_use]
    pub const fn new_state(self) -> Option<State> {
        if self.state == KEEP {
            None
        } else {
            Some(State::from_code(self.state))
        }
    }

    pub(crate) const fn origin_index(self) -> usize {
        self.from as usize
    }
    pub(crate) const fn dest_index(self) -> usize {
        self.to as usize
    }
    pub(crate) const fn state_code(self) -> u8 {
        self.state
    }
}

impl fmt::Debug for Move {
    /// The move text: `Move(a1xa4(SW))`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        if !self.is_reorient() {
            f.write_str(if self.capture { "x" } else { "-" })?;
            write!(f, "{}", self.to())?;
        }
        match self.new_state() {
            Some(s) => write!(f, "({s})"),
            None => Ok(()),
        }
    }
}

/// Why a move text was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveParseError {
    /// A square name is not `a1`..`h8`.
    #[error("expected a square a1..h8")]
    Square,
    /// The state in parentheses is not one of `U N NE E SE S SW W NW`.
    #[error("expected a state U, N, NE, E, SE, S, SW, W or NW in parentheses")]
    State,
    /// A reorientation without a state (`e2`).
    #[error("a reorientation needs a state, as in e2(E)")]
    MissingState,
    /// A charge whose destination is its origin (`a1-a1`).
    #[error("a charge must leave its square")]
    ZeroCharge,
    /// Anything else malformed (wrong separator, trailing text...).
    #[error("malformed move text")]
    Syntax,
}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        // Split off an optional "(STATE)" suffix.
        let (body, state) = match s.find('(') {
            Some(open) => {
                let inner = s[open + 1..]
                    .strip_suffix(')')
                    .ok_or(MoveParseError::Syntax)?;
                let state = State::parse(inner).ok_or(MoveParseError::State)?;
                (&s[..open], Some(state))
            }
            None => (s, None),
        };
        let square = |t: &str| Square::parse(t).ok_or(MoveParseError::Square);
        match body.len() {
            2 => {
                let from = square(body)?;
                let state = state.ok_or(MoveParseError::MissingState)?;
                Ok(Move::reorient(from, state))
            }
            5 if body.is_char_boundary(2) && body.is_char_boundary(3) => {
                let from = square(&body[..2])?;
                let to = square(&body[3..])?;
                let capture = match &body[2..3] {
                    "-" => false,
                    "x" => true,
                    _ => return Err(MoveParseError::Syntax),
                };
                Move::charge_or_capture(from, to, state, capture).ok_or(MoveParseError::ZeroCharge)
            }
            _ => Err(MoveParseError::Syntax),
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
    fn round_trips() {
        for t in [
            "e2(E)",
            "e2(U)",
            "a1-a4",
            "a1-a4(N)",
            "a1-a4(U)",
            "a1xa4",
            "a1xa4(SW)",
            "h8-a1(NW)",
        ] {
            let m: Move = t.parse().unwrap();
            assert_eq!(m.to_string(), t);
        }
    }

    #[test]
    fn rejects_malformed() {
        assert_eq!("e2".parse::<Move>(), Err(MoveParseError::MissingState));
        assert_eq!("e2(X)".parse::<Move>(), Err(MoveParseError::State));
        assert_eq!("e2(e)".parse::<Move>(), Err(MoveParseError::State));
        assert_eq!("e2(E".parse::<Move>(), Err(MoveParseError::Syntax));
        assert_eq!("e2(E))".parse::<Move>(), Err(MoveParseError::State));
        assert_eq!("a1-a1".parse::<Move>(), Err(MoveParseError::ZeroCharge));
        assert_eq!("a1+a4".parse::<Move>(), Err(MoveParseError::Syntax));
        assert_eq!("i1(E)".parse::<Move>(), Err(MoveParseError::Square));
        assert_eq!("".parse::<Move>(), Err(MoveParseError::Syntax));
        assert_eq!("a1é4".parse::<Move>(), Err(MoveParseError::Syntax));
        assert_eq!(" e2(E)".parse::<Move>(), Err(MoveParseError::Syntax));
    }
}
