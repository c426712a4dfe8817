//! Shared measurement bodies for the criterion benchmarks in `benches/`, written once over the
//! `Game` trait so that every game is measured the same way.
#![deny(missing_docs)]

use abstract_game::{Game, LimitConfig, MoveLimit, MoveList, perft};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Throughput};
use std::hint::black_box;

/// The start of `config` under a 1000-ply limit, as the batched benchmarks step Pikemen and
/// Epaminondas (the Python package's default limit).
///
/// # Panics
/// On a configuration the game refuses: benchmark inputs are fixed.
#[must_use]
pub fn limited<G: Game>(config: G::Config) -> MoveLimit<G> {
    MoveLimit::new(&LimitConfig {
        inner: config,
        max_plies: 1000,
    })
    .expect("config")
}

/// Reads position texts, one per line (blank lines and `#` comments skipped).
///
/// # Panics
/// On a line that is not a valid position text: benchmark inputs are fixed files.
#[must_use]
pub fn positions<G: Game>(text: &str) -> Vec<G> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.parse()
                .unwrap_or_else(|e| panic!("bad position text {l}: {e}"))
        })
        .collect()
}

/// Generation of every legal move of each position into a reused buffer; throughput in moves.
pub fn generate<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, states: &[G]) {
    let total: usize = states.iter().map(Game::count_moves).sum();
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function(name, |b| {
        let mut moves = MoveList::<G>::new();
        b.iter(|| {
            let mut n = 0;
            for g in states {
                moves.clear();
                black_box(g).generate_moves(&mut moves);
                n += moves.len();
            }
            black_box(n)
        });
    });
}

/// `count_moves` (bulk counting) of each position; throughput in positions.
pub fn count<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, states: &[G]) {
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            states
                .iter()
                .map(|g| black_box(g).count_moves())
                .sum::<usize>()
        });
    });
}

/// Copy-make of every legal move of each position (clone, then `apply_unchecked`);
/// throughput in moves applied.
pub fn apply<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, states: &[G]) {
    let all: Vec<(&G, G::Move)> = states
        .iter()
        .flat_map(|g| g.legal_moves().into_iter().map(move |m| (g, m)))
        .collect();
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function(name, |b| {
        let mut state = states[0].clone();
        b.iter(|| {
            for &(g, m) in &all {
                state.clone_from(g);
                state.apply_unchecked(m);
                black_box(&state);
            }
        });
    });
}

/// `perft(depth)` with bulk counting at the last ply; throughput in leaves.
pub fn perft_at<G: Game>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    state: &G,
    depth: u32,
) {
    group.throughput(Throughput::Elements(perft(state, depth)));
    group.bench_function(name, |b| b.iter(|| perft(black_box(state), depth)));
}

/// Plays `games` uniformly random games from `start` (one generator seeded with 1, nothing
/// recorded) and returns the decisions played.
pub fn random_games<G: Game>(start: &G, games: usize) -> u64 {
    random_games_with(start, games, &mut abstract_game::SeededRng::new(1))
}

/// [`random_games`] drawing from `rng`: a caller that keeps its generator plays new games
/// each call.
pub fn random_games_with<G: Game>(
    start: &G,
    games: usize,
    rng: &mut abstract_game::SeededRng,
) -> u64 {
    (0..games)
        .map(|_| abstract_game::random_rollout(&mut start.clone(), rng, usize::MAX).plies as u64)
        .sum()
}

/// Plays `games` uniformly random chess games (shakmaty) from the start, with the generator
/// seeded with 1: a uniformly chosen legal move until mate, stalemate, insufficient material
/// or the fifty-move rule. Returns the moves played; the yardstick of the playout goals.
#[must_use]
pub fn chess_games(games: usize) -> u64 {
    chess_games_with(games, &mut abstract_game::SeededRng::new(1))
}

/// [`chess_games`] drawing from `rng`: a caller that keeps its generator plays new games
/// each call.
#[must_use]
pub fn chess_games_with(games: usize, rng: &mut abstract_game::SeededRng) -> u64 {
    use shakmaty::{Chess, Position};
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

/// [`random_games`] from `start`; throughput in decisions (the same games every iteration).
pub fn playouts<G: Game>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    start: &G,
    games: usize,
) {
    group.throughput(Throughput::Elements(random_games(start, games)));
    group.bench_function(name, |b| b.iter(|| random_games(black_box(start), games)));
}

/// The best rate of `work` over `secs` seconds, in units a second: `work` runs again and again
/// in slices of 50 ms, each call counting `units` (games stepped, say), and the fastest slice
/// counts, since a shared machine slows some slices down.
pub fn best_slice_rate(secs: f64, units: usize, mut work: impl FnMut()) -> f64 {
    use std::time::{Duration, Instant};
    let mut best = 0.0f64;
    let end = Instant::now() + Duration::from_secs_f64(secs);
    while Instant::now() < end {
        let slice = Instant::now();
        let mut done = 0;
        while slice.elapsed() < Duration::from_millis(50) {
            work();
            done += units;
        }
        best = best.max(done as f64 / slice.elapsed().as_secs_f64());
    }
    best
}
