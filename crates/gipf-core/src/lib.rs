//! GIPF (Kris Burm, the GIPF project): a complete rules engine for the basic, standard and
//! tournament games, on the [`abstract_game::Game`] trait.
//!
//! Each turn a player puts a piece from their reserve on one of the 24 dots around the board
//! and pushes it in along a line, moving the pieces ahead of it one spot up to the first gap.
//! Four or more pieces of one colour in a line form a row: its owner removes the row together
//! with every piece extending it, taking their own pieces back and capturing the other
//! colour's; each GIPF-piece in it may be left standing. A player loses when they must push
//! with an empty reserve, or (standard and tournament) when their last GIPF-piece is removed.
//! The rules as implemented, with every decision and its reason: [`doc::rules`]; the
//! notation: [`doc::notation`]; what stays stable across versions: [`doc::stability`].
//!
//! Two views of the same rules:
//! - [`Gipf`]: one move = one **decision** ([`Decision`]): a push, or one removal decision
//!   (which row, which GIPF-pieces to take), made by the row's owner, who may be the player
//!   who did not push. Removals with only one possible result happen by themselves.
//! - [`GipfTurns`]: one move = one **complete turn** ([`Turn`]): a push and every removal
//!   until the next push, listed once per distinct resulting position, with the canonical text
//!   of the oracle records (`a1-b2 xb2,c3,d4,e5 ; xf4,g4,h4,i4`).
//!
//! ```
//! use abstract_game::{Game, PlayerId};
//! use gipf_core::{Config, Decision, Gipf, GipfTurns, Variant};
//!
//! // A standard game: 42 pushes from the start.
//! let mut game = Gipf::new(&Config::default()).unwrap();
//! assert_eq!(game.legal_moves().len(), 42);
//! game.apply("e1-e2".parse().unwrap()).unwrap();
//! assert_eq!(game.to_move(), Some(PlayerId::SECOND));
//!
//! // A position where White's push b6-b5 makes the row b2-b5; the run holds White's
//! // GIPF-piece b4, so White chooses: take it back (2 pieces to reserve) or leave it.
//! let text = "standard W:b2,b3,Gb4,Ge2,Gh5 B:Gc2,Ge8,Gh2 R:10/12 C:0/0 push:w";
//! let mut game: Gipf = text.parse().unwrap();
//! game.apply("b6-b5".parse().unwrap()).unwrap();
//! assert_eq!(game.to_move(), Some(PlayerId::FIRST)); // White decides the removal
//! let mut choices: Vec<String> = game.legal_moves().iter().map(|d| d.to_string()).collect();
//! choices.sort();
//! assert_eq!(choices, ["xb2,b3,b4,b5", "xb2,b3,b5"]);
//! game.apply("xb2,b3,b5".parse::<Decision>().unwrap()).unwrap(); // leave b4 standing
//! assert_eq!(game.reserve(PlayerId::FIRST), 12);
//! assert_eq!(game.to_move(), Some(PlayerId::SECOND)); // Black's turn to push
//!
//! // The same as complete turns.
//! let turns: GipfTurns = text.parse().unwrap();
//! let all: Vec<String> = turns.legal_moves().iter().map(|t| t.to_string()).collect();
//! assert!(all.contains(&"b6-b5 xb2,b3,b4,b5".to_string()));
//! assert!(all.contains(&"b6-b5 xb2,b3,b5".to_string()));
//! ```
//!
//! **Scores.** [`Game::score`](abstract_game::Game::score) is the number of the other
//! colour's pieces a player has captured (a GIPF-piece counts 2). The outcome is a plain win;
//! GIPF has no draw. For a move limit wrap either view in [`abstract_game::MoveLimit`] (a game
//! reaching it is a draw).
//!
//! **Records.** [`record::parse_record`] and [`record::write_record`] read and write the
//! official game record form.
//!
//! **Features.** `serde`: states and moves serialise as their text forms, [`Config`] by
//! derive. `arbitrary`: `Arbitrary` for [`Variant`], [`Config`], [`Spot`], [`SpotSet`],
//! [`Push`], [`Decision`], [`Turn`], [`Gipf`] and [`GipfTurns`] (positions reached by legal
//! moves from the start), building only valid values, for fuzzing and property tests; needs
//! std. `std` (default): the evaluation's `tanh` and the pictures' `hypot` from the platform;
//! without it the crate is `no_std` with `alloc` and takes them from `libm`, which may differ
//! in the last bits.
#![cfg_attr(not(test), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod actions;
#[cfg(feature = "arbitrary")]
mod arbitrary;
mod board;
pub mod doc;
mod end;
mod eval;
mod float;
mod hash;
mod movegen;
mod moves;
mod observe;
mod position;
mod random;
pub mod record;
mod rules;
mod spot_set;
mod svg;
mod symmetry;
mod turns;

pub use board::{Dot, N_PUSHES, PointError, Spot};
pub use end::End;
pub use moves::{Decision, MoveParseError, OverlappingRemovals, Push, Turn};
pub use position::PositionError;
pub use rules::{Gipf, IllegalMove};
pub use spot_set::{SpotIter, SpotListError, SpotSet};
pub use svg::{LastMove, SvgOptions};
pub use turns::{GipfTurns, NotTurnStart};

use core::fmt;
use core::str::FromStr;

/// Which game: basic (single pieces only), standard (three GIPF-pieces each from the start)
/// or tournament (empty board, GIPF-pieces brought in by the players).
///
/// ```
/// use gipf_core::Variant;
/// assert_eq!("tournament".parse::<Variant>().unwrap(), Variant::Tournament);
/// assert_eq!(Variant::default().to_string(), "standard");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Variant {
    /// Singles on the six start spots, 12 in each reserve (15 pieces each), no GIPF-pieces.
    Basic = 0,
    /// GIPF-pieces on the six start spots, 12 in each reserve (18 pieces each).
    #[default]
    Standard = 1,
    /// Empty board, 18 in each reserve; GIPF-pieces are brought in by the players.
    Tournament = 2,
}

impl Variant {
    /// Pieces per player: 15 in basic, 18 otherwise.
    #[must_use]
    pub const fn pieces_per_player(self) -> u32 {
        match self {
            Variant::Basic => 15,
            _ => 18,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Basic => "basic",
            Variant::Standard => "standard",
            Variant::Tournament => "tournament",
        })
    }
}

/// A variant name other than `basic`, `standard` or `tournament`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("unknown GIPF variant (basic, standard or tournament)")]
pub struct UnknownVariant;

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "basic" => Ok(Variant::Basic),
            "standard" => Ok(Variant::Standard),
            "tournament" => Ok(Variant::Tournament),
            _ => Err(UnknownVariant),
        }
    }
}

/// Rules parameters of a GIPF game.
///
/// ```
/// use abstract_game::Game;
/// use gipf_core::{Config, Gipf, Variant};
/// let g = Gipf::new(&Config { variant: Variant::Tournament }).unwrap();
/// assert_eq!(g.legal_moves().len(), 42); // the first push must bring in a GIPF-piece
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// The game played (default: standard).
    pub variant: Variant,
}

/// Configuration errors: every [`Config`] is valid, so this has no values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConfigError {}

impl fmt::Display for ConfigError {
    fn fmt(&self, _f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl core::error::Error for ConfigError {}

#[cfg(feature = "serde")]
abstract_game::serde_via_text!(
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    Gipf,
    GipfTurns
);
