//! Perft from the start positions (counts given by the rules file and the issue) and the
//! perft file of further positions.

use abstract_game::{Game, perft, perft_full};
use epaminondas_core::{Config, Epaminondas};

fn start(width: u8, height: u8, mirror: bool) -> Epaminondas {
    Epaminondas::new(&Config {
        width,
        height,
        mirror,
        ..Config::default()
    })
    .unwrap()
}

#[test]
fn perft_standard_start() {
    for mirror in [true, false] {
        let s = start(14, 12, mirror);
        assert_eq!(perft(&s, 1), 114);
        assert_eq!(perft(&s, 2), 12_996);
        assert_eq!(perft(&s, 3), 1_787_292);
    }
}

#[test]
fn perft_8x8_start() {
    let s = start(8, 8, true);
    assert_eq!(perft(&s, 1), 60);
    assert_eq!(perft(&s, 2), 3_600);
    assert_eq!(perft(&s, 3), 269_278);
}

#[test]
fn bulk_count_agrees_with_full_perft() {
    let s = start(14, 12, true);
    assert_eq!(perft_full(&s, 3), 1_787_292);
    let s = start(10, 8, true);
    assert_eq!(perft(&s, 3), perft_full(&s, 3));
}
