//! The subcommands, written once for every game through the `Game` trait.

use abstract_game::{Game, MoveLimit, PlayerId, SeededRng, Status, perft};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

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
fn play_text<G: Game>(state: &mut G, ply: usize, text: &str) -> CmdResult {
    let mv = state
        .parse_move(text)
        .map_err(|e| Failure::input(format!("ply {ply}: cannot read move '{text}': {e}")))?;
    state
        .apply(mv)
        .map_err(|e| Failure::input(format!("ply {ply}: move '{text}' rejected: {e}")))
}

fn sorted_legal<G: Game>(state: &G) -> Vec<String> {
    let mut v: Vec<String> = state
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    v.sort();
    v
}

/// `agame perft`: the count (split by first move with `divide`), time and speed.
pub fn perft_cmd<G: Game>(start: &G, depth: u32, divide: bool, threads: usize) -> CmdResult {
    let began = Instant::now();
    let split = if depth == 0 {
        Vec::new()
    } else {
        parallel_divide(start, depth, threads.max(1))
    };
    let total: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    let elapsed = began.elapsed();
    let mut out = String::new();
    if divide {
        let mut lines: Vec<(String, u64)> =
            split.iter().map(|(m, n)| (m.to_string(), *n)).collect();
        lines.sort();
        for (m, n) in lines {
            let _ = writeln!(out, "{m}: {n}");
        }
        out.push('\n');
    }
    let secs = elapsed.as_secs_f64();
    let _ = writeln!(out, "perft({depth}) = {total}");
    let _ = writeln!(
        out,
        "time {:.3} s, {:.1} M leaves/s",
        secs,
        if secs > 0.0 {
            total as f64 / secs / 1e6
        } else {
            0.0
        }
    );
    print!("{out}");
    Ok(())
}

/// Perft split by root move, the root moves shared among `threads` workers. Each count is
/// computed by exactly one worker, so the result never depends on the thread count.
fn parallel_divide<G: Game>(start: &G, depth: u32, threads: usize) -> Vec<(G::Move, u64)> {
    let moves: Vec<G::Move> = start.legal_moves().to_vec();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let mut counts = vec![0u64; moves.len()];
    let show_progress = std::io::stderr().is_terminal() && depth >= 5;
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.min(moves.len().max(1)))
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&mv) = moves.get(i) else { break };
                        let mut child = start.clone();
                        child.apply_unchecked(mv);
                        mine.push((i, perft(&child, depth - 1)));
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    mine
                })
            })
            .collect();
        if show_progress {
            while done.load(Ordering::Relaxed) < moves.len() {
                eprint!(
                    "\r{}/{} root moves",
                    done.load(Ordering::Relaxed),
                    moves.len()
                );
                std::thread::sleep(Duration::from_millis(200));
            }
            eprint!("\r{:40}\r", "");
        }
        for w in workers {
            for (i, n) in w.join().expect("perft worker panicked") {
                counts[i] = n;
            }
        }
    });
    moves.iter().copied().zip(counts).collect()
}

/// `agame legal`: the sorted legal moves after replaying `moves`.
pub fn legal_cmd<G: Game>(start: &G, moves: Option<&Path>) -> CmdResult {
    let mut state = start.clone();
    if let Some(path) = moves {
        for (ply, (_, text)) in read_moves(path)?.iter().enumerate() {
            play_text(&mut state, ply + 1, text)?;
        }
    }
    let mut out = String::new();
    for m in sorted_legal(&state) {
        let _ = writeln!(out, "{m}");
    }
    print!("{out}");
    Ok(())
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
pub fn replay_cmd<G: Game>(start: &G, file: &Path, each: bool) -> CmdResult {
    let moves = read_moves(file)?;
    let mut state = start.clone();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (ply, (_, text)) in moves.iter().enumerate() {
        if each {
            let _ = writeln!(out, "{}", position_json(&state, ply));
        }
        play_text(&mut state, ply + 1, text)?;
    }
    if each {
        let _ = writeln!(out, "{}", position_json(&state, moves.len()));
    } else {
        let _ = write!(out, "{}", summary(&state, moves.len()));
    }
    Ok(())
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
pub fn demo_game<G: Game>(start: &G, seed: u64, max_plies: u32) -> String {
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
