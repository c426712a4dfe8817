//! Checks of batched environments and batched search (`abstract-game-batch`), against the
//! rules of the game they run: any batch implementation that offers [`Batched`] or
//! [`Searched`] can be checked, and the kit's own tests plant bugs in wrappers of the real
//! ones to show that each check bites.

use abstract_game::{Actions, Game, Observe, PlayerId, Status};
use abstract_game_batch::{
    BatchedSearch, Buffers, EnvOptions, EvalError, Evaluator, SearchError, VecEnv,
};

/// A batch of games stepped together, as [`check_batched`] drives it.
pub trait Batched {
    /// The game of every slot.
    type G: Actions + Observe;
    /// The number of games.
    fn num_envs(&self) -> usize;
    /// Game `i` as it stands.
    fn state(&self, i: usize) -> Self::G;
    /// Output buffers of the right sizes.
    fn buffers(&self) -> Buffers;
    /// Resets every game into `out`.
    fn reset(&mut self, out: &mut Buffers) -> Result<(), String>;
    /// A legal action of every game.
    fn sample(&mut self, actions: &mut [u32]) -> Result<(), String>;
    /// Plays `actions`, writing into `out`.
    fn step(&mut self, actions: &[u32], out: &mut Buffers) -> Result<(), String>;
}

impl<G: Actions + Observe> Batched for VecEnv<G> {
    type G = G;
    fn num_envs(&self) -> usize {
        VecEnv::num_envs(self)
    }
    fn state(&self, i: usize) -> G {
        VecEnv::state(self, i)
            .cloned()
            .unwrap_or_else(|_| self.start().clone())
    }
    fn buffers(&self) -> Buffers {
        VecEnv::buffers(self)
    }
    fn reset(&mut self, out: &mut Buffers) -> Result<(), String> {
        VecEnv::reset(self, None, out.view()).map_err(|e| e.to_string())
    }
    fn sample(&mut self, actions: &mut [u32]) -> Result<(), String> {
        self.sample_actions(actions).map_err(|e| e.to_string())
    }
    fn step(&mut self, actions: &[u32], out: &mut Buffers) -> Result<(), String> {
        VecEnv::step(self, actions, out.view()).map_err(|e| e.to_string())
    }
}

/// Checks that the rows of `out` are what the rules say after `actions` were played in
/// `before` and the batch now holds `after`: each finished game's returns as rewards, its
/// flags (truncated when `truncated` says so), its last position as the mover saw it, and a
/// new game going on in its slot; each other game exactly the state after its action, with no
/// reward; every row's observation, mask and seat those of the state the slot holds.
///
/// # Errors
/// The first slot that differs, and how.
pub fn check_step<G: Actions + Observe>(
    before: &[G],
    actions: &[u32],
    after: &[G],
    out: &Buffers,
    truncated: fn(&G) -> bool,
) -> Result<(), String> {
    let Some(first) = before.first() else {
        return Ok(());
    };
    let (obs_len, n_actions) = (first.observation_len(), first.num_distinct_actions());
    let players = usize::from(first.player_count());
    let mut obs = vec![0.0; obs_len];
    let mut mask = vec![false; n_actions];
    for (i, ((old, &action), now)) in before.iter().zip(actions).zip(after).enumerate() {
        let fail = |what: &str| Err(format!("slot {i}: {what} (after action {action} in {old})"));
        let Some(mv) = old.move_of(action) else {
            return fail("the action played is not legal");
        };
        let mover = old.to_move().unwrap_or(PlayerId::FIRST);
        let next = old.after(mv).map_err(|e| e.to_string())?;
        let rewards = &out.rewards[i * players..(i + 1) * players];
        match next.status() {
            Status::Finished(outcome) => {
                for p in PlayerId::all(players as u8) {
                    if rewards[p.index()] != outcome.returns(p) as f32 {
                        return fail("rewards are not the finished game's returns");
                    }
                }
                let cut = truncated(&next);
                if (out.terminated[i], out.truncated[i]) != (!cut, cut) {
                    return fail("terminated/truncated do not say how the game ended");
                }
                next.observe(mover, &mut obs).map_err(|e| e.to_string())?;
                if out.final_obs[i * obs_len..(i + 1) * obs_len] != obs[..] {
                    return fail("final_obs is not the last position seen by the mover");
                }
                if now.status().is_finished() {
                    return fail("the finished game was not reset");
                }
            }
            Status::Ongoing(_) => {
                if rewards.iter().any(|&r| r != 0.0) || out.terminated[i] || out.truncated[i] {
                    return fail("a reward or an end for a game that goes on");
                }
                if *now != next {
                    return fail("the slot does not hold the state after the action");
                }
            }
        }
        now.observe_to_move(&mut obs).map_err(|e| e.to_string())?;
        if out.obs[i * obs_len..(i + 1) * obs_len] != obs[..] {
            return fail("obs is not the observation of the seat to move");
        }
        now.legal_action_mask(&mut mask)
            .map_err(|e| e.to_string())?;
        if out.mask[i * n_actions..(i + 1) * n_actions] != mask[..] {
            return fail("mask is not the legal actions");
        }
        if now.to_move().map(PlayerId::index) != Some(usize::from(out.to_play[i])) {
            return fail("to_play is not the seat to move");
        }
    }
    Ok(())
}

