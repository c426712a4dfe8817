//! Position text: never panics; what parses re-displays to a text that parses equal and
//! displays the same; the kit's single-position checks pass on it.
#![no_main]

use gipf_core::{Gipf, GipfTurns};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(g) = text.parse::<Gipf>() {
        let again = g.to_string();
        let back: Gipf = again.parse().unwrap();
        assert_eq!(back, g);
        assert_eq!(back.to_string(), again);
        if let Err(e) = abstract_game_testkit::check_position(&g) {
            panic!("{g}: {e}");
        }
    }
    if let Ok(t) = text.parse::<GipfTurns>() {
        assert_eq!(t.to_string().parse::<GipfTurns>().unwrap(), t);
    }
});
