//! Search benchmarks: MCTS iterations per second and alpha-beta nodes per second from fixed
//! positions of each game (the start, and ply 20 of a seeded random game), with each game's
//! own `Evaluate`. Figures and commands: docs/performance.md.

use abstract_game::{Evaluate, random_playout};
use abstract_game_search::{AlphaBeta, Bot, Limits, Mcts, MctsConfig};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const MCTS_ITERATIONS: u64 = 300;
const ALPHABETA_DEPTH: u32 = 3;

fn fixed_positions<G: Evaluate>(config: &G::Config) -> [(&'static str, G); 2] {
    let start = G::new(config).expect("default config");
    let midgame = random_playout(&start, 20, 20).state;
    [("start", start), ("ply20", midgame)]
}

fn mcts<G: Evaluate>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, state: &G) {
    group.throughput(Throughput::Elements(MCTS_ITERATIONS));
    group.bench_function(format!("mcts/{name}"), |b| {
        b.iter(|| {
            // A fresh tree each time: no reuse between measurements.
            let mut bot = Mcts::<G>::new(MctsConfig::default());
            black_box(bot.choose(black_box(state), &Limits::iterations(MCTS_ITERATIONS)))
        });
    });
}

fn alphabeta<G: Evaluate>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, state: &G) {
    let limits = Limits::depth(ALPHABETA_DEPTH);
    // The search is deterministic: count its nodes once for the throughput.
    let nodes = AlphaBeta::<G>::with_table_bits(16)
        .choose(state, &limits)
        .map_or(1, |(_, info)| info.iterations);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("alphabeta_depth{ALPHABETA_DEPTH}/{name}"), |b| {
        b.iter(|| {
            let mut bot = AlphaBeta::<G>::with_table_bits(16);
            black_box(bot.choose(black_box(state), &limits))
        });
    });
}

fn game<G: Evaluate>(c: &mut Criterion, config: &G::Config) {
    let mut group = c.benchmark_group(format!("search/{}", G::NAME));
    group.sample_size(10);
    for (name, state) in fixed_positions::<G>(config) {
        mcts(&mut group, name, &state);
        alphabeta(&mut group, name, &state);
    }
    group.finish();
}

fn searches(c: &mut Criterion) {
    game::<pikemen_core::Pikemen>(c, &Default::default());
    game::<gipf_core::Gipf>(c, &Default::default());
    game::<epaminondas_core::Epaminondas>(c, &Default::default());
}

criterion_group!(benches, searches);
criterion_main!(benches);