/// Resets `batch` and steps it `steps` times with its own sampled actions, checking every
/// step with [`check_step`].
///
/// # Errors
/// The step and slot of the first difference.
pub fn check_batched<B: Batched>(
    batch: &mut B,
    steps: usize,
    truncated: fn(&B::G) -> bool,
) -> Result<(), String> {
    let n = batch.num_envs();
    let mut out = batch.buffers();
    batch.reset(&mut out)?;
    let mut actions = vec![0; n];
    for step in 0..steps {
        let before: Vec<B::G> = (0..n).map(|i| batch.state(i)).collect();
        batch.sample(&mut actions)?;
        batch.step(&actions, &mut out)?;
        let after: Vec<B::G> = (0..n).map(|i| batch.state(i)).collect();
        check_step(&before, &actions, &after, &out, truncated)
            .map_err(|e| format!("step {step}: {e}"))?;
    }
    Ok(())
}

/// Builds two batches of `start` with `options` and steps them `steps` times with the same
/// sampled actions, one with [`VecEnv::step`] into plain [`Buffers`] (every row written in
/// full), the other with [`VecEnv::step_into`] into [`abstract_game_batch::Outputs`] (rows
/// rewritten in place, so [`Observe::clear_observation`] and the mask's clearing are used):
/// every output must be the same after every step. Every seventh step the second batch's
/// buffers are scribbled on through [`abstract_game_batch::Outputs::buffers_mut`], which
/// must make the next step write in full again.
///
/// # Errors
/// The step and buffer of the first difference.
pub fn check_step_into<G: Actions + Observe>(
    start: &G,
    options: EnvOptions,
    truncated: fn(&G) -> bool,
    steps: usize,
) -> Result<(), String> {
    let build = || {
        VecEnv::new(start.clone(), options)
            .map(|e| e.with_truncation(truncated))
            .map_err(|e| e.to_string())
    };
    let (mut full, mut fast) = (build()?, build()?);
    let mut plain = full.buffers();
    let mut out = fast.outputs();
    full.reset(None, plain.view()).map_err(|e| e.to_string())?;
    fast.reset_into(None, &mut out).map_err(|e| e.to_string())?;
    let mut actions = vec![0; options.num_envs];
    for step in 0..steps {
        if step % 7 == 3 {
            let b = out.buffers_mut();
            b.obs.fill(0.25);
            b.mask.fill(true);
            b.to_play.fill(9);
        }
        full.sample_actions(&mut actions)
            .map_err(|e| e.to_string())?;
        full.step(&actions, plain.view())
            .map_err(|e| e.to_string())?;
        fast.step_into(&actions, &mut out)
            .map_err(|e| format!("step {step}: {e}"))?;
        let b = out.buffers();
        let same_obs = |a: &[f32], b: &[f32]| {
            a.iter()
                .zip(b)
                .position(|(x, y)| x.to_bits() != y.to_bits())
        };
        if let Some(i) = same_obs(&plain.obs, &b.obs) {
            return Err(format!(
                "step {step}: obs entry {i} (row {}) is {} rewritten in place, {} written in full",
                i / full.obs_len(),
                b.obs[i],
                plain.obs[i]
            ));
        }
        if let Some(i) = plain.mask.iter().zip(&b.mask).position(|(x, y)| x != y) {
            return Err(format!(
                "step {step}: mask entry {i} (row {}) is {} rewritten in place",
                i / full.num_actions(),
                b.mask[i]
            ));
        }
        if plain.to_play != b.to_play
            || plain.terminated != b.terminated
            || plain.truncated != b.truncated
            || same_obs(&plain.rewards, &b.rewards).is_some()
        {
            return Err(format!("step {step}: to_play, flags or rewards differ"));
        }
        if let Some(i) = same_obs(&plain.final_obs, &b.final_obs) {
            return Err(format!("step {step}: final_obs entry {i} differs"));
        }
    }
    Ok(())
}

/// A batched search, as [`check_searched`] drives it.
pub trait Searched {
    /// The game searched.
    type G: Actions + Observe;
    /// Plants one tree per root.
    fn set_roots(&mut self, roots: &[Self::G]) -> Result<(), String>;
    /// Runs the simulations of every tree with `evaluator`.
    fn run(&mut self, evaluator: &mut dyn Evaluator) -> Result<(), String>;
    /// The mean value of tree `tree`'s root for its seat to move.
    fn root_value(&self, tree: usize) -> f32;
    /// The policy target of tree `tree` (`num_actions` entries).
    fn policy(&self, tree: usize, out: &mut [f32]) -> Result<(), String>;
}

