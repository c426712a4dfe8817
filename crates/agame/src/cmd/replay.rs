//! `agame replay`: checking a game record move by move.

use super::common::{play_text, read_moves, sorted_legal, summary};
use super::{CmdResult, Job};
use abstract_game::{Game, PlayerId, Status};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The options of `agame replay`.
#[derive(Debug)]
pub struct Replay {
    /// The record.
    pub file: PathBuf,
    /// Print one JSON object per position reached.
    pub each: bool,
}

impl Job for Replay {
    fn run<G: Game>(self, start: &G) -> CmdResult {
        replay_cmd(start, &self.file, self.each)
    }
}

fn position_json<G: Game>(state: &G, ply: usize) -> serde_json::Value {
    let scores: Vec<i32> = PlayerId::all(state.player_count())
        .map(|p| state.score(p))
        .collect();
    let outcome = match state.status() {
        Status::Ongoing(_) => serde_json::Value::Null,
        Status::Finished(o) => {
            let winners: Vec<u8> = o.winners().iter().map(PlayerId::number).collect();
            serde_json::json!({ "winners": winners })
        }
    };
    serde_json::json!({
        "ply": ply,
        "to_move": state.to_move().map(PlayerId::number),
        "legal": sorted_legal(state),
        "scores": scores,
        "outcome": outcome,
    })
}

/// `agame replay`: checks a record move by move; the final diagram, scores and outcome, or with
/// `each` one JSON object per position.
fn replay_cmd<G: Game>(start: &G, file: &Path, each: bool) -> CmdResult {
    let file = read_moves(file)?;
    let moves = &file.moves;
    let mut state = start.clone();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (ply, (line, text)) in moves.iter().enumerate() {
        if each {
            let _ = writeln!(out, "{}", position_json(&state, ply));
        }
        play_text(&mut state, &file.name, (*line, ply + 1), text)?;
    }
    if each {
        let _ = writeln!(out, "{}", position_json(&state, moves.len()));
    } else {
        let _ = write!(out, "{}", summary(&state, moves.len()));
    }
    Ok(())
}
