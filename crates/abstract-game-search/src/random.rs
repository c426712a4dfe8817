//! The random bot.

use crate::{Bot, Limits, SearchInfo};
use abstract_game::{Game, MoveList, SeededRng};
use web_time::Instant;

/// Plays a uniformly random legal move: the baseline every other bot must beat.
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// use abstract_game_search::{Bot, Limits, Random};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let (mv, _) = Random::new(7).choose(&g, &Limits::none()).unwrap();
/// assert!(g.is_legal(mv));
/// ```
#[derive(Clone, Debug)]
pub struct Random {
    rng: SeededRng,
}

impl Random {
    /// A random bot whose choices are fixed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Random {
        Random {
            rng: SeededRng::new(seed),
        }
    }
}

impl<G: Game> Bot<G> for Random {
    fn choose(&mut self, state: &G, _limits: &Limits) -> Option<(G::Move, SearchInfo<G::Move>)> {
        let started = Instant::now();
        let mut moves = MoveList::<G>::new();
        state.generate_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = moves[self.rng.below(moves.len())];
        Some((mv, SearchInfo::immediate(0.0, started.elapsed())))
    }
}
