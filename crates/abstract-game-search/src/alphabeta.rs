//! Alpha-beta search with iterative deepening.

use crate::limits::{Budget, Team};
use crate::split::RootSplit;
use crate::tt::{Bound, Table};
use crate::{Bot, Limits, SearchInfo};
use abstract_game::{Evaluate, MoveList, PlayerId, Status};
use core::hash::{Hash, Hasher};
use std::sync::{Mutex, PoisonError};

/// Scores are integers: a heuristic value `v` scores `v * EVAL_SCALE`; a finished game with
/// returns `r` scores `r * WIN`, less one per ply so that faster wins score higher.
const EVAL_SCALE: f64 = 100_000.0;
const WIN: f64 = 1_000_000.0;
const INF: i32 = 2_000_000;
/// The deepest line searched, extensions and quiescence included.
const MAX_PLY: usize = 96;
/// Plies of quiescence search at most.
const MAX_QUIESCENCE: usize = 8;
const HISTORY_BITS: u32 = 12;
/// Iterative deepening stops here when only a time or node budget is given.
const MAX_DEPTH: u32 = 64;
/// Late move reductions: from this depth left, from this move of the order on (0-based),
/// one ply; from the second bound on, two.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_FIRST: usize = 3;
const LMR_FIRST_DEEPER: usize = 10;

/// Negamax-style alpha-beta over [`Game::status`](abstract_game::Game::status)'s decision
/// owners, with iterative deepening, a transposition table, move ordering and quiescence.
///
/// - **Sides.** Values are those of the seat to decide at the root (the *root seat*). With
///   two seats this is plain minimax. With three or four it is the *paranoid* reduction: every
///   other seat is assumed to play against the root seat, so nodes where the root seat decides
///   maximise its value and all others minimise it. The decision owner is read at every node,
///   so a seat deciding twice in a row, or a GIPF row removal decided by the player who did not
///   push, is handled like any other decision.
/// - **Depth.** A decision by the same seat that made the previous one (a GIPF removal after
///   one's own push) costs no depth: a turn is searched whole. At depth 0 a quiescence search
///   follows only [`Evaluate::is_tactical`] moves (captures, removals), standing pat on the
///   evaluation unless every legal move is tactical.
/// - **Ordering.** The table's move first, then by [`Evaluate::move_priority`], then two
///   killer moves per ply, then a history table of cut-off moves.
/// - **Reductions** ([`with_reductions`](Self::with_reductions), `lmr=on|off` in a
///   [`BotSpec`], on by default): principal variation search, every move after a node's
///   first searched with a null window against the bound the node moves and again with the
///   whole window only if it beats it; quiet moves from the fourth on (not the table's move,
///   not a killer, no decision of the same turn) searched first one ply shallower (two from
///   the eleventh on, from four plies left), and again at full depth if that beats the
///   bound.
/// - **Table.** `2^bits` slots keyed by `hash64` mixed with the root seat (values depend on
///   it); replacement is depth-preferred within a search, and every new search may overwrite
///   the previous search's entries. Winning scores stored in the table are not adjusted by ply
///   (a proven win found through a transposition may report a slightly wrong distance).
///
/// - **Threads** ([`with_threads`](Self::with_threads), `threads=N` in a [`BotSpec`]): the
///   root is split. All threads search the same depth, each with its own killers and
///   history, all sharing the one table (lock-free: each slot is a pair of atomic words
///   checked against each other). The depth's first root move (the last depth's choice) is
///   searched whole by every thread, and the first value found counts; the other root moves
///   are then dealt out one at a time, each searched against the best value of the depth so
///   far, and a thread with none left to take helps with one still being searched. The last
///   root move finished completes the depth for all. The first thread to finish (its depth
///   budget searched, or the result proven) ends the others. A node budget counts the nodes
///   of all threads together, a time budget is the same clock for all.
///
/// - **Unfinished depths.** When the budget ends a depth, the move played is the last
///   completed depth's, unless that move (searched first) was searched in full at the
///   unfinished depth and another move then beat it in full: that move is played (with
///   reductions on; the reported depth stays the completed one).
///
/// With one thread, under a depth or node budget the search is deterministic. With a time
/// budget the deepest completed iteration's move is played (or, as above, a move that beat
/// it in the unfinished one). With more than one thread the threads race each other through
/// the table, so the move, value and node count depend on timing even under a depth or node
/// budget: more threads trade that determinism for speed.
/// Where no thread can be started (WebAssembly in a browser) the search runs on the threads
/// it could start, at least the caller's.
///
/// [`BotSpec`]: crate::BotSpec
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// use abstract_game_search::{AlphaBeta, Bot, Limits};
/// let g: Subtraction = "10 3 1".parse().unwrap();
/// let (mv, info) = AlphaBeta::new().choose(&g, &Limits::depth(12)).unwrap();
/// assert_eq!(mv.0, 2); // leaves 8
/// assert_eq!(info.value, 1.0); // a proven win
/// ```
#[derive(Debug)]
pub struct AlphaBeta<G: Evaluate> {
    table: Table,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    /// Per-ply scratch buffers, taken and put back around each node: the moves in generation
    /// order, and their indices into them with their ordering keys, best first.
    moves: Vec<MoveList<G>>,
    scored: Vec<Vec<(i64, usize)>>,
    root: PlayerId,
    root_salt: u64,
    budget: Option<Budget>,
    aborted: bool,
    /// The searches of the other threads, sharing the table (empty with one thread).
    helpers: Vec<AlphaBeta<G>>,
    /// Late move reductions and null windows after the first move (PVS).
    reductions: bool,
}

