//! Test helpers: positions from seeded random games.

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
