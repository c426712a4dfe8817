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
