//! Decision text: never panics; what parses re-displays and re-parses equal; checking it (and
//! reading it in context) at the three start positions and after a row-making push never
//! panics, and `check_move` agrees with generation.
#![no_main]

use abstract_game::Game;
use gipf_core::{Config, Decision, Gipf, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut states: Vec<Gipf> = [Variant::Basic, Variant::Standard, Variant::Tournament]
        .into_iter()
        .map(|variant| Gipf::new(&Config { variant }).unwrap())
        .collect();
    let mut g: Gipf = "standard W:c3,d4,Ge2,e5,h5 B:Ge8,Gf5 R:12/14 C:0/0 push:w"
        .parse()
        .unwrap();
    g.apply("a1-b2".parse().unwrap()).unwrap();
    states.push(g);
    if let Ok(m) = text.parse::<Decision>() {
        let again = m.to_string();
        assert_eq!(again.parse::<Decision>(), Ok(m));
        assert_eq!(again.parse::<Decision>().unwrap().to_string(), again);
        for s in &states {
            let legal = s.legal_moves().contains(&m);
            assert_eq!(s.check_move(m).is_ok(), legal);
        }
    }
    for s in &states {
        let _ = s.parse_move(text);
    }
});
