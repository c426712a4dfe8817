//! Instruction counts of `VecEnv` steps, `step` (every row written in full) against
//! `step_into` (rows rewritten in place), for docs/performance.md:
//! `valgrind --tool=callgrind target/release/deps/icount_batch-* vecenv/pikemen`.
//! `icount_batch` alone lists the workloads. Separate from `icount` (whose counts CI
//! compares with a baseline) because adding these generic instantiations to that binary
//! moved its random-playout counts by up to 3.5% through code generation alone.

use abstract_game::{Actions, Game, Observe};
use abstract_game_batch::{EnvOptions, VecEnv};
use epaminondas_core::Epaminondas;
use gipf_core::Gipf;
use pikemen_core::Pikemen;
use std::hint::black_box;

fn start<G: Game>() -> G {
    G::new(&G::Config::default()).expect("default config")
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

/// A named workload; it returns the games ended.
type Workload = (&'static str, fn() -> u64);

const WORKLOADS: [Workload; 6] = [
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
            eprintln!("icount_batch: no workload {name}");
            std::process::exit(2);
        }
    }
}
