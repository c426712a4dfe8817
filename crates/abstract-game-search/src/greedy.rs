//! The greedy bot: one ply of look-ahead.

use crate::{Bot, Limits, SearchInfo};
use abstract_game::{Evaluate, MoveList, SeededRng, Status};
use web_time::Instant;

/// Plays the move whose resulting position [`Evaluate`] rates best for the mover (a won game
/// rates `1.0`), choosing at random among equals.
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// use abstract_game_search::{Bot, Greedy, Limits};
/// let g: Subtraction = "3 3 1".parse().unwrap();
/// let (mv, info) = Greedy::new(0).choose(&g, &Limits::none()).unwrap();
/// assert_eq!(mv.0, 3); // taking the last token wins
/// assert_eq!(info.value, 1.0);
/// ```
#[derive(Clone, Debug)]
pub struct Greedy {
    rng: SeededRng,
}

impl Greedy {
    /// A greedy bot whose tie-breaks are fixed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: SeededRng::new(seed),
        }
    }
}

impl<G: Evaluate> Bot<G> for Greedy {
    fn choose(&mut self, state: &G, _limits: &Limits) -> Option<(G::Move, SearchInfo<G::Move>)> {
        let started = Instant::now();
        let Status::Ongoing(mover) = state.status() else {
            return None;
        };
        let mut moves = MoveList::<G>::new();
        state.generate_moves(&mut moves);
        let mut best = MoveList::<G>::new();
        let mut best_value = f64::NEG_INFINITY;
        let mut child = state.clone();
        for &mv in &moves {
            child.clone_from(state);
            child.apply_unchecked(mv);
            let value = match child.status() {
                Status::Finished(o) => o.returns(mover),
                Status::Ongoing(_) => child.evaluate(mover),
            };
            // A broken heuristic must not make the bot pass.
            let value = if value.is_nan() { 0.0 } else { value };
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(mv);
            }
        }
        let mv = *best.get(self.rng.below(best.len().max(1)))?;
        let mut info = SearchInfo::immediate(best_value, started.elapsed());
        info.depth = 1;
        info.iterations = moves.len() as u64;
        info.pv.push(mv);
        Some((mv, info))
    }
}
