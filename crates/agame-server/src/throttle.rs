//! Failed sign-ins per name: after [`MAX_FAILURES`] wrong passwords in [`WINDOW_MS`], a name
//! is refused (429) until the window that began with its first failure has passed, right
//! password or not, so that nobody guesses a password by trying many.
//!
//! The count lives in the process (each server process of a Postgres deployment keeps its
//! own) and holds at most [`MAX_NAMES`] names: past that, names not yet counted are not
//! counted (an attacker cycling through names cannot grow it without bound).

use std::collections::HashMap;
use std::sync::Mutex;

/// Wrong passwords a name may take within [`WINDOW_MS`].
pub const MAX_FAILURES: u32 = 5;
/// The window, from a name's first failure.
pub const WINDOW_MS: i64 = 15 * 60 * 1000;
/// The most names counted at once.
pub const MAX_NAMES: usize = 10_000;

/// The failed sign-ins of each name (its lower-case key): how many, since when.
#[derive(Debug, Default)]
pub struct Throttle {
    failures: Mutex<HashMap<String, (u32, i64)>>,
}

impl Throttle {
    /// How many milliseconds `key` must still wait at `now`, if it is refused.
    pub fn wait_ms(&self, key: &str, now: i64) -> Option<i64> {
        let failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let &(count, since) = failures.get(key)?;
        let left = since + WINDOW_MS - now;
        (count >= MAX_FAILURES && left > 0).then_some(left)
    }

    /// Counts a wrong password for `key` at `now`.
    pub fn failed(&self, key: &str, now: i64) {
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if failures.len() >= MAX_NAMES && !failures.contains_key(key) {
            failures.retain(|_, &mut (_, since)| now - since < WINDOW_MS);
            if failures.len() >= MAX_NAMES {
                return;
            }
        }
        let entry = failures.entry(key.to_string()).or_insert((0, now));
        if now - entry.1 >= WINDOW_MS {
            *entry = (0, now);
        }
        entry.0 += 1;
    }

    /// Forgets `key`'s failures (a right password).
    pub fn succeeded(&self, key: &str) {
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        failures.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_refused_after_its_failures_until_the_window_passes() {
        let t = Throttle::default();
        for k in 0..MAX_FAILURES {
            assert_eq!(t.wait_ms("ann", 1000 + i64::from(k)), None);
            t.failed("ann", 1000 + i64::from(k));
        }
        assert_eq!(t.wait_ms("ann", 2000), Some(WINDOW_MS - 1000));
        assert_eq!(t.wait_ms("bob", 2000), None);
        assert_eq!(t.wait_ms("ann", 1000 + WINDOW_MS), None);
        // A failure after the window starts a new count.
        t.failed("ann", 1000 + WINDOW_MS);
        assert_eq!(t.wait_ms("ann", 1001 + WINDOW_MS), None);
        t.succeeded("ann");
        assert!(t.failures.lock().unwrap().is_empty());
    }

    #[test]
    fn the_count_holds_a_bounded_number_of_names() {
        let t = Throttle::default();
        for i in 0..MAX_NAMES + 50 {
            t.failed(&format!("n{i}"), 0);
        }
        assert_eq!(t.failures.lock().unwrap().len(), MAX_NAMES);
        // Once their window has passed, old names make room.
        t.failed("late", WINDOW_MS);
        assert_eq!(t.failures.lock().unwrap().len(), 1);
    }
}
