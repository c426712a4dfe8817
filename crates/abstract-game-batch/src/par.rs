//! Splitting the games of a batch and their rows of the output buffers over a thread pool.
//!
//! The games are cut into one share per thread, and thread `t` (the caller is 0) does share
//! `t` at every call: its games' rows and states then stay in its core's cache from call to
//! call (moving them between cores cost more than the parallel work saved, measured on a
//! 1024-game GIPF batch), and the caller works at once instead of sleeping while the pool
//! wakes. The shares live on the stack; each call hands one job per helper thread to the pool
//! (rayon's `spawn`, a small allocation a call, none a game). Each game owns its random
//! generator, so the results do not depend on how the work was split, only on the games.

use core::sync::atomic::{AtomicUsize, Ordering};
use rayon::ThreadPool;
use std::sync::{Mutex, PoisonError};

/// At most this many threads share a call.
const MAX_THREADS: usize = 64;
/// Something that can be cut in two at a game index (the rows of several buffers at once).
pub(crate) trait Split: Sized + Send {
    /// The rows of games `..mid` and `mid..`.
    fn split_at(self, mid: usize) -> (Self, Self);
}

impl<T: Send> Split for &mut [T] {
    fn split_at(self, mid: usize) -> (Self, Self) {
        self.split_at_mut(mid)
    }
}

impl<T: Sync> Split for &[T] {
    fn split_at(self, mid: usize) -> (Self, Self) {
        <[T]>::split_at(self, mid)
    }
}

/// Runs `f(first_index, games, rows)` over shares of the games, on the calling thread and the
/// threads of `pool` when there is one (else on the calling thread alone), and returns the
/// error of the lowest share that failed.
pub(crate) fn run<S, R, E, F>(
    pool: Option<&ThreadPool>,
    games: &mut [S],
    rows: R,
    f: &F,
) -> Result<(), E>
where
    S: Send,
    R: Split,
    E: Send,
    F: Fn(usize, &mut [S], R) -> Result<(), E> + Sync,
{
    let n = games.len();
    let threads = pool.map_or(1, |p| p.current_num_threads() + 1);
    let count = threads.min(n).min(MAX_THREADS);
    let Some(pool) = pool.filter(|_| count > 1) else {
        return f(0, games, rows);
    };
    let size = n.div_ceil(count);
    let shares: [Mutex<Share<'_, S, R, E>>; MAX_THREADS] =
        core::array::from_fn(|_| Mutex::new(Share::None));
    let (mut games, mut rows) = (games, rows);
    for (t, share) in shares.iter().enumerate().take(count) {
        let take = size.min(games.len());
        let (a, rest) = games.split_at_mut(take);
        let (ra, rows_rest) = rows.split_at(take);
        *lock(share) = Share::Todo(t * size, a, ra);
        (games, rows) = (rest, rows_rest);
    }
    let work = |t: usize| {
        let share = core::mem::replace(&mut *lock(&shares[t]), Share::None);
        if let Share::Todo(first, games, rows) = share {
            *lock(&shares[t]) = Share::Done(f(first, games, rows));
        }
    };
    let finished = AtomicUsize::new(0);
    pool.in_place_scope(|scope| {
        for t in 1..count {
            let finished = &finished;
            scope.spawn(move |_| {
                // Counted on the way out, a panic too (the scope passes the panic on).
                let _done = Finished(finished);
                work(t);
            });
        }
        work(0);
        // The helpers' shares end about when the caller's does: wait for them awake rather
        // than asleep (the scope's own wait sleeps, and waking costs what a share does).
        let mut spins = 0u32;
        while finished.load(Ordering::Acquire) < count - 1 {
            if spins < 1 << 14 {
                core::hint::spin_loop();
                spins += 1;
            } else {
                std::thread::yield_now();
            }
        }
    });
    for share in &shares[..count] {
        if let Share::Done(Err(e)) = core::mem::replace(&mut *lock(share), Share::None) {
            return Err(e);
        }
    }
    Ok(())
}

/// A thread's share of the games: still to do, or its result.
enum Share<'a, S, R, E> {
    None,
    Todo(usize, &'a mut [S], R),
    Done(Result<(), E>),
}

/// Counts a helper as finished when dropped.
struct Finished<'a>(&'a AtomicUsize);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

/// A share's lock; a panic in another share is passed on by the scope, not by the lock.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::run;

    #[test]
    fn every_game_once_with_its_index_and_the_lowest_error() {
        for threads in 1..=5 {
            let pool = (threads > 1).then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads - 1)
                    .build()
                    .unwrap()
            });
            for n in [0, 1, 2, 3, 7, 64, 65, 1000] {
                let mut games = vec![0u32; n];
                let index: Vec<usize> = (0..n).collect();
                let visit = |first: usize, games: &mut [u32], index: &[usize]| {
                    for (k, (g, &i)) in games.iter_mut().zip(index).enumerate() {
                        assert_eq!(first + k, i, "threads {threads}, n {n}");
                        *g += 1;
                    }
                    Ok::<(), usize>(())
                };
                run(pool.as_ref(), &mut games, &index[..], &visit).unwrap();
                assert!(games.iter().all(|&g| g == 1), "threads {threads}, n {n}");
                // Errors at games 5 and n - 1: the lowest is reported, whoever found it.
                let fail = |first: usize, games: &mut [u32], _: &[usize]| {
                    let bad = (first..first + games.len()).find(|&i| i == 5 || i + 1 == n);
                    bad.map_or(Ok(()), Err)
                };
                let expected = if n == 0 { Ok(()) } else { Err(5.min(n - 1)) };
                assert_eq!(run(pool.as_ref(), &mut games, &index[..], &fail), expected);
            }
        }
    }
}
