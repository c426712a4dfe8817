//! Checks of [`Evaluate`] implementations over random games.

use crate::KitOptions;
use abstract_game::{Evaluate, Game, PlayerId, SeededRng, Status};

/// Plays `opts.games` seeded random games from `start` and checks the evaluation at every
/// position: each seat's value is finite and in `-1.0..=1.0`, strictly inside for an ongoing
/// game and equal to the outcome's returns for a finished one; the seats' values sum to zero
/// (within 1e-6); values are the same for a clone and for the state read back from its text;
/// and `move_priority` answers for every legal move. Returns the number of positions checked,
/// or the first failure with the position text.
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// use abstract_game_testkit::{KitOptions, check_evaluate};
/// let start = Subtraction::new(&Default::default()).unwrap();
/// assert!(check_evaluate(&start, &KitOptions::default()).unwrap() > 0);
/// ```
pub fn check_evaluate<G: Game + Evaluate>(start: &G, opts: &KitOptions) -> Result<usize, String> {
    let mut positions = 0;
    for i in 0..opts.games {
        let seed = opts.seed.wrapping_add(i as u64);
        let mut rng = SeededRng::new(seed);
        let mut state = start.clone();
        for ply in 0..=opts.max_plies {
            check_position(&state).map_err(|e| {
                format!(
                    "{}: {e}\n  seed {seed}, ply {ply}\n  position: {state}",
                    G::NAME
                )
            })?;
            positions += 1;
            let Some(mv) = state.random_move(&mut rng) else {
                break;
            };
            state.apply_unchecked(mv);
        }
    }
    Ok(positions)
}

fn check_position<G: Game + Evaluate>(g: &G) -> Result<(), String> {
    let n = g.player_count();
    let status = g.status();
    let copy = g.clone();
    let read: G = g
        .to_string()
        .parse()
        .map_err(|e| format!("position text does not read back: {e}"))?;
    let mut sum = 0.0;
    for p in PlayerId::all(n) {
        let v = g.evaluate(p);
        if !v.is_finite() || !(-1.0..=1.0).contains(&v) {
            return Err(format!("evaluate({p}) = {v} is outside -1..=1"));
        }
        if copy.evaluate(p).to_bits() != v.to_bits() || read.evaluate(p).to_bits() != v.to_bits() {
            return Err(format!("evaluate({p}) differs between equal states"));
        }
        match status {
            Status::Ongoing(_) if v.abs() >= 1.0 => {
                return Err(format!(
                    "evaluate({p}) = {v} claims a result in an ongoing game"
                ));
            }
            Status::Finished(o) if (v - o.returns(p)).abs() > 1e-9 => {
                return Err(format!(
                    "evaluate({p}) = {v} in a finished game, whose returns are {}",
                    o.returns(p)
                ));
            }
            _ => {}
        }
        sum += v;
    }
    if sum.abs() > 1e-6 {
        return Err(format!("the seats' values sum to {sum}, not 0"));
    }
    for &mv in &g.legal_moves() {
        // Any answer is an ordering hint; it must only come without a panic, and stay put.
        if g.move_priority(mv) != copy.move_priority(mv) {
            return Err(format!("move_priority({mv}) differs between equal states"));
        }
    }
    Ok(())
}

/// How well the evaluation plays: `games` seeded games from `start` in which one seat (the
/// seat rotating from game to game) plays the legal move after which `evaluate` is best for it
/// (ties broken by `move_priority`, then generation order) and every other seat plays
/// uniformly random moves. Games still going after `max_plies` decisions count as lost for the
/// evaluating seat. Returns the number of games the evaluating seat won alone.
///
/// A guard for the knowledge in an evaluation, fast enough for `cargo test`: an evaluation
/// that has lost its sense of material or of the goal stops beating random play.
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// use abstract_game_testkit::greedy_wins_against_random;
/// let start = Subtraction::new(&Default::default()).unwrap();
/// assert!(greedy_wins_against_random(&start, 10, 1, 100) <= 10);
/// ```
#[must_use]
pub fn greedy_wins_against_random<G: Game + Evaluate>(
    start: &G,
    games: usize,
    seed: u64,
    max_plies: usize,
) -> usize {
    let seats = usize::from(start.player_count()).max(1);
    let mut rng = SeededRng::new(seed);
    let mut wins = 0;
    for game in 0..games {
        let greedy = PlayerId::new((game % seats) as u8).unwrap_or(PlayerId::FIRST);
        let mut state = start.clone();
        for _ in 0..max_plies {
            let Some(mover) = state.to_move() else { break };
            let mv = if mover == greedy {
                best_move(&state, mover)
            } else {
                state.random_move(&mut rng)
            };
            let Some(mv) = mv else { break };
            state.apply_unchecked(mv);
        }
        if state.status().outcome().and_then(|o| o.winner()) == Some(greedy) {
            wins += 1;
        }
    }
    wins
}

fn best_move<G: Game + Evaluate>(state: &G, mover: PlayerId) -> Option<G::Move> {
    let mut best: Option<(f64, i32, G::Move)> = None;
    for &mv in &state.legal_moves() {
        let mut child = state.clone();
        child.apply_unchecked(mv);
        let key = (child.evaluate(mover), state.move_priority(mv));
        if best.is_none_or(|(v, p, _)| key.0 > v || (key.0 == v && key.1 > p)) {
            best = Some((key.0, key.1, mv));
        }
    }
    best.map(|(_, _, mv)| mv)
}
