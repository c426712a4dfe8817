//! Checks of the learning traits: action numbers, observations and symmetries.

use abstract_game::{Actions, Game, LearnError, MoveList, PlayerId, SeededRng, Symmetric, perft};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

use crate::{KitFailure, KitOptions, KitReport};

/// Plays `opts.games` seeded random games from `start` and checks the learning traits at
/// every position (see [`check_learning_position`]); across positions it also checks that the
/// sizes stay fixed and that distinct states never share an observation from the same seat.
/// Returns the first failure with everything needed to replay it.
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// use abstract_game_testkit::{KitOptions, check_learning};
/// let start = Subtraction::new(&Default::default()).unwrap();
/// let report = check_learning(&start, &KitOptions::default()).unwrap();
/// assert_eq!(report.games, 30);
/// ```
pub fn check_learning<G: Symmetric>(start: &G, opts: &KitOptions) -> Result<KitReport, KitFailure> {
    let mut report = KitReport::default();
    let mut seen = Seen::<G>::default();
    let fixed = Fixed::of(start);
    for i in 0..opts.games {
        let seed = opts.seed.wrapping_add(i as u64);
        let mut rng = SeededRng::new(seed);
        let mut state = start.clone();
        let mut path: Vec<String> = Vec::new();
        loop {
            let fail = |message: String| KitFailure {
                message,
                seed,
                path: path.clone(),
                position: state.to_string(),
            };
            if Fixed::of(&state) != fixed {
                return Err(fail(format!(
                    "sizes changed: {:?} at the start, {:?} here",
                    fixed,
                    Fixed::of(&state)
                )));
            }
            // The deep checks (every number decoded, perft of the images) every few plies.
            let deep = report.positions % 7 == 0;
            check_learning_position(&state, deep).map_err(&fail)?;
            seen.check(&state).map_err(&fail)?;
            report.positions += 1;
            let moves = state.legal_moves();
            report.max_branching = report.max_branching.max(moves.len());
            if moves.is_empty() {
                report.finished += 1;
                break;
            }
            if path.len() >= opts.max_plies {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            path.push(mv.to_string());
            state.apply_unchecked(mv);
        }
        report.longest_game = report.longest_game.max(path.len());
        report.games += 1;
    }
    Ok(report)
}

/// [`check_learning`] from the start of `config`, panicking with a replayable message on the
/// first failure.
#[must_use = "the report says how much was checked"]
pub fn check_learning_games<G: Symmetric>(config: &G::Config, opts: &KitOptions) -> KitReport {
    let start =
        G::new(config).unwrap_or_else(|e| panic!("{}: config {config:?} refused: {e}", G::NAME));
    check_learning(&start, opts).unwrap_or_else(|f| panic!("{} learning traits: {f}", G::NAME))
}

/// The learning-trait invariants of one position:
///
/// 1. Actions: every legal move has a number below `num_distinct_actions`, distinct ones for
///    distinct moves, and `move_of` gives the move back; the mask and `legal_actions` (sorted)
///    hold exactly those numbers; wrong-sized masks are refused. With `deep`, every number of
///    the range is decoded and `move_of` finds a move exactly for the legal numbers.
/// 2. Observations: every seat's observation has the fixed length, is finite and
///    deterministic, overwrites whatever the buffer held, and wrong sizes or seats are refused.
/// 3. Symmetries: 0 is the identity; each symmetry's inverse undoes it; the image state
///    round-trips as text, hashes consistently and has the same status; the images of the
///    legal moves are exactly the image's legal moves; action numbers and observations map as
///    the image state's own; out-of-range symmetries are refused. With `deep`, perft to depth
///    2 of each image equals the position's.
pub fn check_learning_position<G: Symmetric>(g: &G, deep: bool) -> Result<(), String> {
    let moves = g.legal_moves();
    check_actions(g, &moves, deep)?;
    check_observations(g)?;
    check_symmetries(g, &moves, deep)
}

/// The sizes a configuration fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fixed {
    actions: usize,
    shape: [usize; 3],
    symmetries: usize,
}

impl Fixed {
    fn of<G: Symmetric>(g: &G) -> Fixed {
        Fixed {
            actions: g.num_distinct_actions(),
            shape: g.observation_shape(),
            symmetries: g.symmetry_count(),
        }
    }
}

