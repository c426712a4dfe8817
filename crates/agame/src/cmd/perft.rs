//! `agame perft`: counting move sequences, split among threads.

use super::{CmdResult, Job};
use abstract_game::{Game, perft};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The options of `agame perft`.
#[derive(Debug)]
pub struct Perft {
    /// Number of moves deep.
    pub depth: u32,
    /// Show the count under each first move.
    pub divide: bool,
    /// Worker threads (at least one is used).
    pub threads: usize,
}

impl Job for Perft {
    fn run<G: Game>(self, start: &G) -> CmdResult {
        perft_cmd(start, self.depth, self.divide, self.threads)
    }
}

/// `agame perft`: the count (split by first move with `divide`), time and speed.
fn perft_cmd<G: Game>(start: &G, depth: u32, divide: bool, threads: usize) -> CmdResult {
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
