//! Random walk: the first byte picks the rules (board size, stones, mirror rule), every further
//! byte the move to play (index modulo the legal moves); the kit's per-position checks run
//! after every step.
#![no_main]

use abstract_game::Game;
use epaminondas_core::{Config, Epaminondas};
use libfuzzer_sys::fuzz_target;

const SIZES: [(u8, u8); 8] = [
    (14, 12),
    (8, 8),
    (10, 8),
    (6, 7),
    (4, 5),
    (2, 4),
    (16, 15),
    (5, 9),
];

fuzz_target!(|data: &[u8]| {
    let Some((&head, picks)) = data.split_first() else {
        return;
    };
    let (width, height) = SIZES[usize::from(head % 8)];
    let config = Config {
        width,
        height,
        stones: head & 8 != 0 && height >= 7,
        mirror: head & 16 == 0,
    };
    let g = Epaminondas::new(&config).unwrap();
    if let Err(e) = abstract_game_testkit::check_walk(&g, picks, 300) {
        panic!("{e}");
    }
});
