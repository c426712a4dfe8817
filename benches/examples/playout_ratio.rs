//! Random playouts of each game against chess's on a shared machine: short slices of chess
//! and of each game alternate, and each side keeps its best slice. Other processes only ever
//! slow a slice down, so the best slices are the ones least disturbed, and the ratio of two
//! best slices does not depend on how loaded the machine was.
//!
//! Every slice plays new games (each side keeps one generator for the whole run). Replaying
//! the same few games slice after slice lets the processor's branch predictor learn them: it
//! made chess up to 1.5 times faster than on games it had not seen, by an amount that moved
//! from build to build, and random playouts in a search never repeat.
//!
//! `cargo run --release -p benches --example playout_ratio [rounds] [--same-games]` (default
//! 50 rounds; `--same-games` replays the same games every slice, as this measure once did)
//! prints, per game, its best decisions/s, chess's best plies/s and their ratio (the playout
//! goals of docs/performance.md), and the same for the mean of all slices (all played in all
//! the time: on a quiet machine the steadier figure, since the best slice favours the side
//! whose games vary more).

use abstract_game::{Game, SeededRng};
use benches::{chess_games_with, random_games_with};
use std::cell::RefCell;
use std::hint::black_box;
use std::time::Instant;

/// One side's slices: the best rate, and all it played in all its time.
#[derive(Default)]
struct Tally {
    best: f64,
    plies: u64,
    seconds: f64,
}

impl Tally {
    /// Runs one slice: `f` plays and returns how many decisions (or plies) it played.
    fn slice(&mut self, f: &dyn Fn() -> u64) {
        let began = Instant::now();
        let n = black_box(f());
        let t = began.elapsed().as_secs_f64();
        self.best = self.best.max(n as f64 / t);
        self.plies += n;
        self.seconds += t;
    }

    fn mean(&self) -> f64 {
        self.plies as f64 / self.seconds
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(50);
    // The old measure, to compare: every slice replays the same games.
    let same_games = args.iter().any(|a| a == "--same-games");
    let pikemen = pikemen_core::Pikemen::new(&Default::default()).expect("default config");
    let gipf = gipf_core::Gipf::new(&Default::default()).expect("default config");
    let epaminondas =
        epaminondas_core::Epaminondas::new(&Default::default()).expect("default config");
    let rngs: [RefCell<SeededRng>; 4] =
        core::array::from_fn(|i| RefCell::new(SeededRng::new(i as u64 + 1)));
    // Slices of a few milliseconds, shorter than a scheduler's time slice.
    let rng = |i: usize| {
        let mut r = rngs[i].borrow_mut();
        if same_games {
            *r = SeededRng::new(i as u64 + 1);
        }
        r
    };
    let chess = || chess_games_with(5, &mut rng(0));
    let games: [(&str, &dyn Fn() -> u64); 3] = [
        ("pikemen", &|| random_games_with(&pikemen, 5, &mut rng(1))),
        ("gipf", &|| random_games_with(&gipf, 50, &mut rng(2))),
        ("epaminondas", &|| {
            random_games_with(&epaminondas, 3, &mut rng(3))
        }),
    ];
    let mut chess_tally = Tally::default();
    let mut tallies: [Tally; 3] = Default::default();
    for _ in 0..rounds {
        for (tally, (_, play)) in tallies.iter_mut().zip(&games) {
            chess_tally.slice(&chess);
            tally.slice(*play);
        }
    }
    println!(
        "{rounds} rounds, {}: chess (shakmaty) best {:.0} plies/s, mean {:.0}",
        if same_games {
            "the same games in every slice"
        } else {
            "new games in every slice"
        },
        chess_tally.best,
        chess_tally.mean()
    );
    for (t, (name, _)) in tallies.iter().zip(&games) {
        println!(
            "{name:<12} best {:>10.0} decisions/s  {:.2}x chess   mean {:>10.0}  {:.2}x chess",
            t.best,
            t.best / chess_tally.best,
            t.mean(),
            t.mean() / chess_tally.mean()
        );
    }
}
