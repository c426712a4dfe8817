//! One conformance suite for every rules engine of the workspace.
//!
//! In the spirit of OpenSpiel's random-simulation test: [`check_random_games`] plays many
//! seeded random games and, at every position, checks the invariants every [`Game`](abstract_game::Game) must keep
//! (see [`check_position`] for the list). A failure panics with the game, the seed, the move
//! path and the position text, so it can be replayed.
//!
//! For the learning traits ([`abstract_game::Actions`], [`abstract_game::Observe`],
//! [`abstract_game::Symmetric`]): [`check_learning`] over random games, and
//! [`check_learning_position`] for one position. For batched environments and search
//! (`abstract-game-batch`): [`check_batched`], [`check_step`],
//! [`check_step_into`] and [`check_searched`].
//!
//! Also here: [`choices`], a proptest strategy for [`abstract_game::replay_choices`];
//! [`check_evaluate`] for game knowledge ([`abstract_game::Evaluate`]);
//! [`check_end_reasons`] for why games end ([`abstract_game::EndReason`]);
//! [`check_arbitrary`] for the values of a game's `Arbitrary` (its `arbitrary` feature);
//! [`check_perft_file`] for golden perft counts; [`oracle`] for differential tests against game
//! records of other programs; [`serde_roundtrip`]; [`check_pictures`] for the SVG pictures of
//! [`ToSvg`](abstract_game::ToSvg) games and [`check_golden`] for golden files.
//!
//! ```
//! use abstract_game::toy::Subtraction;
//! use abstract_game_testkit::{check_random_games, KitOptions};
//! let report = check_random_games::<Subtraction>(&Default::default(), &KitOptions::default());
//! assert_eq!(report.games, KitOptions::default().games);
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

mod arbitrary;
mod batch;
mod end;
mod evaluate;
mod invariants;
mod learning;
pub mod oracle;
mod perft_file;
mod svg;

pub use crate::arbitrary::{ArbitraryReport, check_arbitrary, check_arbitrary_input};
pub use batch::{
    Batched, Searched, check_batched, check_searched, check_step, check_step_into, random_roots,
};
pub use end::check_end_reasons;
pub use evaluate::{check_evaluate, greedy_wins_against_random};
pub use invariants::{
    KitFailure, KitOptions, KitReport, check_position, check_random_games, check_random_games_from,
    check_walk, try_check_random_games_from,
};
pub use learning::{check_learning, check_learning_games, check_learning_position};
pub use perft_file::check_perft_file;
pub use svg::{check_golden, check_picture, check_pictures};

// The README's example runs as a doctest, so the packaged README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

use proptest::prelude::*;
use serde::{Serialize, de::DeserializeOwned};
use std::fmt::Debug;

/// A proptest strategy of choice vectors (up to `max_len` long) for
/// [`abstract_game::replay_choices`]: any vector is a valid game, and shrinking gives short
/// games that diverge early.
pub fn choices(max_len: usize) -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(any::<u32>(), 0..=max_len)
}

/// Serialises `value` to JSON and back, panics unless the result equals `value`, and returns
/// the JSON text.
pub fn serde_roundtrip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serialise");
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("deserialise {json}: {e}"));
    assert_eq!(&back, value, "serde round trip through {json}");
    json
}
