//! The subcommands, one module each, written once for every game through the `Game` trait.

pub mod common;
pub mod demo;
pub mod engine;
pub mod games;
pub mod legal;
pub mod lines;
pub mod marks;
pub mod match_cmd;
pub mod perft;
pub mod play;
pub mod playouts;
pub mod render;
pub mod replay;
#[cfg(feature = "serve")]
pub mod serve;

pub use common::{CmdResult, Failure};

use abstract_game::{EndReason, Evaluate, Game, ToSvg};

/// A subcommand that runs on any game: `main` builds the starting state from the options and
/// hands it over. Every game has an [`Evaluate`] (the bots need it), a picture and an
/// [`EndReason`]; subcommands that do not need them may ask for `G: Game` only.
pub trait Job {
    /// Runs the subcommand from `start`.
    fn run<G: Game + Evaluate + ToSvg + EndReason>(self, start: &G) -> CmdResult;
}
