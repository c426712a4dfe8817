//! The pictures: one `to_svg` of a mid-game position of each game, with its last move marked
//! (the work of `agame render`). Figures: docs/performance.md.

use abstract_game::{Game, SvgOptions, ToSvg, random_playout};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

/// The position after 30 seeded random moves, and the options marking the 30th.
fn midgame<G: ToSvg>(start: &G) -> (G, SvgOptions<G::LastMove, G::Place>) {
    let game = random_playout(start, 7, 30);
    let mut before = start.clone();
    let (last, rest) = game.moves.split_last().expect("30 moves");
    for &mv in rest {
        before.apply_unchecked(mv);
    }
    let options = SvgOptions {
        last_move: before.last_move(*last),
        ..SvgOptions::default()
    };
    (game.state, options)
}

fn bench<G: ToSvg>(c: &mut Criterion, start: &G) {
    let (state, options) = midgame(start);
    c.bench_function(&format!("svg/{}", G::NAME), |b| {
        b.iter(|| black_box(&state).to_svg(black_box(&options)))
    });
}

fn pictures(c: &mut Criterion) {
    bench(
        c,
        &pikemen_core::Pikemen::new(&Default::default()).expect("default config"),
    );
    bench(
        c,
        &gipf_core::Gipf::new(&Default::default()).expect("default config"),
    );
    bench(
        c,
        &epaminondas_core::Epaminondas::new(&Default::default()).expect("default config"),
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = pictures
}
criterion_main!(benches);
