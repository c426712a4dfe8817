//! The end reasons over the kit's random games, in both views and every variant.

use abstract_game::{Game, MoveLimit};
use abstract_game_testkit::{KitOptions, check_end_reasons};
use gipf_core::{Config, Gipf, GipfTurns, Variant};

#[test]
fn every_finished_game_says_why_in_every_variant_and_view() {
    for (i, variant) in [Variant::Basic, Variant::Standard, Variant::Tournament]
        .into_iter()
        .enumerate()
    {
        let config = Config { variant };
        let opts = KitOptions {
            games: 10,
            max_plies: 2000,
            seed: i as u64,
            allow_spill: true,
        };
        let start = Gipf::new(&config).unwrap();
        let met = check_end_reasons(&start, &opts).unwrap();
        println!("{variant:?}: {met:?}");
        assert!(
            met.contains("the other player has no piece left to push"),
            "{variant:?}: {met:?}"
        );
        let turns = check_end_reasons(&GipfTurns::new(&config).unwrap(), &opts).unwrap();
        println!("{variant:?}, turns: {turns:?}");
        assert!(!turns.is_empty(), "{variant:?}");
        let limited = check_end_reasons(&MoveLimit::wrap(start, 0, 20), &opts).unwrap();
        assert!(limited.contains("move limit reached"), "{limited:?}");
    }
}
