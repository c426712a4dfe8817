//! The `arbitrary` feature builds only valid values: configurations that start games, moves
//! that read back from their text, positions that pass the kit's checks (see
//! `abstract_game_testkit::check_arbitrary`), with and without a move limit.

use abstract_game::MoveLimit;
use abstract_game_testkit::check_arbitrary;
use arbitrary::{Arbitrary, Unstructured};
use epaminondas_core::{Config, Epaminondas, Move};

#[test]
fn arbitrary_positions_and_moves_are_valid() {
    let report = check_arbitrary::<Epaminondas>(60, 11, usize::MAX).unwrap();
    assert_eq!(report.checked, 60);
    assert!(report.distinct > 55, "{report:?}");
    assert!(report.finished > 0, "{report:?}");
    assert!(report.legal_moves > 0, "{report:?}");
}

#[test]
fn arbitrary_limited_positions_are_valid() {
    let report = check_arbitrary::<MoveLimit<Epaminondas>>(25, 12, usize::MAX).unwrap();
    assert_eq!(report.checked, 25);
}

/// Boards of the extreme sizes, both switches, and moves of every kind come out.
#[test]
fn arbitrary_values_cover_the_variants() {
    let (mut narrowest, mut tallest, mut stones, mut no_mirror) = (false, false, false, false);
    let mut kinds = [false; 3];
    for i in 0..400u32 {
        let bytes: Vec<u8> = (0..40u32)
            .map(|j| (i * 97 + j * 31 + j * j) as u8)
            .collect();
        let mut u = Unstructured::new(&bytes);
        let c = Config::arbitrary(&mut u).unwrap();
        assert!(c.validate().is_ok(), "{c:?}");
        narrowest |= c.width == 2;
        tallest |= c.height == 16;
        stones |= c.stones;
        no_mirror |= !c.mirror;
        let m = Move::arbitrary(&mut u).unwrap();
        kinds[m.kind() as usize] = true;
    }
    assert!(narrowest && tallest && stones && no_mirror);
    assert_eq!(kinds, [true; 3]);
}
