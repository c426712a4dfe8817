//! Splitting the games of a batch and their rows of the output buffers over a thread pool.
//!
//! `rayon::join` halves the work until chunks are small; it queues its jobs on the stack, so a
//! step allocates nothing. Each game owns its random generator, so the results do not depend on
//! how the work was split, only on the games.

use rayon::ThreadPool;

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

/// Runs `f(first_index, games, rows)` over chunks of the games, on `pool` when there is one
/// (else on the calling thread), and returns the error of the lowest chunk that failed.
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
    match pool {
        None => f(0, games, rows),
        Some(pool) => {
            // About four chunks per thread evens out games of unequal cost.
            let grain = games.len().div_ceil(pool.current_num_threads() * 4).max(1);
            pool.install(|| split(0, games, rows, grain, f))
        }
    }
}

fn split<S, R, E, F>(offset: usize, games: &mut [S], rows: R, grain: usize, f: &F) -> Result<(), E>
where
    S: Send,
    R: Split,
    E: Send,
    F: Fn(usize, &mut [S], R) -> Result<(), E> + Sync,
{
    if games.len() <= grain {
        return f(offset, games, rows);
    }
    let mid = games.len() / 2;
    let (a, b) = games.split_at_mut(mid);
    let (ra, rb) = rows.split_at(mid);
    let (left, right) = rayon::join(
        || split(offset, a, ra, grain, f),
        || split(offset + mid, b, rb, grain, f),
    );
    // The lower slots' error first, whatever order the threads finished in.
    left.and(right)
}
