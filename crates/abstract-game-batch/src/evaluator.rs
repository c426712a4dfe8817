//! What the batched search asks of a network: priors and values for a batch of leaves.

/// Why an evaluator, or what it returned, was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EvalError {
    /// The evaluator itself failed (a Python exception, say), in its own words.
    #[error("the evaluator failed: {0}")]
    Failed(String),
    /// A prior of a legal action that is NaN, infinite or negative (those of illegal actions
    /// are not checked).
    #[error("leaf {row}: prior of action {action} is {value} (priors must be finite and >= 0)")]
    Prior {
        /// The leaf (row of the batch).
        row: usize,
        /// The action.
        action: usize,
        /// What was given.
        value: f32,
    },
    /// A value that is NaN or outside [-1, 1].
    #[error("leaf {row}: value {value} is not a number in [-1, 1]")]
    Value {
        /// The leaf (row of the batch).
        row: usize,
        /// What was given.
        value: f32,
    },
    /// An output of the wrong shape.
    #[error("{name} has {found} entries where {expected} are needed")]
    Shape {
        /// Which output.
        name: &'static str,
        /// The entries needed.
        expected: usize,
        /// The entries given.
        found: usize,
    },
}

/// Priors and values for a batch of leaves: where a neural network plugs into
/// [`BatchedSearch`](crate::BatchedSearch).
///
/// For a batch of `B` leaves, `obs` holds `B` observations of `obs_len` entries (each from the
/// seat to move at that leaf, [`abstract_game::Observe::observe_to_move`]) and `mask` `B`
/// rows of `num_actions` legal-action flags. The evaluator writes `B` rows of `num_actions`
/// priors into `priors`, and `B` values into `values`, each the expected return **of the seat
/// to move at that leaf**, in [-1, 1].
///
/// The search reads only the priors of legal actions: those must be finite non-negative
/// weights (it normalises them; all zero means uniform), and the search sets them to 0 before
/// the call, so an evaluator that writes none leaves them 0. The entries of illegal actions
/// are neither read nor checked: they may hold anything, including what an earlier batch left
/// there.
///
/// With more than two seats the search spreads a value `v` of the seat to move as `-v / (n -
/// 1)` to each of the other `n - 1` seats (the returns of every finished game sum to zero
/// the same way, [`abstract_game::Outcome::returns`]).
pub trait Evaluator {
    /// Fills `priors` (`mask.len()` entries) and `values` (one per leaf) for the leaves of
    /// `obs` and `mask`.
    ///
    /// # Errors
    /// Whatever stops the evaluator; the search returns it and adds no leaf of this batch.
    fn evaluate(
        &mut self,
        obs: &[f32],
        mask: &[bool],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError>;

    /// What the search calls: [`Evaluator::evaluate`], told also each leaf's legal actions
    /// (`legal[i]`, ascending: the `true` entries of row `i` of `mask`), so that an evaluator
    /// can work on those alone instead of scanning every entry of the mask. It may write the
    /// priors of the legal actions only (the search reads no other). By default,
    /// [`Evaluator::evaluate`].
    ///
    /// # Errors
    /// As [`Evaluator::evaluate`].
    fn evaluate_legal(
        &mut self,
        obs: &[f32],
        mask: &[bool],
        legal: &[Vec<u32>],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        let _ = legal;
        self.evaluate(obs, mask, priors, values)
    }
}

impl<E: Evaluator + ?Sized> Evaluator for &mut E {
    fn evaluate(
        &mut self,
        obs: &[f32],
        mask: &[bool],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        (**self).evaluate(obs, mask, priors, values)
    }

    fn evaluate_legal(
        &mut self,
        obs: &[f32],
        mask: &[bool],
        legal: &[Vec<u32>],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        (**self).evaluate_legal(obs, mask, legal, priors, values)
    }
}

/// Uniform priors over the legal actions and value 0 everywhere: the search is then plain
/// PUCT driven by the true outcomes of the finished games it reaches (a baseline, and the
/// evaluator of the tests and benchmarks).
///
/// ```
/// use abstract_game_batch::{Evaluator, UniformEvaluator};
/// let mask = [true, false, false, false, true, true, true, true]; // two leaves, 4 actions
/// let mut priors = [9.0; 8];
/// let mut values = [9.0; 2];
/// UniformEvaluator.evaluate(&[], &mask, &mut priors, &mut values).unwrap();
/// assert_eq!(priors, [1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]);
/// assert_eq!(values, [0.0, 0.0]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UniformEvaluator;

impl Evaluator for UniformEvaluator {
    fn evaluate(
        &mut self,
        _obs: &[f32],
        mask: &[bool],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        for (p, &legal) in priors.iter_mut().zip(mask) {
            *p = f32::from(u8::from(legal));
        }
        values.fill(0.0);
        Ok(())
    }
}
