//! `agame match`: bots against bots, seats rotated, openings seeded, games in parallel.

use super::common::build_bot;
use super::{CmdResult, Failure, Job};
use abstract_game::{EndReason, Evaluate, Outcome, PlayerId, SeededRng, Status};
use abstract_game_search::BotSpec;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::Instant;

/// What `agame match` was asked to do.
#[derive(Debug)]
pub struct MatchOptions {
    /// One bot per seat, in the order given.
    pub bots: Vec<BotSpec>,
    /// The bots' texts as given (shown and written as they were typed).
    pub names: Vec<String>,
    /// Number of games.
    pub games: usize,
    /// Seed of the openings and of the bots' own random choices.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    /// Random moves that open each game.
    pub opening: usize,
    /// Where to write one JSON line per game.
    pub jsonl: Option<PathBuf>,
    /// The game's command-line options, for the records.
    pub options: String,
}

/// The most games a match plays: more than anyone runs, few enough to refuse a mistyped count.
pub const MAX_GAMES: usize = 1_000_000_000;

/// The most games played at once (each on a thread of its own).
pub const MAX_JOBS: usize = 1024;

/// `agame match` as a [`Job`].
#[derive(Debug)]
pub struct Match(pub MatchOptions);

impl Job for Match {
    fn run<G: Evaluate + EndReason>(self, start: &G) -> CmdResult {
        run(start, &self.0)
    }
}

/// One finished game.
#[derive(Clone, Debug)]
struct Played {
    /// The bot (index into the options' list) at each seat.
    seats: Vec<usize>,
    moves: Vec<String>,
    outcome: Outcome,
    /// Why it ended, in the game's words.
    end: String,
}

/// Wins, draws and losses of one bot; a win is finishing first alone, a draw sharing first.
/// Points: 1 per win, `1/k` per first place shared by `k` seats (1/2 with two players).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    points: f64,
}

/// Mixes numbers into a seed, so that every game and seat gets its own.
fn mix(parts: &[u64]) -> u64 {
    parts
        .iter()
        .fold(0x5EED, |h, &p| SeededRng::new(h ^ p).next_u64())
}