fn check_actions<G: Actions>(g: &G, moves: &MoveList<G>, deep: bool) -> Result<(), String> {
    let n = g.num_distinct_actions();
    let mut numbers = HashMap::new();
    for &mv in moves {
        let a = g
            .action_of(mv)
            .ok_or_else(|| format!("legal move {mv} has no action number"))?;
        if a as usize >= n {
            return Err(format!("action {a} of {mv} is not below {n}"));
        }
        if let Some(other) = numbers.insert(a, mv) {
            return Err(format!("moves {other} and {mv} share action {a}"));
        }
        if g.move_of(a) != Some(mv) {
            return Err(format!("move_of({a}) = {:?}, not {mv}", g.move_of(a)));
        }
    }
    let mut mask = vec![true; n];
    g.legal_action_mask(&mut mask)
        .map_err(|e| format!("legal_action_mask refused a buffer of the right size: {e}"))?;
    for (a, &set) in mask.iter().enumerate() {
        if set != numbers.contains_key(&(a as u32)) {
            return Err(format!("the mask says {set} for action {a}"));
        }
    }
    let mut listed = vec![u32::MAX; 3];
    g.legal_actions(&mut listed);
    let mut expected: Vec<u32> = numbers.keys().copied().collect();
    expected.sort_unstable();
    if listed != expected {
        return Err(format!("legal_actions gives {listed:?}, not {expected:?}"));
    }
    let mut short = vec![false; n.saturating_sub(1)];
    if g.legal_action_mask(&mut short).is_ok() || short.iter().any(|&b| b) {
        return Err("a mask one entry short was accepted or written".into());
    }
    if deep {
        for a in 0..n as u32 + 2 {
            let found = g.move_of(a);
            if found != numbers.get(&a).copied() {
                return Err(format!(
                    "move_of({a}) = {found:?} though the legal move with that number is {:?}",
                    numbers.get(&a)
                ));
            }
        }
    }
    Ok(())
}

fn observation<G: Symmetric>(g: &G, seat: PlayerId) -> Result<Vec<f32>, String> {
    let mut out = vec![f32::NAN; g.observation_len()];
    g.observe(seat, &mut out)
        .map_err(|e| format!("observe({seat}) refused a buffer of the right size: {e}"))?;
    Ok(out)
}

fn check_observations<G: Symmetric>(g: &G) -> Result<(), String> {
    let [planes, rows, cols] = g.observation_shape();
    let len = g.observation_len();
    if len != planes * rows * cols || len == 0 {
        return Err(format!(
            "observation length {len} for shape {planes}x{rows}x{cols}"
        ));
    }
    for seat in PlayerId::all(g.player_count()) {
        let first = observation(g, seat)?;
        if let Some(i) = first.iter().position(|v| !v.is_finite()) {
            return Err(format!(
                "observation of seat {seat}: entry {i} is {}",
                first[i]
            ));
        }
        // Cleared, then each seat's observation written over it, as a batch rewrites rows.
        for next in PlayerId::all(g.player_count()) {
            let mut over = first.clone();
            g.clear_observation(seat, &mut over);
            g.write_observation(next, &mut over);
            let fresh = observation(g, next)?;
            if let Some(i) = (0..len).find(|&i| over[i].to_bits() != fresh[i].to_bits()) {
                return Err(format!(
                    "seat {next}'s observation written over seat {seat}'s, cleared, has entry \
                     {i} at {} instead of {} (seat {seat}'s had {})",
                    over[i], fresh[i], first[i]
                ));
            }
        }
        let mut again = vec![7.5; len];
        g.clone()
            .observe(seat, &mut again)
            .map_err(|e| e.to_string())?;
        if !same_bits(&first, &again) {
            return Err(format!("observation of seat {seat} is not deterministic"));
        }
    }
    let mut wrong = vec![3.0; len + 1];
    if g.observe(PlayerId::FIRST, &mut wrong)
        != Err(LearnError::Length {
            expected: len,
            found: len + 1,
        })
        || wrong.iter().any(|&v| v != 3.0)
    {
        return Err("an observation buffer one entry long was accepted or written".into());
    }
    if let Some(absent) = PlayerId::new(g.player_count()) {
        let mut out = vec![3.0; len];
        if g.observe(absent, &mut out) != Err(LearnError::Seat(absent)) {
            return Err(format!("observe accepted the absent seat {absent}"));
        }
    }
    Ok(())
}

