//! Perft: counting the leaves of the move tree, the standard check of a move generator.
//!
//! The walk is a loop over an explicit stack of frames, one per depth, each holding its state
//! and its move buffer, allocated the first time that depth is reached and reused after: the
//! call stack stays flat however deep the request and however large [`MoveList`] is.

use crate::{Game, MoveList};
use alloc::vec::Vec;

/// The number of move sequences of length `depth` from `game` (finished positions are leaves
/// that are not expanded). Counts the last ply in bulk with [`Game::count_moves`].
///
/// Any depth is safe: memory grows with the depth the tree actually reaches (one state and
/// one move buffer per ply), never with the call stack.
///
/// ```
/// use abstract_game::{perft, Game, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// assert_eq!(perft(&g, 1), 3);
/// assert_eq!(perft(&g, 2), 9);
/// ```
#[must_use]
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    walk(game, depth, true)
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
    walk(game, depth, false)
}

/// One ply of the walk: a state, its moves, and the next of them to try.
struct Frame<G: Game> {
    state: G,
    moves: MoveList<G>,
    next: usize,
}

/// Depth-first count of the leaves `depth` plies down; with `bulk` the last ply is counted
/// with [`Game::count_moves`] instead of being applied.
fn walk<G: Game>(game: &G, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if bulk && depth == 1 {
        return game.count_moves() as u64;
    }
    // Frames at plies 0..leaf are expanded; a state at ply `leaf` only counts.
    let leaf = (depth - u32::from(bulk)) as usize;
    let mut frames = Vec::new();
    frames.push(Frame {
        state: game.clone(),
        moves: game.legal_moves(),
        next: 0,
    });
    let mut top = 0;
    let mut total = 0;
    loop {
        if frames.len() == top + 1 {
            frames.push(Frame {
                state: game.clone(),
                moves: MoveList::<G>::new(),
                next: 0,
            });
        }
        let (parents, children) = frames.split_at_mut(top + 1);
        let parent = &mut parents[top];
        let Some(&mv) = parent.moves.get(parent.next) else {
            if top == 0 {
                return total;
            }
            top -= 1;
            continue;
        };
        parent.next += 1;
        let child = &mut children[0];
        child.state.clone_from(&parent.state);
        child.state.apply_unchecked(mv);
        if top + 1 == leaf {
            total += if bulk {
                child.state.count_moves() as u64
            } else {
                1
            };
        } else {
            child.moves.clear();
            child.next = 0;
            child.state.generate_moves(&mut child.moves);
            top += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::Subtraction;
    use crate::{LimitConfig, MoveError, MoveLimit, OutOfRange, PlayerId, Status};
    use alloc::string::String;
    use core::fmt;
    use core::str::FromStr;

    /// A game that never ends: one move, turning a hand round a dial of 7. Its move buffer is
    /// large on purpose, like the real games', so a recursive walk would use 4 KB per ply.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Dial(u8);

    impl fmt::Display for Dial {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    impl FromStr for Dial {
        type Err = OutOfRange;
        fn from_str(s: &str) -> Result<Self, OutOfRange> {
            s.parse().map(Dial).map_err(|_| OutOfRange)
        }
    }

    impl Game for Dial {
        type Move = u32;
        type MoveArray = [u32; 1024];
        type Config = ();
        type ConfigError = OutOfRange;
        type IllegalMove = OutOfRange;
        type PositionError = OutOfRange;
        type MoveParseError = core::num::ParseIntError;
        const NAME: &'static str = "dial";
        fn new(_: &()) -> Result<Self, OutOfRange> {
            Ok(Dial(0))
        }
        fn config(&self) {}
        fn player_count(&self) -> u8 {
            1
        }
        fn status(&self) -> Status {
            Status::Ongoing(PlayerId::FIRST)
        }
        fn generate_moves(&self, moves: &mut MoveList<Self>) {
            moves.push(1);
        }
        fn check_move(&self, mv: u32) -> Result<(), MoveError<OutOfRange>> {
            if mv == 1 {
                Ok(())
            } else {
                Err(MoveError::Illegal(OutOfRange))
            }
        }
        fn apply_unchecked(&mut self, _: u32) {
            self.0 = (self.0 + 1) % 7;
        }
        fn hash64(&self) -> u64 {
            u64::from(self.0)
        }
        fn hash64_from_scratch(&self) -> u64 {
            u64::from(self.0)
        }
        fn diagram(&self) -> String {
            alloc::format!("{self}\n")
        }
    }

    #[test]
    fn deep_walks_keep_the_call_stack_flat() {
        let dial = Dial(0);
        assert_eq!(perft(&dial, 5000), 1);
        assert_eq!(perft_full(&dial, 5000), 1);
        let limited = MoveLimit::<Dial>::new(&LimitConfig {
            inner: (),
            max_plies: 3000,
        })
        .unwrap();
        assert_eq!(perft(&limited, 5000), 0);
        assert_eq!(perft(&limited, 3000), 1);
    }

    #[test]
    fn bulk_and_full_agree_with_a_hand_count() {
        // Pile 4, take 1..3. After one move the piles are 3, 2, 1 (3 sequences); after two,
        // 2, 1, 0, 1, 0, 0 (6); the third ply takes from the piles 2 and 1, 1 (2 + 1 + 1 = 4).
        let g: Subtraction = "4 3 1".parse().unwrap();
        assert_eq!([perft(&g, 1), perft(&g, 2), perft(&g, 3)], [3, 6, 4]);
        for d in 0..6 {
            assert_eq!(perft(&g, d), perft_full(&g, d), "depth {d}");
        }
    }
}
