//! Random walk: the first byte picks the player count and target, every further byte the
//! move to play (index modulo the legal moves, at most 256 moves); the kit's per-position
//! checks run at every position reached (`abstract_game_testkit::check_walk`).
#![no_main]

use abstract_game::Game;
use libfuzzer_sys::fuzz_target;
use pikemen_core::{Config, Pikemen};

fuzz_target!(|data: &[u8]| {
    let Some((&head, picks)) = data.split_first() else {
        return;
    };
    let players = 2 + head % 3;
    let target = [12, 15, 20, 3][usize::from(head / 3 % 4)];
    let start = Pikemen::new(&Config { players, target, ..Config::default() }).unwrap();
    if let Err(e) = abstract_game_testkit::check_walk(&start, picks, 256) {
        panic!("{players} players, target {target}: {e}");
    }
});
