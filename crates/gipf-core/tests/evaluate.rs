//! The evaluation over the kit's random games, in both views and every variant.

use abstract_game::{Game, MoveLimit};
use abstract_game_testkit::{KitOptions, check_evaluate};
use gipf_core::{Config, Gipf, GipfTurns, Variant};

fn opts(games: usize, seed: u64) -> KitOptions {
    KitOptions {
        games,
        max_plies: 400,
        seed,
        ..KitOptions::default()
    }
}

#[test]
fn values_are_in_range_in_every_variant() {
    for (i, variant) in [Variant::Basic, Variant::Standard, Variant::Tournament]
        .into_iter()
        .enumerate()
    {
        let config = Config { variant };
        let start = Gipf::new(&config).unwrap();
        assert!(check_evaluate(&start, &opts(8, i as u64)).unwrap() > 200);
        check_evaluate(&MoveLimit::wrap(start, 0, 30), &opts(2, 9)).unwrap();
        let turns = GipfTurns::new(&config).unwrap();
        assert!(check_evaluate(&turns, &opts(3, 20 + i as u64)).unwrap() > 30);
    }
}

#[test]
fn a_one_ply_player_on_the_evaluation_beats_a_random_player() {
    for variant in [Variant::Basic, Variant::Standard, Variant::Tournament] {
        let start = Gipf::new(&Config { variant }).unwrap();
        let wins = abstract_game_testkit::greedy_wins_against_random(&start, 10, 7, 2000);
        let turns = GipfTurns::new(&Config { variant }).unwrap();
        let turn_wins = abstract_game_testkit::greedy_wins_against_random(&turns, 10, 7, 2000);
        // All 10 in both views with seed 7; random play would win about half.
        assert!(
            wins >= 8 && turn_wins >= 8,
            "{variant}: {wins}, turns {turn_wins}"
        );
    }
}
