//! Arbitrary values (the `arbitrary` feature): the first byte picks the view (decisions or
//! complete turns), the rest is read as a configuration, a position with a move limit and a
//! move, and each must be valid: the kit's `check_arbitrary_input` (the configuration starts a
//! game, the position passes the kit's checks and reads back from its text, the move reads
//! back and is accepted exactly when generated).
#![no_main]

use abstract_game::MoveLimit;
use abstract_game_testkit::check_arbitrary_input;
use gipf_core::{Gipf, GipfTurns};
use libfuzzer_sys::fuzz_target;

/// Positions with more moves get the text round trip only: the kit checks every child and
/// every candidate, which takes minutes where a tournament position has 300,000 turns.
const MAX_CHECKED_MOVES: usize = 500;

fuzz_target!(|data: &[u8]| {
    let Some((&view, rest)) = data.split_first() else {
        return;
    };
    let checked = if view % 2 == 0 {
        check_arbitrary_input::<MoveLimit<Gipf>>(rest, MAX_CHECKED_MOVES)
    } else {
        check_arbitrary_input::<MoveLimit<GipfTurns>>(rest, MAX_CHECKED_MOVES)
    };
    if let Err(e) = checked {
        panic!("{e}");
    }
});
