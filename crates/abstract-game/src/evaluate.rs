//! Game knowledge for search: an optional extension trait that games implement.

use crate::{Game, PlayerId};

/// A heuristic judgement of positions, which search code uses where it cannot look to the end.
///
/// Values are on the scale of [`Outcome::returns`](crate::Outcome::returns): `1.0` is as good as
/// a certain win for `player`, `-1.0` as bad as a certain loss, `0.0` even. A heuristic should
/// stay strictly inside `(-1.0, 1.0)` for ongoing games, so that a proven result always beats
/// it, and the values of all seats should sum to about zero (as returns do).
///
/// ```
/// use abstract_game::{Evaluate, Game, PlayerId, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let v = g.evaluate(PlayerId::FIRST);
/// assert!((-1.0..=1.0).contains(&v));
/// ```
pub trait Evaluate: Game {
    /// How good this position is for `player`, in `-1.0..=1.0`. For a finished game it should
    /// be the outcome's [`returns`](crate::Outcome::returns).
    #[must_use]
    fn evaluate(&self, player: PlayerId) -> f64;

    /// A cheap guess of how promising `mv` (legal here) is, for ordering moves in search:
    /// higher first. Captures, completed rows and moves toward a goal should score high. The
    /// default treats every move alike.
    #[must_use]
    fn move_priority(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// Whether `mv` (legal here) is a move that search should follow past its depth limit
    /// before trusting [`Evaluate::evaluate`]: a capture, a row removal, anything that changes
    /// material at once. Alpha-beta's quiescence search plays only these moves. Keep the set
    /// small: quiet moves marked tactical make quiescence search as wide as the full search.
    /// The default marks none.
    #[must_use]
    fn is_tactical(&self, _mv: Self::Move) -> bool {
        false
    }
}
