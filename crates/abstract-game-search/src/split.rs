//! The root of an alpha-beta depth shared by several threads (`threads=N`).
//!
//! All threads search the same depth. The first root move is searched whole by every
//! thread that comes to it (sharing the table, the one that finishes first gives its
//! value); after it the other root moves are dealt out one at a time, each searched against
//! the best value found so far at that depth; a thread with no move left to take helps with
//! one another thread is still searching. The last move finished completes the depth.
//! Nothing here is generic: moves are indices into the root's generated moves, which every
//! thread generates in the same order.

/// What a root move of the depth being searched has come to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Free,
    Busy,
    Done,
}

/// A root move to search: its place in the depth's order, its index among the root's
/// generated moves, and the value it must beat (`None`: the first move, searched whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Task {
    pub(crate) slot: usize,
    pub(crate) index: usize,
    pub(crate) alpha: Option<i32>,
}

/// The state of the shared root; kept behind a mutex, touched once per root move.
#[derive(Debug, Default)]
pub(crate) struct RootSplit {
    /// The depth being searched, 0 before the first.
    depth: u32,
    /// The root moves of that depth (indices into the generated moves), in search order.
    order: Vec<usize>,
    slots: Vec<Slot>,
    /// The best move of that depth so far and its value.
    best: Option<(usize, i32)>,
    /// The deepest completed depth, its best move and value.
    completed: Option<(u32, usize, i32)>,
    /// Set when no further depth is to be searched (a proven result).
    stop: bool,
}

impl RootSplit {
    /// The depth to search next, and the last completed depth's move (to order the
    /// root by); `None` once the search is to stop.
    pub(crate) fn next(&self) -> Option<(u32, Option<usize>)> {
        if self.stop {
            return None;
        }
        Some(match self.completed {
            Some((depth, index, _)) => (depth + 1, Some(index)),
            None => (1, None),
        })
    }

    /// Starts `depth` with the root moves in `order`, unless another thread already has.
    pub(crate) fn join(&mut self, depth: u32, order: impl FnOnce() -> Vec<usize>) {
        if self.depth < depth {
            self.depth = depth;
            self.order = order();
            self.slots.clear();
            self.slots.resize(self.order.len(), Slot::Free);
            self.best = None;
        }
    }

    /// The next root move of `depth` to search, or `None` when that depth is complete.
    pub(crate) fn take(&mut self, depth: u32) -> Option<Task> {
        if self.depth != depth || self.is_complete() {
            return None;
        }
        let task = |slot: usize, alpha| Task {
            slot,
            index: self.order[slot],
            alpha,
        };
        // Nothing to beat before the first move is finished: every thread helps with it.
        let Some((_, best)) = self.best else {
            self.slots[0] = Slot::Busy;
            return Some(task(0, None));
        };
        let slot = (self.slots.iter().position(|&s| s == Slot::Free))
            .or_else(|| self.slots.iter().position(|&s| s == Slot::Busy))?;
        self.slots[slot] = Slot::Busy;
        Some(task(slot, Some(best)))
    }

    /// The value of `task`'s move at `depth`: exact if it beat `task.alpha`, else at most
    /// that. Returns the depth's best move and value if this completes the depth.
    pub(crate) fn report(&mut self, depth: u32, task: Task, value: i32) -> Option<(usize, i32)> {
        if self.depth != depth || self.slots[task.slot] == Slot::Done {
            return None; // another thread finished it first
        }
        self.slots[task.slot] = Slot::Done;
        if self.best.is_none_or(|(_, best)| value > best) {
            self.best = Some((task.index, value));
        }
        if !self.is_complete() {
            return None;
        }
        let (index, value) = self.best?;
        self.completed = Some((depth, index, value));
        Some((index, value))
    }

    /// No further depth will be searched.
    pub(crate) fn stop(&mut self) {
        self.stop = true;
    }

    /// The deepest completed depth, its best move and value.
    pub(crate) fn completed(&self) -> Option<(u32, usize, i32)> {
        self.completed
    }

    /// In an unfinished depth whose first move was searched whole: the move that then beat
    /// it in full, if one did.
    pub(crate) fn better_in_unfinished(&self) -> Option<(usize, i32)> {
        let unfinished = self.completed.is_none_or(|(d, _, _)| d < self.depth);
        let (index, value) = self.best?;
        (unfinished && !self.is_complete() && Some(&index) != self.order.first())
            .then_some((index, value))
    }

    fn is_complete(&self) -> bool {
        self.completed.is_some_and(|(d, _, _)| d == self.depth)
            || self.slots.iter().all(|&s| s == Slot::Done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_move_is_searched_before_the_others_are_dealt_out() {
        let mut split = RootSplit::default();
        assert_eq!(split.next(), Some((1, None)));
        split.join(1, || vec![2, 0, 1]);
        // A second thread joining the same depth keeps the first one's order.
        split.join(1, || vec![0, 1, 2]);
        let first = split.take(1).unwrap();
        assert_eq!((first.index, first.alpha), (2, None));
        // Both threads search the first move until one finishes it.
        assert_eq!(split.take(1), Some(first));
        assert_eq!(split.report(1, first, 10), None);
        assert_eq!(
            split.report(1, first, 12),
            None,
            "the second report is ignored"
        );
        let a = split.take(1).unwrap();
        let b = split.take(1).unwrap();
        assert_eq!(
            (a.index, a.alpha, b.index, b.alpha),
            (0, Some(10), 1, Some(10))
        );
        // Nothing free: help with a move still being searched.
        assert_eq!(split.take(1).map(|t| t.slot), Some(a.slot));
        assert_eq!(split.report(1, b, 15), None);
        assert_eq!(split.report(1, a, 9), Some((1, 15)));
        assert_eq!(split.take(1), None, "the depth is complete");
        assert_eq!(split.completed(), Some((1, 1, 15)));
        assert_eq!(split.next(), Some((2, Some(1))));
    }

    #[test]
    fn an_unfinished_depth_gives_a_move_that_beat_the_first_in_full() {
        let mut split = RootSplit::default();
        split.join(1, || vec![0, 1, 2]);
        for v in [5, 7, 6] {
            let t = split.take(1).unwrap();
            split.report(1, t, v);
        }
        split.join(2, || vec![1, 0, 2]);
        assert_eq!(split.better_in_unfinished(), None);
        let first = split.take(2).unwrap();
        split.report(2, first, 4);
        assert_eq!(split.better_in_unfinished(), None, "nothing beat the first");
        let t = split.take(2).unwrap();
        split.report(2, t, 8);
        assert_eq!(split.better_in_unfinished(), Some((0, 8)));
        assert_eq!(split.completed(), Some((1, 1, 7)));
        split.stop();
        assert_eq!(split.next(), None);
    }
}
