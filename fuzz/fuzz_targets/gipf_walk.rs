//! Random walk: the first byte picks the view (decisions or complete turns), the next bytes
//! are an arbitrary configuration (the `arbitrary` feature: the variant), every further byte
//! the move to play (index modulo the legal moves); the kit's per-position checks run after
//! every step.
#![no_main]

use abstract_game::Game;
use gipf_core::{Config, Gipf, GipfTurns};
use libfuzzer_sys::arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;

fn walk<G: Game>(start: G, picks: &[u8]) {
    if let Err(e) = abstract_game_testkit::check_walk(&start, picks, 200) {
        panic!("{e}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&view, rest)) = data.split_first() else {
        return;
    };
    let mut u = Unstructured::new(rest);
    let Ok(config) = Config::arbitrary(&mut u) else {
        return;
    };
    if view % 2 == 0 {
        walk(Gipf::new(&config).unwrap(), u.take_rest());
    } else {
        walk(GipfTurns::new(&config).unwrap(), u.take_rest());
    }
});
