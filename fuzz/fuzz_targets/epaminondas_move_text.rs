//! Move text: never panics; what parses prints back exactly as read and re-parses equal.
#![no_main]

use epaminondas_core::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<Move>() {
        let shown = mv.to_string();
        assert_eq!(shown, text, "move text is canonical");
        assert_eq!(shown.parse::<Move>(), Ok(mv));
    }
});
