//! Action numbers for learning code: an optional extension trait that games implement.

use crate::{Game, LearnError, MoveList};
use alloc::vec::Vec;

/// A fixed numbering of a game's moves, as reinforcement-learning code wants it: every move a
/// position can offer has a number below [`Actions::num_distinct_actions`], which depends
/// only on the configuration, and the legal moves of a position have distinct numbers.
///
/// Games supply the two directions of the numbering ([`Actions::encode`],
/// [`Actions::decode`]); the checked forms, the mask and the sorted list come for free.
/// Numbers may depend on the position (a game may number "the second row to remove"), so
/// both directions take the position as context.
///
/// ```
/// use abstract_game::{Actions, Game, toy::{Subtraction, Take}};
/// let g = Subtraction::new(&Default::default()).unwrap(); // take 1 to 3
/// assert_eq!(g.num_distinct_actions(), 3);
/// assert_eq!(g.action_of(Take(2)), Some(1));
/// assert_eq!(g.move_of(1), Some(Take(2)));
/// assert_eq!(g.move_of(7), None);
/// let mut mask = [false; 3];
/// g.legal_action_mask(&mut mask).unwrap();
/// assert_eq!(mask, [true, true, true]);
/// let mut actions = Vec::new();
/// g.legal_actions(&mut actions);
/// assert_eq!(actions, [0, 1, 2]);
/// ```
pub trait Actions: Game {
    /// How many action numbers this configuration uses: every number is below it. The same
    /// for every position of a configuration.
    #[must_use]
    fn num_distinct_actions(&self) -> usize;

    /// The number of `mv` in this position, without checking that it is legal; `None` when
    /// the move has no number here. Distinct legal moves get distinct numbers.
    #[must_use]
    fn encode(&self, mv: Self::Move) -> Option<u32>;

    /// The move that `action` numbers in this position, without checking that it is legal;
    /// `None` when the number means nothing here. Inverts [`Actions::encode`] on legal moves.
    #[must_use]
    fn decode(&self, action: u32) -> Option<Self::Move>;

    /// The number of `mv`, or `None` when `mv` is not legal here.
    ///
    /// ```
    /// use abstract_game::{Actions, Game, toy::{Subtraction, Take}};
    /// let g: Subtraction = "2 3 1".parse().unwrap(); // 2 tokens left
    /// assert_eq!(g.action_of(Take(2)), Some(1));
    /// assert_eq!(g.action_of(Take(3)), None);
    /// ```
    #[must_use]
    fn action_of(&self, mv: Self::Move) -> Option<u32> {
        if self.is_legal(mv) {
            self.encode(mv)
        } else {
            None
        }
    }

    /// The legal move numbered `action`, or `None` when no legal move has that number (also
    /// when `action` decodes to a legal move whose own number is another one).
    ///
    /// ```
    /// use abstract_game::{Actions, Game, toy::{Subtraction, Take}};
    /// let g: Subtraction = "2 3 1".parse().unwrap();
    /// assert_eq!(g.move_of(0), Some(Take(1)));
    /// assert_eq!(g.move_of(2), None); // taking 3 is not legal with 2 left
    /// ```
    #[must_use]
    fn move_of(&self, action: u32) -> Option<Self::Move> {
        self.decode(action)
            .filter(|&mv| self.encode(mv) == Some(action) && self.is_legal(mv))
    }

    /// Writes `true` at the number of every legal move and `false` elsewhere; `mask` must
    /// have exactly [`Actions::num_distinct_actions`] entries (otherwise it is left as it was).
    ///
    /// ```
    /// use abstract_game::{Actions, LearnError, Game, toy::Subtraction};
    /// let g: Subtraction = "2 3 1".parse().unwrap();
    /// let mut mask = [false; 3];
    /// g.legal_action_mask(&mut mask).unwrap();
    /// assert_eq!(mask, [true, true, false]);
    /// assert_eq!(
    ///     g.legal_action_mask(&mut [false; 2]),
    ///     Err(LearnError::Length { expected: 3, found: 2 })
    /// );
    /// ```
    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), LearnError> {
        LearnError::check_length(self.num_distinct_actions(), mask.len())?;
        mask.fill(false);
        let mut moves = MoveList::<Self>::new();
        self.generate_moves(&mut moves);
        for &mv in &moves {
            if let Some(slot) = self.encode(mv).and_then(|a| mask.get_mut(a as usize)) {
                *slot = true;
            }
        }
        Ok(())
    }

    /// Replaces the contents of `out` with the numbers of the legal moves, in ascending
    /// order (as OpenSpiel lists them). Reusing `out` avoids allocating.
    ///
    /// ```
    /// use abstract_game::{Actions, Game, toy::Subtraction};
    /// let g: Subtraction = "2 3 1".parse().unwrap();
    /// let mut out = vec![9, 9, 9, 9];
    /// g.legal_actions(&mut out);
    /// assert_eq!(out, [0, 1]);
    /// ```
    fn legal_actions(&self, out: &mut Vec<u32>) {
        generated_actions(self, out);
    }
}

/// [`Actions::legal_actions`] the default way: the legal moves generated, encoded and sorted.
/// For games whose own listing handles only some positions and leaves the rest to this.
///
/// ```
/// use abstract_game::{Actions, generated_actions, toy::Subtraction};
/// let g: Subtraction = "2 3 1".parse().unwrap();
/// let mut out = vec![9];
/// generated_actions(&g, &mut out);
/// assert_eq!(out, [0, 1]);
/// ```
pub fn generated_actions<G: Actions>(game: &G, out: &mut Vec<u32>) {
    out.clear();
    let mut moves = MoveList::<G>::new();
    game.generate_moves(&mut moves);
    out.extend(moves.iter().filter_map(|&mv| game.encode(mv)));
    out.sort_unstable();
}
