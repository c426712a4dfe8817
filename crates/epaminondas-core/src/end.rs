//! Why a finished game ended.

use crate::Epaminondas;
use abstract_game::EndReason;
use core::fmt;

/// Why a game of Epaminondas ended ([`EndReason::end`]); its `Display` is the wording every
/// front end shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum End {
    /// At the start of their turn the winner had more pieces on the opponent's home row than
    /// the opponent on theirs.
    CrossingHeld,
    /// The loser, to move, had no legal move (no pieces left, or all blocked).
    NoLegalMove,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::CrossingHeld => "crossing held",
            End::NoLegalMove => "the other player has no legal move",
        })
    }
}

impl EndReason for Epaminondas {
    type End = End;

    /// Why the game ended, or `None` while it goes on. The crossing is tested first, as in
    /// [`Game::status`](abstract_game::Game::status).
    ///
    /// ```
    /// use abstract_game::{EndReason, Game};
    /// use epaminondas_core::Epaminondas;
    /// let game = Epaminondas::new(&Default::default()).unwrap();
    /// assert_eq!(game.end(), None);
    /// ```
    fn end(&self) -> Option<End> {
        if self.mover_wins() {
            Some(End::CrossingHeld)
        } else if !self.has_legal_move() {
            Some(End::NoLegalMove)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::{Game, PlayerId};

    fn end_of(text: &str) -> (Option<End>, Option<PlayerId>) {
        let game: Epaminondas = text.parse().unwrap();
        (game.end(), game.status().outcome().and_then(|o| o.winner()))
    }

    #[test]
    fn the_reason_matches_the_rule_that_ended_the_game() {
        assert_eq!(Epaminondas::new(&Default::default()).unwrap().end(), None);
        // White, to move, has a piece on Black's home row (the top rank); Black has none on
        // White's.
        assert_eq!(
            end_of(
                "1...../....../....../..2.../....../....../....../...... 1 mirror:on stones:off"
            ),
            (Some(End::CrossingHeld), Some(PlayerId::FIRST))
        );
        // Black, to move, has a piece on White's home row (the bottom rank).
        assert_eq!(
            end_of(
                "....../....../....../..2.../....../....../....../2..... 2 mirror:on stones:off"
            ),
            (Some(End::CrossingHeld), Some(PlayerId::SECOND))
        );
        // White, to move, has no piece and Black has crossed nothing.
        assert_eq!(
            end_of(
                "....../....../....../..2.../....../....../....../...... 1 mirror:on stones:off"
            ),
            (Some(End::NoLegalMove), Some(PlayerId::SECOND))
        );
    }
}
