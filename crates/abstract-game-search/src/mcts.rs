//! Monte Carlo tree search (UCT) for any number of seats.

use crate::limits::{Budget, Team};
use crate::{Bot, Limits, SearchInfo};
use abstract_game::{Evaluate, MAX_PLAYERS, MoveList, PlayerId, SeededRng, Status, random_rollout};

/// Settings of [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln N / n)`; rewards lie in
    /// `-1..=1`.
    pub exploration: f64,
    /// Random plies a rollout plays before it is cut off and the position is evaluated;
    /// `u32::MAX` plays to the end of the game (evaluating only if 10 000 plies pass).
    pub playout: u32,
    /// The seed of rollouts and tie-breaks.
    pub seed: u64,
    /// The tree stops growing at this many nodes (iterations then only roll out).
    pub max_nodes: usize,
    /// Whether the tree of the previous move is kept when the new position is in it.
    pub reuse: bool,
    /// Progressive widening: a node visited `n` times chooses only among its first
    /// `1 + widening * sqrt(n)` children in [`Evaluate::move_priority`] order; `0.0` lets
    /// every child compete from the start.
    pub widening: f64,
    /// Whether the game's [`Evaluate`] guides the search (children in `move_priority` order,
    /// cut-off rollouts evaluated). `false` is plain UCT: children in random order, rollouts
    /// to the end of the game, a rollout that reaches the cap scored as a draw.
    pub knowledge: bool,
}

impl MctsConfig {
    /// Plain UCT, the baseline of the match tables: [`knowledge`](Self::knowledge) off,
    /// random rollouts to the end, every child competing, `c = 1.0`.
    #[must_use]
    pub fn plain() -> MctsConfig {
        MctsConfig {
            exploration: 1.0,
            playout: u32::MAX,
            widening: 0.0,
            knowledge: false,
            ..MctsConfig::default()
        }
    }
}

impl Default for MctsConfig {
    /// `c = 0.5`, rollouts cut off after 8 plies, seed 0, at most a million nodes, reuse on,
    /// widening 2, knowledge on (tuned by matches: docs/strength.md).
    fn default() -> Self {
        MctsConfig {
            exploration: 0.5,
            playout: 8,
            seed: 0,
            max_nodes: 1 << 20,
            reuse: true,
            widening: 2.0,
            knowledge: true,
        }
    }
}

const NONE: u32 = u32::MAX;
const FULL_PLAYOUT_CAP: u32 = 10_000;
/// Children made when a node is expanded under progressive widening (which admits one at
/// first, three after one visit, five after four).
const FIRST_CHILDREN: u32 = 4;

/// One node of the tree, in an arena: children are contiguous, found by index.
#[derive(Clone, Debug)]
struct Node<M> {
    /// The move that leads here (meaningless at the root).
    mv: Option<M>,
    parent: u32,
    /// The first child's index, or `NONE` while the node is unexpanded.
    first_child: u32,
    /// The children made so far: the first `children` of the `moves` legal moves in
    /// priority order (progressive widening makes the rest as it admits them).
    children: u32,
    moves: u32,
    /// Draws the order of the node's children among equal priorities (see `sort_moves`).
    ties: u64,
    visits: u32,
    /// The seat that chose `mv`: the rewards summed in `total` are that seat's.
    mover: u8,
    total: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: u32, mover: u8) -> Node<M> {
        Node {
            mv,
            parent,
            first_child: NONE,
            children: 0,
            moves: 0,
            ties: 0,
            visits: 0,
            mover,
            total: 0.0,
        }
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / f64::from(self.visits)
        }
    }
}

