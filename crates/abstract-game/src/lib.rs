//! The common vocabulary of the workspace's rules engines.
//!
//! - [`Game`]: the trait every engine implements: a state that lists its legal moves, checks
//!   and applies them, says who decides next and when the game is over, and reads and writes
//!   itself as text.
//! - [`PlayerId`], [`PlayerSet`], [`Outcome`], [`Status`]: seats and results, for any number
//!   of players and without assuming that players alternate.
//! - [`MoveList`]: the caller-owned, stack-first move buffer.
//! - Generic tools every game gets for free: [`perft`], [`perft_divide`], [`random_move`],
//!   [`random_playout`], [`replay_choices`] and the [`MoveLimit`] wrapper.
//!
//! The crate is `no_std` and needs only `alloc` (for diagrams, perft splits and playout
//! records).
//!
//! ```
//! use abstract_game::{perft, random_playout, Game, toy::Subtraction};
//! let start = Subtraction::new(&Default::default()).unwrap();
//! assert_eq!(perft(&start, 3), 27);
//! let game = random_playout(&start, 7, 100);
//! println!("{}", game.state.diagram());
//! assert!(game.outcome.is_some());
//! ```
//!
//! Features: `serde` derives `Serialize`/`Deserialize` for [`PlayerId`] (as the 1-based
//! number), [`Outcome`] (as its ranks) and [`Status`].
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

mod game;
mod limit;
mod outcome;
mod perft;
mod player;
mod playout;
mod rng;
pub mod toy;

pub use game::{Game, MoveError, MoveList, Rejected};
pub use limit::{LimitConfig, LimitPositionError, MoveLimit};
pub use outcome::{Outcome, Status};
pub use perft::{perft, perft_divide, perft_full};
pub use player::{MAX_PLAYERS, PlayerId, PlayerSet};
pub use playout::{Playout, random_move, random_playout, replay_choices};
pub use rng::SeededRng;
pub use smallvec::{self, SmallVec};

/// A number outside the range a type allows (for example seat 0 or seat 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("value out of range")]
pub struct OutOfRange;
