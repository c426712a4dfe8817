//! Position text: never panics; what parses prints back, re-parses equal and passes the kit's
//! per-position checks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pikemen_core::Pikemen;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(g) = text.parse::<Pikemen>() {
        let shown = g.to_string();
        assert_eq!(shown.parse::<Pikemen>().as_ref(), Ok(&g));
        if let Err(e) = abstract_game_testkit::check_position(&g) {
            panic!("{shown}: {e}");
        }
    }
});
