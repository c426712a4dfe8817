//! Late move reductions and null windows (`lmr=on`, the default) search fewer nodes to the
//! same depth than the whole-window search (`lmr=off`), and still prove what it proves.

mod common;

use abstract_game::{Evaluate, Game, SeededRng, random_move, toy::Subtraction};
use abstract_game_search::{AlphaBeta, Bot, Limits};

/// Nodes of a depth-`depth` search after 6 seeded random moves from `start`, with and
/// without reductions.
fn nodes<G: Evaluate>(start: &G, depth: u32) -> (u64, u64) {
    let mut state = start.clone();
    let mut rng = SeededRng::new(3);
    for _ in 0..6 {
        let mv = random_move(&state, &mut rng).unwrap();
        state.apply_unchecked(mv);
    }
    let count = |on: bool| {
        let mut bot = AlphaBeta::<G>::new().with_reductions(on);
        let (_, info) = bot.choose(&state, &Limits::depth(depth)).unwrap();
        assert_eq!(info.depth, depth);
        info.iterations
    };
    (count(true), count(false))
}

#[test]
fn reductions_search_fewer_nodes_in_every_game() {
    let gipf = gipf_core::Gipf::new(&Default::default()).unwrap();
    let epaminondas = common::epaminondas_8x8();
    let pikemen = pikemen_core::Pikemen::new(&Default::default()).unwrap();
    for (game, (on, off)) in [
        ("gipf", nodes(&gipf, 4)),
        ("epaminondas", nodes(&epaminondas, 4)),
        ("pikemen", nodes(&pikemen, 4)),
    ] {
        assert!(
            on < off,
            "{game}: {on} nodes with reductions, {off} without"
        );
    }
}

#[test]
fn reductions_still_prove_a_win() {
    // Taking 2 from 10 (leaving 8, a multiple of 4) wins; both searches prove it.
    let g: Subtraction = "10 3 1".parse().unwrap();
    for on in [true, false] {
        let (mv, info) = AlphaBeta::new()
            .with_reductions(on)
            .choose(&g, &Limits::depth(12))
            .unwrap();
        assert_eq!((mv.0, info.value), (2, 1.0), "reductions {on}");
    }
}
