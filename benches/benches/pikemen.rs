//! Pikemen benchmarks: move generation (start and midgame positions), bulk counting, apply,
//! perft. Figures and commands: docs/performance/pikemen.md.

use abstract_game::{Game, MoveList, perft};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pikemen_core::{Config, Pikemen};
use std::hint::black_box;

/// The midgame positions of the test suite (position text, one per line).
fn midgames() -> Vec<Pikemen> {
    include_str!("../../crates/pikemen-core/tests/positions.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.parse().expect("valid position text"))
        .collect()
}

fn start() -> Pikemen {
    Pikemen::new(&Config::default()).expect("default config")
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("pikemen/generate");
    let s = start();
    group.throughput(Throughput::Elements(s.count_moves() as u64));
    group.bench_function("start", |b| {
        let mut moves = MoveList::<Pikemen>::new();
        b.iter(|| {
            moves.clear();
            black_box(&s).generate_moves(&mut moves);
            black_box(moves.len())
        });
    });
    let mids = midgames();
    let total: usize = mids.iter().map(Game::count_moves).sum();
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("midgames", |b| {
        let mut moves = MoveList::<Pikemen>::new();
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

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("pikemen/count");
    let s = start();
    group.bench_function("start", |b| b.iter(|| black_box(&s).count_moves()));
    let mids = midgames();
    group.throughput(Throughput::Elements(mids.len() as u64));
    group.bench_function("midgames", |b| {
        b.iter(|| {
            mids.iter()
                .map(|g| black_box(g).count_moves())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn applying(c: &mut Criterion) {
    let mut group = c.benchmark_group("pikemen/apply");
    let mids = midgames();
    let work: Vec<(Pikemen, Vec<_>)> = mids
        .iter()
        .map(|g| (g.clone(), g.legal_moves().to_vec()))
        .collect();
    let total: usize = work.iter().map(|(_, m)| m.len()).sum();
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("midgames_clone_and_apply_every_move", |b| {
        b.iter(|| {
            let mut h = 0u64;
            for (g, moves) in &work {
                let mut child = g.clone();
                for &m in moves {
                    child.clone_from(g);
                    child.apply_unchecked(m);
                    h ^= child.hash64();
                }
            }
            black_box(h)
        });
    });
    group.finish();
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("pikemen/perft");
    group.sample_size(10);
    let s = start();
    group.throughput(Throughput::Elements(1_800_216));
    group.bench_function("start_depth_3", |b| b.iter(|| perft(black_box(&s), 3)));
    group.throughput(Throughput::Elements(225_128_853));
    group.bench_function("start_depth_4", |b| b.iter(|| perft(black_box(&s), 4)));
    group.finish();
}

criterion_group!(benches, generation, counting, applying, perfts);
criterion_main!(benches);
