//! `random_move` draws uniformly from the legal moves: a chi-square test over the legal list
//! of a few positions (seeded, so the test is fixed), every draw legal and every move drawn.

use abstract_game::{Game, SeededRng, random_playout};
use epaminondas_core::{Config, Epaminondas};
use std::collections::HashMap;

fn check_uniform(g: &Epaminondas, seed: u64) {
    let moves = g.legal_moves();
    let n = moves.len();
    let per_move = 200;
    let mut rng = SeededRng::new(seed);
    let mut seen: HashMap<_, usize> = moves.iter().map(|&m| (m, 0)).collect();
    for _ in 0..n * per_move {
        let mv = g.random_move(&mut rng).expect("the game goes on");
        assert!(g.is_legal(mv), "{mv} drawn in {g}");
        *seen.get_mut(&mv).expect("drawn move is in the legal list") += 1;
    }
    let expected = per_move as f64;
    let chi2: f64 = seen
        .values()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    // n - 1 degrees of freedom: mean n - 1, standard deviation sqrt(2 (n - 1)). Five
    // deviations above the mean would happen by chance less than once in a million.
    let df = (n - 1) as f64;
    assert!(
        chi2 < df + 5.0 * (2.0 * df).sqrt(),
        "chi-square {chi2:.1} with {df} degrees of freedom in {g}"
    );
    assert!(
        seen.values().all(|&o| o > 0),
        "a legal move was never drawn in {g}"
    );
}

#[test]
fn random_moves_are_uniform_and_legal() {
    for config in [
        Config::default(),
        Config {
            width: 8,
            height: 8,
            mirror: false,
            ..Config::default()
        },
    ] {
        let start = Epaminondas::new(&config).unwrap();
        check_uniform(&start, 1);
        for (seed, plies) in [(2, 10), (3, 40), (4, 120)] {
            let p = random_playout(&start, seed, plies).state;
            if !p.status().is_finished() {
                check_uniform(&p, seed);
            }
        }
    }
}
