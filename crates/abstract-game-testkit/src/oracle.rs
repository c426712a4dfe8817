//! Differential tests against game records of independent programs.
//!
//! A record file is JSON Lines, optionally gzip-compressed (by the `.gz` extension): one object
//! per position, consecutive lines with the same `seed` forming one game (a line without `seed`
//! is a game of its own). The generic fields are `legal` (sorted move texts), `n_legal`,
//! `move` (the move played, `null` at the end), `gameover`, `winner` (a seat number, a list of
//! them, or `null`), `to_move` and `capped` (the recording program stopped the game early).
//! Everything else (board, scores, reserves...) is the business of the game's
//! [`OracleAdapter`].

use abstract_game::{Game, PlayerId, Status};
use serde_json::Value;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// How one game reads and compares the records of one file.
pub trait OracleAdapter {
    /// The game (or game view) the records describe.
    type G: Game;

    /// The state of a record's line (normally the first line of a game).
    fn start(&self, line: &Value) -> Result<Self::G, String>;

    /// Compares the state reached with the record's line (board, scores and so on). The
    /// default compares nothing.
    fn check_line(&self, _state: &Self::G, _line: &Value) -> Result<(), String> {
        Ok(())
    }

    /// Our legal moves as sorted texts. The default sorts the `Display` of the generated moves
    /// by byte order.
    fn legal(&self, state: &Self::G) -> Vec<String> {
        let mut v: Vec<String> = state.legal_moves().iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    }

    /// Plays the recorded move. The default reads it with `parse_move` and applies it.
    fn play(&self, state: &mut Self::G, mv: &str) -> Result<(), String> {
        let m = state
            .parse_move(mv)
            .map_err(|e| format!("cannot read move {mv}: {e}"))?;
        state
            .apply(m)
            .map_err(|e| format!("recorded move {mv} rejected: {e}"))
    }

    /// Compares the end of the game (or its absence) with the record's line. The default
    /// checks `gameover`, `winner` and `to_move` against [`Game::status`]; lines marked
    /// `capped` are not checked.
    fn check_status(&self, state: &Self::G, line: &Value) -> Result<(), String> {
        if line.get("capped").and_then(Value::as_bool) == Some(true) {
            return Ok(());
        }
        let over = line
            .get("gameover")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        match (state.status(), over) {
            (Status::Ongoing(p), false) => match line.get("to_move").and_then(Value::as_u64) {
                Some(t) if t != u64::from(p.number()) => {
                    Err(format!("record has player {t} to move, we have {p}"))
                }
                _ => Ok(()),
            },
            (Status::Ongoing(_), true) => Err("record says game over, we go on".into()),
            (Status::Finished(o), false) => Err(format!("we say game over ({o}), record goes on")),
            (Status::Finished(o), true) => {
                let ours: Vec<u64> = o.winners().iter().map(|p| u64::from(p.number())).collect();
                let theirs = winners(line);
                if ours == theirs {
                    Ok(())
                } else {
                    Err(format!("winners: ours {ours:?}, record {theirs:?}"))
                }
            }
        }
    }
}

/// The record's winners as sorted seat numbers (empty for `null`).
#[must_use]
pub fn winners(line: &Value) -> Vec<u64> {
    let mut v: Vec<u64> = match line.get("winner") {
        Some(Value::Number(n)) => n.as_u64().into_iter().collect(),
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_u64).collect(),
        _ => Vec::new(),
    };
    v.sort_unstable();
    v
}

/// The seat a record's `to_move` field names, if any.
#[must_use]
pub fn to_move(line: &Value) -> Option<PlayerId> {
    line.get("to_move")
        .and_then(Value::as_u64)
        .and_then(|n| u8::try_from(n).ok())
        .and_then(PlayerId::from_number)
}

/// What [`check_oracle_file`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OracleReport {
    /// Games read.
    pub games: usize,
    /// Positions compared.
    pub positions: usize,
    /// One message per game that disagreed (the first disagreement of that game).
    pub failures: Vec<String>,
}