fn text(e: SearchError) -> String {
    e.to_string()
}

impl<G: Actions + Observe> Searched for BatchedSearch<G> {
    type G = G;
    fn set_roots(&mut self, roots: &[G]) -> Result<(), String> {
        BatchedSearch::set_roots(self, roots).map_err(text)
    }
    fn run(&mut self, evaluator: &mut dyn Evaluator) -> Result<(), String> {
        BatchedSearch::run(self, evaluator).map_err(text)
    }
    fn root_value(&self, tree: usize) -> f32 {
        BatchedSearch::root_value(self, tree).unwrap_or(f32::NAN)
    }
    fn policy(&self, tree: usize, out: &mut [f32]) -> Result<(), String> {
        BatchedSearch::policy(self, tree, out).map_err(text)
    }
}

/// An evaluator under which the first seat always wins: +1 at its leaves, -1 at everyone
/// else's (and so, by the search's convention, a positive value for the first seat
/// everywhere).
#[derive(Debug)]
struct FirstSeatWins {
    /// The seat to move of each leaf, read from the observation by `seat_of`.
    seat_of: fn(&[f32]) -> usize,
    obs_len: usize,
}

impl Evaluator for FirstSeatWins {
    fn evaluate(
        &mut self,
        obs: &[f32],
        mask: &[bool],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        for (p, &m) in priors.iter_mut().zip(mask) {
            *p = f32::from(u8::from(m));
        }
        for (v, o) in values.iter_mut().zip(obs.chunks_exact(self.obs_len)) {
            *v = if (self.seat_of)(o) == 0 { 1.0 } else { -1.0 };
        }
        Ok(())
    }
}

/// Checks that a search scatters values to the right seats and gives policies over the legal
/// actions. With leaves valued as if the first seat always won, every root of `roots` must
/// value positively for the first seat and negatively for the others; then the roots of
/// `policy_roots` (positions where some actions are not legal, say) are searched too, and
/// every policy of both must sum to 1 over legal actions only.
///
/// `seat_of` reads the seat to move from an observation (the evaluator sees nothing else);
/// `roots` should be positions no finished game is near, since finished games are valued by
/// their real outcome.
///
/// # Errors
/// The first root whose value has the wrong sign or whose policy is wrong.
pub fn check_searched<S: Searched>(
    search: &mut S,
    roots: &[S::G],
    policy_roots: &[S::G],
    seat_of: fn(&[f32]) -> usize,
) -> Result<(), String> {
    for (set, check_values) in [(roots, true), (policy_roots, false)] {
        let Some(first) = set.first() else {
            continue;
        };
        let mut evaluator = FirstSeatWins {
            seat_of,
            obs_len: first.observation_len(),
        };
        search.set_roots(set)?;
        search.run(&mut evaluator)?;
        let mut policy = vec![0.0; first.num_distinct_actions()];
        let mut mask = vec![false; policy.len()];
        for (t, root) in set.iter().enumerate() {
            let Some(seat) = root.to_move() else {
                continue;
            };
            let value = search.root_value(t);
            let right = if seat.index() == 0 {
                value > 0.0
            } else {
                value < 0.0
            };
            if check_values && !right {
                return Err(format!(
                    "root {t}: value {value} for seat {seat}, whom the evaluator makes {}",
                    if seat.index() == 0 { "win" } else { "lose" }
                ));
            }
            search.policy(t, &mut policy)?;
            root.legal_action_mask(&mut mask)
                .map_err(|e| e.to_string())?;
            if policy.iter().zip(&mask).any(|(&p, &m)| p != 0.0 && !m) {
                return Err(format!(
                    "root {t} ({root}): policy weight on an illegal action"
                ));
            }
            if (policy.iter().sum::<f32>() - 1.0).abs() > 1e-4 {
                return Err(format!("root {t} ({root}): policy does not sum to 1"));
            }
        }
    }
    Ok(())
}

/// Plays `plies` seeded random moves from `start` for each of `count` roots (stopping before
/// a move that ends the game), for [`check_searched`].
#[must_use]
pub fn random_roots<G: Game>(start: &G, count: usize, plies: usize) -> Vec<G> {
    (0..count)
        .map(|i| {
            let mut rng = abstract_game::SeededRng::new(i as u64);
            let mut state = start.clone();
            for _ in 0..plies {
                let Some(mv) = state.random_move(&mut rng) else {
                    break;
                };
                let next = state.after(mv).unwrap_or_else(|_| state.clone());
                if next.status().is_finished() {
                    break;
                }
                state = next;
            }
            state
        })
        .collect()
}
