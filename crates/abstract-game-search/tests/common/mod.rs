//! Test helpers: positions from seeded random games, and the games the tests search.

// Each test program uses some of these.
#![allow(dead_code)]

use abstract_game::{Game, SeededRng};

/// Positions met in seeded random games from `start`: some from the middle of each game,
/// and the last position before each game's final decision.
pub fn sample_positions<G: Game>(start: &G, games: u64, max_plies: usize) -> Vec<G> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = SeededRng::new(seed);
        let mut line = vec![start.clone()];
        let mut state = start.clone();
        while line.len() < max_plies {
            let moves = state.legal_moves();
            if moves.is_empty() {
                break;
            }
            state.apply_unchecked(moves[rng.below(moves.len())]);
            line.push(state.clone());
        }
        let n = line.len();
        for _ in 0..2 {
            out.push(line[rng.below(n)].clone());
        }
        if state.status().is_finished() && n >= 2 {
            out.push(line[n - 2].clone());
        }
    }
    out.retain(|s| !s.status().is_finished());
    out
}

/// Epaminondas on the 8 x 8 board, the tests' quick size.
pub fn epaminondas_8x8() -> epaminondas_core::Epaminondas {
    epaminondas_core::Epaminondas::new(&epaminondas_core::Config {
        width: 8,
        height: 8,
        ..Default::default()
    })
    .unwrap()
}
