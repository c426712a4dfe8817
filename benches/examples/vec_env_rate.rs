//! Steps per second of `VecEnv` random play on one thread (`sample_actions`, then
//! `step_into`: observation and mask rewritten in place, as the Python package steps) at
//! several batch sizes, to tell the cost of the rules from the cost of the memory the rows
//! take: a batch of 1024 Epaminondas games holds 22 MB of masks and observations, far more
//! than a core's cache. Each size runs in slices of 50 ms for `seconds` and keeps its best
//! slice (the machine may be shared).
//!
//! `cargo run --release -p benches --example vec_env_rate [game|all] [seconds] [sizes]`
//! (defaults all, 2 s, `8,64,256,1024`).

use abstract_game::{Actions, Game, Observe};
use abstract_game_batch::{EnvOptions, VecEnv, limit_reached};
use benches::{best_slice_rate, limited};

fn rate<G: Actions + Observe>(start: &G, truncated: fn(&G) -> bool, envs: usize, secs: f64) -> f64 {
    let options = EnvOptions {
        num_envs: envs,
        seed: 1,
        threads: 1,
        opening_plies: 0,
    };
    let mut env = VecEnv::new(start.clone(), options)
        .expect("options")
        .with_truncation(truncated);
    let mut actions = vec![0; envs];
    let mut out = env.outputs();
    env.reset_into(None, &mut out).expect("sized");
    best_slice_rate(secs, envs, || {
        env.sample_actions(&mut actions).expect("sized");
        env.step_into(&actions, &mut out).expect("legal");
    })
}

fn run<G: Actions + Observe>(
    name: &str,
    start: G,
    truncated: fn(&G) -> bool,
    secs: f64,
    sizes: &[usize],
) {
    for &envs in sizes {
        let r = rate(&start, truncated, envs, secs);
        println!("{name:12} {envs:5} games {r:>10.0} steps/s");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("all", String::as_str);
    let secs: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let sizes: Vec<usize> = args.get(3).map_or(vec![8, 64, 256, 1024], |s| {
        s.split(',').filter_map(|x| x.parse().ok()).collect()
    });
    if game == "all" || game == "gipf" {
        let start = gipf_core::Gipf::new(&Default::default()).expect("config");
        run("gipf", start, |_| false, secs, &sizes);
    }
    if game == "all" || game == "pikemen" {
        let start = limited::<pikemen_core::Pikemen>(Default::default());
        run("pikemen", start, limit_reached, secs, &sizes);
    }
    if game == "all" || game == "epaminondas" {
        let start = limited::<epaminondas_core::Epaminondas>(Default::default());
        run("epaminondas", start, limit_reached, secs, &sizes);
    }
}
