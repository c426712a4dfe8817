//! Random playouts of each game against chess's on a shared machine: short slices of chess
//! and of each game alternate, and each side keeps its best slice. Other processes only ever
//! slow a slice down, so the best slices are the ones least disturbed, and the ratio of two
//! best slices does not depend on how loaded the machine was.
//!
//! `cargo run --release -p benches --example playout_ratio [rounds]` (default 50) prints, per
//! game, its best decisions/s, chess's best plies/s and their ratio (the playout goals of
//! docs/performance.md).

use abstract_game::Game;
use benches::{chess_games, random_games};
use std::hint::black_box;
use std::time::Instant;

/// Decisions (or plies) per second of one call of `f`, which returns how many it played.
fn rate(f: &dyn Fn() -> u64) -> f64 {
    let began = Instant::now();
    let n = black_box(f());
    n as f64 / began.elapsed().as_secs_f64()
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let pikemen = pikemen_core::Pikemen::new(&Default::default()).expect("default config");
    let gipf = gipf_core::Gipf::new(&Default::default()).expect("default config");
    let epaminondas =
        epaminondas_core::Epaminondas::new(&Default::default()).expect("default config");
    // Slices of a few milliseconds, shorter than a scheduler's time slice.
    let chess = || chess_games(5);
    let games: [(&str, &dyn Fn() -> u64); 3] = [
        ("pikemen", &|| random_games(&pikemen, 5)),
        ("gipf", &|| random_games(&gipf, 50)),
        ("epaminondas", &|| random_games(&epaminondas, 3)),
    ];
    let mut best_chess = 0f64;
    let mut best = [0f64; 3];
    for _ in 0..rounds {
        for (b, (_, play)) in best.iter_mut().zip(&games) {
            best_chess = best_chess.max(rate(&chess));
            *b = b.max(rate(*play));
        }
    }
    println!("best of {rounds} rounds: chess (shakmaty) {best_chess:.0} plies/s");
    for (b, (name, _)) in best.iter().zip(&games) {
        println!(
            "{name:<12} {b:>10.0} decisions/s  {:.2}x chess",
            b / best_chess
        );
    }
}
