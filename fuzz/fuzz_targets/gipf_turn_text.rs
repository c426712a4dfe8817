//! Complete-turn text: never panics; what parses re-displays and re-parses equal; checking it
//! at the start positions never panics and agrees with generation.
#![no_main]

use abstract_game::Game;
use gipf_core::{Config, GipfTurns, Turn, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let states: Vec<GipfTurns> = [Variant::Basic, Variant::Standard, Variant::Tournament]
        .into_iter()
        .map(|variant| GipfTurns::new(&Config { variant }).unwrap())
        .chain(std::iter::once(
            "standard W:c3,d4,Ge2,e5,h5 B:Ge8,Gf5 R:12/14 C:0/0 push:w"
                .parse()
                .unwrap(),
        ))
        .collect();
    if let Ok(m) = text.parse::<Turn>() {
        let again = m.to_string();
        assert_eq!(again.parse::<Turn>(), Ok(m));
        for s in &states {
            let legal = s.legal_moves().contains(&m);
            assert_eq!(s.check_move(m).is_ok(), legal);
        }
    }
    for s in &states {
        let _ = s.parse_move(text);
    }
});
