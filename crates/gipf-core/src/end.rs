//! Why a finished game ended.

use crate::rules::Phase;
use crate::{Gipf, GipfTurns};
use abstract_game::EndReason;
use core::fmt;

/// Why a game of GIPF ended ([`EndReason::end`] of [`Gipf`] and [`GipfTurns`]); its `Display`
/// is the wording every front end shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum End {
    /// The loser's last GIPF-piece was removed (standard and tournament games).
    LastGipfLost,
    /// The loser had to push with an empty reserve.
    ReserveEmpty,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::LastGipfLost => "the other player lost their last GIPF-piece",
            End::ReserveEmpty => "the other player has no piece left to push",
        })
    }
}

impl EndReason for Gipf {
    type End = End;

    /// Why the game ended, or `None` while it goes on.
    ///
    /// ```
    /// use abstract_game::{EndReason, Game};
    /// use gipf_core::Gipf;
    /// let game = Gipf::new(&Default::default()).unwrap();
    /// assert_eq!(game.end(), None);
    /// ```
    fn end(&self) -> Option<End> {
        match self.phase {
            Phase::Won(_) => Some(End::LastGipfLost),
            Phase::Push(c) if !self.can_push(usize::from(c)) => Some(End::ReserveEmpty),
            _ => None,
        }
    }
}

impl EndReason for GipfTurns {
    type End = End;

    /// Why the game ended, or `None` while it goes on, as for [`Gipf`].
    fn end(&self) -> Option<End> {
        self.inner().end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::{Game, PlayerId};

    fn end_of(text: &str) -> (Option<End>, Option<PlayerId>) {
        let game: Gipf = text.parse().unwrap();
        let turns: GipfTurns = text.parse().unwrap();
        assert_eq!(turns.end(), game.end());
        (game.end(), game.status().outcome().and_then(|o| o.winner()))
    }

    #[test]
    fn the_reason_matches_the_rule_that_ended_the_game() {
        assert_eq!(Gipf::new(&Default::default()).unwrap().end(), None);
        // White took Black's last GIPF-piece (6 captured: three GIPF-pieces).
        assert_eq!(
            end_of("standard W:Gb5,Ge2,Gh5 B:b2 R:12/11 C:0/6 won:w"),
            (Some(End::LastGipfLost), Some(PlayerId::FIRST))
        );
        // White must push with an empty reserve.
        assert_eq!(
            end_of("basic W:b5,e2,h5 B:b2,e8,h2 R:0/12 C:12/0 push:w"),
            (Some(End::ReserveEmpty), Some(PlayerId::SECOND))
        );
    }
}
