//! Searches on several threads (`threads=N`): legal moves in every game, the same answers as
//! one thread where the answer is forced by the game's theory, budgets that count the work of
//! all threads, and the stop flag, the clock and depth budgets obeyed.

mod common;

use abstract_game::toy::{Subtraction, Take};
use abstract_game::{Evaluate, Game};
use abstract_game_search::{AlphaBeta, Bot, BotSpec, Limits, Mcts, MctsConfig};
use common::sample_positions;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const SPECS: [&str; 3] = [
    "mcts:iters=200:threads=2",
    "uct:iters=50:threads=3",
    "alphabeta:depth=2:threads=2",
];

/// Plays a few moves of every spec from each position: each one legal, each value in range.
fn check_game<G: Evaluate>(config: &G::Config) {
    let start = G::new(config).unwrap();
    let positions = sample_positions(&start, 3, 200);
    assert!(!positions.is_empty());
    for spec in SPECS {
        let spec: BotSpec = spec.parse().unwrap();
        let mut bot = spec.build::<G>();
        for p in &positions {
            let mut state = p.clone();
            for _ in 0..2 {
                let Some((mv, info)) = bot.choose(&state, &spec.limits()) else {
                    break;
                };
                assert!(state.is_legal(mv), "{spec} chose illegal {mv} in {state}");
                assert!((-1.0..=1.0).contains(&info.value), "{spec}: {info}");
                assert_eq!(info.pv.first(), Some(&mv), "{spec}: {info}");
                state.apply(mv).unwrap();
            }
        }
    }
}

#[test]
fn every_game_gets_legal_moves_from_several_threads() {
    check_game::<gipf_core::Gipf>(&Default::default());
    check_game::<gipf_core::GipfTurns>(&gipf_core::Config {
        variant: gipf_core::Variant::Basic,
    });
    check_game::<epaminondas_core::Epaminondas>(&epaminondas_core::Config {
        width: 8,
        height: 8,
        ..Default::default()
    });
    for players in [2, 4] {
        check_game::<pikemen_core::Pikemen>(&pikemen_core::Config {
            players,
            ..Default::default()
        });
    }
}

#[test]
fn several_threads_find_the_winning_move() {
    // 13 tokens, take 1..3: take 1 to leave 12; 10 tokens: take 2 to leave 8.
    for spec in [
        "mcts:iters=3000:threads=2",
        "uct:iters=3000:threads=4",
        "alphabeta:depth=8:threads=2",
        "alphabeta:nodes=5000:threads=3",
    ] {
        let spec: BotSpec = spec.parse().unwrap();
        let mut bot = spec.build::<Subtraction>();
        for (pile, take) in [(13, 1), (10, 2)] {
            let g: Subtraction = format!("{pile} 3 1").parse().unwrap();
            let (mv, info) = bot.choose(&g, &spec.limits()).unwrap();
            assert_eq!(mv, Take(take), "{spec} at {pile}: {info}");
            assert!(info.value > 0.0, "{spec}: {info}");
        }
    }
}

#[test]
fn work_budgets_count_the_work_of_every_thread() {
    let gipf = gipf_core::Gipf::new(&Default::default()).unwrap();
    let (_, info) = Mcts::new(MctsConfig::default())
        .with_threads(2)
        .choose(&gipf, &Limits::iterations(2000))
        .unwrap();
    // Each thread reports its work 256 iterations at a time: at most one batch each over.
    assert!((2000..=2000 + 2 * 256).contains(&info.iterations), "{info}");
    let (_, info) = AlphaBeta::new()
        .with_threads(2)
        .choose(&gipf, &Limits::iterations(30_000))
        .unwrap();
    assert!(
        (30_000..=30_000 + 2 * 256).contains(&info.iterations),
        "{info}"
    );
    // A small budget is not overshot by whole batches.
    let (_, info) = Mcts::new(MctsConfig::default())
        .with_threads(2)
        .choose(&gipf, &Limits::iterations(48))
        .unwrap();
    assert!((48..=54).contains(&info.iterations), "{info}");
}

#[test]
fn a_depth_budget_is_searched_to_its_depth() {
    let epaminondas = epaminondas_core::Epaminondas::new(&Default::default()).unwrap();
    let mut bot = AlphaBeta::new().with_threads(2);
    assert_eq!(bot.threads(), 2);
    for depth in [1, 3] {
        let (mv, info) = bot.choose(&epaminondas, &Limits::depth(depth)).unwrap();
        assert!(epaminondas.is_legal(mv));
        assert_eq!(info.depth, depth, "{info}");
    }
}

#[test]
fn stop_flag_and_clock_end_every_thread() {
    let stop = Arc::new(AtomicBool::new(true));
    let gipf = gipf_core::Gipf::new(&Default::default()).unwrap();
    for spec in ["mcts:threads=2", "uct:threads=2", "alphabeta:threads=2"] {
        let spec: BotSpec = spec.parse().unwrap();
        let mut bot = spec.build::<gipf_core::Gipf>();
        for limits in [
            Limits::time(Duration::ZERO),
            Limits::none().with_stop(stop.clone()),
            Limits::iterations(0),
        ] {
            let (mv, _) = bot.choose(&gipf, &limits).unwrap();
            assert!(gipf.is_legal(mv), "{spec} {limits:?}");
        }
        let (_, info) = bot
            .choose(&gipf, &Limits::time(Duration::from_millis(30)))
            .unwrap();
        // Generous: the machine is shared, but a runaway thread would take far longer.
        assert!(info.elapsed < Duration::from_millis(1000), "{spec}: {info}");
    }
    // An "infinite" budget ends by the flag alone, set while the threads search.
    let flag = Arc::new(AtomicBool::new(false));
    let setter = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        })
    };
    let limits = Limits::iterations(u64::MAX).with_stop(flag);
    let (mv, _) = AlphaBeta::new()
        .with_threads(2)
        .choose(&gipf, &limits)
        .unwrap();
    assert!(gipf.is_legal(mv));
    setter.join().unwrap();
}

#[test]
fn thread_counts_are_clamped() {
    assert_eq!(AlphaBeta::<Subtraction>::new().with_threads(0).threads(), 1);
    assert_eq!(
        Mcts::<Subtraction>::new(MctsConfig::default())
            .with_threads(1000)
            .threads(),
        64
    );
}
