//! How many legal moves positions have: the figures behind each game's `MoveList` inline
//! capacity (`Game::MoveArray`), recorded in docs/performance.md.
//!
//! `cargo run -p benches --example branching -- [pikemen|epaminondas|gipf|climb] [games]`
//!
//! For every rules setting it plays seeded random games (as the conformance kit does, with
//! many more games) and prints the median, high percentiles and maximum of the number of legal
//! moves, with the position of the maximum. `climb` searches for Epaminondas positions with
//! many moves (White's pieces moved one at a time, keeping every change that does not lower
//! the count): the worst cases that random games do not meet.

use abstract_game::smallvec::Array;
use abstract_game::{Game, MoveList, SeededRng};

fn branching<G: Game>(label: &str, config: &G::Config, games: u64, max_plies: usize) {
    let mut counts = Vec::new();
    let mut worst = (0, String::new());
    let mut moves = MoveList::<G>::new();
    for seed in 1..=games {
        let mut rng = SeededRng::new(seed);
        let mut g = G::new(config).expect("a valid configuration");
        for _ in 0..max_plies {
            moves.clear();
            g.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            counts.push(moves.len());
            if moves.len() > worst.0 {
                worst = (moves.len(), g.to_string());
            }
            g.apply_unchecked(moves[rng.below(moves.len())]);
        }
    }
    counts.sort_unstable();
    let at = |p: f64| counts[((counts.len() - 1) as f64 * p) as usize];
    println!(
        "{label}: {} positions; median {}, p99 {}, p99.99 {}, max {} (inline capacity {})\n  max at: {}",
        counts.len(),
        at(0.5),
        at(0.99),
        at(0.9999),
        worst.0,
        G::MoveArray::size(),
        worst.1
    );
}

fn pikemen(games: u64) {
    use pikemen_core::{Config, Pikemen};
    for players in [2, 3, 4] {
        for charge_keeps_state in [true, false] {
            // Target 12 (the default) and one never reached: long games, crowded midgames.
            for target in [12, 1000] {
                let config = Config {
                    players,
                    target,
                    charge_keeps_state,
                };
                let label = format!(
                    "pikemen {players} players, target {target}, keep {charge_keeps_state}"
                );
                branching::<Pikemen>(&label, &config, games, 2000);
            }
        }
    }
}

fn epaminondas(games: u64) {
    use epaminondas_core::{Config, Epaminondas};
    for (width, height) in [(14, 12), (8, 8), (16, 15)] {
        for stones in [false, true] {
            let config = Config {
                width,
                height,
                stones,
                mirror: true,
            };
            let label = format!("epaminondas {width}x{height}, stones {stones}");
            branching::<Epaminondas>(&label, &config, games, 2000);
        }
    }
}

fn gipf(games: u64) {
    use gipf_core::{Config, Gipf, GipfTurns, Variant};
    for variant in [Variant::Basic, Variant::Standard, Variant::Tournament] {
        let config = Config { variant };
        branching::<Gipf>(&format!("gipf decisions, {variant}"), &config, games, 2000);
        branching::<GipfTurns>(&format!("gipf turns, {variant}"), &config, games / 10, 1000);
    }
}

fn climb(width: usize, height: usize, seed: u64) {
    use epaminondas_core::Epaminondas;
    let mut rng = SeededRng::new(seed);
    // Row 0 is the top rank: two Black pieces in its corners, White's two rows anywhere below.
    let mut cells = vec![b'.'; width * height];
    cells[0] = b'2';
    cells[width - 1] = b'2';
    let mut placed = 0;
    while placed < 2 * width {
        let i = width + rng.below(width * (height - 1));
        if cells[i] == b'.' {
            cells[i] = b'1';
            placed += 1;
        }
    }
    let text = |cells: &[u8]| {
        let rows: Vec<&str> = cells
            .chunks(width)
            .map(|r| std::str::from_utf8(r).expect("ASCII"))
            .collect();
        format!("{} 1 mirror:off stones:off", rows.join("/"))
    };
    let count = |cells: &[u8]| {
        text(cells)
            .parse::<Epaminondas>()
            .map_or(0, |g| g.count_moves())
    };
    let mut best = count(&cells);
    for _ in 0..200_000 {
        let (from, to) = (
            rng.below(width * height),
            width + rng.below(width * (height - 1)),
        );
        if cells[from] == b'1' && cells[to] == b'.' {
            cells.swap(from, to);
            match count(&cells) {
                n if n >= best => best = n,
                _ => cells.swap(from, to),
            }
        }
    }
    println!(
        "epaminondas {width}x{height} climb, seed {seed}: {best} moves\n  {}",
        text(&cells)
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_default();
    let games = args
        .next()
        .map_or(2000, |s| s.parse().expect("a number of games"));
    match which.as_str() {
        "pikemen" => pikemen(games),
        "epaminondas" => epaminondas(games),
        "gipf" => gipf(games),
        "climb" => {
            for seed in 1..=4 {
                climb(14, 12, seed);
                climb(16, 15, seed);
            }
        }
        _ => {
            pikemen(games);
            epaminondas(games);
            gipf(games);
        }
    }
}
