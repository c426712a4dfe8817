//! The common vocabulary of the workspace's rules engines.
//!
//! - [`Game`]: the trait every engine implements: a state that lists its legal moves, checks
//!   and applies them, says who decides next and when the game is over, and reads and writes
//!   itself as text.
//! - [`PlayerId`], [`PlayerSet`], [`Outcome`], [`Status`]: seats and results, for any number
//!   of players and without assuming that players alternate.
//! - [`MoveList`]: the caller-owned, stack-first move buffer.
//! - Generic tools every game gets for free: [`perft`], [`perft_divide`], [`random_move`],
//!   [`random_playout`] (recorded), [`random_rollout`] and [`random_playout_with`] (recording
//!   nothing, for search), [`replay_choices`] and the [`MoveLimit`] wrapper.
//! - Optional extension traits that games implement for the layers above: [`Evaluate`]
//!   (heuristic values for search); for learning code [`Actions`] (a fixed numbering of
//!   moves and the legal-action mask), [`Observe`] (observation tensors) and [`Symmetric`]
//!   (rule-preserving board symmetries), with [`LearnError`] for the buffers they refuse;
//!   [`ToSvg`] (pictures of positions, with the shared [`svg`] writer); [`EndReason`] (why a
//!   finished game ended, in words, with [`LimitEnd`] for the move limit).
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
//! What stays the same across versions (texts, hash values, move order, seeded randomness):
//! [`stability`].
//!
//! Features: `serde` derives `Serialize`/`Deserialize` for [`PlayerId`], [`Outcome`] (as its
//! list of ranks), [`Status`], [`LimitConfig`] and [`MoveLimit`] (as its position text). One
//! convention holds in every text and JSON form: seats and ranks count from 1, so
//! `{"Ongoing":1}` is the first seat to move and `{"Finished":[2,1]}` a win of the second
//! seat. Indexes in the API ([`PlayerId::index`], [`Outcome::rank`]) count from 0.
//!
//! `arbitrary`: `Arbitrary` for [`LimitConfig`], [`MoveLimit`] and the [`toy`] game, and
//! `arbitrary_position`, which plays legal moves the input picks from a start: the base of
//! every game's `Arbitrary`, which builds only valid values. Needs std (the `arbitrary` crate
//! does); every other item is `no_std`.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

extern crate alloc;

mod actions;
#[cfg(feature = "arbitrary")]
mod arbitrary;
mod end;
mod evaluate;
mod game;
mod learn_error;
mod limit;
mod limit_learn;
mod observe;
mod outcome;
mod perft;
mod player;
mod playout;
mod rng;
pub mod svg;
mod symmetry;
pub mod toy;

#[doc = include_str!("../docs/stability.md")]
pub mod stability {}

// The README's example runs as a doctest, so the packaged README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

#[cfg(feature = "arbitrary")]
pub use crate::arbitrary::arbitrary_position;
pub use actions::{Actions, generated_actions};
pub use end::{EndReason, LimitEnd};
pub use evaluate::Evaluate;
pub use game::{Game, MoveError, MoveList, Rejected};
pub use learn_error::LearnError;
pub use limit::{LimitConfig, LimitPositionError, MoveLimit};
pub use observe::{Observe, byte_entries};
pub use outcome::{Outcome, Status};
pub use perft::{perft, perft_divide, perft_full};
pub use player::{MAX_PLAYERS, PlayerId, PlayerSet};
pub use playout::{
    Playout, Rollout, random_move, random_playout, random_playout_with, random_rollout,
    replay_choices,
};
pub use rng::SeededRng;
pub use smallvec::{self, SmallVec};
pub use svg::{SvgOptions, ToSvg};
pub use symmetry::Symmetric;

/// A number outside the range a type allows (for example seat 0 or seat 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("value out of range")]
pub struct OutOfRange;

#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod __private {
    pub use alloc::string::String;
    pub use serde;
}

/// Implements `serde::Serialize` and `serde::Deserialize` for types with `Display` and
/// `FromStr` through their text form, so that the wire format is the notation and never an
/// internal layout. Available with the `serde` feature. Attributes before the types go on
/// every impl, for example the badge docs.rs shows
/// (`#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]`, in a crate that enables
/// `feature(doc_cfg)` under `docsrs`).
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use abstract_game::toy::Take;
/// #[derive(Debug, PartialEq)]
/// struct Wrapper(Take);
/// impl core::fmt::Display for Wrapper {
///     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { self.0.fmt(f) }
/// }
/// impl core::str::FromStr for Wrapper {
///     type Err = abstract_game::toy::SubtractionError;
///     fn from_str(s: &str) -> Result<Self, Self::Err> { s.parse().map(Wrapper) }
/// }
/// abstract_game::serde_via_text!(Wrapper);
/// assert_eq!(serde_json::to_string(&Wrapper(Take(2))).unwrap(), r#""2""#);
/// # }
/// ```
#[cfg(feature = "serde")]
#[macro_export]
macro_rules! serde_via_text {
    (@each $attrs:tt $($t:ty),+) => {$(
        $crate::serde_via_text!(@one $attrs $t);
    )+};
    (@one [$($attr:tt)*] $t:ty) => {
        $($attr)*
        impl $crate::__private::serde::Serialize for $t {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                s: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        $($attr)*
        impl<'de> $crate::__private::serde::Deserialize<'de> for $t {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                d: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let text = <$crate::__private::String as $crate::__private::serde::Deserialize>::deserialize(d)?;
                text.parse()
                    .map_err(<D::Error as $crate::__private::serde::de::Error>::custom)
            }
        }
    };
    ($(#[$attr:meta])* $($t:ty),+ $(,)?) => {
        $crate::serde_via_text!(@each [$(#[$attr])*] $($t),+);
    };
}
