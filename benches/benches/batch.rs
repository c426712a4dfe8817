//! Batched stepping and batched search (`abstract-game-batch`): one `VecEnv` step of 1024
//! games with sampled actions (observation and mask written for every game), on 1 and 2
//! threads, and one `BatchedSearch` run of 64 trees with the uniform evaluator. Figures and
//! commands: docs/performance.md.
//!
//! `cargo bench -p benches --bench batch`

use abstract_game::{Actions, Game, Observe};
use abstract_game_batch::{
    BatchedSearch, EnvOptions, SearchOptions, UniformEvaluator, VecEnv, limit_reached,
};
use benches::limited;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

const ENVS: usize = 1024;

fn step<G: Actions + Observe>(c: &mut Criterion, name: &str, start: G, truncated: fn(&G) -> bool) {
    let mut group = c.benchmark_group(format!("batch/{name}"));
    group.throughput(Throughput::Elements(ENVS as u64));
    group.measurement_time(Duration::from_secs(4));
    for threads in [1, 2] {
        let options = EnvOptions {
            num_envs: ENVS,
            seed: 1,
            threads,
            opening_plies: 0,
        };
        let mut env = VecEnv::new(start.clone(), options)
            .expect("options")
            .with_truncation(truncated);
        let mut out = env.buffers();
        let mut actions = vec![0; ENVS];
        env.reset(None, out.view()).expect("sized");
        group.bench_function(format!("sample_step_threads_{threads}"), |b| {
            b.iter(|| {
                env.sample_actions(&mut actions).expect("sized");
                env.step(black_box(&actions), out.view()).expect("legal");
                black_box(&out.obs);
            });
        });
    }
    group.finish();
}

fn batch(c: &mut Criterion) {
    step(
        c,
        "gipf",
        gipf_core::Gipf::new(&Default::default()).expect("config"),
        |_| false,
    );
    step(
        c,
        "pikemen",
        limited::<pikemen_core::Pikemen>(Default::default()),
        limit_reached,
    );
    step(
        c,
        "epaminondas",
        limited::<epaminondas_core::Epaminondas>(Default::default()),
        limit_reached,
    );

    let mut group = c.benchmark_group("batch/search");
    let (trees, simulations) = (64, 64);
    group.throughput(Throughput::Elements((trees * simulations) as u64));
    group.measurement_time(Duration::from_secs(4));
    let root = gipf_core::Gipf::new(&Default::default()).expect("config");
    let roots = vec![root; trees];
    for leaves_per_tree in [1, 8] {
        let options = SearchOptions {
            simulations: simulations as u32,
            leaves_per_tree,
            ..SearchOptions::default()
        };
        let mut search = BatchedSearch::new(options).expect("options");
        group.bench_function(format!("gipf_uniform_leaves_{leaves_per_tree}"), |b| {
            b.iter(|| {
                search.set_roots(&roots).expect("roots");
                search.run(&mut UniformEvaluator).expect("uniform");
                black_box(search.root_value(0).expect("tree"));
            });
        });
    }
    group.finish();
}

criterion_group!(benches, batch);
criterion_main!(benches);
