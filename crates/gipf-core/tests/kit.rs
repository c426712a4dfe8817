//! The conformance kit over all three games, on decisions and on complete turns.

use abstract_game_testkit::{KitOptions, check_random_games};
use gipf_core::{Config, Gipf, GipfTurns, Variant};

const VARIANTS: [Variant; 3] = [Variant::Basic, Variant::Standard, Variant::Tournament];

#[test]
fn kit_decisions() {
    for variant in VARIANTS {
        let opts = KitOptions {
            games: 150,
            max_plies: 400,
            seed: 11,
            allow_spill: false,
        };
        let r = check_random_games::<Gipf>(&Config { variant }, &opts);
        eprintln!("decisions {variant}: {r:?}");
        assert_eq!(r.games, 150);
        assert!(r.finished > 0, "{variant}: no game finished");
        assert!(r.max_branching <= r.inline_capacity, "{variant}: {r:?}");
    }
}

#[test]
fn kit_turns() {
    for variant in VARIANTS {
        let opts = KitOptions {
            games: 30,
            max_plies: 150,
            seed: 7,
            // Tournament positions with kept GIPF-rows have thousands of complete turns.
            allow_spill: variant == Variant::Tournament,
        };
        let r = check_random_games::<GipfTurns>(&Config { variant }, &opts);
        eprintln!("turns {variant}: {r:?}");
        assert_eq!(r.games, 30);
        assert!(r.finished > 0, "{variant}: no game finished");
    }
}

/// The kit from the midgame positions (random games, tricky removal positions, a kept row).
#[test]
fn kit_from_midgames() {
    use abstract_game_testkit::check_random_games_from;
    let text = include_str!("positions.txt");
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let opts = KitOptions {
            games: 4,
            max_plies: 200,
            seed: 3,
            allow_spill: line.starts_with("tournament"),
        };
        let t: GipfTurns = line.parse().unwrap();
        let a = check_random_games_from(&t, &opts);
        let b = check_random_games_from(t.inner(), &opts);
        assert_eq!((a.games, b.games), (4, 4));
    }
}
