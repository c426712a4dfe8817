//! [`BatchedSearch`]: AlphaZero-style tree search over many roots at once, the leaves of all
//! trees evaluated together by one [`Evaluator`] call.

use crate::env::mark;
use crate::evaluator::{EvalError, Evaluator};
use crate::seed::{derive_seed, gamma, gumbel, open01};
use abstract_game::{Actions, Evaluate, Observe, Outcome, PlayerId, SeededRng, Status};

/// Gumbel root selection (Danihelka et al., "Policy improvement by planning with Gumbel",
/// 2022, as mctx's `gumbel_muzero_policy`): the root samples `considered` actions without
/// replacement by Gumbel-Top-k over the priors, shares the simulations among them by
/// sequential halving, and the action played is the survivor; the policy target is the
/// improved policy `softmax(log prior + sigma(completed q))`. Below the root the search is
/// PUCT (mctx uses a deterministic rule there instead).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GumbelOptions {
    /// Actions sampled at the root (mctx's `max_num_considered_actions`, 16 by default).
    pub considered: u32,
    /// `c_visit` of `sigma(q) = (c_visit + max visits) * c_scale * q` (50).
    pub c_visit: f32,
    /// `c_scale` of the same (1.0).
    pub c_scale: f32,
}

impl Default for GumbelOptions {
    /// mctx's defaults: 16 actions, `c_visit` 50, `c_scale` 1.
    fn default() -> Self {
        GumbelOptions {
            considered: 16,
            c_visit: 50.0,
            c_scale: 1.0,
        }
    }
}

/// How a [`BatchedSearch`] searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchOptions {
    /// Simulations each [`BatchedSearch::run`] adds to every tree (at least 1).
    pub simulations: u32,
    /// Leaves one tree may add to one batch (at least 1): more than one descends with
    /// virtual loss, so that one tree fills a batch without waiting for each value.
    pub leaves_per_tree: u32,
    /// The exploration constant of PUCT: `q + c_puct * prior * sqrt(N) / (1 + n)`.
    pub c_puct: f32,
    /// Each pending descent through a node counts as a visit of this value against the seat
    /// that chose it (1 = a loss), until its leaf's value comes back.
    pub virtual_loss: f32,
    /// Dirichlet noise at the root: its concentration (AlphaZero: 0.3 chess, 0.03 Go).
    pub dirichlet_alpha: f32,
    /// The share of noise in the root's priors (AlphaZero: 0.25); 0 turns noise off.
    pub dirichlet_fraction: f32,
    /// Gumbel root selection instead of PUCT at the root.
    pub gumbel: Option<GumbelOptions>,
    /// Seeds the trees' generators (noise, Gumbel samples, temperature sampling): tree `t`
    /// draws from `derive_seed(seed, t, 0)`.
    pub seed: u64,
}

impl Default for SearchOptions {
    /// 64 simulations, one leaf per tree, `c_puct` 1.25, virtual loss 1, Dirichlet(0.3) at
    /// 0.25, no Gumbel, seed 0.
    fn default() -> Self {
        SearchOptions {
            simulations: 64,
            leaves_per_tree: 1,
            c_puct: 1.25,
            virtual_loss: 1.0,
            dirichlet_alpha: 0.3,
            dirichlet_fraction: 0.25,
            gumbel: None,
            seed: 0,
        }
    }
}