/// UCT search: each iteration walks down the tree by the UCB1 rule for the seat that decides
/// at each node (from [`Game::status`](abstract_game::Game::status), so a seat may decide
/// several times in a row), adds children to the first unexpanded node, rolls out a few
/// random plies, evaluates with [`Evaluate`] (or takes [`Outcome::returns`] at a finished
/// game), and adds each seat's reward along the path.
///
/// The tree is an arena of nodes (no allocation per node); the subtree of the position reached
/// is kept for the next move. Children are tried first in [`Evaluate::move_priority`] order,
/// and progressive widening lets a node consider more of them as its visits grow: without it
/// every child is tried once before any is tried twice, so a node with a hundred replies
/// averages them all and a move that a single reply refutes looks good until the node has
/// been visited hundreds of times (see docs/strength.md). Under widening a node's children are
/// made as they are admitted (four at first, then twice as many each time more are needed),
/// so the node budget goes to the moves the search looks at: made all at once, about a
/// hundred children per expansion filled a million-node tree within the first few
/// milliseconds of a move. [`MctsConfig::plain`] turns all game
/// knowledge off: the baseline UCT of the match tables.
///
/// **Threads** ([`with_threads`](Self::with_threads), `threads=N` in a [`BotSpec`]): root
/// parallelism. Each thread grows a tree of its own (kept for the next move like the main
/// one), its rollouts seeded apart; an iteration budget counts the iterations of all threads
/// together, a time budget is the same clock for all. The move played is the most visited
/// once the root children's visits are summed over the trees. With one thread the search is
/// deterministic under an iteration budget; with more, how the iterations fall between the
/// threads depends on timing, so the move may too: more threads trade that determinism for
/// speed. Where no thread can be started (WebAssembly in a browser) the search runs on the
/// threads it could start, at least the caller's.
///
/// [`BotSpec`]: crate::BotSpec
/// [`Outcome::returns`]: abstract_game::Outcome::returns
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// use abstract_game_search::{Bot, Limits, Mcts, MctsConfig};
/// let g: Subtraction = "9 3 1".parse().unwrap();
/// let mut bot = Mcts::new(MctsConfig::default());
/// let (mv, _) = bot.choose(&g, &Limits::iterations(2000)).unwrap();
/// assert_eq!(mv.0, 1); // leaves 8, a multiple of 4
/// ```
#[derive(Debug)]
pub struct Mcts<G: Evaluate> {
    config: MctsConfig,
    rng: SeededRng,
    nodes: Vec<Node<G::Move>>,
    /// The position at `nodes[0]`, if a tree is kept.
    root: Option<G>,
    /// Scratch buffers, kept to avoid allocating during search.
    moves: MoveList<G>,
    order: Vec<(i32, u64, G::Move)>,
    spare: Vec<Node<G::Move>>,
    old_index: Vec<u32>,
    /// The searches of the other threads, each with its own tree (empty with one thread).
    helpers: Vec<Mcts<G>>,
}

impl<G: Evaluate> Mcts<G> {
    /// A search with these settings.
    #[must_use]
    pub fn new(config: MctsConfig) -> Mcts<G> {
        Mcts {
            config,
            rng: SeededRng::new(config.seed),
            nodes: Vec::new(),
            root: None,
            moves: MoveList::<G>::new(),
            order: Vec::new(),
            spare: Vec::new(),
            old_index: Vec::new(),
            helpers: Vec::new(),
        }
    }

    /// The same search on `threads` threads (1 to [`MAX_THREADS`](crate::MAX_THREADS); 0
    /// counts as 1): root parallelism, see the type's documentation. Thread `k` seeds its
    /// rollouts from the configured seed and `k`; thread 0 uses the seed itself.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Mcts<G> {
        let threads = threads.clamp(1, crate::MAX_THREADS);
        let seed = self.config.seed;
        self.helpers = (1..threads as u64)
            .map(|k| {
                Mcts::new(MctsConfig {
                    seed: SeededRng::new(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64(),
                    ..self.config
                })
            })
            .collect();
        self
    }

    /// The number of threads a search uses.
    #[must_use]
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// The number of nodes in the tree.
    #[must_use]
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// Makes `state` the root, keeping its subtree if the previous tree holds it.
    fn set_root(&mut self, state: &G) {
        let kept = match (&self.root, self.config.reuse) {
            (Some(old), true) if !self.nodes.is_empty() => {
                if old == state {
                    Some(0)
                } else {
                    find(&self.nodes, 0, old, state, state.hash64(), 4)
                }
            }
            _ => None,
        };
        match kept {
            Some(0) => {}
            Some(index) => self.reroot(index),
            None => {
                self.nodes.clear();
                self.nodes.push(Node::new(None, NONE, 0));
            }
        }
        self.root = Some(state.clone());
    }

