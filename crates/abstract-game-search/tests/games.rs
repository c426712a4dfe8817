//! Every bot on every game, variant and player count: a legal move from positions of random
//! games (including the decision before the end, and GIPF row removals decided by the player
//! who did not push), and the same moves again under the same seed and budget.

mod common;

use abstract_game::{Evaluate, Game, MoveList};
use abstract_game_search::{BotSpec, Limits};
use common::sample_positions;

const SPECS: [&str; 5] = [
    "random:seed=1",
    "greedy:seed=1",
    "mcts:iters=48:seed=1",
    "uct:iters=8:seed=1",
    "alphabeta:depth=2",
];

fn check_bots<G: Evaluate>(positions: &[G]) {
    assert!(!positions.is_empty());
    for spec in SPECS {
        let spec: BotSpec = spec.parse().unwrap();
        let limits = spec.limits();
        let mut bot = spec.build::<G>();
        let mut again = spec.build::<G>();
        for p in positions {
            let (mv, info) = bot
                .choose(p, &limits)
                .unwrap_or_else(|| panic!("{spec} passed in {p}"));
            assert!(p.is_legal(mv), "{spec} chose illegal {mv} in {p}");
            assert!((-1.0..=1.0).contains(&info.value), "{spec} in {p}: {info}");
            let (mv2, _) = again.choose(p, &limits).unwrap();
            assert_eq!(mv, mv2, "{spec} not deterministic in {p}");
        }
    }
}

fn check_game<G: Evaluate>(config: &G::Config, games: u64) {
    let start = G::new(config).unwrap();
    check_bots(&sample_positions(&start, games, 300));
}

#[test]
fn pikemen_every_player_count() {
    for players in 2..=4 {
        let config = pikemen_core::Config {
            players,
            ..Default::default()
        };
        check_game::<pikemen_core::Pikemen>(&config, 4);
    }
}

#[test]
fn epaminondas_every_variant() {
    for (width, height, stones, mirror) in [
        (14, 12, false, true),
        (8, 8, false, true),
        (10, 8, true, true),
        (8, 8, false, false),
    ] {
        let config = epaminondas_core::Config {
            width,
            height,
            stones,
            mirror,
        };
        check_game::<epaminondas_core::Epaminondas>(&config, 3);
    }
}

#[test]
fn gipf_every_variant_and_turns() {
    use gipf_core::Variant;
    for variant in [Variant::Basic, Variant::Standard, Variant::Tournament] {
        let config = gipf_core::Config { variant };
        check_game::<gipf_core::Gipf>(&config, 4);
        check_game::<gipf_core::GipfTurns>(&config, 2);
    }
}

/// Positions where a row removal is to be decided by the seat that did not push.
fn removals_by_the_other_player(games: u64) -> Vec<gipf_core::Gipf> {
    let start = gipf_core::Gipf::new(&Default::default()).unwrap();
    let mut found = Vec::new();
    for seed in 0..games {
        let mut rng = abstract_game::SeededRng::new(seed);
        let mut state = start.clone();
        let mut moves = MoveList::<gipf_core::Gipf>::new();
        while let Some(mover) = state.to_move() {
            moves.clear();
            state.generate_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            state.apply_unchecked(mv);
            let pushed = matches!(mv, gipf_core::Decision::Push(_));
            let next = state.to_move();
            if pushed && next.is_some_and(|n| n != mover) {
                let removal = state
                    .legal_moves()
                    .iter()
                    .all(|m| !matches!(m, gipf_core::Decision::Push(_)));
                if removal {
                    found.push(state.clone());
                }
            }
        }
    }
    found
}

#[test]
fn gipf_removals_decided_by_the_player_who_did_not_push() {
    let positions = removals_by_the_other_player(60);
    assert!(!positions.is_empty(), "no such position in 60 random games");
    check_bots(&positions[..positions.len().min(6)]);
}

#[test]
fn a_stop_flag_or_zero_time_still_gives_a_legal_move_in_every_game() {
    use std::sync::{Arc, atomic::AtomicBool};
    let stop = Arc::new(AtomicBool::new(true));
    let epaminondas = epaminondas_core::Epaminondas::new(&Default::default()).unwrap();
    let gipf = gipf_core::Gipf::new(&Default::default()).unwrap();
    for spec in ["mcts", "uct", "alphabeta"] {
        let spec: BotSpec = spec.parse().unwrap();
        for limits in [
            Limits::time(std::time::Duration::ZERO),
            Limits::none().with_stop(stop.clone()),
        ] {
            let (mv, _) = spec.build().choose(&epaminondas, &limits).unwrap();
            assert!(epaminondas.is_legal(mv));
            let (mv, _) = spec.build().choose(&gipf, &limits).unwrap();
            assert!(gipf.is_legal(mv));
        }
    }
}