impl<G: Evaluate> Default for AlphaBeta<G> {
    fn default() -> Self {
        AlphaBeta::new()
    }
}

impl<G: Evaluate> AlphaBeta<G> {
    /// A search with a table of 2^18 entries.
    #[must_use]
    pub fn new() -> AlphaBeta<G> {
        AlphaBeta::with_table_bits(18)
    }

    /// A search with a table of `2^bits` entries (at most 2^30).
    #[must_use]
    pub fn with_table_bits(bits: u32) -> AlphaBeta<G> {
        AlphaBeta::sharing(Table::new(bits))
    }

    /// The same search on `threads` threads (1 to [`MAX_THREADS`](crate::MAX_THREADS); 0
    /// counts as 1), sharing its table: the root split among them, see the type's documentation.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> AlphaBeta<G> {
        let threads = threads.clamp(1, crate::MAX_THREADS);
        self.helpers = (1..threads)
            .map(|_| AlphaBeta {
                reductions: self.reductions,
                ..AlphaBeta::sharing(self.table.clone())
            })
            .collect();
        self
    }

    /// With `on` (the default), every move after the first of a node is searched with a
    /// null window, and quiet moves late in the order (not the table's, no killer) one or
    /// two plies shallower first, searched again in full only when they beat the bound
    /// (principal variation search with late move reductions). Off, every move is searched
    /// whole with the node's window, as before reductions existed: slower, but the same
    /// moves and values as that search.
    #[must_use]
    pub fn with_reductions(mut self, on: bool) -> AlphaBeta<G> {
        self.reductions = on;
        for helper in &mut self.helpers {
            helper.reductions = on;
        }
        self
    }

    /// The number of threads a search uses.
    #[must_use]
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    fn sharing(table: Table) -> AlphaBeta<G> {
        AlphaBeta {
            table,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 1 << HISTORY_BITS],
            moves: (0..=MAX_PLY).map(|_| MoveList::<G>::new()).collect(),
            scored: vec![Vec::new(); MAX_PLY + 1],
            root: PlayerId::FIRST,
            root_salt: 0,
            budget: None,
            aborted: false,
            helpers: Vec::new(),
            reductions: true,
        }
    }

    fn tick(&mut self) -> bool {
        if !self.aborted {
            self.aborted = self.budget.as_mut().is_some_and(Budget::tick);
        }
        self.aborted
    }

    fn key(&self, state: &G) -> u64 {
        state.hash64() ^ self.root_salt
    }

    fn static_score(&self, state: &G) -> i32 {
        let v = state.evaluate(self.root);
        let v = if v.is_nan() {
            0.0
        } else {
            v.clamp(-0.99, 0.99)
        };
        (v * EVAL_SCALE) as i32
    }

    fn history_slot(mover: PlayerId, mv: G::Move) -> usize {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325 ^ mover.index() as u64);
        mv.hash(&mut h);
        (h.finish() >> (64 - HISTORY_BITS)) as usize
    }

    /// Fills `self.moves[ply]` with the legal moves of `state` and `self.scored[ply]` with
    /// their indices, best first; `tt_move` is the index of the table's move.
    fn order(&mut self, state: &G, mover: PlayerId, ply: usize, tt_move: Option<usize>) {
        let mut moves = core::mem::take(&mut self.moves[ply]);
        let mut scored = core::mem::take(&mut self.scored[ply]);
        moves.clear();
        scored.clear();
        state.generate_moves(&mut moves);
        let killers = self.killers[ply];
        for (i, &mv) in moves.iter().enumerate() {
            let key = if Some(i) == tt_move {
                i64::MAX
            } else {
                let killer = if killers[0] == Some(mv) {
                    2 << 28
                } else if killers[1] == Some(mv) {
                    1 << 28
                } else {
                    0
                };
                (i64::from(state.move_priority(mv)) << 32)
                    + killer
                    + i64::from(self.history[Self::history_slot(mover, mv)])
            };
            scored.push((key, i));
        }
        // Stable: equal keys keep the game's deterministic generation order.
        scored.sort_by_key(|&(key, _)| core::cmp::Reverse(key));
        self.moves[ply] = moves;
        self.scored[ply] = scored;
    }

    fn reward_cutoff(&mut self, mover: PlayerId, mv: G::Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[Self::history_slot(mover, mv)];
        *h = (*h + depth * depth).min(1 << 27);
    }

    /// The value of `state` for the root seat, searched `depth` plies deep.
    fn search(&mut self, state: &G, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let mover = match state.status() {
            Status::Finished(o) => return terminal_score(o.returns(self.root), ply),
            Status::Ongoing(p) => p,
        };
        if ply >= MAX_PLY {
            return self.static_score(state);
        }
        if depth <= 0 {
            return self.quiesce(state, ply, 0, alpha, beta);
        }
        let key = self.key(state);
        let mut tt_move = None;
        if let Some(e) = self.table.probe(key) {
            tt_move = e.mv;
            if i32::from(e.depth) >= depth {
                match e.bound {
                    Bound::Exact => return e.score,
                    Bound::Lower if e.score >= beta => return e.score,
                    Bound::Upper if e.score <= alpha => return e.score,
                    _ => {}
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximising = mover == self.root;
        self.order(state, mover, ply, tt_move);
        let mut best = if maximising { -INF } else { INF };
        let mut best_move = None;
        let mut child = state.clone();
        let killers = self.killers[ply];
        for i in 0..self.scored[ply].len() {
            let index = self.scored[ply][i].1;
            let mv = self.moves[ply][index];
            child.clone_from(state);
            child.apply_unchecked(mv);
            // Another decision by the same seat belongs to the same turn: no depth spent.
            let same_turn = child.to_move() == Some(mover);
            let next_depth = if same_turn { depth } else { depth - 1 };
            let v = if i == 0 || !self.reductions {
                self.search(&child, next_depth, ply + 1, alpha, beta)
            } else {
                // A quiet move late in the order, not the table's or a killer, is searched
                // shallower first (LMR).
                let late = !same_turn
                    && depth >= LMR_MIN_DEPTH
                    && i >= LMR_FIRST
                    && Some(index) != tt_move
                    && !killers.contains(&Some(mv))
                    && !state.is_tactical(mv);
                let reduction = if !late {
                    0
                } else if i >= LMR_FIRST_DEEPER && depth > LMR_MIN_DEPTH {
                    2
                } else {
                    1
                };
                self.search_after_first(&child, next_depth, reduction, ply, maximising, alpha, beta)
            };
            if self.aborted {
                return 0;
            }
            if (maximising && v > best) || (!maximising && v < best) {
                best = v;
                best_move = Some(index);
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if !state.is_tactical(mv) {
                    self.reward_cutoff(mover, mv, ply, depth);
                }
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table
            .store(key, best_move, best, depth.min(255) as u8, bound);
        best
    }

    /// A move after the first (PVS): a null window against the bound this node moves, at
    /// `depth - reduction` first; searched again at full depth if a reduced search beats the
    /// bound, then with the whole window if it still beats it inside it.
    #[allow(clippy::too_many_arguments)]
    fn search_after_first(
        &mut self,
        child: &G,
        depth: i32,
        reduction: i32,
        ply: usize,
        maximising: bool,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let (low, high) = if maximising {
            (alpha, alpha + 1)
        } else {
            (beta - 1, beta)
        };
        let beats = |v: i32| if maximising { v > alpha } else { v < beta };
        let mut v = self.search(child, depth - reduction, ply + 1, low, high);
        if reduction > 0 && beats(v) && !self.aborted {
            v = self.search(child, depth, ply + 1, low, high);
        }
        if beats(v) && beta - alpha > 1 && !self.aborted {
            v = self.search(child, depth, ply + 1, alpha, beta);
        }
        v
    }

    /// Follows tactical moves only, standing pat on the evaluation.
    fn quiesce(
        &mut self,
        state: &G,
        ply: usize,
        qply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let mover = match state.status() {
            Status::Finished(o) => return terminal_score(o.returns(self.root), ply),
            Status::Ongoing(p) => p,
        };
        let stand = self.static_score(state);
        if ply >= MAX_PLY || qply >= MAX_QUIESCENCE {
            return stand;
        }
        let maximising = mover == self.root;
        let mut moves = core::mem::take(&mut self.moves[ply]);
        moves.clear();
        state.generate_moves(&mut moves);
        let tactical = moves.iter().filter(|&&m| state.is_tactical(m)).count();
        if tactical == 0 {
            self.moves[ply] = moves;
            return stand;
        }
        // When every move is tactical (a forced removal), the mover may not stand pat.
        let forced = tactical == moves.len();
        let mut best = if forced {
            if maximising { -INF } else { INF }
        } else {
            stand
        };
        if !forced {
            if maximising {
                if stand >= beta {
                    self.moves[ply] = moves;
                    return stand;
                }
                alpha = alpha.max(stand);
            } else {
                if stand <= alpha {
                    self.moves[ply] = moves;
                    return stand;
                }
                beta = beta.min(stand);
            }
        }
        let mut scored = core::mem::take(&mut self.scored[ply]);
        scored.clear();
        scored.extend(
            moves
                .iter()
                .enumerate()
                .filter(|&(_, &m)| state.is_tactical(m))
                .map(|(i, &m)| (i64::from(state.move_priority(m)), i)),
        );
        scored.sort_by_key(|&(key, _)| core::cmp::Reverse(key));
        self.moves[ply] = moves;
        let mut child = state.clone();
        for &(_, index) in &scored {
            let mv = self.moves[ply][index];
            child.clone_from(state);
            child.apply_unchecked(mv);
            let v = self.quiesce(&child, ply + 1, qply + 1, alpha, beta);
            if self.aborted {
                break;
            }
            if maximising {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.scored[ply] = scored;
        if self.aborted { 0 } else { best }
    }

    /// The line the table predicts from `state`, starting with `first`.
    fn principal_variation(&self, state: &G, first: G::Move, depth: u32) -> Vec<G::Move> {
        let mut pv = vec![first];
        let mut s = state.clone();
        s.apply_unchecked(first);
        let mut moves = MoveList::<G>::new();
        while pv.len() < depth as usize + 4 {
            let Some(index) = self.table.probe(self.key(&s)).and_then(|e| e.mv) else {
                break;
            };
            moves.clear();
            s.generate_moves(&mut moves);
            let Some(&mv) = moves.get(index) else {
                break;
            };
            s.apply_unchecked(mv);
            pv.push(mv);
        }
        pv
    }
}

fn terminal_score(returns: f64, ply: usize) -> i32 {
    let s = (returns * WIN) as i32;
    let ply = ply as i32;
    if s > 0 {
        s - ply
    } else if s < 0 {
        s + ply
    } else {
        0
    }
}

fn to_value(score: i32) -> f64 {
    let s = f64::from(score);
    if s.abs() > EVAL_SCALE {
        // A proven result: its returns, give or take the ply adjustment.
        (s / WIN * 1000.0).round() / 1000.0
    } else {
        s / EVAL_SCALE
    }
}

/// FNV-1a, to spread moves over the history table without a hashing dependency.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl<G: Evaluate> AlphaBeta<G> {
    /// Readies this thread's search of a new root decided by `mover`.
    fn prepare(&mut self, mover: PlayerId, budget: Budget) {
        self.root = mover;
        self.root_salt = (mover.index() as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        for k in &mut self.killers {
            *k = [None; 2];
        }
        for h in &mut self.history {
            *h /= 8;
        }
        self.budget = Some(budget);
        self.aborted = false;
    }

    /// The score of the one legal move at the root, searched no further.
    fn forced(&mut self, state: &G, mover: PlayerId, index: usize) -> (G::Move, i32, u32) {
        let mv = self.moves[0][index];
        let mut child = state.clone();
        child.apply_unchecked(mv);
        let score = match child.status() {
            Status::Finished(o) => terminal_score(o.returns(mover), 1),
            Status::Ongoing(_) => self.static_score(&child),
        };
        (mv, score, 0)
    }

    /// The depth left after the root's move to `child`.
    fn depth_after(child: &G, mover: PlayerId, depth: u32) -> i32 {
        if child.to_move() == Some(mover) {
            depth as i32
        } else {
            depth as i32 - 1
        }
    }

    /// Iterative deepening from `state` (decided by `mover`) within `budget`, on one thread.
    fn deepen(
        &mut self,
        state: &G,
        mover: PlayerId,
        limits: &Limits,
        budget: Budget,
    ) -> Option<(G::Move, SearchInfo<G::Move>)> {
        self.prepare(mover, budget);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut best: Option<(G::Move, i32, u32)> = None;
        let mut best_index = None;
        let mut child = state.clone();
        for depth in 1..=max_depth {
            self.order(state, mover, 0, best_index);
            let root_moves = core::mem::take(&mut self.scored[0]);
            if root_moves.len() == 1 && best.is_none() {
                // A forced decision: no search needed.
                best = Some(self.forced(state, mover, root_moves[0].1));
                self.scored[0] = root_moves;
                break;
            }
            let (mut alpha, beta) = (-INF, INF);
            let mut iteration: Option<(usize, i32)> = None;
            for &(_, index) in &root_moves {
                let mv = self.moves[0][index];
                child.clone_from(state);
                child.apply_unchecked(mv);
                let next_depth = Self::depth_after(&child, mover, depth);
                let v = if iteration.is_none() || !self.reductions {
                    self.search(&child, next_depth, 1, alpha, beta)
                } else {
                    self.search_after_first(&child, next_depth, 0, 0, true, alpha, beta)
                };
                if self.aborted {
                    break;
                }
                if iteration.is_none_or(|(_, b)| v > b) {
                    iteration = Some((index, v));
                }
                alpha = alpha.max(v);
            }
            let fallback = root_moves.first().map(|&(_, index)| index);
            self.scored[0] = root_moves;
            match iteration {
                Some((index, v)) if !self.aborted => {
                    self.table
                        .store(self.key(state), Some(index), v, depth as u8, Bound::Exact);
                    best = Some((self.moves[0][index], v, depth));
                    best_index = Some(index);
                    if f64::from(v.abs()) > EVAL_SCALE {
                        break; // proven: deeper search cannot change it
                    }
                }
                _ => {
                    // An unfinished depth whose first move (the last depth's choice) was
                    // searched in full, and then beaten by another move in full: that move
                    // is the better choice (the last completed depth stays the one reported).
                    // (`lmr=off` keeps the search as it was before, pinned by the tests.)
                    if let (Some((index, v)), Some((_, _, done))) = (iteration, best) {
                        if self.reductions && fallback == best_index && Some(index) != best_index {
                            best = Some((self.moves[0][index], v, done));
                        }
                    }
                    if best.is_none() {
                        // Not even depth 1 finished: the best move seen, else the first.
                        let guess = iteration.map(|(i, _)| i).or(fallback)?;
                        best = Some((self.moves[0][guess], self.static_score(state), 0));
                    }
                    break;
                }
            }
        }
        self.finish(state, best)
    }

    /// The search's answer: `best` (move, score, completed depth) with its information.
    fn finish(
        &mut self,
        state: &G,
        best: Option<(G::Move, i32, u32)>,
    ) -> Option<(G::Move, SearchInfo<G::Move>)> {
        let budget = self.budget.take()?;
        let (mv, score, depth) = best?;
        let info = SearchInfo {
            depth,
            iterations: budget.work,
            value: to_value(score),
            elapsed: budget.elapsed(),
            pv: self.principal_variation(state, mv, depth),
        };
        Some((mv, info))
    }

    /// One thread of a search on several: iterative deepening where every depth's root
    /// moves are dealt out among the threads ([`RootSplit`]), all sharing the table.
    fn deepen_shared(
        &mut self,
        state: &G,
        mover: PlayerId,
        limits: &Limits,
        budget: Budget,
        split: &Mutex<RootSplit>,
    ) -> Option<(G::Move, SearchInfo<G::Move>)> {
        self.prepare(mover, budget);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        // A thread that panicked cannot have left the bookkeeping half-written (each
        // change is made whole under the lock), so a poisoned lock is still good.
        let lock = || split.lock().unwrap_or_else(PoisonError::into_inner);
        let mut child = state.clone();
        let mut forced = None;
        // The root's moves, for the answer even if another thread has already ended the
        // search before this one takes its first depth.
        self.order(state, mover, 0, None);
        'deepening: loop {
            // (Bound first: a guard in a `while let` would be held through the body.)
            let next = lock().next();
            let Some((depth, previous)) = next else {
                break;
            };
            if depth > max_depth {
                break;
            }
            self.order(state, mover, 0, previous);
            if self.scored[0].len() == 1 {
                forced = Some(self.forced(state, mover, self.scored[0][0].1));
                break;
            }
            lock().join(depth, || self.scored[0].iter().map(|&(_, i)| i).collect());
            loop {
                let task = lock().take(depth);
                let Some(task) = task else {
                    break;
                };
                let mv = self.moves[0][task.index];
                child.clone_from(state);
                child.apply_unchecked(mv);
                let next_depth = Self::depth_after(&child, mover, depth);
                let v = match task.alpha {
                    None => self.search(&child, next_depth, 1, -INF, INF),
                    Some(alpha) if self.reductions => {
                        self.search_after_first(&child, next_depth, 0, 0, true, alpha, INF)
                    }
                    Some(alpha) => self.search(&child, next_depth, 1, alpha, INF),
                };
                if self.aborted {
                    break 'deepening;
                }
                let completed = lock().report(depth, task, v);
                if let Some((index, v)) = completed {
                    self.table
                        .store(self.key(state), Some(index), v, depth as u8, Bound::Exact);
                    if f64::from(v.abs()) > EVAL_SCALE {
                        lock().stop(); // proven: deeper search cannot change it
                    }
                }
            }
        }
        let best = forced.or_else(|| {
            let split = lock();
            match split.completed() {
                Some((depth, index, v)) => {
                    // As on one thread: a move that beat the last depth's in full at an
                    // unfinished depth is the better choice.
                    let (index, v) = split
                        .better_in_unfinished()
                        .filter(|_| self.reductions)
                        .unwrap_or((index, v));
                    Some((self.moves[0][index], v, depth))
                }
                None => {
                    // Not even depth 1 finished: the first move.
                    let guess = self.scored[0].first()?.1;
                    Some((self.moves[0][guess], self.static_score(state), 0))
                }
            }
        });
        self.finish(state, best)
    }

    /// Several threads (see the type's documentation): the first to finish (its depth
    /// budget searched, or the result proven) ends the others, which also end at the common
    /// clock, stop flag and work budget. The deepest completed result wins, the main
    /// search's on a tie.
    fn choose_in_parallel(
        &mut self,
        state: &G,
        mover: PlayerId,
        limits: &Limits,
    ) -> Option<(G::Move, SearchInfo<G::Move>)> {
        let team = Team::new(limits, 1 + self.helpers.len());
        let split = Mutex::new(RootSplit::default());
        let mut helpers = core::mem::take(&mut self.helpers);
        let age = self.table.age();
        let (main, others) = std::thread::scope(|scope| {
            let mut running = Vec::new();
            for helper in &mut helpers {
                helper.table.set_age(age);
                let budget = Budget::in_team(limits, &team);
                let (team, split) = (&team, &split);
                let thread = std::thread::Builder::new().spawn_scoped(scope, move || {
                    let found = helper.deepen_shared(state, mover, limits, budget, split);
                    team.finish();
                    found
                });
                // Where threads cannot be made (WebAssembly in a browser), fewer search.
                match thread {
                    Ok(t) => running.push(t),
                    Err(_) => break,
                }
            }
            let main =
                self.deepen_shared(state, mover, limits, Budget::in_team(limits, &team), &split);
            team.finish();
            let others: Vec<_> = running
                .into_iter()
                .filter_map(|t| t.join().ok().flatten())
                .collect();
            (main, others)
        });
        self.helpers = helpers;
        let (mut mv, mut info) = main?;
        let nodes = info.iterations + others.iter().map(|(_, i)| i.iterations).sum::<u64>();
        let elapsed = info.elapsed;
        for (m, i) in others {
            if i.depth > info.depth {
                (mv, info) = (m, i);
            }
        }
        info.iterations = nodes;
        info.elapsed = elapsed;
        Some((mv, info))
    }
}

impl<G: Evaluate> Bot<G> for AlphaBeta<G> {
    fn choose(&mut self, state: &G, limits: &Limits) -> Option<(G::Move, SearchInfo<G::Move>)> {
        let limits = limits.or(&Limits::depth(3));
        let Status::Ongoing(mover) = state.status() else {
            return None;
        };
        self.table.next_search();
        if self.helpers.is_empty() {
            let budget = Budget::start(&limits);
            self.deepen(state, mover, &limits, budget)
        } else {
            self.choose_in_parallel(state, mover, &limits)
        }
    }

    fn new_game(&mut self) {
        self.table.clear();
        self.history.fill(0);
        for helper in &mut self.helpers {
            helper.history.fill(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_convert_back_to_values() {
        assert_eq!(to_value(terminal_score(1.0, 5)), 1.0);
        assert_eq!(to_value(terminal_score(-1.0, 5)), -1.0);
        assert_eq!(to_value(terminal_score(0.0, 5)), 0.0);
        assert_eq!(to_value(25_000), 0.25);
        assert!(terminal_score(1.0, 2) > terminal_score(1.0, 4));
    }
}
