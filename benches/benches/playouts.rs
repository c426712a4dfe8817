//! Random playouts of every game beside a chess engine's, in one run, so that the ratios the
//! issue sets hold on the same machine at the same moment. Figures: docs/performance.md.
//!
//! Chess is shakmaty's: a random game plays a uniformly chosen legal move until mate,
//! stalemate, insufficient material or the fifty-move rule, choosing with the same generator.

use abstract_game::{Game, SeededRng};
use benches::playouts;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{Chess, Position};
use std::hint::black_box;
use std::time::Duration;

fn chess_games(games: usize) -> u64 {
    let mut rng = SeededRng::new(1);
    let mut plies = 0;
    for _ in 0..games {
        let mut pos = Chess::default();
        while pos.halfmoves() < 100 && !pos.is_insufficient_material() {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
            plies += 1;
        }
    }
    plies
}

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
