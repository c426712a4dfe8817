//! Random walk: the input's first bytes are an arbitrary configuration (the `arbitrary`
//! feature: 2 to 4 players, any target, either charge rule), every further byte the move to
//! play (index modulo the legal moves, at most 256 moves); the kit's per-position checks run at
//! every position reached (`abstract_game_testkit::check_walk`).
#![no_main]

use abstract_game::Game;
use libfuzzer_sys::arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use pikemen_core::{Config, Pikemen};

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(config) = Config::arbitrary(&mut u) else {
        return;
    };
    let start = Pikemen::new(&config).unwrap();
    if let Err(e) = abstract_game_testkit::check_walk(&start, u.take_rest(), 256) {
        panic!("{config:?}: {e}");
    }
});
