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

/// For each position where depth `d + 1` chooses another move than depth `d`: whether a
/// search whose node budget ends one node before depth `d + 1` would have finished plays
/// depth `d + 1`'s move, whether it plays depth `d`'s, and the depth it reports. (The search
/// is deterministic, so that budget replays the full search up to that node.)
fn stopped_just_before_the_next_depth<G: Evaluate>(
    positions: &[G],
    d: u32,
    on: bool,
) -> Vec<(bool, bool, u32)> {
    let mut out = Vec::new();
    for state in positions {
        let search = |limits: Limits| {
            AlphaBeta::<G>::new()
                .with_reductions(on)
                .choose(state, &limits)
                .unwrap()
        };
        let (shallow, _) = search(Limits::depth(d));
        let (deep, full) = search(Limits::depth(d + 1));
        if shallow == deep || full.depth != d + 1 {
            continue;
        }
        let (played, info) = search(Limits::iterations(full.iterations - 1));
        out.push((played == deep, played == shallow, info.depth));
    }
    out
}

#[test]
fn an_unfinished_depth_plays_a_move_that_beat_the_last_depths_choice() {
    let gipf =
        common::sample_positions(&gipf_core::Gipf::new(&Default::default()).unwrap(), 12, 60);
    let epaminondas = common::sample_positions(&common::epaminondas_8x8(), 12, 60);
    let mut cases = stopped_just_before_the_next_depth(&gipf, 2, true);
    cases.extend(stopped_just_before_the_next_depth(&epaminondas, 2, true));
    assert!(
        cases.len() >= 5,
        "only {} positions changed their move at depth 3",
        cases.len()
    );
    // The last completed depth is the one reported.
    assert!(cases.iter().all(|c| c.2 == 2), "{cases:?}");
    // Stopped during depth 3's last nodes, the search has searched depth 3's choice in
    // full (unless it is the last root move searched) and plays it rather than depth 2's.
    let taken = cases.iter().filter(|c| c.0).count();
    assert!(
        taken * 2 > cases.len(),
        "{taken} of {} played depth 3's move",
        cases.len()
    );
    // Without reductions the search is as it was: the last completed depth's move.
    let mut old = stopped_just_before_the_next_depth(&gipf, 2, false);
    old.extend(stopped_just_before_the_next_depth(&epaminondas, 2, false));
    assert!(!old.is_empty());
    assert!(
        old.iter().all(|&(_, shallow, depth)| shallow && depth == 2),
        "{old:?}"
    );
}
