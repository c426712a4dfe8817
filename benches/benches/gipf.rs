//! GIPF benchmarks: push generation (decision view), complete-turn generation and counting
//! (whole-turn view), apply, perft. Figures and commands: docs/performance/gipf.md.

use abstract_game::{Game, MoveList, perft};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gipf_core::{Config, Gipf, GipfTurns};
use std::hint::black_box;

/// The midgame turn starts of the test suite (position text, one per line).
fn midgames() -> Vec<GipfTurns> {
    include_str!("../../crates/gipf-core/tests/positions.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.parse().expect("valid position text"))
        .collect()
}

fn start() -> GipfTurns {
    GipfTurns::new(&Config::default()).expect("default config")
}

fn pushes(c: &mut Criterion) {
    let mut group = c.benchmark_group("gipf/pushes");
    let s: Gipf = start().decisions();
    group.throughput(Throughput::Elements(s.count_moves() as u64));
    group.bench_function("start", |b| {
        let mut moves = MoveList::<Gipf>::new();
        b.iter(|| {
            moves.clear();
            black_box(&s).generate_moves(&mut moves);
            black_box(moves.len())
        });
    });
    let mids: Vec<Gipf> = midgames().into_iter().map(GipfTurns::decisions).collect();
    let total: usize = mids.iter().map(Game::count_moves).sum();
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("midgames", |b| {
        let mut moves = MoveList::<Gipf>::new();
        b.iter(|| {
            let mut n = 0;
            for g in &mids {
                moves.clear();
                black_box(g).generate_moves(&mut moves);
                n += moves.len();
            }
            black_box(n)
        });
    });
    group.finish();
}

fn turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("gipf/turns");
    let mids = midgames();
    let total: usize = mids.iter().map(Game::count_moves).sum();
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("generate_midgames", |b| {
        let mut moves = MoveList::<GipfTurns>::new();
        b.iter(|| {
            let mut n = 0;
            for g in &mids {
                moves.clear();
                black_box(g).generate_moves(&mut moves);
                n += moves.len();
            }
            black_box(n)
        });
    });
    group.bench_function("count_midgames", |b| {
        b.iter(|| {
            mids.iter()
                .map(|g| black_box(g).count_moves())
                .sum::<usize>()
        });
    });
    let all: Vec<(GipfTurns, gipf_core::Turn)> = mids
        .iter()
        .flat_map(|g| g.legal_moves().into_iter().map(move |m| (g.clone(), m)))
        .collect();
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function("apply_midgames", |b| {
        let mut state = start();
        b.iter(|| {
            for (g, m) in &all {
                state.clone_from(g);
                state.apply_unchecked(*m);
                black_box(&state);
            }
        });
    });
    group.finish();
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("gipf/perft");
    group.sample_size(10);
    let s = start();
    group.throughput(Throughput::Elements(perft(&s, 4)));
    group.bench_function("turns_standard_4", |b| b.iter(|| perft(black_box(&s), 4)));
    let d = s.clone().decisions();
    group.throughput(Throughput::Elements(perft(&d, 3)));
    group.bench_function("decisions_standard_3", |b| {
        b.iter(|| perft(black_box(&d), 3))
    });
    group.finish();
}

criterion_group!(benches, pushes, turns, perfts);
criterion_main!(benches);
