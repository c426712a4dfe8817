//! One thread searches exactly as before parallel search existed: the moves, node and
//! iteration counts, values and lines of seeded searches under work and depth budgets, over a
//! few moves of each game (so that the table, the history and the MCTS tree carried from one
//! move to the next count too).
//!
//! The expected lines were recorded with the search of commit 50f74f5, the last one before
//! `threads` (issue 24): a change of the one-thread path that alters any search shows here.
//! The guided MCTS (`mcts`) changed on purpose since (its children are made as progressive
//! widening admits them, issue 24), and so did alpha-beta (late move reductions and null
//! windows, on by default; `lmr=off` is the search as it was, pinned here): the changed
//! searches' traces are only compared between `threads=1` and the plain spec, as every trace
//! is.

mod common;

use abstract_game::{Evaluate, Game, SeededRng, random_move};
use abstract_game_search::BotSpec;

/// Plays `moves` decisions of `spec` from `start` after 6 seeded random moves; one line per
/// decision: move, depth, iterations, value, principal variation.
fn trace<G: Evaluate>(start: &G, spec: &str, moves: usize) -> Vec<String> {
    let spec: BotSpec = spec.parse().unwrap();
    let mut state = start.clone();
    let mut rng = SeededRng::new(7);
    for _ in 0..6 {
        let mv = random_move(&state, &mut rng).unwrap();
        state.apply_unchecked(mv);
    }
    let mut bot = spec.build::<G>();
    let mut lines = Vec::new();
    for _ in 0..moves {
        let Some((mv, info)) = bot.choose(&state, &spec.limits()) else {
            break;
        };
        let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
        lines.push(format!(
            "{mv} d{} n{} v{:.4} pv {}",
            info.depth,
            info.iterations,
            info.value,
            pv.join(" ")
        ));
        state.apply(mv).unwrap();
    }
    lines
}

const SPECS: [&str; 3] = [
    "alphabeta:depth=3:lmr=off",
    "alphabeta:nodes=20000:lmr=off",
    "uct:iters=300:seed=2",
];

/// Searched like [`SPECS`] but not pinned to recorded lines.
const UNPINNED: [&str; 3] = [
    "mcts:iters=400:seed=3",
    "alphabeta:depth=3",
    "alphabeta:nodes=20000",
];

/// The traces of every spec of `specs` with `suffix` appended, headed by game and spec.
fn all_traces(specs: &[&str], suffix: &str) -> Vec<String> {
    let gipf = gipf_core::Gipf::new(&Default::default()).unwrap();
    let epaminondas = common::epaminondas_8x8();
    let pikemen = pikemen_core::Pikemen::new(&pikemen_core::Config {
        players: 3,
        ..Default::default()
    })
    .unwrap();
    let mut out = Vec::new();
    for spec in specs {
        let spec = &format!("{spec}{suffix}");
        out.push(format!("gipf {spec}"));
        out.extend(trace(&gipf, spec, 3));
        out.push(format!("epaminondas {spec}"));
        out.extend(trace(&epaminondas, spec, 3));
        out.push(format!("pikemen {spec}"));
        out.extend(trace(&pikemen, spec, 3));
    }
    out
}

#[test]
fn one_thread_searches_as_before() {
    let found = all_traces(&SPECS, "");
    let expected: Vec<String> = EXPECTED.iter().map(ToString::to_string).collect();
    assert_eq!(found, expected, "found:\n{}", found.join("\n"));
}

#[test]
fn threads_1_is_the_same_search() {
    let found = all_traces(&SPECS, ":threads=1");
    let expected: Vec<String> = EXPECTED
        .iter()
        .map(|l| match l.split_once(' ') {
            Some((game, spec)) if SPECS.contains(&spec) => format!("{game} {spec}:threads=1"),
            _ => l.to_string(),
        })
        .collect();
    assert_eq!(found, expected);
    let plain = all_traces(&UNPINNED, "");
    assert_eq!(plain.len(), 36, "{plain:?}");
    assert_eq!(
        all_traces(&UNPINNED, ":threads=1"),
        plain
            .iter()
            .map(|l| match l.split_once(' ') {
                Some((game, spec)) if UNPINNED.contains(&spec) =>
                    format!("{game} {spec}:threads=1"),
                _ => l.clone(),
            })
            .collect::<Vec<_>>()
    );
}