    /// Copies the subtree under `index` to the front of a fresh arena.
    fn reroot(&mut self, index: u32) {
        self.spare.clear();
        self.old_index.clear();
        let mut root = self.nodes[index as usize].clone();
        root.parent = NONE;
        root.mv = None;
        self.spare.push(root);
        self.old_index.push(index);
        let mut i = 0;
        while i < self.spare.len() {
            let old = &self.nodes[self.old_index[i] as usize];
            if old.first_child != NONE {
                let first = self.spare.len() as u32;
                for c in old.first_child..old.first_child + old.children {
                    let mut child = self.nodes[c as usize].clone();
                    child.parent = i as u32;
                    self.spare.push(child);
                    self.old_index.push(c);
                }
                self.spare[i].first_child = first;
            }
            i += 1;
        }
        core::mem::swap(&mut self.nodes, &mut self.spare);
    }

    /// The legal moves of `state` into `order`, best move-priority first, ties in seeded
    /// random order: under widening drawn from `ties` (a node's own seed, so that the
    /// children made later extend those made before), without from the search's generator
    /// (all children are made at once).
    ///
    /// Only the first `need` are put in order (the rest follow in no order): a node makes a
    /// few children of its hundred moves.
    fn sort_moves(&mut self, state: &G, ties: u64, need: usize) {
        self.moves.clear();
        state.generate_moves(&mut self.moves);
        self.order.clear();
        let widening = self.config.widening > 0.0;
        for (i, &mv) in self.moves.iter().enumerate() {
            let priority = if self.config.knowledge {
                state.move_priority(mv)
            } else {
                0
            };
            let tie = if widening {
                SeededRng::new(ties ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
            } else {
                self.rng.next_u64()
            };
            self.order.push((-priority, tie, mv));
        }
        let key = |&(p, r, _): &(i32, u64, G::Move)| (p, r);
        if need < self.order.len() {
            self.order.select_nth_unstable_by_key(need, key);
            self.order[..need].sort_unstable_by_key(key);
        } else {
            self.order.sort_unstable_by_key(key);
        }
    }

    /// Adds the first children of `node` (whose position is `state`, decided by `mover`):
    /// with progressive widening a few, the others as [`widen`](Self::widen) needs them;
    /// without, all.
    fn expand(&mut self, node: u32, state: &G, mover: PlayerId) {
        let widening = self.config.widening > 0.0;
        let (ties, need) = if widening {
            (self.rng.next_u64(), FIRST_CHILDREN as usize)
        } else {
            (0, usize::MAX)
        };
        self.sort_moves(state, ties, need);
        let moves = self.order.len() as u32;
        let made = moves.min(need as u32);
        let first = self.nodes.len() as u32;
        for &(_, _, mv) in &self.order[..made as usize] {
            self.nodes
                .push(Node::new(Some(mv), node, mover.index() as u8));
        }
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.children = made;
        n.moves = moves;
        n.ties = ties;
    }

    /// How many children of `node` progressive widening lets compete.
    fn width(&self, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        if self.config.widening > 0.0 {
            let w = 1.0 + self.config.widening * f64::from(n.visits).sqrt();
            n.moves.min(w as u32)
        } else {
            n.moves
        }
    }

    /// Makes more children of `node` (position `state`, decided by `mover`) once widening
    /// admits more than it has: at least twice as many, as a new block at the end of the
    /// arena (the children made before move there with their subtrees; the old block is
    /// left unused until the tree is next copied). Not when the arena is full.
    fn widen(&mut self, node: u32, state: &G, mover: PlayerId) {
        let width = self.width(node);
        let n = &self.nodes[node as usize];
        let (old_first, made, ties) = (n.first_child, n.children, n.ties);
        if width <= made {
            return;
        }
        let want = n.moves.min(width.max(2 * made));
        if self.nodes.len() + want as usize > self.config.max_nodes {
            return;
        }
        self.sort_moves(state, ties, want as usize);
        let first = self.nodes.len() as u32;
        for c in old_first..old_first + made {
            let child = self.nodes[c as usize].clone();
            debug_assert!(child.mv == Some(self.order[(c - old_first) as usize].2));
            let moved = self.nodes.len() as u32;
            if child.first_child != NONE {
                for g in child.first_child..child.first_child + child.children {
                    self.nodes[g as usize].parent = moved;
                }
            }
            self.nodes.push(child);
        }
        for &(_, _, mv) in &self.order[made as usize..want as usize] {
            self.nodes
                .push(Node::new(Some(mv), node, mover.index() as u8));
        }
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.children = want;
    }

    /// The child of `node` to follow among those progressive widening admits: an untried one
    /// first, else the best by UCB1.
    fn select(&self, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        let log_n = f64::from(n.visits.max(1)).ln();
        let width = self.width(node).min(n.children);
        let mut best = n.first_child;
        let mut best_score = f64::NEG_INFINITY;
        for c in n.first_child..n.first_child + width {
            let child = &self.nodes[c as usize];
            if child.visits == 0 {
                return c;
            }
            let score =
                child.mean() + self.config.exploration * (log_n / f64::from(child.visits)).sqrt();
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    /// One iteration from the root position `root`.
    fn iterate(&mut self, root: &G, state: &mut G) {
        state.clone_from(root);
        let mut node = 0u32;
        while let Status::Ongoing(mover) = state.status() {
            let leaf = self.nodes[node as usize].first_child == NONE;
            if leaf {
                if node != 0 && self.nodes.len() >= self.config.max_nodes {
                    break;
                }
                self.expand(node, state, mover);
                if self.nodes[node as usize].children == 0 {
                    break;
                }
            } else {
                self.widen(node, state, mover);
            }
            node = self.select(node);
            if let Some(mv) = self.nodes[node as usize].mv {
                state.apply_unchecked(mv);
            }
            if leaf {
                break;
            }
        }
        let rewards = self.rollout(state);
        loop {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            n.total += rewards[n.mover as usize];
            if n.parent == NONE {
                break;
            }
            node = n.parent;
        }
    }

    /// Random plies from `state`, then every seat's reward.
    fn rollout(&mut self, state: &mut G) -> [f64; MAX_PLAYERS as usize] {
        let cap = if self.config.playout == u32::MAX || !self.config.knowledge {
            FULL_PLAYOUT_CAP
        } else {
            self.config.playout
        };
        random_rollout(state, &mut self.rng, cap as usize);
        let mut rewards = [0.0; MAX_PLAYERS as usize];
        let finished = state.status().outcome();
        for p in PlayerId::all(state.player_count()) {
            rewards[p.index()] = match finished {
                Some(o) => o.returns(p),
                None if !self.config.knowledge => 0.0,
                None => {
                    let v = state.evaluate(p);
                    if v.is_nan() { 0.0 } else { v.clamp(-1.0, 1.0) }
                }
            };
        }
        rewards
    }

    /// The most visited child of `node`, if it has a visited child.
    fn best_child(&self, node: u32) -> Option<u32> {
        let n = &self.nodes[node as usize];
        if n.first_child == NONE {
            return None;
        }
        (n.first_child..n.first_child + n.children)
            .filter(|&c| self.nodes[c as usize].visits > 0)
            .max_by(|&a, &b| {
                let (a, b) = (&self.nodes[a as usize], &self.nodes[b as usize]);
                a.visits.cmp(&b.visits).then(a.mean().total_cmp(&b.mean()))
            })
    }
}

/// Searches the visited part of the tree under `node` (position `state`), up to `plies` deep,
/// for the node whose position is `target`.
fn find<G: Evaluate>(
    nodes: &[Node<G::Move>],
    node: u32,
    state: &G,
    target: &G,
    target_hash: u64,
    plies: u32,
) -> Option<u32> {
    let n = &nodes[node as usize];
    if n.first_child == NONE || plies == 0 {
        return None;
    }
    for c in n.first_child..n.first_child + n.children {
        let child = &nodes[c as usize];
        let Some(mv) = child.mv.filter(|_| child.visits > 0) else {
            continue;
        };
        let mut next = state.clone();
        next.apply_unchecked(mv);
        if next.hash64() == target_hash && next == *target {
            return Some(c);
        }
        if let Some(found) = find(nodes, c, &next, target, target_hash, plies - 1) {
            return Some(found);
        }
    }
    None
}

impl<G: Evaluate> Mcts<G> {
    /// Grows this thread's tree from `state` until `budget` is spent.
    fn grow(&mut self, state: &G, budget: &mut Budget) {
        self.set_root(state);
        let mut scratch = state.clone();
        loop {
            self.iterate(state, &mut scratch);
            if budget.tick() {
                break;
            }
        }
    }

    /// The principal variation from the root's child `first` down this tree.
    fn line_from(&self, first: u32) -> Vec<G::Move> {
        let mut pv: Vec<G::Move> = self.nodes[first as usize].mv.into_iter().collect();
        let mut node = first;
        while let Some(c) = self.best_child(node) {
            pv.extend(self.nodes[c as usize].mv);
            node = c;
        }
        pv
    }

    /// Root parallelism: each thread grows its own tree under the common budget; the root
    /// children's visits and rewards are summed over the trees, and the most visited move
    /// is played.
    fn choose_in_parallel(
        &mut self,
        state: &G,
        limits: &Limits,
    ) -> Option<(G::Move, SearchInfo<G::Move>)> {
        let team = Team::new(limits, self.threads());
        let mut budget = Budget::in_team(limits, &team);
        let mut helpers = core::mem::take(&mut self.helpers);
        let others = std::thread::scope(|scope| {
            let mut running = Vec::new();
            for helper in &mut helpers {
                let mut budget = Budget::in_team(limits, &team);
                let thread = std::thread::Builder::new().spawn_scoped(scope, move || {
                    helper.grow(state, &mut budget);
                    budget.work
                });
                // Where threads cannot be made (WebAssembly in a browser), fewer search.
                match thread {
                    Ok(t) => running.push(t),
                    Err(_) => break,
                }
            }
            self.grow(state, &mut budget);
            team.finish();
            let works: Vec<u64> = running.into_iter().filter_map(|t| t.join().ok()).collect();
            works
        });
        let searched = 1 + others.len();
        let iterations = budget.work + others.iter().sum::<u64>();
        let trees: Vec<&Mcts<G>> = core::iter::once(&*self)
            .chain(helpers.iter().take(searched - 1))
            .collect();
        // Every expanded root has children among the same legal moves, in its own order.
        let mut merged: Vec<(G::Move, u32, f64)> = Vec::new();
        for tree in &trees {
            let root = &tree.nodes[0];
            if root.first_child == NONE {
                continue;
            }
            for child in &tree.nodes[root.first_child as usize..][..root.children as usize] {
                let Some(mv) = child.mv else { continue };
                match merged.iter_mut().find(|(m, _, _)| *m == mv) {
                    Some(entry) => {
                        entry.1 += child.visits;
                        entry.2 += child.total;
                    }
                    None => merged.push((mv, child.visits, child.total)),
                }
            }
        }
        let mean = |&(_, visits, total): &(G::Move, u32, f64)| total / f64::from(visits.max(1));
        let &(mv, _, _) = merged
            .iter()
            .filter(|e| e.1 > 0)
            .max_by(|a, b| a.1.cmp(&b.1).then(mean(a).total_cmp(&mean(b))))?;
        let value = merged.iter().find(|e| e.0 == mv).map_or(0.0, mean);
        // The line from the tree that looked at the move most.
        let (tree, child) = trees
            .iter()
            .filter_map(|t| {
                let root = &t.nodes[0];
                (root.first_child != NONE)
                    .then(|| root.first_child..root.first_child + root.children)?
                    .find(|&c| t.nodes[c as usize].mv == Some(mv))
                    .map(|c| (t, c))
            })
            .max_by_key(|(t, c)| t.nodes[*c as usize].visits)?;
        let pv = tree.line_from(child);
        self.helpers = helpers;
        let info = SearchInfo {
            depth: pv.len() as u32,
            iterations,
            value,
            elapsed: budget.elapsed(),
            pv,
        };
        Some((mv, info))
    }
}

impl<G: Evaluate> Bot<G> for Mcts<G> {
    fn choose(&mut self, state: &G, limits: &Limits) -> Option<(G::Move, SearchInfo<G::Move>)> {
        let limits = limits.or(&Limits::iterations(1000));
        let mut budget = Budget::start(&limits);
        let Status::Ongoing(mover) = state.status() else {
            return None;
        };
        self.moves.clear();
        state.generate_moves(&mut self.moves);
        if self.moves.len() == 1 {
            // A forced decision: nothing to think about.
            let mv = self.moves[0];
            let mut next = state.clone();
            next.apply_unchecked(mv);
            let value = match next.status() {
                Status::Finished(o) => o.returns(mover),
                Status::Ongoing(_) if self.config.knowledge => next.evaluate(mover),
                Status::Ongoing(_) => 0.0,
            };
            let mut info = SearchInfo::immediate(value, budget.elapsed());
            info.pv.push(mv);
            return Some((mv, info));
        }
        if !self.helpers.is_empty() {
            return self.choose_in_parallel(state, &limits);
        }
        self.grow(state, &mut budget);
        let best = self.best_child(0)?;
        let pv = self.line_from(best);
        let best = &self.nodes[best as usize];
        let info = SearchInfo {
            depth: pv.len() as u32,
            iterations: budget.work,
            value: best.mean(),
            elapsed: budget.elapsed(),
            pv,
        };
        Some((best.mv?, info))
    }

    fn new_game(&mut self) {
        self.nodes.clear();
        self.root = None;
        for helper in &mut self.helpers {
            helper.new_game();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::Game;
    use abstract_game::toy::Subtraction;

    /// Under widening a node's children are made as they are admitted: a search of a wide
    /// game holds a few nodes per iteration, not a move list's worth, and the tree stays
    /// consistent (every child where its parent says, every node's children in priority
    /// order extending those first made) through the blocks moved by widening.
    #[test]
    fn widening_makes_children_as_it_admits_them() {
        let g = pikemen_core::Pikemen::new(&Default::default()).unwrap();
        let moves = g.legal_moves().len();
        assert!(moves > 100, "{moves}");
        let mut bot = Mcts::new(MctsConfig::default());
        bot.choose(&g, &Limits::iterations(5000)).unwrap();
        let size = bot.tree_size();
        assert!(size < 5000 * 8, "{size} nodes for 5000 iterations");
        let root = &bot.nodes[0];
        assert!(root.children > FIRST_CHILDREN && root.children <= root.moves);
        assert_eq!(root.moves as usize, moves);
        // Reachable nodes only: each child's parent is the node whose block holds it, and
        // the root's children are the best-priority moves first.
        let mut stack = vec![0u32];
        while let Some(i) = stack.pop() {
            let n = &bot.nodes[i as usize];
            if n.first_child == NONE {
                continue;
            }
            for c in n.first_child..n.first_child + n.children {
                assert_eq!(bot.nodes[c as usize].parent, i);
                stack.push(c);
            }
        }
        let priorities: Vec<i32> = (root.first_child..root.first_child + root.children)
            .map(|c| g.move_priority(bot.nodes[c as usize].mv.unwrap()))
            .collect();
        assert!(
            priorities.windows(2).all(|w| w[0] >= w[1]),
            "{priorities:?}"
        );
        // All children at once without widening.
        let mut plain = Mcts::new(MctsConfig {
            widening: 0.0,
            ..MctsConfig::default()
        });
        plain.choose(&g, &Limits::iterations(50)).unwrap();
        assert_eq!(plain.nodes[0].children as usize, moves);
    }

    #[test]
    fn the_tree_is_kept_for_a_position_it_holds() {
        let g: Subtraction = "21 3 1".parse().unwrap();
        let mut bot = Mcts::new(MctsConfig::default());
        let (mv, _) = bot.choose(&g, &Limits::iterations(500)).unwrap();
        let after_reply = g
            .after(mv)
            .unwrap()
            .after(abstract_game::toy::Take(1))
            .unwrap();
        let before = bot.tree_size();
        bot.set_root(&after_reply);
        let kept = bot.tree_size();
        assert!(kept > 1 && kept < before, "kept {kept} of {before}");
        assert!(bot.nodes[0].visits > 0);
        // Children still point at their parent inside the new arena.
        for (i, n) in bot.nodes.iter().enumerate().skip(1) {
            let p = &bot.nodes[n.parent as usize];
            assert!((p.first_child..p.first_child + p.children).contains(&(i as u32)));
        }
        bot.new_game();
        bot.set_root(&after_reply);
        assert_eq!(bot.tree_size(), 1);
    }
}
