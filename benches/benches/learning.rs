//! Learning-trait benchmarks for every game: legal-action mask, sorted legal actions,
//! observation, image under a symmetry, `action_of` and `move_of`, over positions sampled
//! from seeded random games. Figures and commands: docs/performance.md.
//!
//! `cargo bench -p benches --bench learning`

use abstract_game::{Game, SeededRng, Symmetric};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use epaminondas_core::Epaminondas;
use gipf_core::Gipf;
use pikemen_core::Pikemen;
use std::hint::black_box;

/// Every measurement of one game, throughput in positions (or in moves for the per-move
/// ones). Buffers are allocated once, outside the timed loops.
fn measure<G: Symmetric>(c: &mut Criterion, name: &str, states: &[G]) {
    let mut group = c.benchmark_group(format!("learning/{name}"));
    positions_throughput(&mut group, states);
    group.bench_function("legal_action_mask", |b| {
        let mut mask = vec![false; states[0].num_distinct_actions()];
        b.iter(|| {
            for g in states {
                black_box(g).legal_action_mask(&mut mask).expect("sized");
                black_box(&mask);
            }
        });
    });
    group.bench_function("legal_actions", |b| {
        let mut out = Vec::with_capacity(256);
        b.iter(|| {
            for g in states {
                black_box(g).legal_actions(&mut out);
                black_box(&out);
            }
        });
    });
    group.bench_function("observe", |b| {
        let mut planes = vec![0.0; states[0].observation_len()];
        b.iter(|| {
            for g in states {
                black_box(g).observe_to_move(&mut planes).expect("sized");
                black_box(&planes);
            }
        });
    });
    group.bench_function("transformed_state", |b| {
        let n = states[0].symmetry_count();
        b.iter(|| {
            for (i, g) in states.iter().enumerate() {
                black_box(black_box(g).transformed(i % n).expect("in range"));
            }
        });
    });
    let moves: Vec<(&G, G::Move, u32)> = states
        .iter()
        .flat_map(|g| {
            g.legal_moves()
                .into_iter()
                .map(move |m| (g, m, g.action_of(m).expect("numbered")))
        })
        .collect();
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("action_of_per_move", |b| {
        b.iter(|| {
            for &(g, m, _) in &moves {
                black_box(black_box(g).action_of(m));
            }
        });
    });
    group.bench_function("move_of_per_move", |b| {
        b.iter(|| {
            for &(g, _, a) in &moves {
                black_box(black_box(g).move_of(a));
            }
        });
    });
    group.finish();
}

fn positions_throughput<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, states: &[G]) {
    group.throughput(Throughput::Elements(states.len() as u64));
}

/// Every 5th ongoing position of seeded random games from the start of the default rules,
/// 40 positions in all.
fn sample<G: Game>() -> Vec<G> {
    let start = G::new(&G::Config::default()).expect("default rules");
    let mut out = Vec::new();
    let mut seed = 1;
    while out.len() < 40 {
        let mut rng = SeededRng::new(seed);
        let mut g = start.clone();
        for ply in 0..200 {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 5 == 0 && out.len() < 40 {
                out.push(g.clone());
            }
            g.apply_unchecked(moves[rng.below(moves.len())]);
        }
        seed += 1;
    }
    out
}

fn learning(c: &mut Criterion) {
    measure(c, "pikemen", &sample::<Pikemen>());
    measure(c, "gipf", &sample::<Gipf>());
    measure(c, "epaminondas", &sample::<Epaminondas>());
}

criterion_group!(benches, learning);
criterion_main!(benches);
