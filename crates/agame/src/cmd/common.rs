//! What several subcommands share: the failure type, reading move lists, sorted legal moves and
//! the end-of-game summary.

use abstract_game::{Game, PlayerId, Status};
use std::fmt::Write as _;
use std::path::Path;

/// A failure of the program's input (bad option, unreadable file, illegal move), reported on
/// stderr with exit status 1.
#[derive(Debug)]
pub struct Failure(pub String);

impl Failure {
    /// A failure with this message.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure(message.into())
    }
}

pub type CmdResult = Result<(), Failure>;

/// Reads a move list: one move per line; blank lines and `#` comments are skipped.
/// Returns (line number, text) pairs.
pub fn read_moves(path: &Path) -> Result<Vec<(usize, String)>, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    Ok(text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l.trim().to_string()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect())
}

/// Parses and applies one move, naming the ply and the reason on failure.
pub fn play_text<G: Game>(state: &mut G, ply: usize, text: &str) -> CmdResult {
    let mv = state
        .parse_move(text)
        .map_err(|e| Failure::input(format!("ply {ply}: cannot read move '{text}': {e}")))?;
    state
        .apply(mv)
        .map_err(|e| Failure::input(format!("ply {ply}: move '{text}' rejected: {e}")))
}

/// The legal moves' texts, sorted.
pub fn sorted_legal<G: Game>(state: &G) -> Vec<String> {
    let mut v: Vec<String> = state
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    v.sort();
    v
}

/// The final diagram, the scores and the status.
pub fn summary<G: Game>(state: &G, plies: usize) -> String {
    let mut s = state.diagram();
    let scores: Vec<String> = PlayerId::all(state.player_count())
        .map(|p| format!("player {p}: {}", state.score(p)))
        .collect();
    let _ = writeln!(s, "after {plies} moves; scores: {}", scores.join(", "));
    match state.status() {
        Status::Ongoing(p) => {
            let _ = writeln!(s, "outcome: none yet, player {p} to move");
        }
        Status::Finished(o) => {
            let _ = writeln!(s, "outcome: {o}");
        }
    }
    s
}
