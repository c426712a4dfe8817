//! The `arbitrary` feature builds only valid values: configurations that start games, moves
//! that read back from their text, positions that pass the kit's checks (see
//! `abstract_game_testkit::check_arbitrary`), with and without a move limit.

use abstract_game::{Game, MoveLimit};
use abstract_game_testkit::check_arbitrary;
use arbitrary::{Arbitrary, Unstructured};
use pikemen_core::{Config, Move, Pikemen};

#[test]
fn arbitrary_positions_and_moves_are_valid() {
    let report = check_arbitrary::<Pikemen>(150, 23, usize::MAX).unwrap();
    assert_eq!(report.checked, 150);
    // The walks go somewhere: most positions differ, some games are over, and some arbitrary
    // moves are legal where they are read.
    assert!(report.distinct > 140, "{report:?}");
    assert!(report.finished > 0, "{report:?}");
    assert!(report.legal_moves > 0, "{report:?}");
}

#[test]
fn arbitrary_limited_positions_are_valid() {
    let report = check_arbitrary::<MoveLimit<Pikemen>>(60, 5, usize::MAX).unwrap();
    assert_eq!(report.checked, 60);
}

/// Every player count and both charge rules come out, and so do moves of every kind.
#[test]
fn arbitrary_values_cover_the_variants() {
    let mut players = [false; 5];
    let mut rules = [false; 2];
    let (mut reorient, mut charge, mut capture) = (false, false, false);
    for i in 0..200u32 {
        let bytes: Vec<u8> = (0..40u32)
            .map(|j| (i * 97 + j * 31 + j * j) as u8)
            .collect();
        let mut u = Unstructured::new(&bytes);
        let c = Config::arbitrary(&mut u).unwrap();
        assert!(c.validate().is_ok(), "{c:?}");
        players[usize::from(c.players)] = true;
        rules[usize::from(c.charge_keeps_state)] = true;
        let m = Move::arbitrary(&mut u).unwrap();
        reorient |= m.is_reorient();
        capture |= m.is_capture();
        charge |= !m.is_reorient() && !m.is_capture();
    }
    assert_eq!(players, [false, false, true, true, true]);
    assert_eq!(rules, [true, true]);
    assert!(reorient && charge && capture);
    // A position's player count is its configuration's.
    let g = Pikemen::arbitrary(&mut Unstructured::new(&[2, 0, 0, 0, 9])).unwrap();
    assert_eq!(g.player_count(), g.config().players);
}
