//! Search budgets: how long a bot may think.

use core::time::Duration;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
// std's Instant panics on wasm32-unknown-unknown; web-time is std's own type elsewhere.
use web_time::Instant;

/// A search budget. Every limit that is set applies; whichever is reached first ends the
/// search. A bot always returns a legal move while the game goes on, even when a limit is
/// reached at once (it then plays its first guess).
///
/// `iterations` counts MCTS iterations or alpha-beta nodes; `depth` counts alpha-beta plies
/// (MCTS ignores it). With no limit at all a bot uses its own default.
///
/// ```
/// use abstract_game_search::Limits;
/// use std::time::Duration;
/// let l = Limits::iterations(2000).with_time(Duration::from_millis(50));
/// assert_eq!(l.iterations, Some(2000));
/// assert!(!l.is_unlimited());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// At most this many MCTS iterations or alpha-beta nodes.
    pub iterations: Option<u64>,
    /// At most this many plies of alpha-beta depth.
    pub depth: Option<u32>,
    /// At most this much wall time.
    pub time: Option<Duration>,
    /// Stop as soon as this flag is set (from another thread, for example an engine's `stop`).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limit: the bot's own default budget applies.
    #[must_use]
    pub fn none() -> Limits {
        Limits::default()
    }

    /// Only an iteration (or node) budget.
    #[must_use]
    pub fn iterations(n: u64) -> Limits {
        Limits::none().with_iterations(n)
    }

    /// Only a depth budget.
    #[must_use]
    pub fn depth(plies: u32) -> Limits {
        Limits::none().with_depth(plies)
    }

    /// Only a time budget.
    #[must_use]
    pub fn time(t: Duration) -> Limits {
        Limits::none().with_time(t)
    }

    /// The same limits with an iteration (or node) budget.
    #[must_use]
    pub fn with_iterations(mut self, n: u64) -> Limits {
        self.iterations = Some(n);
        self
    }

    /// The same limits with a depth budget.
    #[must_use]
    pub fn with_depth(mut self, plies: u32) -> Limits {
        self.depth = Some(plies);
        self
    }

    /// The same limits with a time budget.
    #[must_use]
    pub fn with_time(mut self, t: Duration) -> Limits {
        self.time = Some(t);
        self
    }

    /// The same limits with a stop flag.
    #[must_use]
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> Limits {
        self.stop = Some(flag);
        self
    }

    /// Whether no limit is set (the stop flag alone does not count: it may never be set).
    #[must_use]
    pub fn is_unlimited(&self) -> bool {
        self.iterations.is_none() && self.depth.is_none() && self.time.is_none()
    }

    /// `self`, or `fallback` when `self` sets no limit (keeping `self`'s stop flag).
    #[must_use]
    pub fn or(&self, fallback: &Limits) -> Limits {
        if self.is_unlimited() {
            Limits {
                stop: self.stop.clone().or_else(|| fallback.stop.clone()),
                ..fallback.clone()
            }
        } else {
            self.clone()
        }
    }
}

/// What the threads of one search share: their work so far against the budget of all of
/// them, and a flag that ends them all.
#[derive(Debug)]
pub(crate) struct Team {
    work: AtomicU64,
    max_work: u64,
    /// Each thread adds its work to `work` every `batch` units (a power of two up to 256,
    /// small enough that a small budget is not overshot by much: by at most 1/8).
    batch: u64,
    done: AtomicBool,
}

impl Team {
    pub(crate) fn new(limits: &Limits, threads: usize) -> Arc<Team> {
        let max_work = limits.iterations.unwrap_or(u64::MAX);
        let share = (max_work / (8 * threads.max(1) as u64)).clamp(1, 256);
        Arc::new(Team {
            work: AtomicU64::new(0),
            max_work,
            batch: 1 << share.ilog2(),
            done: AtomicBool::new(false),
        })
    }

    /// Ends every thread's search (each notices within 256 units of work).
    pub(crate) fn finish(&self) {
        self.done.store(true, Ordering::Relaxed);
    }
}