/// Game `index`: seats rotated by `index`, the opening of group `index / seats`.
fn play_one<G: Evaluate + EndReason>(
    start: &G,
    opts: &MatchOptions,
    index: usize,
) -> Result<Played, String> {
    let n = opts.bots.len();
    let seats: Vec<usize> = (0..n).map(|s| (s + index) % n).collect();
    let mut state = start.clone();
    let mut moves = Vec::new();
    // The same opening for every rotation of the seats.
    let mut rng = SeededRng::new(mix(&[opts.seed, (index / n) as u64]));
    for _ in 0..opts.opening {
        let Some(mv) = abstract_game::random_move(&state, &mut rng) else {
            break;
        };
        state.apply_unchecked(mv);
        moves.push(mv.to_string());
    }
    let mut bots = seats
        .iter()
        .enumerate()
        .map(|(s, &b)| {
            let spec = &opts.bots[b];
            let seed = mix(&[opts.seed, spec.seed.unwrap_or(0), index as u64, s as u64]);
            build_bot(start, &spec.clone().with_seed(seed))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let limits: Vec<_> = seats.iter().map(|&b| opts.bots[b].limits()).collect();
    loop {
        match state.status() {
            Status::Finished(outcome) => {
                return Ok(Played {
                    seats,
                    moves,
                    outcome,
                    end: state.end().map(|e| e.to_string()).unwrap_or_default(),
                });
            }
            Status::Ongoing(p) => {
                let name = &opts.names[seats[p.index()]];
                let (mv, _) = bots[p.index()]
                    .choose(&state, &limits[p.index()])
                    .ok_or_else(|| format!("{name} gave no move in {state}"))?;
                state
                    .apply(mv)
                    .map_err(|e| format!("{name} played {mv} in {state}: {e}"))?;
                moves.push(mv.to_string());
            }
        }
    }
}

/// What the report needs of the games played so far: each bot's tally, the games and plies.
#[derive(Clone, Debug, Default, PartialEq)]
struct Totals {
    tallies: Vec<Tally>,
    games: usize,
    plies: usize,
}

impl Totals {
    fn new(bots: usize) -> Totals {
        Totals {
            tallies: vec![Tally::default(); bots],
            ..Totals::default()
        }
    }

    /// Counts one more game.
    fn add(&mut self, g: &Played) {
        self.games += 1;
        self.plies += g.moves.len();
        let firsts = g.outcome.winners().len();
        for (s, &b) in g.seats.iter().enumerate() {
            let seat = PlayerId::new(s as u8).unwrap_or(PlayerId::FIRST);
            let t = &mut self.tallies[b];
            match (g.outcome.rank(seat), firsts) {
                (0, 1) => t.wins += 1,
                (0, _) => t.draws += 1,
                _ => t.losses += 1,
            }
            if g.outcome.rank(seat) == 0 {
                t.points += 1.0 / firsts as f64;
            }
        }
    }
}

/// The Elo difference of the first bot over the others from its points (a share of first
/// places), and a 95% interval: the Wilson score interval of the share mapped to Elo, which
/// stays honest at a clean sweep (where the normal approximation would give a zero-width
/// interval). Shares of 0 or 1 are clamped half a game inside, so that the figures stay finite.
///
/// With `seats` players, all but the first of equal strength, the first finishes first with
/// chance `1 / (1 + (seats - 1) 10^(-D/400))` for an Elo difference `D` (the Bradley-Terry
/// model of two players, extended to a field by Luce's choice rule); the share is turned back
/// into `D`. Two players: the usual `1 / (1 + 10^(-D/400))`.
fn elo(points: f64, games: usize, seats: usize) -> (f64, f64, f64) {
    let n = games.max(1) as f64;
    let p = points / n;
    let z2 = 1.96_f64 * 1.96;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = (z2 * (p * (1.0 - p) / n + z2 / (4.0 * n * n))).sqrt() / (1.0 + z2 / n);
    let edge = 0.5 / n;
    let others = seats.saturating_sub(1).max(1) as f64;
    let rating = |x: f64| {
        let x = x.clamp(edge, 1.0 - edge);
        400.0 * (others * x / (1.0 - x)).log10()
    };
    let round = |x: f64| (x * 10.0).round() / 10.0;
    (
        round(rating(p)),
        round(rating(centre - half)),
        round(rating(centre + half)),
    )
}

/// Whether the report has an Elo line: two bots, or one bot against a field of one spec.
fn rated(names: &[String]) -> bool {
    names.len() >= 2 && names[2..].iter().all(|n| *n == names[1])
}

fn json_string(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

/// The record of one game: one JSON object on one line.
fn record_line<G: Evaluate>(opts: &MatchOptions, g: &Played) -> String {
    let seats: Vec<serde_json::Value> = g
        .seats
        .iter()
        .map(|&b| opts.names[b].as_str().into())
        .collect();
    let winners: Vec<u8> = g.outcome.winners().iter().map(PlayerId::number).collect();
    format!(
        "{{\"game\":{},\"options\":{},\"seats\":{},\"opening\":{},\"moves\":{},\"outcome\":{},\"end\":{},\"winners\":{},\"plies\":{}}}",
        json_string(G::NAME),
        json_string(&opts.options),
        serde_json::Value::from(seats),
        opts.opening.min(g.moves.len()),
        serde_json::Value::from(g.moves.clone()),
        json_string(&g.outcome.to_string()),
        json_string(&g.end),
        serde_json::Value::from(winners),
        g.moves.len()
    )
}

/// Plays the games, shows progress on a terminal, and hands each finished game to `each` in
/// game order, as the games end: nothing holds every game (a match may be long), only those
/// finished ahead of an earlier one still being played.
fn play_all<G: Evaluate + EndReason>(
    start: &G,
    opts: &MatchOptions,
    mut each: impl FnMut(&Played) -> CmdResult,
) -> CmdResult {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let progress = std::io::stderr().is_terminal();
    let (send, finished) = channel();
    let result = std::thread::scope(|s| {
        for _ in 0..opts.jobs.clamp(1, opts.games.max(1)) {
            let send = send.clone();
            let (next, failed) = (&next, &failed);
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= opts.games || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    if send.send((i, play_one(start, opts, i))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Games that ended before an earlier one, by index, until their turn.
        let mut ahead = BTreeMap::new();
        let mut done = 0;
        for (i, game) in finished {
            ahead.insert(i, game);
            while let Some(game) = ahead.remove(&done) {
                let outcome = game.map_err(Failure::input).and_then(|g| each(&g));
                if outcome.is_err() {
                    // The other threads stop at their next game; theirs are not reported.
                    failed.store(true, Ordering::Relaxed);
                    return outcome;
                }
                done += 1;
                if progress {
                    eprint!("\r{}", progress_bar(done, opts.games));
                }
            }
        }
        Ok(())
    });
    if progress {
        eprint!("\r{:60}\r", "");
    }
    result
}

fn progress_bar(done: usize, total: usize) -> String {
    let width = 30;
    let filled = done * width / total.max(1);
    format!(
        "[{}{}] {done}/{total} games",
        "#".repeat(filled),
        "-".repeat(width - filled)
    )
}

/// The report: a table per bot, the Elo line for two bots, and the JSON summary last.
fn report(opts: &MatchOptions, totals: &Totals, seconds: f64) -> String {
    let t = &totals.tallies;
    let mut out = String::new();
    let width = opts.names.iter().map(String::len).max().unwrap_or(0).max(3);
    let _ = writeln!(
        out,
        "{:<w$}  {:>5} {:>5} {:>6} {:>7}",
        "bot",
        "wins",
        "draws",
        "losses",
        "points",
        w = width + 3
    );
    for (i, (name, t)) in opts.names.iter().zip(t).enumerate() {
        let _ = writeln!(
            out,
            "{:<2} {:<w$}  {:>5} {:>5} {:>6} {:>7.1}",
            i + 1,
            name,
            t.wins,
            t.draws,
            t.losses,
            t.points,
            w = width
        );
    }
    let _ = writeln!(
        out,
        "{} games, {:.1} plies per game, {seconds:.1} s",
        totals.games,
        totals.plies as f64 / totals.games.max(1) as f64
    );
    let elo = rated(&opts.names).then(|| elo(t[0].points, totals.games, t.len()));
    if let Some((diff, low, high)) = elo {
        let over = if t.len() == 2 {
            opts.names[1].clone()
        } else {
            format!("a field of {} x {}", t.len() - 1, opts.names[1])
        };
        let _ = writeln!(
            out,
            "Elo of {} over {over}: {diff:+.1} (95% interval {low:+.1} to {high:+.1})",
            opts.names[0]
        );
    }
    let bots: Vec<String> = opts
        .names
        .iter()
        .zip(t)
        .map(|(name, t)| {
            format!(
                "{{\"spec\":{},\"wins\":{},\"draws\":{},\"losses\":{},\"points\":{}}}",
                json_string(name),
                t.wins,
                t.draws,
                t.losses,
                t.points
            )
        })
        .collect();
    let _ = write!(
        out,
        "{{\"games\":{},\"bots\":[{}]",
        totals.games,
        bots.join(",")
    );
    if let Some((diff, low, high)) = elo {
        let _ = write!(
            out,
            ",\"elo\":{{\"diff\":{diff},\"low\":{low},\"high\":{high}}}"
        );
    }
    out.push_str("}\n");
    out
}

/// `agame match`: plays `opts.games` games from `start` and reports.
fn run<G: Evaluate + EndReason>(start: &G, opts: &MatchOptions) -> CmdResult {
    let seats = start.player_count() as usize;
    if opts.bots.len() != seats {
        return Err(Failure::input(format!(
            "--bots: this game has {seats} seats, so give {seats} bots (one per seat; repeat a spec to seat it twice), not {}",
            opts.bots.len()
        )));
    }
    if !(1..=MAX_GAMES).contains(&opts.games) {
        return Err(Failure::input(format!(
            "--games {}: a match has 1 to {MAX_GAMES} games",
            opts.games
        )));
    }
    if opts.jobs > MAX_JOBS {
        return Err(Failure::input(format!(
            "--jobs {}: at most {MAX_JOBS} games at once",
            opts.jobs
        )));
    }
    if opts.games % seats != 0 {
        eprintln!(
            "agame: note: {} games is not a multiple of {seats}, so the bots do not play each seat equally often",
            opts.games
        );
    }
    let began = Instant::now();
    // Created before the first game, so that a bad path fails at once.
    let mut jsonl = match &opts.jsonl {
        Some(path) => Some((
            std::io::BufWriter::new(
                std::fs::File::create(path)
                    .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?,
            ),
            path,
        )),
        None => None,
    };
    let mut totals = Totals::new(opts.bots.len());
    play_all(start, opts, |g| {
        totals.add(g);
        match &mut jsonl {
            Some((file, path)) => writeln!(file, "{}", record_line::<G>(opts, g))
                .map_err(|e| Failure::input(format!("{}: {e}", path.display()))),
            None => Ok(()),
        }
    })?;
    if let Some((mut file, path)) = jsonl {
        file.flush()
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    }
    let out = report(opts, &totals, began.elapsed().as_secs_f64());
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_is_zero_at_even_score_and_symmetric() {
        let (d, lo, hi) = elo(6.0, 12, 2);
        assert_eq!(d, 0.0);
        assert!(lo < 0.0 && hi > 0.0 && (lo + hi).abs() < 0.2);
        // 75% scores about +191 Elo.
        let (d, lo, hi) = elo(15.0, 20, 2);
        assert!((d - 190.8).abs() < 0.2, "{d}");
        assert!(lo < d && d < hi);
        // A clean sweep stays finite.
        let (d, _, _) = elo(10.0, 10, 2);
        assert!(d.is_finite() && d > 400.0);
        let (_, lo, hi) = elo(4.0, 4, 2);
        assert!(
            lo < 100.0 && hi > 300.0,
            "a sweep of 4 games proves little: {lo} {hi}"
        );
    }

    #[test]
    fn against_a_field_the_even_share_is_one_in_seats() {
        // Equal strength: a quarter of the wins among four, a third among three.
        assert_eq!(elo(10.0, 40, 4).0, 0.0);
        assert_eq!(elo(10.0, 30, 3).0, 0.0);
        // Winning half the games against three equals: odds 1:1 against a field whose
        // combined odds are 3 times one player's, so 10^(D/400) = 3.
        let (d, lo, hi) = elo(20.0, 40, 4);
        assert!((d - 400.0 * 3f64.log10()).abs() < 0.1, "{d}");
        assert!(lo < d && d < hi);
        // Beating a field is worth more than the same share against one opponent.
        assert!(elo(30.0, 40, 3).0 > elo(30.0, 40, 2).0);
    }

    #[test]
    fn a_win_is_finishing_first_alone() {
        let played = [
            Played {
                seats: vec![0, 1, 2],
                moves: vec![],
                outcome: Outcome::from_ranks(&[0, 1, 1]).unwrap(),
                end: "target reached".into(),
            },
            Played {
                seats: vec![1, 2, 0],
                moves: vec![],
                outcome: Outcome::from_ranks(&[0, 0, 1]).unwrap(),
                end: "target reached".into(),
            },
        ];
        let mut totals = Totals::new(3);
        played.iter().for_each(|g| totals.add(g));
        let t = &totals.tallies;
        assert_eq!((t[0].wins, t[0].draws, t[0].losses), (1, 0, 1));
        assert_eq!((t[1].wins, t[1].draws, t[1].losses), (0, 1, 1));
        assert_eq!((t[2].wins, t[2].draws, t[2].losses), (0, 1, 1));
        // A first place shared by two is worth half a win.
        assert_eq!((t[0].points, t[1].points, t[2].points), (1.0, 0.5, 0.5));
        assert!(!rated(&["a".into(), "b".into(), "c".into()]));
        assert!(rated(&["a".into(), "b".into(), "b".into()]));
        assert!(rated(&["a".into(), "b".into()]));
    }

    fn options(bots: &[&str], games: usize, jobs: usize) -> MatchOptions {
        MatchOptions {
            bots: bots.iter().map(|b| b.parse().unwrap()).collect(),
            names: bots.iter().map(ToString::to_string).collect(),
            games,
            seed: 5,
            jobs,
            opening: 2,
            jsonl: None,
            options: String::new(),
        }
    }

    #[test]
    fn seats_rotate_openings_repeat_and_jobs_do_not_change_results() {
        use abstract_game::Game;
        let start = abstract_game::toy::Subtraction::new(&Default::default()).unwrap();
        let opts = options(&["alphabeta:depth=8", "random"], 6, 1);
        // Every game, in game order, with a running count of those handed over.
        let all = |opts: &MatchOptions| {
            let mut v = Vec::new();
            let mut totals = Totals::new(2);
            play_all(&start, opts, |g| {
                totals.add(g);
                v.push(g.clone());
                Ok(())
            })
            .unwrap();
            (v, totals)
        };
        let (one, totals) = all(&opts);
        assert_eq!(one[0].seats, [0, 1]);
        assert_eq!(one[1].seats, [1, 0]);
        assert_eq!(one[0].moves[..2], one[1].moves[..2]);
        assert_ne!(one[0].moves[..2], one[2].moves[..2]);
        let (two, _) = all(&options(&["alphabeta:depth=8", "random"], 6, 3));
        let moves = |v: &[Played]| v.iter().map(|g| g.moves.clone()).collect::<Vec<_>>();
        assert_eq!(moves(&one), moves(&two));
        let t = &totals.tallies;
        assert_eq!(t[0].wins + t[0].draws + t[0].losses, 6);
        assert_eq!(totals.games, 6);
        assert_eq!(
            totals.plies,
            one.iter().map(|g| g.moves.len()).sum::<usize>()
        );
        let text = report(&opts, &totals, 1.0);
        let last = text.lines().last().unwrap();
        let json: serde_json::Value = serde_json::from_str(last).unwrap();
        assert_eq!(json["games"], 6);
        assert_eq!(json["bots"][0]["spec"], "alphabeta:depth=8");
        assert!(json["elo"]["diff"].is_number());
        assert!(last.starts_with("{\"games\":6,\"bots\":[{\"spec\":"));
    }
}