const EXPECTED: &[&str] = &[
    "gipf alphabeta:depth=3:lmr=off",
    "a4-b4 d3 n3602 v0.0000 pv a4-b4 a1-b2 a4-b4",
    "a1-b2 d3 n3261 v0.1974 pv a1-b2 a4-b4 a1-b2",
    "a4-b4 d3 n3469 v0.0997 pv a4-b4 a1-b2 a4-b4",
    "epaminondas alphabeta:depth=3:lmr=off",
    "g1-d4 d3 n16679 v-0.0570 pv g1-d4 b8-e5 c1xh6",
    "e6xh3 d3 n17346 v0.0751 pv e6xh3 c1xh6 e8-h5",
    "d1xg4 d3 n25458 v-0.1103 pv d1xg4 h7xh4 e3xh3",
    "pikemen alphabeta:depth=3:lmr=off",
    "f3(NW) d3 n20472 v-0.0076 pv f3(NW) a3(NE) c6(U)",
    "a3(NE) d3 n55407 v-0.0087 pv a3(NE) b7(SE) f3xc6",
    "a6(SE) d3 n36863 v-0.1354 pv a6(SE) f3xc6(E) a3xd6(E)",
    "gipf alphabeta:nodes=20000:lmr=off",
    "e1-e2 d4 n20000 v-0.0831 pv e1-e2 d1-e2 d1-d2 a1-b2 g1-f2 xb3,c3,e3,f2",
    "a5-b5 d4 n20000 v0.0167 pv a5-b5 e1-e2 a1-b2 a3-b4 c7-d7",
    "e1-e2 d4 n20000 v-0.0831 pv e1-e2 a1-b2 d1-d2 a5-b5 d1-d2",
    "epaminondas alphabeta:nodes=20000:lmr=off",
    "g1-d4 d3 n20000 v-0.0570 pv g1-d4 b8-e5 c1xh6 g8xg5",
    "e6xh3 d3 n20000 v0.0751 pv e6xh3 c1xh6 e8-h5 d1-f3",
    "c1xh6 d2 n20000 v-0.0751 pv c1xh6 f8-f6 a1-c3",
    "pikemen alphabeta:nodes=20000:lmr=off",
    "f3(NW) d2 n20000 v0.0203 pv f3(NW) a3(NE) c6(U)",
    "d1(NE) d2 n20000 v-0.0364 pv d1(NE) a6(SE) f3(U)",
    "c6(U) d2 n20000 v-0.1793 pv c6(U) f3-e4(N) d1xg4(NW)",
    "gipf uct:iters=300:seed=2",
    "h6-h5 d3 n300 v0.1724 pv h6-h5 d1-e2 e1-e2",
    "a4-b4 d3 n300 v0.5484 pv a4-b4 a4-b5 i2-h2",
    "a3-b3 d3 n300 v0.0526 pv a3-b3 i4-h5 i4-h4",
    "epaminondas uct:iters=300:seed=2",
    "h4-g3 d3 n300 v0.5714 pv h4-g3 b8-b7 g2-f3",
    "c7-c8 d3 n300 v0.6923 pv c7-c8 g3-h2 a8-b7",
    "h3-h2 d3 n300 v0.6000 pv h3-h2 g8-c4 g3-f3",
    "pikemen uct:iters=300:seed=2",
    "h5(E) d3 n300 v0.3571 pv h5(E) b3(N) a6(N)",
    "d3(SE) d3 n300 v0.5500 pv d3(SE) d6(SW) g6(N)",
    "b7(NE) d3 n300 v0.5556 pv b7(NE) f5-e6(N) c3(N)",
];
