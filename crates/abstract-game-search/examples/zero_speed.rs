//! Simulations per second of the `zero` bot with the shipped networks (models/), from fixed
//! positions of each game: the start and plies 15 and 30 of seeded random games 1 and 2
//! (random games of standard GIPF end after about 33 decisions).
//!
//! Each round searches every position once with a fresh bot and `Limits::iterations(sims)`;
//! each position keeps its fastest run, the one least disturbed by other processes on a
//! shared machine. Printed per game: the simulations and the summed best times, and their
//! ratio. The observations are those the program gives each network: Pikemen and Epaminondas
//! (8x8 and 14x12) under a move limit of 1000 decisions (their networks have the limit's plane), GIPF
//! without. Each network searches with its file's `value_mix` (the game's evaluation mixed into
//! leaf values, as `zero:model=FILE` plays); Pikemen, whose file has one, also without it.
//!
//! `cargo run --release -p abstract-game-search --features zero --example zero_speed
//! [sims] [rounds]` (defaults 512 simulations, 3 rounds).

use abstract_game::{Actions, Evaluate, Game, MoveLimit, Observe, random_playout};
use abstract_game_search::network::Network;
use abstract_game_search::{Bot, Limits, Zero, ZeroConfig};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn positions<G: Game>(start: &G) -> Vec<G> {
    let mut out = vec![start.clone()];
    for seed in 1..=2 {
        for plies in [15, 30] {
            out.push(random_playout(start, seed, plies).state);
        }
    }
    out.retain(|p| !p.status().is_finished());
    out
}

/// A network file of the repository's models/ (read at run time: a packaged copy of the crate
/// has no models/, and its examples must still build).
fn model(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../models")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn measure<G: Actions + Observe + Evaluate>(
    name: &str,
    model: &[u8],
    start: &G,
    sims: u64,
    rounds: usize,
    own_mix: bool,
) {
    let net = Arc::new(Network::from_bytes(model).expect("a shipped model"));
    let config = ZeroConfig {
        value_mix: if own_mix {
            net.value_mix().unwrap_or(0.0)
        } else {
            0.0
        },
        ..ZeroConfig::default()
    };
    assert_eq!(net.observation_len(), start.observation_len(), "{name}");
    assert_eq!(net.num_actions(), start.num_distinct_actions(), "{name}");
    let positions = positions(start);
    let mut best = vec![Duration::MAX; positions.len()];
    let mut done = 0u64;
    for _ in 0..rounds {
        for (p, b) in positions.iter().zip(&mut best) {
            let mut bot = Zero::<G>::new(Arc::clone(&net), config);
            let started = Instant::now();
            let (_, info) = bot.choose(p, &Limits::iterations(sims)).expect("a move");
            *b = (*b).min(started.elapsed());
            done = info.iterations;
        }
    }
    let total: Duration = best.iter().sum();
    let all = done * positions.len() as u64;
    println!(
        "{name} (value_mix {}): {} positions x {done} simulations in {:.3} s: {:.0} simulations/s",
        config.value_mix,
        positions.len(),
        total.as_secs_f64(),
        all as f64 / total.as_secs_f64()
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let sims: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(512);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let gipf = gipf_core::Gipf::new(&Default::default()).expect("standard GIPF");
    measure(
        "gipf",
        &model("gipf.safetensors"),
        &gipf,
        sims,
        rounds,
        true,
    );
    let pikemen = MoveLimit::wrap(
        pikemen_core::Pikemen::new(&Default::default()).expect("2-player Pikemen"),
        0,
        1000,
    );
    let net = model("pikemen.safetensors");
    for own_mix in [true, false] {
        measure("pikemen", &net, &pikemen, sims, rounds, own_mix);
    }
    let epaminondas = MoveLimit::wrap(
        epaminondas_core::Epaminondas::new(&epaminondas_core::Config {
            width: 8,
            height: 8,
            ..Default::default()
        })
        .expect("8x8 Epaminondas"),
        0,
        1000,
    );
    measure(
        "epaminondas",
        &model("epaminondas.safetensors"),
        &epaminondas,
        sims,
        rounds,
        true,
    );
    let epaminondas = MoveLimit::wrap(
        epaminondas_core::Epaminondas::new(&Default::default()).expect("14x12 Epaminondas"),
        0,
        1000,
    );
    measure(
        "epaminondas 14x12",
        &model("epaminondas-14x12.safetensors"),
        &epaminondas,
        sims,
        rounds,
        true,
    );
}