/// Why the search refused a call.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SearchError {
    /// Options no search can have.
    #[error("{0}")]
    Options(&'static str),
    /// A root that cannot be searched with the others.
    #[error("root {index}: {reason}")]
    Root {
        /// Its index.
        index: usize,
        /// Why.
        reason: &'static str,
    },
    /// A tree number at or above the number of trees.
    #[error("no tree {tree}: the search holds {len}")]
    Tree {
        /// The tree asked for.
        tree: usize,
        /// The number of trees.
        len: usize,
    },
    /// An action that is not legal at that tree's root.
    #[error("tree {tree}: action {action} is not legal at the root")]
    Action {
        /// The tree.
        tree: usize,
        /// The action.
        action: u32,
    },
    /// A buffer of the wrong size.
    #[error("{name} has {found} entries where {expected} are needed")]
    Buffer {
        /// Which buffer.
        name: &'static str,
        /// The size needed.
        expected: usize,
        /// The size given.
        found: usize,
    },
    /// The evaluator failed or returned what the search cannot use.
    #[error(transparent)]
    Eval(#[from] EvalError),
}

const NONE: u32 = u32::MAX;

/// A node: the edge into it (action, prior, statistics) and, once visited, its state.
#[derive(Clone, Copy, Debug)]
struct Node {
    parent: u32,
    first_child: u32,
    children: u32,
    action: u32,
    prior: f32,
    visits: u32,
    virtual_visits: u32,
    /// The sum of the values of the simulations through it, for seat `view`.
    value: f32,
    /// Index into the tree's states, or `NONE` before the first visit.
    state: u32,
    /// The seat that chose this node (the parent's seat to move; the root's own seat).
    view: u8,
    /// The seat to move here (meaningful once the state is known and the game goes on).
    to_move: u8,
    terminal: bool,
    expanded: bool,
    /// Waiting for the evaluator.
    pending: bool,
}

impl Node {
    fn new(parent: u32, action: u32, prior: f32, view: u8) -> Node {
        Node {
            parent,
            first_child: NONE,
            children: 0,
            action,
            prior,
            visits: 0,
            virtual_visits: 0,
            value: 0.0,
            state: NONE,
            view,
            to_move: 0,
            terminal: false,
            expanded: false,
            pending: false,
        }
    }
}

/// The nodes and states of one tree; the root is node 0.
#[derive(Clone, Debug)]
struct Arena<G> {
    nodes: Vec<Node>,
    states: Vec<G>,
}

impl<G: Actions> Arena<G> {
    fn clear(&mut self) {
        self.nodes.clear();
        self.states.clear();
    }

    /// Makes `state` the root.
    fn plant(&mut self, state: G) {
        self.clear();
        let mut root = Node::new(NONE, NONE, 1.0, 0);
        self.set_state(&mut root, state);
        root.view = root.to_move;
        self.nodes.push(root);
    }

    fn set_state(&mut self, node: &mut Node, state: G) {
        match state.status() {
            Status::Ongoing(p) => node.to_move = p.index() as u8,
            Status::Finished(_) => node.terminal = true,
        }
        node.state = self.states.len() as u32;
        self.states.push(state);
    }

    /// Gives node `i` its state (its parent's after its action), the first time it is seen.
    fn ensure_state(&mut self, i: usize) {
        let mut node = self.nodes[i];
        if node.state != NONE {
            return;
        }
        let parent = &self.states[self.nodes[node.parent as usize].state as usize];
        let mut state = parent.clone();
        // Children are made from the parent's legal moves, so the action decodes.
        if let Some(mv) = parent.decode(node.action) {
            state.apply_unchecked(mv);
        }
        self.set_state(&mut node, state);
        self.nodes[i] = node;
    }

    fn state(&self, i: usize) -> &G {
        &self.states[self.nodes[i].state as usize]
    }

    fn children(&self, i: usize) -> core::ops::Range<usize> {
        let n = &self.nodes[i];
        if n.expanded {
            n.first_child as usize..(n.first_child + n.children) as usize
        } else {
            0..0
        }
    }

    /// The mean value of node `i` for the seat that chose it, `default` before any visit.
    fn q(&self, i: usize, default: f32) -> f32 {
        let n = &self.nodes[i];
        if n.visits == 0 {
            default
        } else {
            n.value / n.visits as f32
        }
    }
}

/// What the root's selection rule keeps between simulations.
#[derive(Clone, Debug, Default)]
struct Root {
    /// The priors used at the root (with noise), one per root child.
    priors: Vec<f32>,
    /// Gumbel: `g + log prior` per root child.
    scores: Vec<f32>,
    /// Gumbel: the root children still considered, best first.
    remaining: Vec<u32>,
    /// Gumbel: the root children to visit in this phase, in order, and the next one.
    schedule: Vec<u32>,
    cursor: usize,
    /// Gumbel: the simulations of one phase.
    phase_budget: u32,
    /// Set up for this run (noise drawn, Gumbel sample taken).
    ready: bool,
}

#[derive(Clone, Debug)]
struct Tree<G> {
    arena: Arena<G>,
    root: Root,
    rng: SeededRng,
    sims_left: u32,
    in_flight: u32,
}

/// Where one descent ended.
enum Descent {
    /// An unexpanded node, now pending: it goes to the evaluator.
    Leaf(usize),
    /// A finished game: its outcome is the value.
    Terminal(usize),
    /// Nothing more from this tree in this batch (a pending leaf reached again, or a Gumbel
    /// phase waiting for its values).
    Busy,
}

/// Many trees, one per root, searched together: each round descends every tree (PUCT, with
/// virtual loss when a tree adds several leaves), gathers the new leaves of all trees into
/// one batch of observations and masks, asks the [`Evaluator`] for their priors and values,
/// and expands and backs them up; until every tree has had its simulations. A finished game
/// reached in a tree is valued by its true outcome, without the evaluator.
///
/// Values are kept per seat: each node sums the values of the seat that chose it, so any
/// number of seats and any order of turns works (see [`Evaluator`] for how one value is
/// spread over many seats).
///
/// Nodes and states live in arenas that keep their memory between runs, and the batch
/// buffers are allocated when the roots are set, so a search allocates only while its trees
/// grow past their largest size so far (a tree holds one node per legal action of each
/// expanded node, about 40 bytes each, and one state per visited node).
///
/// ```
/// use abstract_game::{Actions, Game, toy::Subtraction};
/// use abstract_game_batch::{BatchedSearch, SearchOptions, UniformEvaluator};
///
/// // 5 tokens, take 1 to 3, whoever takes the last wins: taking 1 (action 0) wins.
/// let root: Subtraction = "5 3 1".parse().unwrap();
/// let options = SearchOptions { simulations: 400, dirichlet_fraction: 0.0, ..Default::default() };
/// let mut search = BatchedSearch::new(options).unwrap();
/// search.set_roots(&[root.clone(), root]).unwrap();
/// search.run(&mut UniformEvaluator).unwrap();
/// assert_eq!(search.select_action(0, 0.0).unwrap(), Some(0));
/// let mut policy = vec![0.0; 3];
/// search.policy(1, &mut policy).unwrap();
/// assert!(policy[0] > 0.5);
/// ```
#[derive(Clone, Debug)]
pub struct BatchedSearch<G: Actions + Observe> {
    options: SearchOptions,
    trees: Vec<Tree<G>>,
    /// The arena a reused subtree is copied into, then swapped with its tree's.
    spare: Arena<G>,
    /// Old node index of each node of `spare` while a subtree is copied.
    copied_from: Vec<u32>,
    players: usize,
    obs_len: usize,
    num_actions: usize,
    /// The batch: observations, masks, and what the evaluator returns.
    obs: Vec<f32>,
    mask: Vec<bool>,
    /// The legal actions of each row's leaf, ascending: the `true` entries of its mask row,
    /// so that a row is rewritten by clearing those (not the whole row) and a leaf is
    /// expanded over them (not over every action number).
    legal: Vec<Vec<u32>>,
    priors: Vec<f32>,
    values: Vec<f32>,
    /// The (tree, node) of each row of the batch.
    leaves: Vec<(u32, u32)>,
}

impl<G: Actions + Observe> BatchedSearch<G> {
    /// A search with no trees yet ([`BatchedSearch::set_roots`] plants them).
    ///
    /// # Errors
    /// No simulations or leaves, or a constant that is negative or not a number.
    pub fn new(options: SearchOptions) -> Result<Self, SearchError> {
        let o = &options;
        if o.simulations == 0 {
            return Err(SearchError::Options("simulations must be at least 1"));
        }
        if o.leaves_per_tree == 0 {
            return Err(SearchError::Options("leaves_per_tree must be at least 1"));
        }
        let fine = |x: f32| x.is_finite() && x >= 0.0;
        if !fine(o.c_puct) || !fine(o.virtual_loss) {
            return Err(SearchError::Options(
                "c_puct and virtual_loss must be finite and >= 0",
            ));
        }
        if !(0.0..=1.0).contains(&o.dirichlet_fraction) {
            return Err(SearchError::Options("dirichlet_fraction must be in [0, 1]"));
        }
        if o.dirichlet_fraction > 0.0 && !(o.dirichlet_alpha.is_finite() && o.dirichlet_alpha > 0.0)
        {
            return Err(SearchError::Options(
                "dirichlet_alpha must be finite and > 0",
            ));
        }
        if let Some(g) = o.gumbel {
            if g.considered == 0 {
                return Err(SearchError::Options("gumbel considered must be at least 1"));
            }
            if !fine(g.c_visit) || !fine(g.c_scale) {
                return Err(SearchError::Options(
                    "gumbel c_visit and c_scale must be finite and >= 0",
                ));
            }
        }
        Ok(BatchedSearch {
            options,
            trees: Vec::new(),
            spare: Arena {
                nodes: Vec::new(),
                states: Vec::new(),
            },
            copied_from: Vec::new(),
            players: 0,
            obs_len: 0,
            num_actions: 0,
            obs: Vec::new(),
            mask: Vec::new(),
            legal: Vec::new(),
            priors: Vec::new(),
            values: Vec::new(),
            leaves: Vec::new(),
        })
    }

    /// The options searched with.
    #[must_use]
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Replaces every tree by a fresh one at each of `roots` (tree `t` at `roots[t]`), and
    /// reseeds the trees' generators.
    ///
    /// # Errors
    /// No roots, or roots whose seats, observation size or number of actions differ from the
    /// first's; nothing is changed then.
    pub fn set_roots(&mut self, roots: &[G]) -> Result<(), SearchError> {
        let first = roots
            .first()
            .ok_or(SearchError::Options("no roots given"))?;
        // One batch holds all trees' leaves: every root needs the first one's sizes.
        let sizes = |r: &G| {
            (
                r.player_count(),
                r.observation_len(),
                r.num_distinct_actions(),
            )
        };
        if let Some(index) = roots.iter().position(|r| sizes(r) != sizes(first)) {
            return Err(SearchError::Root {
                index,
                reason: "its seats, observation or actions differ from the first root's",
            });
        }
        self.players = usize::from(first.player_count());
        self.obs_len = first.observation_len();
        self.num_actions = first.num_distinct_actions();
        self.trees.truncate(roots.len());
        for (t, root) in roots.iter().enumerate() {
            let rng = SeededRng::new(derive_seed(self.options.seed, t as u64, 0));
            match self.trees.get_mut(t) {
                Some(tree) => {
                    tree.arena.plant(root.clone());
                    tree.rng = rng;
                }
                None => {
                    let mut arena = Arena {
                        nodes: Vec::new(),
                        states: Vec::new(),
                    };
                    arena.plant(root.clone());
                    self.trees.push(Tree {
                        arena,
                        root: Root::default(),
                        rng,
                        sims_left: 0,
                        in_flight: 0,
                    });
                }
            }
        }
        let rows = roots.len() * self.options.leaves_per_tree as usize;
        self.obs.resize(rows * self.obs_len, 0.0);
        // Rows start empty (all false, no legal actions), whatever they held before.
        self.mask.clear();
        self.mask.resize(rows * self.num_actions, false);
        self.legal.iter_mut().for_each(Vec::clear);
        self.legal.resize_with(rows, Vec::new);
        self.priors.resize(rows * self.num_actions, 0.0);
        self.values.resize(rows, 0.0);
        self.leaves.reserve(rows);
        Ok(())
    }

    /// The number of trees.
    #[must_use]
    pub fn num_trees(&self) -> usize {
        self.trees.len()
    }

    /// The number of actions of the game (the width of a policy).
    #[must_use]
    pub fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// The entries of one observation.
    #[must_use]
    pub fn obs_len(&self) -> usize {
        self.obs_len
    }

    /// The most leaves one evaluator call gets.
    #[must_use]
    pub fn max_batch(&self) -> usize {
        self.values.len()
    }

    fn tree(&self, tree: usize) -> Result<&Tree<G>, SearchError> {
        self.trees.get(tree).ok_or(SearchError::Tree {
            tree,
            len: self.trees.len(),
        })
    }

    /// The position at the root of tree `tree`.
    ///
    /// # Errors
    /// No such tree.
    pub fn root(&self, tree: usize) -> Result<&G, SearchError> {
        Ok(self.tree(tree)?.arena.state(0))
    }

    /// Adds [`SearchOptions::simulations`] simulations to every tree whose root game goes
    /// on, calling `evaluator` once per batch of new leaves.
    ///
    /// # Errors
    /// The evaluator's error, or what it returned that the search cannot use: priors of legal
    /// actions that are not finite or negative (those of illegal actions are not read, see
    /// [`Evaluator`]), values that are not numbers in [-1, 1]. The leaves of that batch are
    /// dropped (the trees keep the simulations of earlier batches and stay usable).
    pub fn run<E: Evaluator + ?Sized>(&mut self, evaluator: &mut E) -> Result<(), SearchError> {
        self.simulate(evaluator, None)
    }

    /// As [`BatchedSearch::run`], but each leaf is valued `(1 - weight) * v + weight * e`:
    /// `v` the evaluator's value, `e` the game's own [`Evaluate::evaluate`] for the seat to
    /// move there. This is AlphaGo's mixing of its value network with rollouts, the game's
    /// evaluation function in the rollouts' place: for a network whose policy learnt more
    /// than its value (docs/learning.md, the Pikemen network). Weight 0 is `run`, 1 the
    /// evaluation alone (the network's priors still guide the search).
    ///
    /// # Errors
    /// A weight outside `0..=1` ([`SearchError::Options`], nothing searched); otherwise as
    /// [`BatchedSearch::run`].
    pub fn run_mixed<E: Evaluator + ?Sized>(
        &mut self,
        evaluator: &mut E,
        weight: f32,
    ) -> Result<(), SearchError>
    where
        G: Evaluate,
    {
        if !(0.0..=1.0).contains(&weight) {
            return Err(SearchError::Options(
                "the evaluation's weight must be in [0, 1]",
            ));
        }
        let mix: Option<Mix<G>> = (weight > 0.0).then_some((weight, evaluation::<G>));
        self.simulate(evaluator, mix)
    }

    /// `run`, with each leaf's value mixed with `mix.1` at weight `mix.0` when given.
    fn simulate<E: Evaluator + ?Sized>(
        &mut self,
        evaluator: &mut E,
        mix: Option<Mix<G>>,
    ) -> Result<(), SearchError> {
        for tree in &mut self.trees {
            tree.sims_left = if tree.arena.nodes[0].terminal {
                0
            } else {
                self.options.simulations
            };
            tree.root.ready = false;
            tree.in_flight = 0;
        }
        loop {
            self.leaves.clear();
            let mut any = false;
            for t in 0..self.trees.len() {
                any |= self.trees[t].sims_left > 0;
                self.collect(t);
            }
            if !any {
                return Ok(());
            }
            if !self.leaves.is_empty() {
                self.evaluate(evaluator, mix)?;
            }
        }
    }

    /// Descends tree `t` up to `leaves_per_tree` times, adding its new leaves to the batch.
    fn collect(&mut self, t: usize) {
        for _ in 0..self.options.leaves_per_tree {
            let tree = &mut self.trees[t];
            if tree.sims_left == 0 {
                return;
            }
            if tree.arena.nodes[0].expanded && !tree.root.ready {
                prepare_root(tree, &self.options);
            }
            match descend(tree, &self.options) {
                Descent::Busy => return,
                Descent::Terminal(node) => {
                    tree.sims_left -= 1;
                    let outcome = tree.arena.state(node).status().outcome();
                    backup(&mut tree.arena, node, |seat| {
                        outcome.as_ref().map_or(0.0, |o: &Outcome| {
                            PlayerId::new(seat).map_or(0.0, |p| o.returns(p) as f32)
                        })
                    });
                }
                Descent::Leaf(node) => {
                    tree.sims_left -= 1;
                    tree.in_flight += 1;
                    let row = self.leaves.len();
                    let state = tree.arena.state(node);
                    let obs = &mut self.obs[row * self.obs_len..(row + 1) * self.obs_len];
                    let mask = &mut self.mask[row * self.num_actions..(row + 1) * self.num_actions];
                    // The buffers have the game's sizes.
                    let _ = state.observe_to_move(obs);
                    // The row's mask holds its last leaf's legal actions: clear them, set
                    // this leaf's.
                    let legal = &mut self.legal[row];
                    mark(mask, legal, false);
                    state.legal_actions(legal);
                    mark(mask, legal, true);
                    self.leaves.push((t as u32, node as u32));
                }
            }
        }
    }

    /// Evaluates the batch and expands and backs up its leaves; on a refusal, drops them.
    fn evaluate<E: Evaluator + ?Sized>(
        &mut self,
        evaluator: &mut E,
        mix: Option<Mix<G>>,
    ) -> Result<(), SearchError> {
        let b = self.leaves.len();
        let a = self.num_actions;
        let priors = &mut self.priors[..b * a];
        let values = &mut self.values[..b];
        let legal = &self.legal[..b];
        // Only the legal actions' priors are read: those start at 0 (the rest of a row may
        // hold an earlier batch's numbers, which nothing reads).
        for (r, legal) in legal.iter().enumerate() {
            let row = &mut priors[r * a..(r + 1) * a];
            for &action in legal {
                if let Some(p) = row.get_mut(action as usize) {
                    *p = 0.0;
                }
            }
        }
        values.fill(0.0);
        let result = evaluator
            .evaluate_legal(
                &self.obs[..b * self.obs_len],
                &self.mask[..b * a],
                legal,
                priors,
                values,
            )
            .and_then(|()| check_outputs(priors, values, a, legal));
        if let Err(e) = result {
            for &(t, node) in &self.leaves {
                let tree = &mut self.trees[t as usize];
                tree.arena.nodes[node as usize].pending = false;
                undo_virtual(&mut tree.arena, node as usize);
                tree.sims_left += 1;
                tree.in_flight -= 1;
            }
            self.leaves.clear();
            return Err(e.into());
        }
        let players = self.players;
        for (row, &(t, node)) in self.leaves.iter().enumerate() {
            let tree = &mut self.trees[t as usize];
            let node = node as usize;
            expand(
                &mut tree.arena,
                node,
                &self.priors[row * a..(row + 1) * a],
                &self.legal[row],
            );
            tree.in_flight -= 1;
            let (seat, mut v) = (tree.arena.nodes[node].to_move, self.values[row]);
            if let Some((weight, evaluate)) = mix {
                v = (1.0 - weight) * v + weight * evaluate(tree.arena.state(node), seat);
            }
            let others = if players > 1 {
                -v / (players - 1) as f32
            } else {
                v
            };
            backup(
                &mut tree.arena,
                node,
                |s| if s == seat { v } else { others },
            );
        }
        Ok(())
    }

    /// The visit counts of the root's actions of tree `tree` (`num_actions` entries, 0 for
    /// actions not searched).
    ///
    /// # Errors
    /// No such tree, or `out` of the wrong length.
    pub fn visit_counts(&self, tree: usize, out: &mut [u32]) -> Result<(), SearchError> {
        let arena = &self.tree(tree)?.arena;
        self.check_policy_len(out.len())?;
        out.fill(0);
        for c in arena.children(0) {
            let n = &arena.nodes[c];
            out[n.action as usize] = n.visits;
        }
        Ok(())
    }

    fn check_policy_len(&self, found: usize) -> Result<(), SearchError> {
        if found == self.num_actions {
            Ok(())
        } else {
            Err(SearchError::Buffer {
                name: "policy",
                expected: self.num_actions,
                found,
            })
        }
    }

    /// The training target of tree `tree` (`num_actions` entries summing to 1, or all 0 at a
    /// finished root): the root's visit counts normalised, or with Gumbel the improved policy
    /// `softmax(log prior + sigma(completed q))`.
    ///
    /// # Errors
    /// No such tree, or `out` of the wrong length.
    pub fn policy(&self, tree: usize, out: &mut [f32]) -> Result<(), SearchError> {
        let t = self.tree(tree)?;
        self.check_policy_len(out.len())?;
        out.fill(0.0);
        let arena = &t.arena;
        if let Some(g) = self.options.gumbel {
            let sigma = Sigma::new(arena, g);
            let mut max = f32::NEG_INFINITY;
            for c in arena.children(0) {
                let n = &arena.nodes[c];
                let logit = n.prior.max(1e-30).ln() + sigma.of(arena, c);
                out[n.action as usize] = logit;
                max = max.max(logit);
            }
            let mut sum = 0.0;
            for c in arena.children(0) {
                let slot = &mut out[arena.nodes[c].action as usize];
                *slot = (*slot - max).exp();
                sum += *slot;
            }
            if sum > 0.0 {
                out.iter_mut().for_each(|p| *p /= sum);
            }
        } else {
            let total: u32 = arena.children(0).map(|c| arena.nodes[c].visits).sum();
            if total > 0 {
                for c in arena.children(0) {
                    let n = &arena.nodes[c];
                    out[n.action as usize] = n.visits as f32 / total as f32;
                }
            }
        }
        Ok(())
    }

    /// The mean value of the root of tree `tree` for its seat to move (0 before any
    /// simulation).
    ///
    /// # Errors
    /// No such tree.
    pub fn root_value(&self, tree: usize) -> Result<f32, SearchError> {
        Ok(self.tree(tree)?.arena.q(0, 0.0))
    }

    /// The action to play at the root of tree `tree`: with Gumbel the survivor of sequential
    /// halving (`temperature` unused); else with `temperature` 0 the most visited (ties: the
    /// higher prior, then the lower number), above 0 one drawn with probability proportional
    /// to `visits^(1/temperature)` from the tree's generator. `None` at a finished root or
    /// before any simulation.
    ///
    /// # Errors
    /// No such tree, or a temperature that is negative or not a number.
    pub fn select_action(
        &mut self,
        tree: usize,
        temperature: f32,
    ) -> Result<Option<u32>, SearchError> {
        if !(temperature.is_finite() && temperature >= 0.0) {
            return Err(SearchError::Options("temperature must be finite and >= 0"));
        }
        let gumbel = self.options.gumbel;
        let len = self.trees.len();
        let t = self
            .trees
            .get_mut(tree)
            .ok_or(SearchError::Tree { tree, len })?;
        let arena = &t.arena;
        if arena.children(0).all(|c| arena.nodes[c].visits == 0) {
            return Ok(None);
        }
        let first = arena.nodes[0].first_child as usize;
        let sampled = t.root.ready && t.root.scores.len() == arena.nodes[0].children as usize;
        let best = if let (Some(g), true) = (gumbel, sampled) {
            let sigma = Sigma::new(arena, g);
            t.root
                .remaining
                .iter()
                .map(|&j| first + j as usize)
                .max_by(|&x, &y| {
                    let score = |c: usize| t.root.scores[c - first] + sigma.of(arena, c);
                    score(x).total_cmp(&score(y)).then(y.cmp(&x))
                })
        } else if temperature == 0.0 || gumbel.is_some() {
            arena.children(0).max_by(|&x, &y| {
                let (a, b) = (&arena.nodes[x], &arena.nodes[y]);
                a.visits
                    .cmp(&b.visits)
                    .then(a.prior.total_cmp(&b.prior))
                    .then(y.cmp(&x))
            })
        } else {
            // Relative to the most visited, which weighs 1, so the total never underflows.
            let most = arena
                .children(0)
                .map(|c| arena.nodes[c].visits)
                .max()
                .unwrap_or(1);
            let weight = |c: usize| {
                let n = f64::from(arena.nodes[c].visits) / f64::from(most.max(1));
                n.powf(1.0 / f64::from(temperature))
            };
            let total: f64 = arena.children(0).map(weight).sum();
            let mut x = open01(&mut t.rng) * total;
            let mut pick = None;
            for c in arena.children(0) {
                let w = weight(c);
                if w > 0.0 {
                    pick = Some(c);
                    if x < w {
                        break;
                    }
                    x -= w;
                }
            }
            pick
        };
        Ok(best.map(|c| arena.nodes[c].action))
    }

    /// Moves the root of tree `tree` along `action` and keeps the subtree below it (its
    /// visits count in the next run): tree reuse after a move is played.
    ///
    /// # Errors
    /// No such tree, or `action` not legal at its root; the tree is unchanged then.
    pub fn advance(&mut self, tree: usize, action: u32) -> Result<(), SearchError> {
        let len = self.trees.len();
        let t = self
            .trees
            .get_mut(tree)
            .ok_or(SearchError::Tree { tree, len })?;
        let root = t.arena.state(0);
        let mv = root
            .move_of(action)
            .ok_or(SearchError::Action { tree, action })?;
        let child = t
            .arena
            .children(0)
            .find(|&c| t.arena.nodes[c].action == action);
        match child {
            Some(c) if t.arena.nodes[c].state != NONE => {
                copy_subtree(&t.arena, c, &mut self.spare, &mut self.copied_from);
                core::mem::swap(&mut t.arena, &mut self.spare);
            }
            _ => {
                let mut next = root.clone();
                next.apply_unchecked(mv);
                t.arena.plant(next);
            }
        }
        t.root.ready = false;
        Ok(())
    }
}

/// Checks what the evaluator wrote: the values, and the priors of the legal actions (`legal`,
/// one list per row; the search reads no other prior).
fn check_outputs(
    priors: &[f32],
    values: &[f32],
    a: usize,
    legal: &[Vec<u32>],
) -> Result<(), EvalError> {
    for (row, legal) in legal.iter().enumerate() {
        let priors = &priors[row * a..(row + 1) * a];
        for &action in legal {
            let Some(&p) = priors.get(action as usize) else {
                continue;
            };
            if !(p.is_finite() && p >= 0.0) {
                return Err(EvalError::Prior {
                    row,
                    action: action as usize,
                    value: p,
                });
            }
        }
    }
    for (row, &v) in values.iter().enumerate() {
        if !(-1.0..=1.0).contains(&v) {
            return Err(EvalError::Value { row, value: v });
        }
    }
    Ok(())
}

/// Gumbel's `sigma(q̂) = (c_visit + max visits) * c_scale * q̂`, with `q` in [-1, 1] mapped to
/// `q̂` in [0, 1] and an unvisited action completed by the root's mean value.
struct Sigma {
    factor: f32,
    completion: f32,
}

impl Sigma {
    fn new<G: Actions>(arena: &Arena<G>, g: GumbelOptions) -> Sigma {
        let max = arena
            .children(0)
            .map(|c| arena.nodes[c].visits)
            .max()
            .unwrap_or(0);
        Sigma {
            factor: (g.c_visit + max as f32) * g.c_scale,
            completion: arena.q(0, 0.0),
        }
    }

    fn of<G: Actions>(&self, arena: &Arena<G>, child: usize) -> f32 {
        let q = arena.q(child, self.completion);
        self.factor * (q + 1.0) / 2.0
    }
}

/// Draws the root's noise and, with Gumbel, its sample and first phase.
fn prepare_root<G: Actions>(tree: &mut Tree<G>, options: &SearchOptions) {
    let arena = &tree.arena;
    let root = &mut tree.root;
    root.ready = true;
    root.priors.clear();
    root.priors
        .extend(arena.children(0).map(|c| arena.nodes[c].prior));
    let eps = options.dirichlet_fraction;
    if eps > 0.0 && root.priors.len() > 1 {
        // The noise, drawn into `scores` (reused as scratch before Gumbel fills it).
        root.scores.clear();
        for _ in 0..root.priors.len() {
            let x = gamma(&mut tree.rng, f64::from(options.dirichlet_alpha)) as f32;
            root.scores.push(x);
        }
        let sum: f32 = root.scores.iter().sum();
        if sum > 0.0 {
            for (p, &x) in root.priors.iter_mut().zip(&root.scores) {
                *p = (1.0 - eps) * *p + eps * x / sum;
            }
        }
    }
    let Some(g) = options.gumbel else {
        return;
    };
    root.scores.clear();
    for &p in &root.priors {
        root.scores
            .push(gumbel(&mut tree.rng) as f32 + p.max(1e-30).ln());
    }
    let n = root.priors.len() as u32;
    root.remaining.clear();
    root.remaining.extend(0..n);
    let scores = &root.scores;
    root.remaining.sort_by(|&x, &y| {
        scores[y as usize]
            .total_cmp(&scores[x as usize])
            .then(x.cmp(&y))
    });
    root.remaining.truncate(g.considered.min(n) as usize);
    let m = root.remaining.len() as u32;
    // ceil(log2 m) phases of halving, at least one.
    let phases = (32 - m.saturating_sub(1).leading_zeros()).max(1);
    root.phase_budget = (tree.sims_left / phases).max(1);
    fill_schedule(root);
}

/// The next phase's visits: the phase's simulations shared among the remaining actions.
fn fill_schedule(root: &mut Root) {
    let each = (root.phase_budget / root.remaining.len().max(1) as u32).max(1);
    root.schedule.clear();
    for _ in 0..each {
        root.schedule.extend_from_slice(&root.remaining);
    }
    root.cursor = 0;
}

/// Keeps the better half of the remaining root actions by `g + log prior + sigma(q̂)`.
fn halve<G: Actions>(tree: &mut Tree<G>, g: GumbelOptions) {
    let arena = &tree.arena;
    let sigma = Sigma::new(arena, g);
    let first = arena.nodes[0].first_child as usize;
    let scores = &tree.root.scores;
    let score = |j: u32| scores[j as usize] + sigma.of(arena, first + j as usize);
    tree.root
        .remaining
        .sort_by(|&x, &y| score(y).total_cmp(&score(x)).then(x.cmp(&y)));
    let keep = tree.root.remaining.len().div_ceil(2);
    tree.root.remaining.truncate(keep);
    fill_schedule(&mut tree.root);
}

/// One descent from the root with virtual loss, to a leaf to evaluate, a finished game, or
/// nothing.
fn descend<G: Actions>(tree: &mut Tree<G>, options: &SearchOptions) -> Descent {
    let mut node = 0;
    loop {
        tree.arena.nodes[node].virtual_visits += 1;
        let n = tree.arena.nodes[node];
        if n.terminal {
            return Descent::Terminal(node);
        }
        if !n.expanded {
            if n.pending {
                undo_virtual(&mut tree.arena, node);
                return Descent::Busy;
            }
            tree.arena.nodes[node].pending = true;
            return Descent::Leaf(node);
        }
        if n.children == 0 {
            // An ongoing game with no legal action breaks the rules' contract: value it 0.
            return Descent::Terminal(node);
        }
        let child = if node == 0 {
            match root_child(tree, options) {
                Some(c) => c,
                None => {
                    undo_virtual(&mut tree.arena, 0);
                    return Descent::Busy;
                }
            }
        } else {
            puct_child(&tree.arena, node, None, options)
        };
        tree.arena.ensure_state(child);
        node = child;
    }
}

/// The root's choice: PUCT over the noised priors, or the Gumbel schedule (`None` while a
/// phase waits for its values).
fn root_child<G: Actions>(tree: &mut Tree<G>, options: &SearchOptions) -> Option<usize> {
    let first = tree.arena.nodes[0].first_child as usize;
    let Some(g) = options.gumbel else {
        return Some(puct_child(&tree.arena, 0, Some(&tree.root.priors), options));
    };
    if tree.root.remaining.len() == 1 {
        return Some(first + tree.root.remaining[0] as usize);
    }
    if tree.root.cursor == tree.root.schedule.len() {
        if tree.in_flight > 0 {
            return None;
        }
        halve(tree, g);
        if tree.root.remaining.len() == 1 {
            return Some(first + tree.root.remaining[0] as usize);
        }
    }
    let j = tree.root.schedule[tree.root.cursor];
    tree.root.cursor += 1;
    Some(first + j as usize)
}

/// The child of `node` with the highest `q + c_puct * prior * sqrt(N) / (1 + n)`, visits
/// counting pending descents as losses (`priors` replaces the stored priors at the root).
fn puct_child<G: Actions>(
    arena: &Arena<G>,
    node: usize,
    priors: Option<&[f32]>,
    options: &SearchOptions,
) -> usize {
    let parent = &arena.nodes[node];
    let sqrt_n = ((parent.visits + parent.virtual_visits) as f32).sqrt();
    let mut best = (f32::NEG_INFINITY, parent.first_child as usize);
    for (j, c) in arena.children(node).enumerate() {
        let child = &arena.nodes[c];
        let n = child.visits + child.virtual_visits;
        let q = if n == 0 {
            0.0
        } else {
            (child.value - options.virtual_loss * child.virtual_visits as f32) / n as f32
        };
        let prior = priors
            .and_then(|p| p.get(j).copied())
            .unwrap_or(child.prior);
        let score = q + options.c_puct * prior * sqrt_n / (1 + n) as f32;
        if score > best.0 {
            best = (score, c);
        }
    }
    best.1
}

/// Gives pending leaf `node` one child per legal action (`legal`, ascending), with the
/// evaluator's priors of the legal actions normalised (uniform when they are all 0).
fn expand<G: Actions>(arena: &mut Arena<G>, node: usize, priors: &[f32], legal: &[u32]) {
    let first = arena.nodes.len();
    let seat = arena.nodes[node].to_move;
    // Numbers beyond the priors (never among a game's legal actions) are left out, as the
    // mask leaves them out.
    let legal_priors = || {
        legal
            .iter()
            .filter_map(|&a| priors.get(a as usize).map(|&p| (a, p)))
    };
    let (mut sum, mut count) = (0.0f32, 0u32);
    for (_, p) in legal_priors() {
        sum += p;
        count += 1;
    }
    for (a, p) in legal_priors() {
        let prior = if sum > 0.0 {
            p / sum
        } else {
            1.0 / count as f32
        };
        arena.nodes.push(Node::new(node as u32, a, prior, seat));
    }
    let n = &mut arena.nodes[node];
    n.first_child = first as u32;
    n.children = count;
    n.expanded = true;
    n.pending = false;
}

/// A weight and the leaf value it mixes in (`run_mixed`): the game's evaluation of a state
/// for a seat.
type Mix<G> = (f32, fn(&G, u8) -> f32);

/// The game's evaluation of `state` for seat `seat`, as a leaf value in `-1..=1` (0 if the
/// game gives no number).
fn evaluation<G: Evaluate>(state: &G, seat: u8) -> f32 {
    let e = PlayerId::new(seat).map_or(0.0, |p| state.evaluate(p) as f32);
    if e.is_nan() { 0.0 } else { e.clamp(-1.0, 1.0) }
}

/// Adds one visit of `value(view)` to `node` and its ancestors, ending their virtual visit.
fn backup<G>(arena: &mut Arena<G>, mut node: usize, value: impl Fn(u8) -> f32) {
    loop {
        let n = &mut arena.nodes[node];
        n.virtual_visits = n.virtual_visits.saturating_sub(1);
        n.visits += 1;
        n.value += value(n.view);
        if n.parent == NONE {
            return;
        }
        node = n.parent as usize;
    }
}

/// Ends the virtual visit of a descent that stopped at `node`.
fn undo_virtual<G>(arena: &mut Arena<G>, mut node: usize) {
    loop {
        let n = &mut arena.nodes[node];
        n.virtual_visits = n.virtual_visits.saturating_sub(1);
        if n.parent == NONE {
            return;
        }
        node = n.parent as usize;
    }
}

/// Copies the subtree of `from`'s node `top` into `to`, `top` becoming its root.
fn copy_subtree<G: Actions>(from: &Arena<G>, top: usize, to: &mut Arena<G>, old: &mut Vec<u32>) {
    to.clear();
    old.clear();
    let mut root = from.nodes[top];
    root.parent = NONE;
    root.view = root.to_move;
    // The root's value is kept for its own seat, which is its children's view: their mean.
    let (sum, visits) = from.children(top).fold((0.0f32, 0u32), |(s, v), c| {
        (s + from.nodes[c].value, v + from.nodes[c].visits)
    });
    root.value = if visits > 0 {
        sum / visits as f32 * root.visits as f32
    } else {
        0.0
    };
    to.nodes.push(root);
    old.push(top as u32);
    let mut i = 0;
    while i < to.nodes.len() {
        let src = old[i] as usize;
        let n = from.nodes[src];
        if n.state != NONE {
            to.nodes[i].state = to.states.len() as u32;
            to.states.push(from.states[n.state as usize].clone());
        }
        if n.expanded {
            to.nodes[i].first_child = to.nodes.len() as u32;
            for c in from.children(src) {
                let mut child = from.nodes[c];
                child.parent = i as u32;
                to.nodes.push(child);
                old.push(c as u32);
            }
        }
        i += 1;
    }
}
