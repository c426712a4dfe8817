//! Learning at native speed: many games stepped in one call ([`VecEnv`]), and an
//! AlphaZero-style tree search over many roots whose leaves are evaluated in batches
//! ([`BatchedSearch`], with an [`Evaluator`] where a neural network plugs in).
//!
//! Both work on any game with the learning traits of `abstract-game` ([`Actions`],
//! [`Observe`]; [`augment`] needs [`Symmetric`]) and know nothing of any particular game.
//!
//! - [`VecEnv`]: `N` games of one configuration, stepped together into caller buffers
//!   (observations, legal-action masks, seats to play, per-seat rewards, terminated and
//!   truncated), resetting finished games in the same step, with seeded resets and random
//!   openings, on a thread pool of its own with results identical for every thread count.
//! - [`BatchedSearch`]: PUCT with virtual loss, Dirichlet noise, visit-count or Gumbel
//!   policies, temperature, tree reuse; terminal leaves valued by the rules.
//!
//! [`Actions`]: abstract_game::Actions
//! [`Observe`]: abstract_game::Observe
//! [`Symmetric`]: abstract_game::Symmetric
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

mod augment;
mod env;
mod error;
mod evaluator;
mod par;
mod search;
mod seed;

// The README's example runs as a doctest, so the packaged README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

pub use augment::augment;
pub use env::{BatchMut, Buffers, EnvOptions, Outputs, VecEnv, limit_reached};
pub use error::BatchError;
pub use evaluator::{EvalError, Evaluator, UniformEvaluator};
pub use search::{BatchedSearch, GumbelOptions, SearchError, SearchOptions};
pub use seed::derive_seed;
