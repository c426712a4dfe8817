//! Why a learning trait refused a buffer, a seat or a symmetry.

use crate::PlayerId;

/// A caller-given buffer, seat or symmetry number that a learning trait ([`Actions`](crate::Actions),
/// [`Observe`](crate::Observe), [`Symmetric`](crate::Symmetric)) cannot use. The buffer is
/// left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum LearnError {
    /// The buffer does not have the size the configuration fixes.
    #[error("buffer of {found} entries where {expected} are needed")]
    Length {
        /// The size the configuration fixes.
        expected: usize,
        /// The size given.
        found: usize,
    },
    /// The seat does not take part in this game.
    #[error("no seat {0} in this game")]
    Seat(PlayerId),
    /// The symmetry number is not below the configuration's symmetry count.
    #[error("no symmetry {0} in this configuration")]
    Symmetry(usize),
    /// The action number is not the number of a legal move here.
    #[error("action {0} is not legal here")]
    Action(u32),
}

impl LearnError {
    /// `Ok` when `found == expected`, else [`LearnError::Length`].
    ///
    /// ```
    /// use abstract_game::LearnError;
    /// assert!(LearnError::check_length(4, 4).is_ok());
    /// assert_eq!(
    ///     LearnError::check_length(4, 3),
    ///     Err(LearnError::Length { expected: 4, found: 3 })
    /// );
    /// ```
    pub fn check_length(expected: usize, found: usize) -> Result<(), LearnError> {
        if expected == found {
            Ok(())
        } else {
            Err(LearnError::Length { expected, found })
        }
    }

    /// `Ok` when `sym < count`, else [`LearnError::Symmetry`].
    ///
    /// ```
    /// use abstract_game::LearnError;
    /// assert!(LearnError::check_symmetry(7, 8).is_ok());
    /// assert_eq!(LearnError::check_symmetry(8, 8), Err(LearnError::Symmetry(8)));
    /// ```
    pub fn check_symmetry(sym: usize, count: usize) -> Result<(), LearnError> {
        if sym < count {
            Ok(())
        } else {
            Err(LearnError::Symmetry(sym))
        }
    }
}
