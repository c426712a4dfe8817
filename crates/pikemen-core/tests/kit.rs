//! The workspace conformance kit: random games checked at every position.

use abstract_game::{Game, LimitConfig, MoveLimit};
use abstract_game_testkit::{KitOptions, check_random_games, check_random_games_from};
use pikemen_core::{Config, Pikemen};

fn run(players: u8, target: u32, games: usize, max_plies: usize) {
    run_rules(
        Config {
            players,
            target,
            ..Config::default()
        },
        games,
        max_plies,
    );
}

fn run_rules(config: Config, games: usize, max_plies: usize) {
    let Config {
        players, target, ..
    } = config;
    let report = check_random_games::<Pikemen>(
        &config,
        &KitOptions {
            games,
            max_plies,
            seed: u64::from(players) * 1000 + u64::from(target),
            ..KitOptions::default()
        },
    );
    println!("{config:?}: {report:?}");
    assert_eq!(report.games, games);
    assert!(report.max_branching <= report.inline_capacity);
    assert!(report.finished > 0, "some games should end: {report:?}");
}

#[test]
fn two_players_targets_12_and_20() {
    run(2, 12, 8, 2000);
    run(2, 20, 4, 2000);
}

#[test]
fn three_players_targets_12_and_15() {
    run(3, 12, 6, 2000);
    run(3, 15, 4, 2000);
}

#[test]
fn four_players_targets_12_and_15() {
    run(4, 12, 6, 2000);
    run(4, 15, 4, 2000);
}

/// The seed's rule: a charge must change the state.
#[test]
fn must_change_with_two_three_and_four_players() {
    for (players, games) in [(2, 6), (3, 4), (4, 4)] {
        let config = Config {
            players,
            charge_keeps_state: false,
            ..Config::default()
        };
        run_rules(config, games, 2000);
    }
}

#[test]
fn from_midgame_positions() {
    for text in include_str!("positions.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        for text in [text.to_string(), format!("{text} must-change")] {
            let start: Pikemen = text.parse().unwrap();
            let _ = check_random_games_from(
                &start,
                &KitOptions {
                    games: 2,
                    max_plies: 300,
                    seed: 7,
                    ..KitOptions::default()
                },
            );
        }
    }
}

#[test]
fn with_a_move_limit() {
    let cfg = LimitConfig {
        inner: Config {
            players: 3,
            target: 12,
            ..Config::default()
        },
        max_plies: 60,
    };
    let report = check_random_games::<MoveLimit<Pikemen>>(
        &cfg,
        &KitOptions {
            games: 5,
            max_plies: 100,
            seed: 3,
            ..KitOptions::default()
        },
    );
    // Every game stops at the limit at the latest.
    assert_eq!(report.finished, 5);
    assert!(report.longest_game <= 60);
    let _ = MoveLimit::<Pikemen>::new(&cfg).unwrap();
}
