//! Board symmetries for learning code: an optional extension trait that games implement.

use crate::{Actions, LearnError, Observe};

/// The rule-preserving transformations of a game (rotations, reflections): a map of states
/// that commutes with the rules, so that a position and its image have the same future up to
/// the map. Learning code uses them to multiply its training data.
///
/// The symmetries of a configuration are numbered `0..symmetry_count()`, symmetry `0` being
/// the identity; they form a group ([`Symmetric::inverse_symmetry`] undoes one). Each applies
/// to a state, a move, an action number and an observation, consistently: the image of a legal
/// move is legal in the image state, and the observation of the image state is the image of
/// the observation (for every seat).
///
/// ```
/// use abstract_game::{Game, Symmetric, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// assert_eq!(g.symmetry_count(), 1); // a pile of tokens has only the identity
/// assert_eq!(g.transformed(0).unwrap(), g);
/// ```
pub trait Symmetric: Actions + Observe {
    /// How many symmetries this configuration has (at least 1, the identity); the same for
    /// every position of a configuration.
    #[must_use]
    fn symmetry_count(&self) -> usize;

    /// The symmetry that undoes `sym`.
    ///
    /// ```
    /// use abstract_game::{Game, LearnError, Symmetric, toy::Subtraction};
    /// let g = Subtraction::new(&Default::default()).unwrap();
    /// assert_eq!(g.inverse_symmetry(0), Ok(0));
    /// assert_eq!(g.inverse_symmetry(1), Err(LearnError::Symmetry(1)));
    /// ```
    fn inverse_symmetry(&self, sym: usize) -> Result<usize, LearnError>;

    /// The image of this state under `sym`.
    fn transformed(&self, sym: usize) -> Result<Self, LearnError>;

    /// The image under `sym` of `mv`, a move of this position: a move of
    /// [`Symmetric::transformed`]`(sym)`, legal there exactly when `mv` is legal here.
    ///
    /// ```
    /// use abstract_game::{Game, Symmetric, toy::{Subtraction, Take}};
    /// let g = Subtraction::new(&Default::default()).unwrap();
    /// assert_eq!(g.transform_move(0, Take(2)), Ok(Take(2)));
    /// ```
    fn transform_move(&self, sym: usize, mv: Self::Move) -> Result<Self::Move, LearnError>;

    /// The number in [`Symmetric::transformed`]`(sym)` of the image of the legal move
    /// numbered `action` here; [`LearnError::Action`] when no legal move has that number.
    /// The default goes through the image state; games with position-free numbers override
    /// it with a table.
    ///
    /// ```
    /// use abstract_game::{Game, LearnError, Symmetric, toy::Subtraction};
    /// let g: Subtraction = "2 3 1".parse().unwrap();
    /// assert_eq!(g.transform_action(0, 1), Ok(1));
    /// assert_eq!(g.transform_action(0, 2), Err(LearnError::Action(2)));
    /// ```
    fn transform_action(&self, sym: usize, action: u32) -> Result<u32, LearnError> {
        let mv = self.move_of(action).ok_or(LearnError::Action(action))?;
        let image = self.transformed(sym)?;
        image
            .encode(self.transform_move(sym, mv)?)
            .ok_or(LearnError::Action(action))
    }

    /// Writes into `out` the image under `sym` of `input`, an observation of this position
    /// by any seat: the same seat's observation of [`Symmetric::transformed`]`(sym)`. Both
    /// buffers must have [`Observe::observation_len`] entries; on an error `out` is left as
    /// it was.
    ///
    /// ```
    /// use abstract_game::{Game, Observe, Symmetric, toy::Subtraction};
    /// let g = Subtraction::new(&Default::default()).unwrap();
    /// let mut out = [0.0; 3];
    /// g.transform_observation(0, &[21.0, 3.0, 1.0], &mut out).unwrap();
    /// assert_eq!(out, [21.0, 3.0, 1.0]);
    /// ```
    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), LearnError>;
}
