//! Move text: never panics; what parses prints back exactly and re-parses equal; checking the
//! move against the start positions never panics either.
#![no_main]

use abstract_game::Game;
use libfuzzer_sys::fuzz_target;
use pikemen_core::{Config, Move, Pikemen};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = text.parse::<Move>() {
        assert_eq!(m.to_string(), text);
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        for players in 2..=4 {
            let g = Pikemen::new(&Config {
                players,
                target: 12,
                ..Config::default()
            })
            .unwrap();
            let legal = g.legal_moves().contains(&m);
            assert_eq!(g.check_move(m).is_ok(), legal);
        }
    }
});
