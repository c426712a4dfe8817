//! Criterion benchmarks of `epaminondas-core`: generation, bulk counting and applying on the
//! start and on ten fixed game positions (from the oracle records), and perft.
//!
//! `CARGO_TARGET_DIR=/work/target-epaminondas cargo bench -p benches --bench epaminondas`

use abstract_game::Game;
use benches::{apply, count, generate, perft_at, positions};
use criterion::{Criterion, criterion_group, criterion_main};
use epaminondas_core::{Config, Epaminondas};

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
    positions(&MIDGAME.join("\n"))
}

fn benches(c: &mut Criterion) {
    let start = Epaminondas::new(&Config::default()).expect("standard rules");
    let mids = midgame();
    let mut group = c.benchmark_group("epaminondas/generate");
    generate(&mut group, "start", std::slice::from_ref(&start));
    generate(&mut group, "midgame x10", &mids);
    group.finish();
    let mut group = c.benchmark_group("epaminondas/count");
    count(&mut group, "start", std::slice::from_ref(&start));
    count(&mut group, "midgame x10", &mids);
    group.finish();
    let mut group = c.benchmark_group("epaminondas/apply");
    apply(&mut group, "midgame every move", &mids);
    group.finish();
    let mut group = c.benchmark_group("epaminondas/perft");
    group.sample_size(10);
    perft_at(&mut group, "start depth 3", &start, 3);
    perft_at(&mut group, "midgame[0] depth 3", &mids[0], 3);
    group.finish();
}

criterion_group!(epaminondas, benches);
criterion_main!(epaminondas);
