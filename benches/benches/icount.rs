//! Fixed workloads for instruction counting (`benches/icount.sh` runs each under valgrind's
//! callgrind and compares with `benches/icount-baseline.txt`). `icount NAME` runs one;
//! `icount` alone lists them. Deterministic: fixed seeds, depth budgets, no clock.

use abstract_game::{Actions, Evaluate, Game, Observe, perft};
use abstract_game_batch::{EnvOptions, VecEnv};
use abstract_game_search::{AlphaBeta, Bot, Limits};
use benches::random_games;
use epaminondas_core::Epaminondas;
use gipf_core::Gipf;
use pikemen_core::Pikemen;
use std::hint::black_box;

fn start<G: Game>() -> G {
    G::new(&G::Config::default()).expect("default config")
}

fn search<G: Evaluate>(depth: u32) -> u64 {
    let mut bot = AlphaBeta::<G>::with_table_bits(16);
    bot.choose(&start::<G>(), &Limits::depth(depth))
        .map_or(0, |(_, info)| info.iterations)
}

/// `steps` steps of `num_envs` games from the default start, with sampled actions: through
/// `VecEnv::step` into plain buffers (`in_place` false, every row written in full) or
/// `VecEnv::step_into` into `Outputs` (rows rewritten in place). Returns the games ended.
fn vecenv<G: Actions + Observe>(num_envs: usize, steps: usize, in_place: bool) -> u64 {
    let options = EnvOptions {
        num_envs,
        seed: 1,
        ..EnvOptions::default()
    };
    let mut env = VecEnv::new(start::<G>(), options).expect("a batch");
    let mut actions = vec![0; num_envs];
    let mut ended = 0;
    let count = |t: &[bool]| t.iter().filter(|&&t| t).count() as u64;
    if in_place {
        let mut out = env.outputs();
        env.reset_into(None, &mut out).expect("reset");
        for _ in 0..steps {
            env.sample_actions(&mut actions).expect("sample");
            env.step_into(&actions, &mut out).expect("step");
            ended += count(out.terminated());
        }
    } else {
        let mut out = env.buffers();
        env.reset(None, out.view()).expect("reset");
        for _ in 0..steps {
            env.sample_actions(&mut actions).expect("sample");
            env.step(&actions, out.view()).expect("step");
            ended += count(&out.terminated);
        }
    }
    black_box(ended)
}

/// A named workload; it returns its result (leaves, decisions or nodes) to be printed.
type Workload = (&'static str, fn() -> u64);

const WORKLOADS: [Workload; 15] = [
    ("perft/pikemen-3", || perft(&start::<Pikemen>(), 3)),
    ("perft/gipf-4", || perft(&start::<Gipf>(), 4)),
    ("perft/epaminondas-3", || perft(&start::<Epaminondas>(), 3)),
    ("playouts/pikemen-100", || {
        random_games(&start::<Pikemen>(), 100)
    }),
    ("playouts/gipf-1000", || {
        random_games(&start::<Gipf>(), 1000)
    }),
    ("playouts/epaminondas-20", || {
        random_games(&start::<Epaminondas>(), 20)
    }),
    ("alphabeta/pikemen-3", || search::<Pikemen>(3)),
    ("alphabeta/gipf-3", || search::<Gipf>(3)),
    ("alphabeta/epaminondas-3", || search::<Epaminondas>(3)),
    ("vecenv/pikemen", || vecenv::<Pikemen>(256, 100, false)),
    ("vecenv/gipf", || vecenv::<Gipf>(256, 100, false)),
    ("vecenv/epaminondas", || {
        vecenv::<Epaminondas>(64, 50, false)
    }),
    ("vecenv-inplace/pikemen", || {
        vecenv::<Pikemen>(256, 100, true)
    }),
    ("vecenv-inplace/gipf", || vecenv::<Gipf>(256, 100, true)),
    ("vecenv-inplace/epaminondas", || {
        vecenv::<Epaminondas>(64, 50, true)
    }),
];

fn main() {
    let Some(name) = std::env::args().nth(1) else {
        for (name, _) in WORKLOADS {
            println!("{name}");
        }
        return;
    };
    match WORKLOADS.iter().find(|(n, _)| *n == name) {
        Some((_, run)) => println!("{name}: {}", black_box(run())),
        None => {
            eprintln!("icount: no workload {name}");
            std::process::exit(2);
        }
    }
}