/// Reads every line of a record file (gzip if the name ends in `.gz`) as JSON.
pub fn read_lines(path: impl AsRef<Path>) -> Result<Vec<Value>, String> {
    stream_lines(path)?.collect()
}

/// Opens a record file (gzip if the name ends in `.gz`) as an iterator over its lines parsed as
/// JSON, read lazily so that large files need little memory.
pub fn stream_lines(
    path: impl AsRef<Path>,
) -> Result<impl Iterator<Item = Result<Value, String>>, String> {
    let path = path.as_ref().to_path_buf();
    let file = File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let reader: Box<dyn Read> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(flate2::read::GzDecoder::new(file))
    } else {
        Box::new(file)
    };
    Ok(BufReader::new(reader)
        .lines()
        .enumerate()
        .filter(|(_, line)| line.as_ref().map_or(true, |l| !l.trim().is_empty()))
        .map(move |(n, line)| {
            let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
            serde_json::from_str(&line)
                .map_err(|e| format!("{} line {}: {e}", path.display(), n + 1))
        }))
}

/// Replays every game of a record file with `adapter`, comparing each position: the
/// adapter's [`check_line`](OracleAdapter::check_line), the sorted legal moves against `legal`
/// and `n_legal`, and [`check_status`](OracleAdapter::check_status); then plays `move`.
/// A game stops at its first disagreement, which is recorded in the report. Only one game's
/// lines are held in memory at a time.
pub fn check_oracle_file<A: OracleAdapter>(
    adapter: &A,
    path: impl AsRef<Path>,
) -> Result<OracleReport, String> {
    let mut report = OracleReport::default();
    let mut game: Vec<Value> = Vec::new();
    let finish = |game: &mut Vec<Value>, report: &mut OracleReport| {
        if game.is_empty() {
            return;
        }
        report.games += 1;
        if let Err(e) = check_game(adapter, game, &mut report.positions) {
            let seed = game[0].get("seed").cloned().unwrap_or(Value::Null);
            report.failures.push(format!("seed {seed}: {e}"));
        }
        game.clear();
    };
    for line in stream_lines(path)? {
        let line = line?;
        let same_game = match (game.first().and_then(|g| g.get("seed")), line.get("seed")) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        };
        if !same_game {
            finish(&mut game, &mut report);
        }
        game.push(line);
    }
    finish(&mut game, &mut report);
    Ok(report)
}

fn check_game<A: OracleAdapter>(
    adapter: &A,
    lines: &[Value],
    positions: &mut usize,
) -> Result<(), String> {
    let mut state = adapter.start(&lines[0])?;
    for (k, line) in lines.iter().enumerate() {
        let at = |e: String| format!("ply {}: {e}", line.get("ply").unwrap_or(&Value::from(k)));
        adapter.check_line(&state, line).map_err(at)?;
        if let Some(Value::Array(legal)) = line.get("legal") {
            let theirs: Vec<&str> = legal.iter().filter_map(Value::as_str).collect();
            let ours = adapter.legal(&state);
            if ours != theirs {
                let missing: Vec<&&str> = theirs
                    .iter()
                    .filter(|t| !ours.iter().any(|o| o == **t))
                    .take(5)
                    .collect();
                let extra: Vec<&String> = ours
                    .iter()
                    .filter(|o| !theirs.contains(&o.as_str()))
                    .take(5)
                    .collect();
                return Err(at(format!(
                    "legal moves differ: {} ours, {} record; missing {missing:?}, extra {extra:?}; position {state}",
                    ours.len(),
                    theirs.len()
                )));
            }
            if let Some(n) = line.get("n_legal").and_then(Value::as_u64) {
                if n as usize != theirs.len() {
                    return Err(at(format!(
                        "record n_legal {n} != its list {}",
                        theirs.len()
                    )));
                }
            }
        }
        adapter.check_status(&state, line).map_err(at)?;
        *positions += 1;
        match line.get("move").and_then(Value::as_str) {
            Some(mv) => adapter.play(&mut state, mv).map_err(at)?,
            None => break,
        }
    }
    Ok(())
}
