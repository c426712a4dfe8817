//! `agame replay`: checking a game record move by move.

use super::common::{play_text, read_moves, sorted_legal, summary};
use super::{CmdResult, Job};
use abstract_game::{EndReason, PlayerId, Status};
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
    fn run<G: EndReason>(self, start: &G) -> CmdResult {
        replay_cmd(start, &self.file, self.each)
    }
}

/// One line of `replay --each`; the fields serialise in this order, `ply` first.
#[derive(serde::Serialize)]
struct PositionJson {
    ply: usize,
    to_move: Option<u8>,
    legal: Vec<String>,
    scores: Vec<i32>,
    outcome: Option<Winners>,
}

/// The outcome of a finished game: the winning seats, numbered from 1, and why it ended.
#[derive(serde::Serialize)]
struct Winners {
    winners: Vec<u8>,
    end: Option<String>,
}

fn position_json<G: EndReason>(state: &G, ply: usize) -> String {
    let line = PositionJson {
        ply,
        to_move: state.to_move().map(PlayerId::number),
        legal: sorted_legal(state),
        scores: PlayerId::all(state.player_count())
            .map(|p| state.score(p))
            .collect(),
        outcome: match state.status() {
            Status::Ongoing(_) => None,
            Status::Finished(o) => Some(Winners {
                winners: o.winners().iter().map(PlayerId::number).collect(),
                end: state.end().map(|why| why.to_string()),
            }),
        },
    };
    serde_json::to_string(&line).expect("plain data serialises")
}

/// `agame replay`: checks a record move by move; the final diagram, scores and outcome with its
/// reason, or with `each` one JSON object per position.
fn replay_cmd<G: EndReason>(start: &G, file: &Path, each: bool) -> CmdResult {
    let mut file = read_moves(file)?;
    let mut state = start.clone();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut ply = 0;
    while let Some((line, text)) = file.next().transpose()? {
        if each {
            let _ = writeln!(out, "{}", position_json(&state, ply));
        }
        ply += 1;
        play_text(&mut state, &file.name, (line, ply), &text)?;
    }
    if each {
        let _ = writeln!(out, "{}", position_json(&state, ply));
    } else {
        let _ = write!(out, "{}", summary(&state, ply));
    }
    Ok(())
}
