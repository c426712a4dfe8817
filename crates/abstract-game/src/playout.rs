//! Random moves, random playouts and the choice-vector replay driver.

use crate::{Game, MoveList, Outcome, SeededRng};
use alloc::vec::Vec;

/// A uniformly chosen legal move, or `None` when the game is over.
///
/// ```
/// use abstract_game::{random_move, Game, SeededRng, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let mv = random_move(&g, &mut SeededRng::new(1)).unwrap();
/// assert!(g.is_legal(mv));
/// ```
#[must_use]
pub fn random_move<G: Game>(game: &G, rng: &mut SeededRng) -> Option<G::Move> {
    let moves = game.legal_moves();
    if moves.is_empty() {
        None
    } else {
        Some(moves[rng.below(moves.len())])
    }
}

/// How a playout ended.
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
/// played. The same seed gives the same playout.
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
    let mut buf = MoveList::<G>::new();
    while moves.len() < max_plies {
        buf.clear();
        state.generate_moves(&mut buf);
        if buf.is_empty() {
            break;
        }
        let mv = buf[rng.below(buf.len())];
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
