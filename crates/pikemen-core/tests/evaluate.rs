//! The evaluation over the kit's random games, for every player count.

use abstract_game::{Game, MoveLimit};
use abstract_game_testkit::{KitOptions, check_evaluate};
use pikemen_core::{Config, Pikemen};

#[test]
fn values_are_in_range_and_zero_sum_for_2_3_and_4_players() {
    for players in 2..=4 {
        for target in [12, 20] {
            let start = Pikemen::new(&Config {
                players,
                target,
                ..Config::default()
            })
            .unwrap();
            let opts = KitOptions {
                games: 6,
                max_plies: 1500,
                seed: u64::from(players) * 100 + u64::from(target),
                ..KitOptions::default()
            };
            let positions = check_evaluate(&start, &opts).unwrap();
            assert!(positions > 100, "{players} players: {positions} positions");
            let limited = MoveLimit::wrap(start, 0, 50);
            check_evaluate(&limited, &opts).unwrap();
        }
    }
}

#[test]
fn a_one_ply_player_on_the_evaluation_beats_random_players() {
    for (players, games) in [(2u8, 10), (3, 9), (4, 8)] {
        let start = Pikemen::new(&Config {
            players,
            ..Config::default()
        })
        .unwrap();
        let wins = abstract_game_testkit::greedy_wins_against_random(&start, games, 7, 2000);
        // Random seats would win 1 game in `players`; the evaluation wins nearly all (all with seed 7).
        assert!(
            wins * 10 >= games * 8,
            "{players} players: {wins} of {games}"
        );
    }
}
