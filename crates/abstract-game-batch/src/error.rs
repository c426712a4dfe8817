//! Why a batch refused a call: the slot, the buffer or the option it was about.

/// What [`VecEnv`](crate::VecEnv) refused. Nothing was changed by a call that returns one:
/// every action is checked before any game moves, and every buffer before anything is written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// An action number at or above the game's number of actions.
    #[error(
        "slot {slot}: action {action} is out of range (this game numbers actions 0..{actions})"
    )]
    OutOfRange {
        /// The game the action was meant for.
        slot: usize,
        /// The number given.
        action: u64,
        /// The game's number of actions.
        actions: usize,
    },
    /// An action number that is not the number of a legal move in that game.
    #[error("slot {slot}: action {action} is not legal here")]
    Illegal {
        /// The game the action was meant for.
        slot: usize,
        /// The number given.
        action: u32,
    },
    /// A buffer of the wrong size.
    #[error("{name} has {found} entries where {expected} are needed")]
    Buffer {
        /// Which buffer.
        name: &'static str,
        /// The size the batch needs.
        expected: usize,
        /// The size given.
        found: usize,
    },
    /// A slot number at or above the number of games.
    #[error("no slot {slot}: the batch holds {len} games")]
    Slot {
        /// The slot asked for.
        slot: usize,
        /// The number of games.
        len: usize,
    },
    /// A state that cannot be put in: over, or of other rules than the batch's.
    #[error("slot {slot}: {reason}")]
    State {
        /// The slot it was meant for.
        slot: usize,
        /// Why it was refused.
        reason: &'static str,
    },
    /// Options no batch can have (no games, no threads, a finished start).
    #[error("{0}")]
    Options(&'static str),
    /// The thread pool could not be started.
    #[error("thread pool: {0}")]
    Pool(String),
}

/// Checks a caller buffer's length.
pub(crate) fn check_len(
    name: &'static str,
    expected: usize,
    found: usize,
) -> Result<(), BatchError> {
    if expected == found {
        Ok(())
    } else {
        Err(BatchError::Buffer {
            name,
            expected,
            found,
        })
    }
}
