//! What several subcommands share: the failure type, reading move lists, sorted legal moves and
//! the end-of-game summary.

use abstract_game::{EndReason, Game, PlayerId, Status};
use std::fmt::Write as _;
use std::io::Read as _;
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

/// A move list as read: its name for messages and its moves with their line numbers.
#[derive(Debug)]
pub struct MoveFile {
    /// The path as given, or "standard input" for `-`.
    pub name: String,
    /// (line number, move text) of each move.
    pub moves: Vec<(usize, String)>,
}

/// Reads a move list (`-`: standard input): one move per line; blank lines and `#` comments
/// are skipped, a UTF-8 byte-order mark at the start too. Text that is not UTF-8 is refused
/// with its line number.
pub fn read_moves(path: &Path) -> Result<MoveFile, Failure> {
    let stdin = path == Path::new("-");
    let name = if stdin {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let bytes = if stdin {
        let mut b = Vec::new();
        std::io::stdin().read_to_end(&mut b).map(|_| b)
    } else {
        std::fs::read(path)
    }
    .map_err(|e| Failure::input(format!("{name}: {e}")))?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let mut moves = Vec::new();
    for (n, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = std::str::from_utf8(line).map_err(|e| {
            Failure::input(format!(
                "{name} line {}: not UTF-8 text (bad byte at column {})",
                n + 1,
                e.valid_up_to() + 1
            ))
        })?;
        let line = line.trim();
        if !line.is_empty() && !line.starts_with('#') {
            moves.push((n + 1, line.to_string()));
        }
    }
    Ok(MoveFile { name, moves })
}

/// Parses and applies one move, naming the file line, the ply and the reason on failure.
/// The move text is shown escaped, so control characters are visible.
pub fn play_text<G: Game>(
    state: &mut G,
    file: &str,
    (line, ply): (usize, usize),
    text: &str,
) -> CmdResult {
    let here = format!("{file} line {line}, ply {ply}");
    let shown = text.escape_debug();
    let mv = state
        .parse_move(text)
        .map_err(|e| Failure::input(format!("{here}: cannot read move \"{shown}\": {e}")))?;
    state
        .apply(mv)
        .map_err(|e| Failure::input(format!("{here}: move \"{shown}\" rejected: {e}")))
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

/// Every seat's points: `scores: player 1: 13, player 2: 11`.
pub fn scores_line<G: Game>(state: &G) -> String {
    let scores: Vec<String> = PlayerId::all(state.player_count())
        .map(|p| format!("player {p}: {}", state.score(p)))
        .collect();
    format!("scores: {}", scores.join(", "))
}

/// The outcome and why the game ended, one wording for every command: `winner 1 (crossing
/// held)`, `draw (move limit reached)`, `ranks 2,1,3 (target reached)`, or `none yet, player 2
/// to move`.
pub fn outcome_text<G: EndReason>(state: &G) -> String {
    match state.status() {
        Status::Ongoing(p) => format!("none yet, player {p} to move"),
        Status::Finished(o) => match state.end() {
            Some(why) => format!("{o} ({why})"),
            None => o.to_string(),
        },
    }
}

/// The final diagram, the scores and the outcome with its reason.
pub fn summary<G: EndReason>(state: &G, plies: usize) -> String {
    let mut s = state.diagram();
    let _ = writeln!(s, "after {plies} moves; {}", scores_line(state));
    let _ = writeln!(s, "outcome: {}", outcome_text(state));
    s
}
