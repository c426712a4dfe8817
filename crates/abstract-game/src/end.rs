//! Why a finished game ended: an optional extension trait, and the move limit's own reason.

use crate::{Game, MoveLimit};
use core::fmt;

/// Why a finished game ended, in words for people. Each game says it with its own type, whose
/// `Display` is the one wording that every front end shows (the `agame` program, the Python and
/// WebAssembly packages, the page).
///
/// [`EndReason::end`] is `Some` exactly when [`Game::status`] is finished; the conformance kit
/// checks that. A game under a [`MoveLimit`] has the reasons of its rules and
/// [`LimitEnd::MoveLimit`].
///
/// ```
/// use abstract_game::{EndReason, Game, LimitConfig, MoveLimit, toy::Subtraction};
/// let mut g: Subtraction = "1 3 1".parse().unwrap();
/// assert_eq!(g.end(), None);
/// g.apply(g.legal_moves()[0]).unwrap();
/// assert_eq!(g.end().unwrap().to_string(), "last token taken");
///
/// let cfg = LimitConfig { inner: Default::default(), max_plies: 1 };
/// let mut g = MoveLimit::<Subtraction>::new(&cfg).unwrap();
/// g.apply(g.legal_moves()[0]).unwrap();
/// assert_eq!(g.end().unwrap().to_string(), "move limit reached");
/// ```
pub trait EndReason: Game {
    /// This game's reasons. Its `Display` is short, lower case and without a full stop, so that
    /// it can follow an outcome: "player 1 wins (crossing held)".
    type End: Copy + fmt::Debug + fmt::Display + PartialEq + Eq;

    /// Why the game ended, or `None` while it goes on.
    #[must_use]
    fn end(&self) -> Option<Self::End>;
}

/// Why a game under a [`MoveLimit`] ended: by its own rules, or by reaching the limit (a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LimitEnd<E> {
    /// The wrapped game's rules ended it.
    Rules(E),
    /// The limit was reached with the game unfinished: a draw.
    MoveLimit,
}

impl<E: fmt::Display> fmt::Display for LimitEnd<E> {
    /// The rules' reason, or `move limit reached`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitEnd::Rules(e) => e.fmt(f),
            LimitEnd::MoveLimit => f.write_str("move limit reached"),
        }
    }
}

impl<G: EndReason> EndReason for MoveLimit<G> {
    type End = LimitEnd<G::End>;

    fn end(&self) -> Option<LimitEnd<G::End>> {
        match self.inner().end() {
            Some(e) => Some(LimitEnd::Rules(e)),
            // Finished with the rules' game unfinished: only the limit ends it.
            None => self.status().is_finished().then_some(LimitEnd::MoveLimit),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{Subtraction, SubtractionEnd};
    use crate::{LimitConfig, Outcome, PlayerId};
    use alloc::string::ToString;

    fn limited(pile: u8, max_plies: u32) -> MoveLimit<Subtraction> {
        let inner = crate::toy::SubtractionConfig { pile, max_take: 1 };
        MoveLimit::new(&LimitConfig { inner, max_plies }).unwrap()
    }

    #[test]
    fn the_rules_reason_passes_through_the_limit() {
        // One token, a limit of one move: the rules end the game on the last move.
        let mut g = limited(1, 1);
        g.apply_unchecked(g.legal_moves()[0]);
        assert_eq!(
            g.end(),
            Some(LimitEnd::Rules(SubtractionEnd::LastTokenTaken))
        );
        assert_eq!(g.status().outcome(), Outcome::win(2, PlayerId::FIRST).ok());
    }

    #[test]
    fn the_limit_is_the_reason_of_a_draw_it_forced() {
        let mut g = limited(3, 1);
        assert_eq!(g.end(), None);
        g.apply_unchecked(g.legal_moves()[0]);
        assert_eq!(g.end(), Some(LimitEnd::MoveLimit));
        assert!(g.status().outcome().unwrap().is_draw());
        assert_eq!(g.end().unwrap().to_string(), "move limit reached");
        assert_eq!(
            LimitEnd::Rules(SubtractionEnd::LastTokenTaken).to_string(),
            "last token taken"
        );
    }
}
