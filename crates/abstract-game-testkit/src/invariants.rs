//! The per-position invariants and the random-game driver.

use abstract_game::smallvec::Array;
use abstract_game::{Game, MoveError, MoveList, SeededRng, Status};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// How many random games to play and how long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KitOptions {
    /// Number of random games.
    pub games: usize,
    /// Decisions after which a game is stopped (not a failure).
    pub max_plies: usize,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Whether positions with more legal moves than the inline capacity of
    /// [`Game::MoveArray`] are tolerated (for views whose branching is unbounded in
    /// practice, such as GIPF's complete turns). Off by default: spilling fails the check.
    pub allow_spill: bool,
}

impl Default for KitOptions {
    /// 30 games of at most 300 decisions, seed 1, no spilling.
    fn default() -> Self {
        KitOptions {
            games: 30,
            max_plies: 300,
            seed: 1,
            allow_spill: false,
        }
    }
}

/// What a successful run saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KitReport {
    /// Games played.
    pub games: usize,
    /// Positions checked.
    pub positions: usize,
    /// Games that reached their end (the rest hit `max_plies`).
    pub finished: usize,
    /// The largest number of legal moves met.
    pub max_branching: usize,
    /// The inline capacity of the game's move buffer.
    pub inline_capacity: usize,
    /// The longest game played, in decisions.
    pub longest_game: usize,
}

/// A broken invariant, with everything needed to replay it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KitFailure {
    /// Which invariant broke, and how.
    pub message: String,
    /// The seed of the failing game.
    pub seed: u64,
    /// The moves from the start of the failing game to the failing position, as text.
    pub path: Vec<String>,
    /// The failing position's text.
    pub position: String,
}

impl std::fmt::Display for KitFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}\n  seed: {}\n  position: {}\n  path ({} moves): {}",
            self.message,
            self.seed,
            self.position,
            self.path.len(),
            self.path.join(" ")
        )
    }
}

impl std::error::Error for KitFailure {}

/// Plays `opts.games` seeded random games from the start of `config` and checks every
/// position; panics with a replayable message on the first broken invariant.
#[must_use = "the report says how much was checked"]
pub fn check_random_games<G: Game>(config: &G::Config, opts: &KitOptions) -> KitReport {
    let start =
        G::new(config).unwrap_or_else(|e| panic!("{}: config {config:?} refused: {e}", G::NAME));
    check_random_games_from(&start, opts)
}

/// [`check_random_games`] from a given position (a custom setup or a midgame position).
#[must_use = "the report says how much was checked"]
pub fn check_random_games_from<G: Game>(start: &G, opts: &KitOptions) -> KitReport {
    try_check_random_games_from(start, opts).unwrap_or_else(|f| panic!("{}: {f}", G::NAME))
}

