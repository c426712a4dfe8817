//! Pikemen (Jacob Davenport, for Icehouse pyramids) for 2, 3 and 4 players: a complete rules
//! engine on the [`abstract_game::Game`] trait.
//!
//! Each turn the player to move either **reorients** one of their pieces (to any *other* of
//! the 9 states: upright or pointing in one of 8 directions) or **charges** with a lying
//! piece along its direction, stopping on any empty square or capturing an enemy it is allowed
//! to take, then sets any of the 9 states (keeping the old one included). A lying enemy falls
//! to any piece; an upright enemy only to a strictly larger one. (The seed text instead makes
//! the charging piece change its state; [`Config::charge_keeps_state`] set to `false` plays
//! that way.) Captures score the victim's
//! pips (1, 2, 3); the first player to reach the target (12 by default) wins at once. With 3
//! or 4 players a player without pieces is skipped, and the last player with pieces wins.
//! The full rules as implemented, with every decision and its reason: [`doc::rules`]; the
//! notation: [`doc::notation`]; what stays stable across versions: [`doc::stability`].
//!
//! ```
//! use abstract_game::{Game, PlayerId};
//! use pikemen_core::{Config, Move, Pikemen};
//!
//! // A 2-player game to 12 points (the default).
//! let mut game = Pikemen::new(&Config::default()).unwrap();
//! let moves = game.legal_moves();
//! assert_eq!(moves.len(), 120); // 15 pieces x 8 new states
//!
//! // Lay the small piece on e2 down pointing north-west, in the notation of the records.
//! let mv: Move = game.parse_move("e2(NW)").unwrap();
//! game.apply(mv).unwrap();
//! assert_eq!(game.to_move(), Some(PlayerId::SECOND));
//! assert_eq!(game.score(PlayerId::FIRST), 0);
//!
//! // Position text round-trips exactly.
//! let text = game.to_string();
//! assert_eq!(text.parse::<Pikemen>().unwrap(), game);
//! ```
//!
//! **Outcome.** When a player wins (target reached, or last player with pieces), the
//! [`abstract_game::Outcome`] is [`Outcome::winner_then_scores`](abstract_game::Outcome::winner_then_scores):
//! the winner first, the other seats ranked by their points, equal points sharing a rank.
//! Pikemen has no draw; to stop games that cycle, wrap the state in
//! [`abstract_game::MoveLimit`] (a game reaching the limit is a draw).
//!
//! **Features.** `serde`: `Pikemen` and [`Move`] serialise as their text forms, [`Config`] by
//! derive. `arbitrary`: `Arbitrary` for [`Config`], [`Square`], [`State`], [`Size`], [`Move`]
//! and `Pikemen` (a position reached by up to 200 legal moves from the start), building only
//! valid values, for fuzzing and property tests; needs std. `std` (default): the evaluation's
//! `exp` from the platform; without it the crate is `no_std` with `alloc` and takes it from
//! `libm`, which may differ in the last bits.
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
mod rules;
mod svg;
mod symmetry;

pub use board::{Piece, Size, Square, State};
pub use end::End;
pub use moves::{Move, MoveParseError};
pub use position::PositionError;
pub use rules::{IllegalMove, Pikemen};
pub use svg::SvgOptions;

/// Rules parameters of a Pikemen game.
///
/// ```
/// use pikemen_core::{Config, ConfigError, Pikemen};
/// use abstract_game::Game;
/// let four = Config { players: 4, target: 15, ..Config::default() };
/// assert!(Pikemen::new(&four).is_ok());
/// let five = Config { players: 5, ..Config::default() };
/// assert_eq!(Pikemen::new(&five), Err(ConfigError::Players(5)));
/// // The seed text's rule: a charging piece must end in a new state.
/// let seed_rule = Config { charge_keeps_state: false, ..Config::default() };
/// assert!(Pikemen::new(&seed_rule).unwrap().to_string().ends_with(" 12 must-change"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Number of players, 2 to 4 (default 2). Seat 1 moves first; turns go clockwise.
    pub players: u8,
    /// Points that win the game at once (default 12; 15 and 20 are common). At least 1.
    pub target: u32,
    /// Whether a charging piece may end in the state it had before (default `true`, the
    /// designer's published rules, Abstract Play and the oracle records). `false` is the seed
    /// text's rule: after a charge the piece must take one of the 8 other states. Position
    /// text carries `must-change` when it is `false`.
    #[cfg_attr(feature = "serde", serde(default = "keeps_by_default"))]
    pub charge_keeps_state: bool,
}

#[cfg(feature = "serde")]
fn keeps_by_default() -> bool {
    true
}

impl Default for Config {
    /// Two players, 12 points, a charge may keep its state.
    fn default() -> Self {
        Config {
            players: 2,
            target: 12,
            charge_keeps_state: true,
        }
    }
}

impl Config {
    /// Checks the ranges: 2..=4 players, a target of at least 1.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(2..=4).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        if self.target == 0 {
            return Err(ConfigError::Target);
        }
        Ok(())
    }
}

/// Why a [`Config`] was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ConfigError {
    /// The player count is not 2, 3 or 4.
    #[error("Pikemen is played by 2, 3 or 4 players, not {0}")]
    Players(u8),
    /// The points target is 0.
    #[error("the points target must be at least 1")]
    Target,
}
