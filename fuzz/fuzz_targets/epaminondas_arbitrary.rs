//! Arbitrary values (the `arbitrary` feature): the input is read as a configuration, a
//! position with a move limit and a move, and each must be valid: the kit's
//! `check_arbitrary_input` (the configuration starts a game, the position passes the kit's
//! checks and reads back from its text, the move reads back and is accepted exactly when
//! generated).
#![no_main]

use abstract_game::MoveLimit;
use epaminondas_core::Epaminondas;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) =
        abstract_game_testkit::check_arbitrary_input::<MoveLimit<Epaminondas>>(data, usize::MAX)
    {
        panic!("{e}");
    }
});
