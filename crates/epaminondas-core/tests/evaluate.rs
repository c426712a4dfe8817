//! The evaluation over the kit's random games, on every board and rule switch.

use abstract_game::{Game, MoveLimit};
use abstract_game_testkit::{KitOptions, check_evaluate};
use epaminondas_core::{Config, Epaminondas};

#[test]
fn values_are_in_range_on_every_board() {
    for (i, (width, height, stones, mirror)) in [
        (14, 12, false, true),
        (14, 12, true, true),
        (10, 8, false, false),
        (8, 8, false, true),
    ]
    .into_iter()
    .enumerate()
    {
        let start = Epaminondas::new(&Config {
            width,
            height,
            stones,
            mirror,
        })
        .unwrap();
        let opts = KitOptions {
            games: 3,
            max_plies: 600,
            seed: i as u64,
            ..KitOptions::default()
        };
        assert!(check_evaluate(&start, &opts).unwrap() > 100);
        check_evaluate(&MoveLimit::wrap(start, 0, 40), &opts).unwrap();
    }
}

#[test]
fn a_one_ply_player_on_the_evaluation_beats_a_random_player() {
    for (width, height) in [(14, 12), (8, 8)] {
        let start = Epaminondas::new(&Config {
            width,
            height,
            ..Config::default()
        })
        .unwrap();
        let wins = abstract_game_testkit::greedy_wins_against_random(&start, 10, 7, 2000);
        // All 10 with seed 7; random play would win about half.
        assert!(wins >= 8, "{width}x{height}: {wins} of 10");
    }
}