/// [`check_random_games_from`] returning the failure instead of panicking.
pub fn try_check_random_games_from<G: Game>(
    start: &G,
    opts: &KitOptions,
) -> Result<KitReport, KitFailure> {
    let mut report = KitReport {
        inline_capacity: <G::MoveArray as Array>::size(),
        ..KitReport::default()
    };
    for i in 0..opts.games {
        let seed = opts.seed.wrapping_add(i as u64);
        let mut rng = SeededRng::new(seed);
        let mut walk = Walk::<G>::default();
        let mut state = start.clone();
        let mut path: Vec<String> = Vec::new();
        let fail = |message: String, state: &G, path: &[String]| KitFailure {
            message,
            seed,
            path: path.to_vec(),
            position: state.to_string(),
        };
        loop {
            let moves = walk
                .check(&state, &mut rng)
                .map_err(|m| fail(m, &state, &path))?;
            report.positions += 1;
            report.max_branching = report.max_branching.max(moves.len());
            if !opts.allow_spill && moves.len() > report.inline_capacity {
                return Err(fail(
                    format!(
                        "{} legal moves exceed the move buffer's inline capacity {}",
                        moves.len(),
                        report.inline_capacity
                    ),
                    &state,
                    &path,
                ));
            }
            if moves.is_empty() {
                report.finished += 1;
                break;
            }
            if path.len() >= opts.max_plies {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            path.push(mv.to_string());
            if let Err(e) = state.apply(mv) {
                return Err(fail(
                    format!("apply of generated move {mv} failed: {e}"),
                    &state,
                    &path,
                ));
            }
        }
        report.longest_game = report.longest_game.max(path.len());
        report.games += 1;
    }
    Ok(report)
}

/// Checks the invariants of one position (without candidates from other positions):
///
/// 1. `status()` is stable (repeated calls, a clone, a text round trip); an ongoing game names
///    a seat below the player count and has a legal move; a finished one has none, ranks
///    exactly the player count, and rejects every candidate with `GameOver`.
/// 2. Generation is deterministic, duplicate-free, and `count_moves()` equals its length;
///    `random_move()` picks the move the default (generate, then pick) picks from the same
///    generator, drawing the same amount of randomness.
/// 3. Every generated move passes `check_move`; apply, `after` and `play` agree on it, and the
///    incremental hash of the result equals its from-scratch hash.
/// 4. Moves parsed from mutated move texts that were not generated are rejected with a typed
///    error, and a rejected `apply`/`play` leaves the state unchanged.
/// 5. `hash64()` equals `hash64_from_scratch()`; equal states hash equally.
/// 6. Move texts are unique in the position and round-trip through `FromStr` and
///    `parse_move`; the position text is one line and round-trips exactly, and so does the
///    text of (a spread sample of at most 8) positions a legal move leads to.
///
/// Then the same checks run on every position one legal move away: a position text that
/// reads must only lead to positions that pass them too.
///
/// [`check_random_games`] runs the checks 1-6 at every position, adding as candidates the
/// moves met earlier in the game.
pub fn check_position<G: Game>(state: &G) -> Result<(), String> {
    let moves = Walk::<G>::default().check(state, &mut SeededRng::new(state.hash64()))?;
    for &mv in &moves {
        let mut child = state.clone();
        child.apply_unchecked(mv);
        Walk::<G>::default()
            .check(&child, &mut SeededRng::new(child.hash64()))
            .map_err(|e| format!("after {mv} (position {child}): {e}"))?;
    }
    Ok(())
}

/// Plays the walk that `picks` describe (each byte chooses legal move `byte % count`, as in
/// [`abstract_game::replay_choices`]), at most `max_steps` moves, and runs [`check_position`]
/// at every position reached. The body of every game's random-walk fuzz target: any byte
/// string is a valid game, so the fuzzer explores games rather than syntax.
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// let start = Subtraction::new(&Default::default()).unwrap();
/// assert_eq!(abstract_game_testkit::check_walk(&start, &[0, 7, 255, 3], 100), Ok(4));
/// ```
pub fn check_walk<G: Game>(start: &G, picks: &[u8], max_steps: usize) -> Result<usize, String> {
    let mut state = start.clone();
    let mut walk = Walk::<G>::default();
    let mut rng = SeededRng::new(start.hash64());
    let mut played = Vec::new();
    for &pick in picks.iter().take(max_steps) {
        let moves = walk
            .check(&state, &mut rng)
            .map_err(|e| format!("{e}\n  position: {state}\n  path: {}", played.join(" ")))?;
        if moves.is_empty() {
            return Ok(played.len());
        }
        let mv = moves[usize::from(pick) % moves.len()];
        played.push(mv.to_string());
        state
            .apply(mv)
            .map_err(|e| format!("generated move {mv} refused: {e}"))?;
    }
    walk.check(&state, &mut rng)
        .map_err(|e| format!("{e}\n  position: {state}\n  path: {}", played.join(" ")))?;
    Ok(played.len())
}

/// State kept along one random game: candidate moves met so far and hashes of states seen.
struct Walk<G: Game> {
    pool: Vec<G::Move>,
    pooled: HashSet<G::Move>,
    hashes: HashMap<G, u64>,
}

impl<G: Game> Default for Walk<G> {
    fn default() -> Self {
        Walk {
            pool: Vec::new(),
            pooled: HashSet::new(),
            hashes: HashMap::new(),
        }
    }
}

const POOL_LIMIT: usize = 4096;
const CANDIDATES_PER_POSITION: usize = 64;
const MUTATED_MOVES_PER_POSITION: usize = 32;
const CHILD_TEXTS_PER_POSITION: usize = 8;

impl<G: Game> Walk<G> {
    fn check(&mut self, g: &G, rng: &mut SeededRng) -> Result<MoveList<G>, String> {
        let status = g.status();
        check_text(g, status)?;
        check_hash(g)?;
        if let Some(&h) = self.hashes.get(g) {
            if h != g.hash64() {
                return Err("two equal states have different hash64".into());
            }
        } else if self.hashes.len() < 100_000 {
            self.hashes.insert(g.clone(), g.hash64());
        }
        if g.status() != status || g.clone().status() != status {
            return Err("status() is not stable".into());
        }

        let moves = g.legal_moves();
        let mut again = MoveList::<G>::new();
        g.generate_moves(&mut again);
        if moves[..] != again[..] {
            return Err("generation is not deterministic".into());
        }
        if g.count_moves() != moves.len() {
            return Err(format!(
                "count_moves() = {} but {} moves were generated",
                g.count_moves(),
                moves.len()
            ));
        }
        check_random_move(g, &moves, rng.next_u64())?;
        let set: HashSet<G::Move> = moves.iter().copied().collect();
        if set.len() != moves.len() {
            return Err("generation produced a duplicate move".into());
        }

        match status {
            Status::Ongoing(p) => {
                if p.index() >= usize::from(g.player_count()) {
                    return Err(format!(
                        "seat {p} to move in a game of {}",
                        g.player_count()
                    ));
                }
                if moves.is_empty() {
                    return Err("ongoing game without a legal move".into());
                }
                if g.to_move() != Some(p) {
                    return Err("to_move() disagrees with status()".into());
                }
            }
            Status::Finished(outcome) => {
                if !moves.is_empty() {
                    return Err("finished game generates moves".into());
                }
                if outcome.player_count() != g.player_count() {
                    return Err("the outcome does not rank every seat".into());
                }
                if g.to_move().is_some() {
                    return Err("finished game names a seat to move".into());
                }
            }
        }

        let mut texts = HashSet::new();
        // The children's texts: a spread sample, since every child is met again only when
        // the walk plays it.
        let step = moves.len().div_ceil(CHILD_TEXTS_PER_POSITION).max(1);
        for (i, &mv) in moves.iter().enumerate() {
            check_generated_move(g, mv, i % step == 0)?;
            let text = mv.to_string();
            if !texts.insert(text.clone()) {
                return Err(format!("move text {text} is used by two moves"));
            }
        }

        // Candidates: moves met earlier in the game, and moves parsed from mutated move texts.
        let mut candidates: Vec<G::Move> = Vec::new();
        for _ in 0..CANDIDATES_PER_POSITION.min(self.pool.len()) {
            candidates.push(self.pool[rng.below(self.pool.len())]);
        }
        mutated_moves::<G>(&moves, rng, &mut candidates);
        for mv in candidates {
            if !set.contains(&mv) {
                check_rejected(g, mv, status)?;
            }
        }
        for &mv in &moves {
            if self.pool.len() < POOL_LIMIT && self.pooled.insert(mv) {
                self.pool.push(mv);
            }
        }
        Ok(moves)
    }
}

/// `random_move` picks what the default would from the same generator, and draws exactly
/// what the default draws (one number, or none when the game is over).
fn check_random_move<G: Game>(g: &G, moves: &[G::Move], seed: u64) -> Result<(), String> {
    let (mut ours, mut reference) = (SeededRng::new(seed), SeededRng::new(seed));
    let picked = g.random_move(&mut ours);
    let expected = (!moves.is_empty()).then(|| moves[reference.below(moves.len())]);
    if picked != expected {
        return Err(format!(
            "random_move() picked {picked:?}, the default picks {expected:?}"
        ));
    }
    if ours != reference {
        return Err("random_move() drew a different amount of randomness than the default".into());
    }
    Ok(())
}

fn check_text<G: Game>(g: &G, status: Status) -> Result<(), String> {
    let text = g.to_string();
    if text.contains('\n') {
        return Err("position text spans several lines".into());
    }
    let back: G = text
        .parse()
        .map_err(|e| format!("position text does not parse back: {e}"))?;
    if &back != g {
        return Err(format!(
            "position text round trip gives another state: {back}"
        ));
    }
    if back.to_string() != text {
        return Err("position text is not stable under a round trip".into());
    }
    if back.status() != status {
        return Err("status changes across a position text round trip".into());
    }
    if back.hash64() != g.hash64() {
        return Err("hash64 changes across a position text round trip".into());
    }
    // Mutated texts must be refused or accepted, never panic.
    let bytes: Vec<char> = text.chars().collect();
    for cut in [
        bytes.len() / 3,
        bytes.len() / 2,
        bytes.len().saturating_sub(1),
    ] {
        let s: String = bytes[..cut].iter().collect();
        let _ = s.parse::<G>();
    }
    if g.diagram().trim().is_empty() {
        return Err("empty diagram".into());
    }
    Ok(())
}

fn check_hash<G: Game>(g: &G) -> Result<(), String> {
    if g.hash64() != g.hash64_from_scratch() {
        return Err(format!(
            "incremental hash {:#x} differs from the from-scratch hash {:#x}",
            g.hash64(),
            g.hash64_from_scratch()
        ));
    }
    Ok(())
}

fn check_generated_move<G: Game>(g: &G, mv: G::Move, child_text: bool) -> Result<(), String> {
    if let Err(e) = g.check_move(mv) {
        return Err(format!("generated move {mv} fails check_move: {e}"));
    }
    let text = mv.to_string();
    match text.parse::<G::Move>() {
        Ok(m) if m == mv => {}
        Ok(m) => return Err(format!("move text {text} parses to another move {m:?}")),
        Err(e) => return Err(format!("move text {text} does not parse: {e}")),
    }
    match g.parse_move(&text) {
        Ok(m) if m == mv => {}
        Ok(m) => return Err(format!("parse_move({text}) gives another move {m:?}")),
        Err(e) => return Err(format!("parse_move({text}) fails: {e}")),
    }
    let after = g.after(mv).map_err(|e| format!("after({mv}) fails: {e}"))?;
    let mut applied = g.clone();
    applied
        .apply(mv)
        .map_err(|e| format!("apply({mv}) fails: {e}"))?;
    let played = g
        .clone()
        .play(mv)
        .map_err(|e| format!("play({mv}) fails: {e}"))?;
    let mut unchecked = g.clone();
    unchecked.apply_unchecked(mv);
    if after != applied || played != applied || unchecked != applied {
        return Err(format!(
            "apply, after, play and apply_unchecked disagree on {mv}"
        ));
    }
    if applied.hash64() != applied.hash64_from_scratch() {
        return Err(format!(
            "after {mv}: incremental hash differs from the from-scratch hash"
        ));
    }
    if !child_text {
        return Ok(());
    }
    let child = applied.to_string();
    match child.parse::<G>() {
        Ok(back) if back == applied && back.to_string() == child => Ok(()),
        Ok(_) => Err(format!(
            "after {mv}: the position text {child} reads back as another state"
        )),
        Err(e) => Err(format!(
            "after {mv}: the position text {child} is refused: {e}"
        )),
    }
}

fn check_rejected<G: Game>(g: &G, mv: G::Move, status: Status) -> Result<(), String> {
    match (g.check_move(mv), status) {
        (Ok(()), _) => {
            return Err(format!(
                "check_move accepts {mv}, which the generator does not produce"
            ));
        }
        (Err(MoveError::GameOver), Status::Ongoing(_)) => {
            return Err(format!(
                "check_move({mv}) says game over in an ongoing game"
            ));
        }
        (Err(MoveError::Illegal(_)), Status::Finished(_)) => {
            return Err(format!(
                "check_move({mv}) in a finished game is not GameOver"
            ));
        }
        _ => {}
    }
    let mut copy = g.clone();
    let hash = copy.hash64();
    let text = copy.to_string();
    if copy.apply(mv).is_ok() {
        return Err(format!("apply accepts the illegal move {mv}"));
    }
    if &copy != g || copy.hash64() != hash || copy.to_string() != text {
        return Err(format!("a rejected apply({mv}) changed the state"));
    }
    match g.clone().play(mv) {
        Ok(_) => Err(format!("play accepts the illegal move {mv}")),
        Err(rejected) if &rejected.state != g => {
            Err(format!("a rejected play({mv}) changed the state"))
        }
        Err(_) => Ok(()),
    }
}

/// Parses single-character mutations of some legal moves' texts, keeping those that parse.
fn mutated_moves<G: Game>(moves: &[G::Move], rng: &mut SeededRng, out: &mut Vec<G::Move>) {
    if moves.is_empty() {
        return;
    }
    // The texts' own characters, plus the usual ones, so that squares or pieces the generator
    // never mentions can still turn up.
    let mut alphabet: Vec<char> = ('0'..='9')
        .chain('a'..='z')
        .chain('A'..='Z')
        .chain("-x(),;. ".chars())
        .collect();
    let mut text = String::new();
    for mv in moves.iter().take(32) {
        text.clear();
        let _ = write!(text, "{mv}");
        for c in text.chars() {
            if !alphabet.contains(&c) {
                alphabet.push(c);
            }
        }
    }
    for _ in 0..MUTATED_MOVES_PER_POSITION {
        let mut chars: Vec<char> = moves[rng.below(moves.len())].to_string().chars().collect();
        if chars.is_empty() {
            continue;
        }
        let at = rng.below(chars.len());
        chars[at] = alphabet[rng.below(alphabet.len())];
        let s: String = chars.into_iter().collect();
        if let Ok(m) = s.parse::<G::Move>() {
            out.push(m);
        }
    }
}
