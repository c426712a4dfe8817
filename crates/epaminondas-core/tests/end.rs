//! The end reasons over the kit's random games: one exactly when the game is over.

use abstract_game::{Game, MoveLimit};
use abstract_game_testkit::{KitOptions, check_end_reasons};
use epaminondas_core::{Config, Epaminondas};

#[test]
fn every_finished_game_says_why_on_every_board() {
    for (width, height) in [(14, 12), (8, 8)] {
        let config = Config {
            width,
            height,
            ..Config::default()
        };
        let start = Epaminondas::new(&config).unwrap();
        let opts = KitOptions {
            games: 12,
            max_plies: 1000,
            seed: u64::from(width),
            ..KitOptions::default()
        };
        let met = check_end_reasons(&start, &opts).unwrap();
        println!("{width}x{height}: {met:?}");
        assert!(met.contains("crossing held"), "{width}x{height}: {met:?}");
        let limited = check_end_reasons(&MoveLimit::wrap(start, 0, 20), &opts).unwrap();
        assert!(limited.contains("move limit reached"), "{limited:?}");
    }
}
