//! GIPF benchmarks: push generation (decision view), complete-turn generation and counting
//! (whole-turn view), apply, perft. Figures and commands: docs/performance/gipf.md.

use abstract_game::Game;
use benches::{apply, count, generate, perft_at, positions};
use criterion::{Criterion, criterion_group, criterion_main};
use gipf_core::{Config, Gipf, GipfTurns};

/// The midgame turn starts of the test suite (position text, one per line).
fn midgames() -> Vec<GipfTurns> {
    positions(include_str!("../../crates/gipf-core/tests/positions.txt"))
}

fn start() -> GipfTurns {
    GipfTurns::new(&Config::default()).expect("default config")
}

fn pushes(c: &mut Criterion) {
    let mut group = c.benchmark_group("gipf/pushes");
    generate(&mut group, "start", &[start().decisions()]);
    let mids: Vec<Gipf> = midgames().into_iter().map(GipfTurns::decisions).collect();
    generate(&mut group, "midgames", &mids);
    group.finish();
}

fn turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("gipf/turns");
    let mids = midgames();
    generate(&mut group, "generate_midgames", &mids);
    count(&mut group, "count_midgames", &mids);
    apply(&mut group, "apply_midgames", &mids);
    group.finish();
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("gipf/perft");
    group.sample_size(10);
    let s = start();
    perft_at(&mut group, "turns_standard_4", &s, 4);
    perft_at(
        &mut group,
        "decisions_standard_3",
        &s.clone().decisions(),
        3,
    );
    group.finish();
}

criterion_group!(benches, pushes, turns, perfts);
criterion_main!(benches);
