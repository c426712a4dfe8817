//! `agame legal`: the legal moves of a position.

use super::common::{play_text, read_moves, sorted_legal};
use super::{CmdResult, Job};
use abstract_game::{Game, Status};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The options of `agame legal`: moves to play first.
#[derive(Debug)]
pub struct Legal(pub Option<PathBuf>);

impl Job for Legal {
    fn run<G: Game>(self, start: &G) -> CmdResult {
        legal_cmd(start, self.0.as_deref())
    }
}

/// `agame legal`: the sorted legal moves after replaying `moves`, or on stderr that the game
/// is over.
fn legal_cmd<G: Game>(start: &G, moves: Option<&Path>) -> CmdResult {
    let mut state = start.clone();
    if let Some(path) = moves {
        let mut file = read_moves(path)?;
        let mut ply = 0;
        while let Some((line, text)) = file.next().transpose()? {
            ply += 1;
            play_text(&mut state, &file.name, (line, ply), &text)?;
        }
    }
    if let Status::Finished(o) = state.status() {
        // Not an error, but an empty list alone would look like one.
        eprintln!("agame: the game is over ({o}): there are no legal moves");
        return Ok(());
    }
    let mut out = String::new();
    for m in sorted_legal(&state) {
        let _ = writeln!(out, "{m}");
    }
    print!("{out}");
    Ok(())
}
