//! Random moves, random playouts and the choice-vector replay driver.

use crate::{Game, MoveList, Outcome, SeededRng};
use alloc::vec::Vec;

/// A uniformly chosen legal move, or `None` when the game is over: [`Game::random_move`].
///
/// ```
/// use abstract_game::{random_move, Game, SeededRng, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let mv = random_move(&g, &mut SeededRng::new(1)).unwrap();
/// assert!(g.is_legal(mv));
/// ```
#[must_use]
pub fn random_move<G: Game>(game: &G, rng: &mut SeededRng) -> Option<G::Move> {
    game.random_move(rng)
}

/// How a non-recording rollout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rollout {
    /// Decisions played.
    pub plies: usize,
    /// The outcome, or `None` if the ply cap stopped the rollout first.
    pub outcome: Option<Outcome>,
}

/// Plays uniformly random moves on `state` in place until the game ends or `max_plies` moves
/// were played, recording nothing: the rollout of tree search, which may then judge the state
/// it is left in. Draws from `rng`, so consecutive rollouts continue one sequence.
///
/// ```
/// use abstract_game::{random_rollout, Game, SeededRng, toy::Subtraction};
/// let mut g = Subtraction::new(&Default::default()).unwrap();
/// let r = random_rollout(&mut g, &mut SeededRng::new(3), 1000);
/// assert_eq!(r.outcome, g.status().outcome());
/// assert!(r.plies > 0);
/// ```
pub fn random_rollout<G: Game>(state: &mut G, rng: &mut SeededRng, max_plies: usize) -> Rollout {
    let mut plies = 0;
    while plies < max_plies {
        let Some(mv) = state.random_move(rng) else {
            break;
        };
        state.apply_unchecked(mv);
        plies += 1;
    }
    Rollout {
        plies,
        outcome: state.status().outcome(),
    }
}

/// [`random_rollout`] from a copy of `game`, which stays as it is.
///
/// ```
/// use abstract_game::{random_playout, random_playout_with, Game, SeededRng, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let r = random_playout_with(&g, &mut SeededRng::new(42), 1000);
/// let recorded = random_playout(&g, 42, 1000);
/// assert_eq!((r.plies, r.outcome), (recorded.moves.len(), recorded.outcome));
/// ```
#[must_use]
pub fn random_playout_with<G: Game>(game: &G, rng: &mut SeededRng, max_plies: usize) -> Rollout {
    random_rollout(&mut game.clone(), rng, max_plies)
}

/// How a recorded playout ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout<G: Game> {
    /// The last state reached.
    pub state: G,
    /// The moves played, in order.
    pub moves: Vec<G::Move>,
    /// The outcome, or `None` if the ply cap stopped the playout first.
    pub outcome: Option<Outcome>,
}

/// Plays uniformly random moves from `game` until the game ends or `max_plies` moves were
/// played, recording them. The same seed gives the same playout, the one
/// [`random_playout_with`] plays from a generator made from that seed.
///
/// ```
/// use abstract_game::{random_playout, Game, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let p = random_playout(&g, 42, 1000);
/// assert!(p.outcome.is_some());
/// assert_eq!(p, random_playout(&g, 42, 1000));
/// ```
#[must_use]
pub fn random_playout<G: Game>(game: &G, seed: u64, max_plies: usize) -> Playout<G> {
    let mut rng = SeededRng::new(seed);
    let mut state = game.clone();
    let mut moves = Vec::new();
    while moves.len() < max_plies {
        let Some(mv) = state.random_move(&mut rng) else {
            break;
        };
        state.apply_unchecked(mv);
        moves.push(mv);
    }
    let outcome = state.status().outcome();
    Playout {
        state,
        moves,
        outcome,
    }
}

/// Replays a vector of choices: at each step plays legal move number `choice % count` (in
/// generation order), stopping early if the game ends. The single driver behind property
/// tests, fuzzing and golden files: any byte string is a valid game.
///
/// ```
/// use abstract_game::{replay_choices, Game, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let (end, moves) = replay_choices(&g, [0u32, 1, 2, 7]);
/// assert_eq!(moves.len(), 4);
/// assert_eq!(end, moves.iter().fold(g, |s, &m| s.after(m).unwrap()));
/// ```
pub fn replay_choices<G: Game, I>(game: &G, choices: I) -> (G, Vec<G::Move>)
where
    I: IntoIterator,
    I::Item: Into<u32>,
{
    let mut state = game.clone();
    let mut moves = Vec::new();
    let mut buf = MoveList::<G>::new();
    for choice in choices {
        buf.clear();
        state.generate_moves(&mut buf);
        if buf.is_empty() {
            break;
        }
        let mv = buf[choice.into() as usize % buf.len()];
        state.apply_unchecked(mv);
        moves.push(mv);
    }
    (state, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::Subtraction;

    #[test]
    fn rollout_stops_at_the_cap_without_an_outcome() {
        let start = Subtraction::new(&Default::default()).unwrap();
        let mut state = start;
        let r = random_rollout(&mut state, &mut SeededRng::new(9), 2);
        assert_eq!(
            r,
            Rollout {
                plies: 2,
                outcome: None
            }
        );
        assert_eq!(state, random_playout(&start, 9, 2).state);
    }
}