fn check_symmetries<G: Symmetric>(g: &G, moves: &MoveList<G>, deep: bool) -> Result<(), String> {
    let count = g.symmetry_count();
    if count == 0 {
        return Err("symmetry_count is 0 (the identity is always there)".into());
    }
    if g.transformed(0).as_ref() != Ok(g) || g.inverse_symmetry(0) != Ok(0) {
        return Err("symmetry 0 is not the identity".into());
    }
    let mut sorted: Vec<G::Move> = moves.to_vec();
    sorted.sort_unstable();
    let status = g.status();
    let seats: Vec<PlayerId> = PlayerId::all(g.player_count()).collect();
    let observations = seats
        .iter()
        .map(|&s| observation(g, s))
        .collect::<Result<Vec<_>, _>>()?;
    let depth2 = if deep { perft(g, 2) } else { 0 };
    for sym in 0..count {
        let at = |m: String| format!("symmetry {sym}: {m}");
        let image = g.transformed(sym).map_err(|e| at(e.to_string()))?;
        let inverse = g.inverse_symmetry(sym).map_err(|e| at(e.to_string()))?;
        if image.transformed(inverse).as_ref() != Ok(g) {
            return Err(at(format!("symmetry {inverse} does not undo it")));
        }
        let text = image.to_string();
        if text.parse::<G>().as_ref() != Ok(&image) {
            return Err(at(format!("the image {text} does not round-trip as text")));
        }
        if image.hash64() != image.hash64_from_scratch() {
            return Err(at("the image's hash is not its from-scratch hash".into()));
        }
        if image.status() != status {
            return Err(at(format!(
                "status {:?} of the image, {status:?} here",
                image.status()
            )));
        }
        let mut mapped = Vec::with_capacity(moves.len());
        for &mv in moves {
            let m = g.transform_move(sym, mv).map_err(|e| at(e.to_string()))?;
            mapped.push(m);
            let a = g.action_of(mv).unwrap_or(u32::MAX);
            let b = g
                .transform_action(sym, a)
                .map_err(|e| at(format!("action of {mv}: {e}")))?;
            if image.action_of(m) != Some(b) {
                return Err(at(format!(
                    "action {a} ({mv}) maps to {b}, but the image numbers {m} {:?}",
                    image.action_of(m)
                )));
            }
        }
        mapped.sort_unstable();
        let mut image_moves = image.legal_moves().to_vec();
        image_moves.sort_unstable();
        if mapped != image_moves {
            return Err(at(format!(
                "the images of the legal moves are not the image's legal moves: {} vs {}",
                list(&mapped),
                list(&image_moves)
            )));
        }
        for (seat, obs) in seats.iter().zip(&observations) {
            let mut out = vec![f32::NAN; obs.len()];
            g.transform_observation(sym, obs, &mut out)
                .map_err(|e| at(e.to_string()))?;
            if !same_bits(&out, &observation(&image, *seat)?) {
                return Err(at(format!(
                    "the image of seat {seat}'s observation is not its observation of the image"
                )));
            }
        }
        if deep && perft(&image, 2) != depth2 {
            return Err(at("perft to depth 2 of the image differs".into()));
        }
    }
    if g.transformed(count) != Err(LearnError::Symmetry(count))
        || g.inverse_symmetry(count) != Err(LearnError::Symmetry(count))
    {
        return Err(format!("symmetry {count} (out of range) was accepted"));
    }
    Ok(())
}

fn list<M: std::fmt::Display>(moves: &[M]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn same_bits(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
}

/// Observations met so far, by seat and hash of their bits, with the state they came from.
struct Seen<G: Game> {
    by_hash: HashMap<(PlayerId, u64), G>,
    states: HashSet<G>,
}

impl<G: Game> Default for Seen<G> {
    fn default() -> Self {
        Seen {
            by_hash: HashMap::new(),
            states: HashSet::new(),
        }
    }
}

impl<G: Symmetric> Seen<G> {
    fn check(&mut self, g: &G) -> Result<(), String> {
        if self.states.len() >= 50_000 || !self.states.insert(g.clone()) {
            return Ok(());
        }
        for seat in PlayerId::all(g.player_count()) {
            let obs = observation(g, seat)?;
            let mut h = std::collections::hash_map::DefaultHasher::new();
            obs.iter().for_each(|v| v.to_bits().hash(&mut h));
            match self.by_hash.get(&(seat, h.finish())) {
                Some(other) if other != g && same_bits(&observation(other, seat)?, &obs) => {
                    return Err(format!(
                        "seat {seat} sees this position exactly as the different position {other}"
                    ));
                }
                Some(_) => {}
                None => {
                    self.by_hash.insert((seat, h.finish()), g.clone());
                }
            }
        }
        Ok(())
    }
}
