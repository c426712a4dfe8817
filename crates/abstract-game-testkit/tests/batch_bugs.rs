//! The batch checks must catch broken batches: wrappers of the real `VecEnv` and
//! `BatchedSearch` that plant one bug each. `BUG = 0` is the real thing and must pass; every
//! other must be caught.

use abstract_game::toy::Subtraction;
use abstract_game::{Actions, Game, LimitConfig, MoveLimit, Observe};
use abstract_game_batch::{
    BatchedSearch, Buffers, EnvOptions, EvalError, Evaluator, SearchOptions, VecEnv, limit_reached,
};
use abstract_game_testkit::{Batched, Searched, check_batched, check_searched, random_roots};

const CORRECT: u8 = 0;
const MASK_OFF_BY_ONE: u8 = 1; // every mask row shifted one action up
const REWARDS_WRONG_SEAT: u8 = 2; // each rewards row reversed
const OBS_ROWS_SWAPPED: u8 = 3; // the observations of games 0 and 1 exchanged
const FLAGS_SWAPPED: u8 = 4; // terminated and truncated exchanged
const STALE_STATE: u8 = 5; // state(i) reports the game before the step

/// 8 tokens, take 1 to 3, at most 4 decisions: games both end and get cut off, and piles
/// of fewer than 3 tokens make masks that are not all true.
type Toy = MoveLimit<Subtraction>;

fn toy() -> Toy {
    MoveLimit::new(&LimitConfig {
        inner: "8 3 1".parse::<Subtraction>().unwrap().config(),
        max_plies: 4,
    })
    .unwrap()
}

struct Env<const BUG: u8, G: Actions + Observe = Toy> {
    env: VecEnv<G>,
    before: Vec<G>,
}

impl<const BUG: u8> Env<BUG> {
    fn new() -> Self {
        let options = EnvOptions {
            num_envs: 6,
            seed: 2,
            threads: 2,
            opening_plies: 1,
        };
        let env = VecEnv::new(toy(), options)
            .unwrap()
            .with_truncation(limit_reached);
        Env {
            env,
            before: Vec::new(),
        }
    }
}

impl<const BUG: u8, G: Actions + Observe> Batched for Env<BUG, G> {
    type G = G;
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }
    fn state(&self, i: usize) -> G {
        match (BUG, self.before.get(i)) {
            (STALE_STATE, Some(old)) => old.clone(),
            _ => self.env.state(i).unwrap().clone(),
        }
    }
    fn buffers(&self) -> Buffers {
        self.env.buffers()
    }
    fn reset(&mut self, out: &mut Buffers) -> Result<(), String> {
        self.env.reset(None, out.view()).map_err(|e| e.to_string())
    }
    fn sample(&mut self, actions: &mut [u32]) -> Result<(), String> {
        self.env.sample_actions(actions).map_err(|e| e.to_string())
    }
    fn step(&mut self, actions: &[u32], out: &mut Buffers) -> Result<(), String> {
        self.before = (0..self.num_envs())
            .map(|i| self.env.state(i).unwrap().clone())
            .collect();
        self.env
            .step(actions, out.view())
            .map_err(|e| e.to_string())?;
        let (a, p, o) = (
            self.env.num_actions(),
            self.env.players(),
            self.env.obs_len(),
        );
        match BUG {
            MASK_OFF_BY_ONE => out.mask.chunks_exact_mut(a).for_each(|r| r.rotate_right(1)),
            REWARDS_WRONG_SEAT => out.rewards.chunks_exact_mut(p).for_each(<[f32]>::reverse),
            OBS_ROWS_SWAPPED => {
                let (first, rest) = out.obs.split_at_mut(o);
                first.swap_with_slice(&mut rest[..o]);
            }
            FLAGS_SWAPPED => core::mem::swap(&mut out.terminated, &mut out.truncated),
            _ => {}
        }
        Ok(())
    }
}

fn env_check<const BUG: u8>() -> Result<(), String> {
    check_batched(&mut Env::<BUG>::new(), 30, limit_reached)
}

