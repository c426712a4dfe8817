//! `agame playouts`: uniformly random games from the start, timed, for rollout speed.

use super::{CmdResult, Failure, Job};
use abstract_game::{Game, PlayerId, SeededRng, random_rollout};
use std::fmt::Write as _;
use std::time::Instant;

/// The options of `agame playouts`.
#[derive(Debug)]
pub struct Playouts {
    /// Number of games.
    pub games: u64,
    /// Seed of the one generator all games draw from in turn.
    pub seed: u64,
}

impl Job for Playouts {
    fn run<G: Game>(self, start: &G) -> CmdResult {
        if start.status().is_finished() {
            return Err(Failure::input("the game is already over: nothing to play"));
        }
        print!("{}", playouts(start, self.games, self.seed));
        Ok(())
    }
}

/// Plays the games (nothing recorded, the state cloned once per game) and reports: the count,
/// how they ended, their lengths, and as the last line one JSON object with the speed.
fn playouts<G: Game>(start: &G, games: u64, seed: u64) -> String {
    let seats = usize::from(start.player_count());
    let mut rng = SeededRng::new(seed);
    let mut wins = vec![0u64; seats];
    let (mut draws, mut shared, mut plies) = (0u64, 0u64, 0u64);
    let (mut shortest, mut longest) = (u64::MAX, 0u64);
    let began = Instant::now();
    for _ in 0..games {
        let mut state = start.clone();
        let r = random_rollout(&mut state, &mut rng, usize::MAX);
        let n = r.plies as u64;
        plies += n;
        shortest = shortest.min(n);
        longest = longest.max(n);
        match r.outcome {
            Some(o) if o.is_draw() => draws += 1,
            Some(o) => match o.winner() {
                Some(w) => wins[w.index()] += 1,
                None => shared += 1,
            },
            None => {}
        }
    }
    let seconds = began.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        plies as f64 / seconds
    } else {
        0.0
    };
    let mut out = String::new();
    let _ = writeln!(out, "{} random games of {} (seed {seed})", games, G::NAME);
    let won: Vec<String> = PlayerId::all(start.player_count())
        .map(|p| format!("player {p} {}", wins[p.index()]))
        .collect();
    let _ = writeln!(
        out,
        "wins: {}; draws {draws}; first place shared {shared}",
        won.join(", ")
    );
    if games > 0 {
        let _ = writeln!(
            out,
            "decisions per game: mean {:.1}, shortest {shortest}, longest {longest}",
            plies as f64 / games as f64
        );
    }
    let _ = writeln!(
        out,
        "{plies} decisions in {seconds:.3} s: {:.0} decisions/s",
        rate
    );
    // Written by hand to keep the documented key order.
    let json = format!(
        "{{\"games\":{games},\"plies\":{plies},\"seconds\":{seconds},\"plies_per_second\":{rate}}}"
    );
    let _ = writeln!(out, "{json}");
    out
}
