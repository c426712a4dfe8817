//! The `arbitrary` feature builds only valid values: configurations that start games, moves
//! that read back from their text, positions of both views that pass the kit's checks (see
//! `abstract_game_testkit::check_arbitrary`), with and without a move limit.

use abstract_game::MoveLimit;
use abstract_game_testkit::check_arbitrary;
use arbitrary::{Arbitrary, Unstructured};
use gipf_core::{Config, Decision, Gipf, GipfTurns};

/// Positions with more moves get the text round trip only (as in the fuzz targets): the kit
/// checks every child, which takes minutes where a tournament position has 300,000 turns.
const MAX_CHECKED_MOVES: usize = 500;

#[test]
fn arbitrary_decision_positions_are_valid() {
    let report = check_arbitrary::<Gipf>(120, 7, MAX_CHECKED_MOVES).unwrap();
    assert!(report.checked >= 110, "{report:?}");
    assert!(report.distinct > 110, "{report:?}");
    assert!(report.finished > 0, "{report:?}");
    assert!(report.legal_moves > 0, "{report:?}");
}

#[test]
fn arbitrary_turn_positions_are_valid() {
    let report = check_arbitrary::<GipfTurns>(60, 8, MAX_CHECKED_MOVES).unwrap();
    assert!(report.checked >= 50, "{report:?}");
    assert!(report.distinct > 50, "{report:?}");
}

#[test]
fn arbitrary_limited_positions_are_valid() {
    let report = check_arbitrary::<MoveLimit<Gipf>>(40, 9, MAX_CHECKED_MOVES).unwrap();
    assert!(report.checked >= 35, "{report:?}");
}

/// Every variant comes out, and every kind of decision.
#[test]
fn arbitrary_values_cover_the_variants() {
    let mut variants = [false; 3];
    let mut kinds = [false; 3];
    for i in 0..200u32 {
        let bytes: Vec<u8> = (0..40u32)
            .map(|j| (i * 97 + j * 31 + j * j) as u8)
            .collect();
        let mut u = Unstructured::new(&bytes);
        variants[Config::arbitrary(&mut u).unwrap().variant as usize] = true;
        kinds[match Decision::arbitrary(&mut u).unwrap() {
            Decision::Push(_) => 0,
            Decision::Remove(_) => 1,
            Decision::Keep(_) => 2,
        }] = true;
    }
    assert_eq!(variants, [true; 3]);
    assert_eq!(kinds, [true; 3]);
}
