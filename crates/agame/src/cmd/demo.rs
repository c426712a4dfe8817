//! `agame demo`: a short seeded self-play game of each game, shown move by move.

use super::common::summary;
use super::{CmdResult, Failure};
use crate::GameName;
use abstract_game::{Game, MoveLimit, PlayerId, SeededRng};
use std::fmt::Write as _;

/// Plays and prints the demo games (all, or only `only_game`).
pub fn run(seed: u64, only_game: Option<GameName>, max_plies: u32) -> CmdResult {
    let want = |g| only_game.is_none_or(|o| o == g);
    let mut out = String::new();
    if want(GameName::Pikemen) {
        let g = pikemen_core::Pikemen::new(&pikemen_core::Config::default())
            .map_err(|e| Failure::input(e.to_string()))?;
        out += &format!("=== Pikemen, 2 players, target 12 (seed {seed}) ===\n");
        out += &demo_game(&g, seed, max_plies);
    }
    if want(GameName::Gipf) {
        let g = gipf_core::Gipf::new(&gipf_core::Config::default())
            .map_err(|e| Failure::input(e.to_string()))?;
        out += &format!(
            "\n=== GIPF, standard game (seed {seed}); moves starting with x are row removals ===\n"
        );
        out += &demo_game(&g, seed, max_plies);
    }
    if want(GameName::Epaminondas) {
        let g = epaminondas_core::Epaminondas::new(&epaminondas_core::Config::default())
            .map_err(|e| Failure::input(e.to_string()))?;
        out += &format!("\n=== Epaminondas, 14x12, mirror rule on (seed {seed}) ===\n");
        out += &demo_game(&g, seed, max_plies);
    }
    print!("{out}");
    Ok(())
}

/// The demo's player: a move that gains the mover the most points, chosen at random among
/// equals (so games with points end in a watchable number of moves).
fn greedy_move<G: Game>(state: &G, mover: PlayerId, rng: &mut SeededRng) -> G::Move {
    let moves = state.legal_moves();
    let before = state.score(mover);
    let mut best = Vec::new();
    let mut best_gain = i32::MIN;
    for &mv in &moves {
        let mut child = state.clone();
        child.apply_unchecked(mv);
        let gain = child.score(mover) - before;
        if gain > best_gain {
            best_gain = gain;
            best.clear();
        }
        if gain == best_gain {
            best.push(mv);
        }
    }
    best[rng.below(best.len())]
}

/// One seeded self-play game between two greedy players: the start, the moves, the end.
fn demo_game<G: Game>(start: &G, seed: u64, max_plies: u32) -> String {
    let mut state = MoveLimit::wrap(start.clone(), 0, max_plies);
    let mut rng = SeededRng::new(seed);
    let mut s = String::new();
    let _ = writeln!(s, "Start:\n{}", start.diagram());
    let mut line = String::new();
    let mut plies = 0;
    while let Some(mover) = state.to_move() {
        let mv = greedy_move(&state, mover, &mut rng);
        state.apply_unchecked(mv);
        plies += 1;
        let _ = write!(line, "{plies}.{mover}:{mv}  ");
        if line.len() > 80 {
            let _ = writeln!(s, "{}", line.trim_end());
            line.clear();
        }
    }
    if !line.is_empty() {
        let _ = writeln!(s, "{}", line.trim_end());
    }
    s.push('\n');
    s.push_str(&summary(state.inner(), plies));
    if state.inner().status().is_finished() {
        s
    } else {
        let _ = writeln!(
            s,
            "stopped at the demo's limit of {max_plies} moves: a draw"
        );
        s
    }
}