/// A running search's view of its budget: counts work and watches the clock and the flag.
#[derive(Debug)]
pub(crate) struct Budget {
    started: Instant,
    deadline: Option<Instant>,
    max_work: u64,
    stop: Option<Arc<AtomicBool>>,
    /// The other threads of the search, if any: then the work budget is the team's.
    team: Option<Arc<Team>>,
    /// `tick` looks further than its own count every `mask + 1` units.
    mask: u64,
    pub(crate) work: u64,
    stopped: bool,
}

impl Budget {
    pub(crate) fn start(limits: &Limits) -> Budget {
        let started = Instant::now();
        Budget {
            started,
            deadline: limits.time.and_then(|t| started.checked_add(t)),
            max_work: limits.iterations.unwrap_or(u64::MAX),
            stop: limits.stop.clone(),
            team: None,
            mask: 255,
            work: 0,
            stopped: false,
        }
    }

    /// The budget of one thread of `team`: the same clock and stop flag, while the work of
    /// every thread counts against the one work budget, a batch at a time.
    pub(crate) fn in_team(limits: &Limits, team: &Arc<Team>) -> Budget {
        Budget {
            max_work: u64::MAX,
            mask: team.batch - 1,
            team: Some(Arc::clone(team)),
            ..Budget::start(limits)
        }
    }

    /// Counts one unit of work and says whether the budget is spent. The clock is read only
    /// every 256 units (reading it costs more than a node), the team every batch.
    pub(crate) fn tick(&mut self) -> bool {
        self.work += 1;
        if self.work & self.mask == 0 {
            if self.work % 256 == 0 {
                self.check_clock();
            }
            if let Some(team) = &self.team {
                let batch = self.mask + 1;
                let all = team.work.fetch_add(batch, Ordering::Relaxed) + batch;
                if all >= team.max_work || team.done.load(Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
        }
        self.spent()
    }

    /// Whether the budget is spent, without counting work.
    pub(crate) fn spent(&mut self) -> bool {
        if self.work >= self.max_work {
            self.stopped = true;
        }
        if let Some(flag) = &self.stop {
            if flag.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Reads the clock now.
    pub(crate) fn check_clock(&mut self) {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_and_flag_end_the_budget() {
        let mut b = Budget::start(&Limits::iterations(3));
        assert!(!b.tick());
        assert!(!b.tick());
        assert!(b.tick());
        let flag = Arc::new(AtomicBool::new(false));
        let mut b = Budget::start(&Limits::none().with_stop(flag.clone()));
        assert!(!b.tick());
        flag.store(true, Ordering::Relaxed);
        assert!(b.tick());
    }

    #[test]
    fn time_ends_the_budget() {
        let mut b = Budget::start(&Limits::time(Duration::ZERO));
        b.check_clock();
        assert!(b.spent());
    }

    #[test]
    fn a_team_shares_its_work_budget_and_its_end() {
        let limits = Limits::iterations(1 << 20);
        let team = Team::new(&limits, 2);
        let (mut a, mut b) = (
            Budget::in_team(&limits, &team),
            Budget::in_team(&limits, &team),
        );
        for _ in 0..(1 << 19) {
            assert!(!a.tick());
        }
        for _ in 1..(1 << 19) {
            assert!(!b.tick());
        }
        // The team's last unit of work ends the thread that does it.
        assert!(b.tick());
        // A small budget: batches small enough to stop near it.
        let limits = Limits::iterations(48);
        let team = Team::new(&limits, 2);
        let (mut a, mut b) = (
            Budget::in_team(&limits, &team),
            Budget::in_team(&limits, &team),
        );
        let mut spent = 0;
        while !(a.tick() | b.tick()) {
            spent += 2;
        }
        assert!((46..=52).contains(&spent), "{spent}");
        let team = Team::new(&Limits::none(), 2);
        let mut c = Budget::in_team(&Limits::none(), &team);
        team.finish();
        let ticks = (1..=256).find(|_| c.tick());
        assert_eq!(ticks, Some(256));
    }

    #[test]
    fn or_falls_back_only_when_unlimited() {
        let d = Limits::depth(3);
        assert_eq!(Limits::none().or(&d).depth, Some(3));
        assert_eq!(Limits::iterations(5).or(&d).depth, None);
    }
}
