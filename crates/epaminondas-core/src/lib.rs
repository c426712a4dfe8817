//! Epaminondas (Robert Abbott), the complete rules engine on the [`abstract_game::Game`] trait.
//!
//! Two players move *phalanxes* (straight lines of their own pieces) along their own line, as
//! far as the number of pieces that move; a phalanx captures a strictly smaller enemy phalanx
//! met head on along the line of movement. At the start of a turn, a player with strictly more
//! pieces on the opponent's home row than the opponent has on theirs wins; a player with no
//! legal move loses. The rules as implemented, with every decision and its reason, are in
//! [`doc::rules`]; texts in [`doc::notation`]; what stays stable across versions in
//! [`doc::stability`].
//!
//! - [`Epaminondas`]: the state (board, stones, player to move, rule switches).
//! - [`Config`]: board size (default 14 x 12), the stumbling-blocks variant (`stones`), the
//!   mirror rule (`mirror`, on by default).
//! - [`Move`]: `a1-a3`, `c2xc5` (capture), `d6` (stone), the Abstract Play notation.
//! - [`Game::score`] is the number of enemy pieces the player has captured, counted as the
//!   pieces missing from the opponent's starting two full rows.
//! - A move limit is [`abstract_game::MoveLimit`]`<Epaminondas>`.
//!
//! ```
//! use abstract_game::{perft, Game, PlayerId};
//! use epaminondas_core::{Config, Epaminondas, Move};
//!
//! let mut game = Epaminondas::new(&Config::default()).unwrap();
//! assert_eq!(game.legal_moves().len(), 114);
//! assert_eq!(perft(&game, 2), 12_996);
//!
//! // The two pieces of file a move two squares.
//! let mv: Move = "a1-a4".parse().unwrap();
//! game.apply(mv).unwrap();
//! assert_eq!(game.to_move(), Some(PlayerId::SECOND));
//! print!("{}", game.diagram());
//!
//! // A position from its text (rank 8 first): White's pair b1-b2 faces a lone black piece
//! // on b4 and captures it; the lone b2 alone cannot.
//! let p: Epaminondas = "....../....../..2.../....../.2..../....../.1..../.1..1. 1 mirror:on stones:off"
//!     .parse()
//!     .unwrap();
//! assert!(p.is_legal("b1xb4".parse().unwrap()));
//! assert!(!p.is_legal("b2xb4".parse().unwrap()));
//! assert_eq!(p.after("b1xb4".parse().unwrap()).unwrap().piece_count(PlayerId::SECOND), 1);
//! ```
//!
//! **Features.** The crate is `no_std` with `alloc`. `serde`: the state and [`Move`] serialise
//! as their text forms, [`Config`] by derive. `arbitrary`: `Arbitrary` for [`Config`],
//! [`Square`], [`MoveKind`], [`Move`] and [`Epaminondas`] (a position reached by up to 200
//! legal moves from the start), building only valid values, for fuzzing and property tests;
//! needs std.
#![cfg_attr(not(test), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

extern crate alloc;

mod actions;
#[cfg(feature = "arbitrary")]
mod arbitrary;
mod bits;
mod board;
pub mod doc;
mod end;
mod eval;
mod hash;
mod lines;
mod movegen;
mod moves;
mod observe;
mod position;
mod random;
mod rules;
mod svg;
mod symmetry;

pub use board::{BadSquare, Content, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH, Square};
pub use end::End;
pub use movegen::IllegalMove;
pub use moves::{Move, MoveKind, MoveParseError};
pub use position::PositionError;
pub use rules::{Config, ConfigError, Epaminondas, STONE_COUNT};
pub use svg::SvgOptions;

#[cfg(doc)]
use abstract_game::Game;
