//! The rules' symmetries applied to training samples.

use abstract_game::{LearnError, Symmetric};

/// The image under symmetry `sym` of one training sample of `state`: its observation `obs`
/// (by any seat) into `obs_out`, and its policy `policy` (one weight per action number, zero
/// off the legal actions) into `policy_out`, each action's weight moved to its image's
/// number. Every symmetry `0..state.symmetry_count()` gives a sample as good as the original,
/// with the same value.
///
/// ```
/// use abstract_game::{Actions, Game, Observe, Symmetric, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let (mut obs, mut policy) = (vec![0.0; 3], vec![0.0; 3]);
/// abstract_game_batch::augment(&g, 0, &[21.0, 3.0, 1.0], &[0.5, 0.5, 0.0], &mut obs, &mut policy)
///     .unwrap();
/// assert_eq!(policy, [0.5, 0.5, 0.0]);
/// ```
///
/// # Errors
/// A symmetry out of range, buffers of the wrong sizes, or weight on an action that is not
/// legal in `state`; the outputs are unspecified then.
pub fn augment<G: Symmetric>(
    state: &G,
    sym: usize,
    obs: &[f32],
    policy: &[f32],
    obs_out: &mut [f32],
    policy_out: &mut [f32],
) -> Result<(), LearnError> {
    let actions = state.num_distinct_actions();
    LearnError::check_length(actions, policy.len())?;
    LearnError::check_length(actions, policy_out.len())?;
    state.transform_observation(sym, obs, obs_out)?;
    policy_out.fill(0.0);
    for (a, &p) in policy.iter().enumerate() {
        if p != 0.0 {
            let image = state.transform_action(sym, a as u32)?;
            if let Some(slot) = policy_out.get_mut(image as usize) {
                *slot = p;
            }
        }
    }
    Ok(())
}
