//! The end reasons over the kit's random games: one exactly when the game is over.

use abstract_game::{Game, MoveLimit};
use abstract_game_testkit::{KitOptions, check_end_reasons};
use pikemen_core::{Config, Pikemen};

#[test]
fn every_finished_game_says_why_with_any_number_of_players() {
    for players in 2..=4 {
        let config = Config {
            players,
            ..Config::default()
        };
        let start = Pikemen::new(&config).unwrap();
        let opts = KitOptions {
            games: 12,
            max_plies: 2000,
            seed: u64::from(players),
            ..KitOptions::default()
        };
        let met = check_end_reasons(&start, &opts).unwrap();
        println!("{players} players: {met:?}");
        assert!(met.contains("target reached"), "{players} players: {met:?}");
        let limited = check_end_reasons(&MoveLimit::wrap(start, 0, 20), &opts).unwrap();
        assert!(limited.contains("move limit reached"), "{limited:?}");
    }
}
