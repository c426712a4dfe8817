//! Pikemen benchmarks: move generation (start and midgame positions), bulk counting, apply,
//! perft. Figures and commands: docs/performance/pikemen.md.

use abstract_game::Game;
use benches::{apply, count, generate, perft_at, positions};
use criterion::{Criterion, criterion_group, criterion_main};
use pikemen_core::{Config, Pikemen};

/// The midgame positions of the test suite (position text, one per line).
fn midgames() -> Vec<Pikemen> {
    positions(include_str!(
        "../../crates/pikemen-core/tests/positions.txt"
    ))
}

fn start() -> Pikemen {
    Pikemen::new(&Config::default()).expect("default config")
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("pikemen/generate");
    generate(&mut group, "start", &[start()]);
    generate(&mut group, "midgames", &midgames());
    group.finish();
}

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("pikemen/count");
    count(&mut group, "start", &[start()]);
    count(&mut group, "midgames", &midgames());
    group.finish();
}

fn applying(c: &mut Criterion) {
    let mut group = c.benchmark_group("pikemen/apply");
    apply(
        &mut group,
        "midgames_clone_and_apply_every_move",
        &midgames(),
    );
    group.finish();
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("pikemen/perft");
    group.sample_size(10);
    let s = start();
    perft_at(&mut group, "start_depth_3", &s, 3);
    perft_at(&mut group, "start_depth_4", &s, 4);
    group.finish();
}

criterion_group!(benches, generation, counting, applying, perfts);
criterion_main!(benches);
