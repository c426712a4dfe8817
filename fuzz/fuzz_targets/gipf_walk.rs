//! Random walk: the first byte picks the variant and the view (decisions or complete turns),
//! every further byte the move to play (index modulo the legal moves); the kit's per-position
//! checks run after every step.
#![no_main]

use abstract_game::Game;
use gipf_core::{Config, Gipf, GipfTurns, Variant};
use libfuzzer_sys::fuzz_target;

fn walk<G: Game>(start: G, picks: &[u8]) {
    if let Err(e) = abstract_game_testkit::check_walk(&start, picks, 200) {
        panic!("{e}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&head, picks)) = data.split_first() else {
        return;
    };
    let variant = [Variant::Basic, Variant::Standard, Variant::Tournament][usize::from(head % 3)];
    let config = Config { variant };
    if head / 3 % 2 == 0 {
        walk(Gipf::new(&config).unwrap(), picks);
    } else {
        walk(GipfTurns::new(&config).unwrap(), picks);
    }
});