#[test]
fn the_real_batch_passes() {
    env_check::<CORRECT>().unwrap();
}

#[test]
fn every_planted_batch_bug_is_caught() {
    for (bug, expected) in [
        (env_check::<MASK_OFF_BY_ONE>(), "mask"),
        (env_check::<REWARDS_WRONG_SEAT>(), "rewards"),
        (env_check::<OBS_ROWS_SWAPPED>(), "obs"),
        (env_check::<FLAGS_SWAPPED>(), "terminated/truncated"),
        (env_check::<STALE_STATE>(), "state after the action"),
    ] {
        let message = bug.expect_err(expected);
        assert!(message.contains(expected), "{message}");
    }
}

const VALUES_WRONG_SEAT: u8 = 1; // each leaf's value lands on the other seat
const POLICY_OFF_BY_ONE: u8 = 2; // the policy shifted one action up

/// Negates the values of the evaluator it wraps: what the search does when it scatters a
/// leaf's value to the wrong seat.
struct WrongSeat<'a>(&'a mut dyn Evaluator);

impl Evaluator for WrongSeat<'_> {
    fn evaluate(
        &mut self,
        obs: &[f32],
        mask: &[bool],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        self.0.evaluate(obs, mask, priors, values)?;
        values.iter_mut().for_each(|v| *v = -*v);
        Ok(())
    }
}

struct Search<const BUG: u8>(BatchedSearch<Toy>);

impl<const BUG: u8> Searched for Search<BUG> {
    type G = Toy;
    fn set_roots(&mut self, roots: &[Toy]) -> Result<(), String> {
        self.0.set_roots(roots).map_err(|e| e.to_string())
    }
    fn run(&mut self, evaluator: &mut dyn Evaluator) -> Result<(), String> {
        let result = if BUG == VALUES_WRONG_SEAT {
            self.0.run(&mut WrongSeat(evaluator))
        } else {
            self.0.run(evaluator)
        };
        result.map_err(|e| e.to_string())
    }
    fn root_value(&self, tree: usize) -> f32 {
        self.0.root_value(tree).unwrap()
    }
    fn policy(&self, tree: usize, out: &mut [f32]) -> Result<(), String> {
        self.0.policy(tree, out).map_err(|e| e.to_string())?;
        if BUG == POLICY_OFF_BY_ONE {
            out.rotate_right(1);
        }
        Ok(())
    }
}

/// The seat to move of a `Toy` observation: the decisions made (from the fraction of the
/// limit left, the fourth plane) alternate the two seats.
fn seat_of(obs: &[f32]) -> usize {
    let made = (7.0 - obs[3] * 7.0).round() as usize;
    made % 2
}

fn search_check<const BUG: u8>() -> Result<(), String> {
    let start = MoveLimit::new(&LimitConfig {
        inner: "40 3 1".parse::<Subtraction>().unwrap().config(),
        max_plies: 7,
    })
    .unwrap();
    // Roots with either seat to move; 40 tokens, so no game ends within the search's reach.
    let roots = random_roots(&start, 4, 1)
        .into_iter()
        .chain(random_roots(&start, 2, 0))
        .collect::<Vec<_>>();
    let options = SearchOptions {
        simulations: 40,
        leaves_per_tree: 2,
        ..SearchOptions::default()
    };
    // Piles of 1 and 2 tokens, where taking 3 (or 2) is not legal.
    let small = ["2 3 1 @ 0/7", "1 3 2 @ 1/7"].map(|t| t.parse::<Toy>().unwrap());
    check_searched(
        &mut Search::<BUG>(BatchedSearch::new(options).unwrap()),
        &roots,
        &small,
        seat_of,
    )
}

#[test]
fn the_real_search_passes() {
    search_check::<CORRECT>().unwrap();
}

#[test]
fn every_planted_search_bug_is_caught() {
    let message = search_check::<VALUES_WRONG_SEAT>().unwrap_err();
    assert!(message.contains("value"), "{message}");
    let message = search_check::<POLICY_OFF_BY_ONE>().unwrap_err();
    assert!(message.contains("illegal action"), "{message}");
}
