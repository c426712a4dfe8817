//! What several subcommands share: the failure type, reading move lists, sorted legal moves and
//! the end-of-game summary.

use super::lines::Lines;
use abstract_game::{EndReason, Evaluate, Game, PlayerId, Status};
use abstract_game_search::{Bot, BotSpec};
use std::fmt::Write as _;
use std::io::BufRead;
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

/// A move list being read, one move at a time (records are streamed: a long one is never held
/// whole): an iterator of `(line number, move text)`.
pub struct MoveFile {
    /// The path as given, or "standard input" for `-`.
    pub name: String,
    lines: Lines<Box<dyn BufRead>>,
    line: usize,
}

impl std::fmt::Debug for MoveFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MoveFile({:?}, line {})", self.name, self.line)
    }
}

/// Opens a move list (`-`: standard input): one move per line; blank lines and `#` comments
/// are skipped, a UTF-8 byte-order mark at the start too. A line that is not UTF-8 or longer
/// than [`MAX_LINE`](super::lines::MAX_LINE) is refused with its line number.
pub fn read_moves(path: &Path) -> Result<MoveFile, Failure> {
    let stdin = path == Path::new("-");
    let (name, input): (String, Box<dyn BufRead>) = if stdin {
        (
            "standard input".to_string(),
            Box::new(std::io::stdin().lock()),
        )
    } else {
        let name = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| Failure::input(format!("{name}: {e}")))?;
        (name, Box::new(std::io::BufReader::new(file)))
    };
    Ok(MoveFile {
        name,
        lines: Lines::new(input),
        line: 0,
    })
}

impl Iterator for MoveFile {
    type Item = Result<(usize, String), Failure>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let line = match self.lines.next()? {
                Ok(line) => line,
                Err(e) => return Some(Err(Failure::input(format!("{}: {e}", self.name)))),
            };
            self.line += 1;
            let text = match line.text() {
                Ok(text) => text,
                Err(why) => {
                    return Some(Err(Failure::input(format!(
                        "{} line {}: {why}",
                        self.name, self.line
                    ))));
                }
            };
            let text = if self.line == 1 {
                text.strip_prefix('\u{feff}').unwrap_or(&text)
            } else {
                &text
            }
            .trim();
            if !text.is_empty() && !text.starts_with('#') {
                return Some(Ok((self.line, text.to_string())));
            }
        }
    }
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

/// The bot of `spec` for games like `state`; a `zero` spec's `model=FILE` is read from disk.
///
/// # Errors
/// The network file cannot be read, is not a network, or does not fit the game.
pub fn build_bot<G: Evaluate>(state: &G, spec: &BotSpec) -> Result<Box<dyn Bot<G>>, String> {
    agame_options::bot(state, spec, |path| {
        agame_options::read_network(&std::fs::read(path).map_err(|e| e.to_string())?)
    })
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
