//! Perft on complete turns from the start (reference counts from the rules file, measured with
//! two independent engines).

use abstract_game::{Game, perft};
use gipf_core::{Config, GipfTurns, Variant};

fn start(variant: Variant) -> GipfTurns {
    GipfTurns::new(&Config { variant }).unwrap()
}

#[test]
fn perft_standard_to_4() {
    let g = start(Variant::Standard);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, [42, 1_764, 73_800, 3_066_768]);
}

#[test]
fn perft_basic_to_4() {
    let g = start(Variant::Basic);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, [42, 1_764, 73_800, 3_066_768]);
}

#[test]
fn perft_tournament_to_4() {
    let g = start(Variant::Tournament);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, [42, 1_764, 148_176, 12_446_784]);
}

#[test]
#[ignore = "127 million leaves: run with --ignored in release"]
fn perft_standard_5() {
    assert_eq!(perft(&start(Variant::Standard), 5), 127_371_363);
}

#[test]
#[ignore = "126 million leaves: run with --ignored in release"]
fn perft_basic_5() {
    assert_eq!(perft(&start(Variant::Basic), 5), 126_307_872);
}
