//! Official records: reading never panics; a record that reads writes back to a record that
//! reads to the same turns.
#![no_main]

use abstract_game::Game;
use gipf_core::record::{parse_record, write_record};
use gipf_core::{Config, GipfTurns, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let variant = [Variant::Basic, Variant::Standard, Variant::Tournament][usize::from(head % 3)];
    let start = GipfTurns::new(&Config { variant }).unwrap();
    if let Ok(turns) = parse_record(&start, text) {
        let written = write_record(&start, &turns).unwrap();
        assert_eq!(parse_record(&start, &written), Ok(turns));
    }
});
