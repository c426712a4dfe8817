//! Random walk: the input's first bytes are an arbitrary configuration (the `arbitrary`
//! feature: any board size the engine takes, stones where they fit, either mirror rule), every
//! further byte the move to play (index modulo the legal moves); the kit's per-position checks
//! run after every step.
#![no_main]

use abstract_game::Game;
use epaminondas_core::{Config, Epaminondas};
use libfuzzer_sys::arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(config) = Config::arbitrary(&mut u) else {
        return;
    };
    let g = Epaminondas::new(&config).unwrap();
    if let Err(e) = abstract_game_testkit::check_walk(&g, u.take_rest(), 300) {
        panic!("{config:?}: {e}");
    }
});
