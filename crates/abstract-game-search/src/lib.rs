//! Bots that play any [`abstract_game::Game`]: random, greedy, Monte Carlo tree search and
//! alpha-beta, behind one [`Bot`] trait and one spec-string format ([`BotSpec`]).
//!
//! The search code is generic; the game knowledge comes from the game through the optional
//! [`abstract_game::Evaluate`] trait (a heuristic value on the scale of
//! [`Outcome::returns`](abstract_game::Outcome::returns), and move-ordering hints).
//!
//! ```
//! use abstract_game::{Game, toy::Subtraction};
//! use abstract_game_search::{BotSpec, Limits};
//! let spec: BotSpec = "alphabeta:depth=6".parse().unwrap();
//! let mut bot = spec.build::<Subtraction>();
//! let start = Subtraction::new(&Default::default()).unwrap();
//! let (mv, info) = bot.choose(&start, &spec.limits()).unwrap();
//! // From 21 tokens (take 1 to 3) the winning move leaves a multiple of 4.
//! assert_eq!(mv.0, 1);
//! assert!(info.value > 0.0);
//! ```
//!
//! Features: `serde` derives `Serialize`/`Deserialize` for [`BotSpec`] (as its text); `zero`
//! adds the `zero` bot (`Zero`), a trained network read from its file (`network::Network`,
//! docs/model-format.md) guiding the batched PUCT search of `abstract-game-batch`.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

mod alphabeta;
mod greedy;
mod limits;
mod mcts;
#[cfg(feature = "zero")]
#[cfg_attr(docsrs, doc(cfg(feature = "zero")))]
pub mod network;
mod random;
mod spec;
mod split;
mod tt;
#[cfg(feature = "zero")]
mod zero;

// The README's example runs as a doctest, so the packaged README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

pub use alphabeta::AlphaBeta;
pub use greedy::Greedy;
pub use limits::Limits;
pub use mcts::{Mcts, MctsConfig};
pub use random::Random;
pub use spec::{BotKind, BotSpec, SPEC_HELP, SpecError};
#[cfg(feature = "zero")]
#[cfg_attr(docsrs, doc(cfg(feature = "zero")))]
pub use zero::{Zero, ZeroConfig};

use abstract_game::Game;
use core::fmt;
use core::time::Duration;

/// The most threads one search may use (`threads=N` in a [`BotSpec`]).
pub const MAX_THREADS: usize = 64;

/// What a search found out, beside the move it chose.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo<M> {
    /// Alpha-beta: the last fully searched depth; MCTS: the depth of the principal variation.
    pub depth: u32,
    /// MCTS iterations or alpha-beta nodes spent.
    pub iterations: u64,
    /// The chosen move's value for the seat that moves, in `-1.0..=1.0` (the scale of
    /// [`Outcome::returns`](abstract_game::Outcome::returns)).
    pub value: f64,
    /// Wall time spent.
    pub elapsed: Duration,
    /// The expected line of play, starting with the chosen move (empty when unknown).
    pub pv: Vec<M>,
}

impl<M> SearchInfo<M> {
    /// Information for a move chosen without search.
    #[must_use]
    pub fn immediate(value: f64, elapsed: Duration) -> SearchInfo<M> {
        SearchInfo {
            depth: 0,
            iterations: 0,
            value,
            elapsed,
            pv: Vec::new(),
        }
    }
}

impl<M: fmt::Display> fmt::Display for SearchInfo<M> {
    /// For example `depth 4, 5312 iterations, value +0.250, 0.031 s, pv a1-b2 c3-c4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {}, {} iterations, value {:+.3}, {:.3} s",
            self.depth,
            self.iterations,
            self.value,
            self.elapsed.as_secs_f64()
        )?;
        if !self.pv.is_empty() {
            f.write_str(", pv")?;
            for m in &self.pv {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

/// A computer player of game `G`.
///
/// A bot is seeded when it is built, so that the same bot given the same positions and an
/// iteration or depth budget makes the same choices. It never panics on a legal state.
pub trait Bot<G: Game>: Send {
    /// A legal move for the seat to decide in `state` within `limits`, and what the search
    /// found; `None` only when the game is over.
    fn choose(&mut self, state: &G, limits: &Limits) -> Option<(G::Move, SearchInfo<G::Move>)>;

    /// Forgets what was learnt during a game (trees, tables), before another game.
    fn new_game(&mut self) {}
}

impl<G: Game> fmt::Debug for dyn Bot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("dyn Bot")
    }
}
