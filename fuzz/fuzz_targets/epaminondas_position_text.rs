//! Position text: never panics; what parses prints back exactly as read and re-parses equal;
//! any position that parses (however strange) passes the kit's per-position checks.
#![no_main]

use epaminondas_core::Epaminondas;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = text.parse::<Epaminondas>() {
        let shown = p.to_string();
        assert_eq!(shown, text, "position text is canonical");
        assert_eq!(shown.parse::<Epaminondas>().as_ref(), Ok(&p));
        if let Err(e) = abstract_game_testkit::check_position(&p) {
            panic!("{p}: {e}");
        }
    }
});
