//! The `zero` bot: a trained [`Network`] guiding AlphaZero-style search (PUCT, the batched
//! search of `abstract-game-batch` over one root), as `python -m agame.train` trains it.

use crate::limits::Budget;
use crate::network::{Network, NetworkEvaluator};
use crate::{Bot, Limits, SearchInfo};
use abstract_game::{Actions, Observe, Status};
use abstract_game_batch::{BatchedSearch, SearchOptions};
use std::sync::Arc;

/// Simulations per [`BatchedSearch::run`] call: the clock and the budget are looked at
/// between calls, so a time limit is overshot by at most this many simulations.
const CHUNK: u32 = 16;

/// How a [`Zero`] bot searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ZeroConfig {
    /// The exploration constant of PUCT.
    pub c_puct: f32,
    /// Leaves gathered (with virtual loss) into one network call.
    pub leaves: u32,
    /// Seeds the search's generator (ties are broken by it only with a temperature; the
    /// bot plays the most visited action, so this matters little).
    pub seed: u64,
}

impl Default for ZeroConfig {
    /// `c_puct` 1.25, 8 leaves a batch, seed 0.
    fn default() -> Self {
        ZeroConfig {
            c_puct: 1.25,
            leaves: 8,
            seed: 0,
        }
    }
}

/// A bot that plays the most visited action of a PUCT search guided by a trained network
/// (priors from its policy head, leaf values from its value head; no rollouts, no noise).
///
/// Its budget is [`Limits::iterations`] simulations and/or [`Limits::time`]; with neither,
/// 200 simulations.
#[derive(Debug)]
pub struct Zero<G: Actions + Observe> {
    search: BatchedSearch<G>,
    evaluator: NetworkEvaluator,
}

impl<G: Actions + Observe> Zero<G> {
    /// A bot searching with `network` (check it fits the game first:
    /// [`Network::check_fits`]).
    #[must_use]
    pub fn new(network: Arc<Network>, config: ZeroConfig) -> Zero<G> {
        let options = SearchOptions {
            simulations: CHUNK,
            leaves_per_tree: config.leaves.clamp(1, CHUNK),
            c_puct: if config.c_puct.is_finite() && config.c_puct >= 0.0 {
                config.c_puct
            } else {
                ZeroConfig::default().c_puct
            },
            dirichlet_fraction: 0.0,
            seed: config.seed,
            ..SearchOptions::default()
        };
        let search = match BatchedSearch::new(options) {
            Ok(s) => s,
            // The options above are valid by construction; the defaults are too.
            Err(_) => BatchedSearch::new(SearchOptions::default())
                .unwrap_or_else(|_| unreachable!("the default search options are valid")),
        };
        Zero {
            search,
            evaluator: NetworkEvaluator::new(network),
        }
    }
}

impl<G: Actions + Observe> Bot<G> for Zero<G> {
    fn choose(&mut self, state: &G, limits: &Limits) -> Option<(G::Move, SearchInfo<G::Move>)> {
        let Status::Ongoing(_) = state.status() else {
            return None;
        };
        let limits = limits.or(&Limits::iterations(200));
        let mut budget = Budget::start(&limits);
        let fits = state.observation_len() == self.evaluator.network().observation_len()
            && state.num_distinct_actions() == self.evaluator.network().num_actions();
        let mut sims = 0u64;
        if fits && self.search.set_roots(core::slice::from_ref(state)).is_ok() {
            loop {
                if self.search.run(&mut self.evaluator).is_err() {
                    break;
                }
                sims += u64::from(CHUNK);
                budget.work = sims;
                budget.check_clock();
                if budget.spent() {
                    break;
                }
            }
        }
        let action = if sims > 0 {
            self.search.select_action(0, 0.0).ok().flatten()
        } else {
            None
        };
        // A network that does not fit, or failed: the first legal move rather than none.
        let mv = match action.and_then(|a| state.move_of(a)) {
            Some(mv) => mv,
            None => *state.legal_moves().first()?,
        };
        let value = if sims > 0 {
            f64::from(self.search.root_value(0).unwrap_or(0.0))
        } else {
            0.0
        };
        Some((
            mv,
            SearchInfo {
                depth: 1,
                iterations: sims,
                value: value.clamp(-1.0, 1.0),
                elapsed: budget.elapsed(),
                pv: vec![mv],
            },
        ))
    }
}
