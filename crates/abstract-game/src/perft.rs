//! Perft: counting the leaves of the move tree, the standard check of a move generator.

use crate::{Game, MoveList};
use alloc::vec::Vec;

/// The number of move sequences of length `depth` from `game` (finished positions are leaves
/// that are not expanded). Counts the last ply in bulk with [`Game::count_moves`].
///
/// ```
/// use abstract_game::{perft, Game, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// assert_eq!(perft(&g, 1), 3);
/// assert_eq!(perft(&g, 2), 9);
/// ```
#[must_use]
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_moves() as u64,
        _ => {
            let mut moves = MoveList::<G>::new();
            game.generate_moves(&mut moves);
            let mut total = 0;
            let mut child = game.clone();
            for &mv in &moves {
                child.clone_from(game);
                child.apply_unchecked(mv);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}

/// [`perft`] split by first move, in generation order: the tool for finding where two
/// generators disagree. Sums to `perft(game, depth)` for `depth >= 1`.
///
/// ```
/// use abstract_game::{perft_divide, Game, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let split = perft_divide(&g, 2);
/// assert_eq!(split.len(), 3);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 9);
/// ```
#[must_use]
pub fn perft_divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.apply_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

/// [`perft`] without bulk counting: every leaf is reached by applying its move. Slower; it
/// exercises apply at the last ply, which bulk counting skips.
#[must_use]
pub fn perft_full<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for mv in game.legal_moves() {
        let mut child = game.clone();
        child.apply_unchecked(mv);
        total += perft_full(&child, depth - 1);
    }
    total
}
