//! Criterion benchmarks of `epaminondas-core`: generation, bulk counting and applying on the
//! start and on ten fixed game positions (from the oracle records), and perft.
//!
//! `CARGO_TARGET_DIR=/work/target-epaminondas cargo bench -p benches --bench epaminondas`

use abstract_game::{Game, MoveList, perft};
use criterion::{Criterion, criterion_group, criterion_main};
use epaminondas_core::{Config, Epaminondas};
use std::hint::black_box;

/// Ten positions from recorded games (14 x 12; the last three with stumbling blocks).
const MIDGAME: [&str; 10] = [
    ".222222.2.2.22/22.2222..22222/..2...22...2../..2....2....../.......2....../............../............../....1........./............1./.1..11.....1../11111.1.111111/.11.1.111111.1 1 mirror:on stones:off",
    "22.2.2222..222/22.222..2....2/..2...22..2.2./.2...........2/2.....222...../............../..1.........../..1......1..../1.1..111..111./..1.1.....11../.......11..1.1/1.111.1.11.11. 1 mirror:on stones:off",
    "..222..22.2.22/22.2...2.2..../...........2../.2...2222..2../2.1...1..1.2.2/....2..22...../........12..../..11...1....../..1....1.1.1../.....111...11./1.11....1.1.11/..11..11..1... 1 mirror:on stones:off",
    "...222..2222../...22222.21.../2.2.2....1..22/.1.2......22../2.......2...../.........2..../1..1........../.1.1......2.../....1.111...1./.....1111..111/.11.......1.1./.111..1.1..... 1 mirror:on stones:off",
    "...2222.22..../..2......212.2/.22..2..212.../...........2.2/21.....2....2./....1...1...../.1...1.12.2..1/1....2.21...1./.1.1.1.....1../....1....1..../.1....1....1../.1.1.11.1.1... 1 mirror:on stones:off",
    "2.......2...22/22..22.2...22./....2.1..2..../..12..12..2..2/...2.....1..2./1...1.1..21.../1..1........1./..1.1...2...../..1.1.1.1..1../.....12.2...../....1...1....1/.1.1..1...1.1. 1 mirror:on stones:off",
    ".2.2.22...2..2/.222......2.../.2.222.12....2/2....1......2./..2.1..22...../........1.2.../..1......11..1/...21..1...11./....1.1..11.../...1.........1/....11.1..1.../1.1..1...1.11. 1 mirror:on stones:off",
    "22222222222222/22222222222222/............../............../..X.........../........X....X/............../............../............../............../11111111111111/11111111111111 2 mirror:on stones:on",
    "2.2..22.22.2../....2..22...22/...222....22../2....2...2.222/.2X.........22/.2.....2X....X/............1./............1./111..1...1.1../1.11..1.111.1./.1..1..11...11/.1111.....1.1. 1 mirror:on stones:on",
    "......2......./2..2..2..2..22/..2..2..2...2./2..2.222.2..../.2X..2...2..../....2..2X2.21X/....21..1..2../.12.2....1.1.1/1.1..11......./........11111./1..1..11.11.11/1....1...1.1.. 1 mirror:on stones:on",
];

fn midgame() -> Vec<Epaminondas> {
    MIDGAME
        .iter()
        .map(|t| t.parse().expect("bench position"))
        .collect()
}

fn benches(c: &mut Criterion) {
    let start = Epaminondas::new(&Config::default()).expect("standard rules");
    let mids = midgame();

    c.bench_function("epaminondas/generate/start", |b| {
        let mut buf = MoveList::<Epaminondas>::new();
        b.iter(|| {
            buf.clear();
            black_box(&start).generate_moves(&mut buf);
            buf.len()
        });
    });
    c.bench_function("epaminondas/generate/midgame x10", |b| {
        let mut buf = MoveList::<Epaminondas>::new();
        b.iter(|| {
            let mut n = 0;
            for p in &mids {
                buf.clear();
                black_box(p).generate_moves(&mut buf);
                n += buf.len();
            }
            n
        });
    });
    c.bench_function("epaminondas/count/start", |b| {
        b.iter(|| black_box(&start).count_moves());
    });
    c.bench_function("epaminondas/count/midgame x10", |b| {
        b.iter(|| {
            mids.iter()
                .map(|p| black_box(p).count_moves())
                .sum::<usize>()
        });
    });
    let all: Vec<(Epaminondas, Vec<_>)> = mids
        .iter()
        .map(|p| (p.clone(), p.legal_moves().to_vec()))
        .collect();
    let n_moves: usize = all.iter().map(|(_, m)| m.len()).sum();
    c.bench_function(
        &format!("epaminondas/apply/midgame every move ({n_moves})"),
        |b| {
            let mut child = start.clone();
            b.iter(|| {
                for (p, moves) in &all {
                    for &mv in moves {
                        child.clone_from(p);
                        child.apply_unchecked(black_box(mv));
                    }
                }
                child.hash64()
            });
        },
    );
    let mut group = c.benchmark_group("epaminondas/perft");
    group.sample_size(10);
    group.bench_function("start depth 3", |b| b.iter(|| perft(black_box(&start), 3)));
    group.bench_function("midgame[0] depth 3", |b| {
        b.iter(|| perft(black_box(&mids[0]), 3))
    });
    group.finish();
}

criterion_group!(epaminondas, benches);
criterion_main!(epaminondas);
