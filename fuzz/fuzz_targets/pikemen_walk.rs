//! Random walk: the first byte picks the player count and target, every further byte the
//! move to play (index modulo the legal moves); the kit's per-position checks run after every
//! step.
#![no_main]

use abstract_game::{Game, MoveList};
use libfuzzer_sys::fuzz_target;
use pikemen_core::{Config, Pikemen};

fuzz_target!(|data: &[u8]| {
    let Some((&head, picks)) = data.split_first() else {
        return;
    };
    let players = 2 + head % 3;
    let target = [12, 15, 20, 3][usize::from(head / 3 % 4)];
    let mut g = Pikemen::new(&Config { players, target }).unwrap();
    let mut moves = MoveList::<Pikemen>::new();
    for &b in picks.iter().take(256) {
        if let Err(e) = abstract_game_testkit::check_position(&g) {
            panic!("{g}: {e}");
        }
        moves.clear();
        g.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        g.apply(moves[usize::from(b) % moves.len()]).unwrap();
    }
    if let Err(e) = abstract_game_testkit::check_position(&g) {
        panic!("{g}: {e}");
    }
});
