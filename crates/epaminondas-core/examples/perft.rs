//! Timed perft: `cargo run --release -p epaminondas-core --example perft -- [depth] [position text]`.
//! Without a position, the standard start (14 x 12, mirror rule on).

use abstract_game::{Game, perft};
use epaminondas_core::Epaminondas;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(4);
    let rest: Vec<String> = args.collect();
    let state: Epaminondas = if rest.is_empty() {
        Epaminondas::new(&Default::default()).expect("standard rules")
    } else {
        match rest.join(" ").parse() {
            Ok(s) => s,
            Err(e) => {
                eprintln!("position text: {e}");
                std::process::exit(2);
            }
        }
    };
    let t = Instant::now();
    let n = perft(&state, depth);
    let dt = t.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {n} in {dt:.3} s ({:.1} M leaves/s)",
        n as f64 / dt / 1e6
    );
}
