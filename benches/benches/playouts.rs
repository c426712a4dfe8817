//! Random playouts of every game beside a chess engine's, in one run, so that the ratios the
//! issue sets hold on the same machine at the same moment. Figures: docs/performance.md.
//!
//! Chess is shakmaty's (`benches::chess_games`). On a shared machine the load changes between
//! two criterion groups; `cargo run --release -p benches --example playout_ratio` alternates
//! short slices of chess and of each game and reports the median ratio, which is steadier.

use abstract_game::Game;
use benches::{chess_games, playouts};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let games = 20;
    group.throughput(Throughput::Elements(chess_games(games)));
    group.bench_function("chess", |b| b.iter(|| chess_games(black_box(games))));
    let pikemen = pikemen_core::Pikemen::new(&Default::default()).expect("default config");
    playouts(&mut group, "pikemen", &pikemen, games);
    let gipf = gipf_core::Gipf::new(&Default::default()).expect("default config");
    playouts(&mut group, "gipf", &gipf, 10 * games);
    let epaminondas =
        epaminondas_core::Epaminondas::new(&Default::default()).expect("default config");
    playouts(&mut group, "epaminondas", &epaminondas, games);
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
