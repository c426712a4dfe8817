//! Why a finished game ended.

use crate::Pikemen;
use abstract_game::EndReason;
use core::fmt;

/// Why a game of Pikemen ended ([`EndReason::end`]); its `Display` is the wording every front
/// end shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum End {
    /// The winner reached the points target.
    TargetReached,
    /// The winner is the last player with pieces on the board.
    LastWithPieces,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::TargetReached => "target reached",
            End::LastWithPieces => "last player with pieces",
        })
    }
}

impl EndReason for Pikemen {
    type End = End;

    /// Why the game ended, or `None` while it goes on.
    ///
    /// ```
    /// use abstract_game::{EndReason, Game};
    /// use pikemen_core::{End, Pikemen};
    /// let game = Pikemen::new(&Default::default()).unwrap();
    /// assert_eq!(game.end(), None);
    /// let won: Pikemen = "L1U7/8/8/8/8/8/8/8 1 3,0 12".parse().unwrap();
    /// assert_eq!(won.end(), Some(End::LastWithPieces));
    /// ```
    fn end(&self) -> Option<End> {
        let winner = self.result.checked_sub(1)?;
        Some(
            if u32::from(self.scores[usize::from(winner)]) >= self.target {
                End::TargetReached
            } else {
                End::LastWithPieces
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::{Game, PlayerId};

    fn end_of(text: &str) -> (Option<End>, Option<PlayerId>) {
        let game: Pikemen = text.parse().unwrap();
        (game.end(), game.status().outcome().and_then(|o| o.winner()))
    }

    #[test]
    fn the_reason_matches_the_rule_that_ended_the_game() {
        let start = Pikemen::new(&Default::default()).unwrap();
        assert_eq!(start.end(), None);
        // 12 points of 12, player 2 still has a piece.
        assert_eq!(
            end_of("L1U7/8/8/8/8/8/8/L2U7 2 12,0 12"),
            (Some(End::TargetReached), Some(PlayerId::FIRST))
        );
        // 3 points of 12, player 2 has no piece left.
        assert_eq!(
            end_of("L1U7/8/8/8/8/8/8/8 1 3,0 12"),
            (Some(End::LastWithPieces), Some(PlayerId::FIRST))
        );
    }
}
