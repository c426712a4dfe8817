//! The `zero` bot: a trained [`Network`] guiding AlphaZero-style search (PUCT, the batched
//! search of `abstract-game-batch` over one root), as `python -m agame.train` trains it.

use crate::limits::Budget;
use crate::network::{Network, NetworkEvaluator};
use crate::{Bot, Limits, SearchInfo};
use abstract_game::{Actions, Evaluate, Observe, Status};
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
    /// The weight of the game's own evaluation in each leaf's value, from 0 (the network's
    /// value alone) to 1 (the evaluation alone): [`BatchedSearch::run_mixed`]. Outside that
    /// range, 0.
    pub value_mix: f32,
}

impl Default for ZeroConfig {
    /// `c_puct` 1.25, 8 leaves a batch, seed 0, the network's values alone.
    fn default() -> Self {
        ZeroConfig {
            c_puct: 1.25,
            leaves: 8,
            seed: 0,
            value_mix: 0.0,
        }
    }
}

/// A bot that plays the most visited action of a PUCT search guided by a trained network
/// (priors from its policy head, leaf values from its value head, mixed with the game's
/// evaluation by [`ZeroConfig::value_mix`]; no rollouts, no noise).
///
/// Its budget is [`Limits::iterations`] simulations and/or [`Limits::time`]; with neither,
/// 200 simulations.
///
/// It keeps its tree between moves: after choosing it moves the root along its choice, and
/// when it is next asked about that position or one a single move after it (the opponent's
/// reply, in a game of two), the search goes on from the subtree already grown there, as
/// AlphaZero and Leela do. Any other position starts a fresh tree.
#[derive(Debug)]
pub struct Zero<G: Actions + Observe> {
    search: BatchedSearch<G>,
    evaluator: NetworkEvaluator,
    value_mix: f32,
    /// The search's root is the position after this bot's last choice (its subtree kept).
    kept: bool,
}

impl<G: Actions + Observe + Evaluate> Zero<G> {
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
            value_mix: if (0.0..=1.0).contains(&config.value_mix) {
                config.value_mix
            } else {
                0.0
            },
            kept: false,
        }
    }

    /// Moves the kept tree's root to `state` if `state` is that root or one move after it;
    /// false (the tree left as it was) otherwise.
    fn reuse(&mut self, state: &G) -> bool {
        if !core::mem::replace(&mut self.kept, false) {
            return false;
        }
        let Ok(root) = self.search.root(0) else {
            return false;
        };
        if root == state {
            return true;
        }
        let reply = root.legal_moves().iter().find_map(|&mv| {
            let mut next = root.clone();
            next.apply_unchecked(mv);
            (next == *state).then(|| root.action_of(mv)).flatten()
        });
        reply.is_some_and(|a| self.search.advance(0, a).is_ok())
    }
}

impl<G: Actions + Observe + Evaluate> Bot<G> for Zero<G> {
    fn choose(&mut self, state: &G, limits: &Limits) -> Option<(G::Move, SearchInfo<G::Move>)> {
        let Status::Ongoing(_) = state.status() else {
            return None;
        };
        let limits = limits.or(&Limits::iterations(200));
        let mut budget = Budget::start(&limits);
        let fits = state.observation_len() == self.evaluator.network().observation_len()
            && state.num_distinct_actions() == self.evaluator.network().num_actions();
        let mut sims = 0u64;
        if fits
            && (self.reuse(state) || self.search.set_roots(core::slice::from_ref(state)).is_ok())
        {
            loop {
                if self
                    .search
                    .run_mixed(&mut self.evaluator, self.value_mix)
                    .is_err()
                {
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
        let value = if sims > 0 {
            f64::from(self.search.root_value(0).unwrap_or(0.0))
        } else {
            0.0
        };
        // The subtree of the choice is kept for the next call.
        self.kept = action.is_some_and(|a| self.search.advance(0, a).is_ok());
        // A network that does not fit, or failed: the first legal move rather than none.
        let mv = match action.and_then(|a| state.move_of(a)) {
            Some(mv) => mv,
            None => *state.legal_moves().first()?,
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

    /// Forgets the kept tree.
    fn new_game(&mut self) {
        self.kept = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::Game;
    use abstract_game::toy::Subtraction;

    fn visits(bot: &Zero<Subtraction>) -> u32 {
        let mut counts = vec![0; bot.search.num_actions()];
        bot.search.visit_counts(0, &mut counts).unwrap();
        counts.iter().sum()
    }

    /// After a choice the tree's root is the position it leads to, with the visits already
    /// spent there; the opponent's reply moves it one step further, and a position off that
    /// path starts a fresh tree.
    #[test]
    fn the_tree_is_kept_after_a_choice_and_the_reply() {
        let start = Subtraction::new(&Default::default()).unwrap();
        let net = Network::untrained(
            "subtraction",
            &[],
            start.observation_shape(),
            start.num_distinct_actions(),
            &[4],
            1,
        );
        let mut bot = Zero::new(Arc::new(net), ZeroConfig::default());
        let (mv, info) = bot.choose(&start, &Limits::iterations(400)).unwrap();
        assert!(info.iterations >= 400);
        let mut after = start;
        after.apply_unchecked(mv);
        assert_eq!(bot.search.root(0).unwrap(), &after);
        let kept_below_choice = visits(&bot);
        assert!(kept_below_choice > 0);
        // The opponent's most searched reply: its subtree is the new root, visits and all.
        let mut counts = vec![0; bot.search.num_actions()];
        bot.search.visit_counts(0, &mut counts).unwrap();
        let best = (0..counts.len()).max_by_key(|&a| counts[a]).unwrap();
        let reply = after.move_of(best as u32).unwrap();
        let mut next = after;
        next.apply_unchecked(reply);
        assert!(bot.reuse(&next));
        assert_eq!(bot.search.root(0).unwrap(), &next);
        assert!(visits(&bot) > 0 && visits(&bot) < kept_below_choice);
        // Only once: the tree is not kept until the bot chooses again; nor after a new game.
        assert!(!bot.reuse(&next));
        bot.choose(&start, &Limits::iterations(16)).unwrap();
        bot.new_game();
        let root = *bot.search.root(0).unwrap();
        assert!(!bot.reuse(&root));
        // A position that is not one move after the kept root: a fresh tree.
        let (mv, _) = bot.choose(&next, &Limits::iterations(64)).unwrap();
        let mut far = next;
        far.apply_unchecked(mv);
        let skip = far.legal_moves()[0];
        far.apply_unchecked(skip);
        let skip = far.legal_moves()[0];
        far.apply_unchecked(skip);
        assert!(!bot.reuse(&far));
        let (mv, info) = bot.choose(&far, &Limits::iterations(32)).unwrap();
        far.apply_unchecked(mv);
        assert_eq!(bot.search.root(0).unwrap(), &far);
        // A fresh tree: only this call's simulations below the root (the choice's share).
        assert!(visits(&bot) < 32);
        assert!(info.iterations >= 32);
    }
}
