//! The alpha-beta transposition table, shared by the threads of one search.
//!
//! Each slot is two `AtomicU64`: the entry packed into one word (`data`) and the key xor that
//! word (`check`). A reader accepts a slot only when `check ^ data` gives back its key, so an
//! entry torn by two threads writing the same slot at once reads as a miss instead of as a
//! wrong result ("lockless hashing"): no lock and no `unsafe`. With one thread the two words
//! are always consistent and the table behaves as a plain array of entries.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

/// One stored search result. The move is its index in the position's generation order
/// ([`abstract_game::Game::generate_moves`]), which fits a word where a move of any game
/// would not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) mv: Option<usize>,
    pub(crate) score: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    age: u8,
}

/// The packed word: bits 0-23 the move index plus one (0: none), 24-31 the depth, 32-39 the
/// age, 40-41 the bound (1-3, so that a stored word is never 0, the empty slot), 42-63 the
/// score (signed; scores stay within +-2^21).
const MOVE_BITS: u32 = 24;
const NO_MOVE: u64 = (1 << MOVE_BITS) - 1;
const SCORE_SHIFT: u32 = 42;
const SCORE_LIMIT: i32 = (1 << 21) - 1;

impl Entry {
    fn pack(&self) -> u64 {
        // An index of 2^24 - 1 or more is stored as no move (no game comes close).
        let mv = match self.mv {
            Some(i) if (i as u64) < NO_MOVE => i as u64 + 1,
            _ => 0,
        };
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let score = i64::from(self.score.clamp(-SCORE_LIMIT, SCORE_LIMIT)) as u64;
        mv | u64::from(self.depth) << 24
            | u64::from(self.age) << 32
            | bound << 40
            | score << SCORE_SHIFT
    }

    /// The entry a non-zero word holds for `key`.
    fn unpack(key: u64, data: u64) -> Entry {
        let mv = data & NO_MOVE;
        Entry {
            key,
            mv: (mv != 0).then(|| (mv - 1) as usize),
            score: ((data as i64) >> SCORE_SHIFT) as i32,
            depth: (data >> 24) as u8,
            bound: match (data >> 40) & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            age: (data >> 32) as u8,
        }
    }
}

#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry held, whatever its key (`None` when empty).
    fn load(&self) -> Option<Entry> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        (data != 0).then(|| Entry::unpack(check ^ data, data))
    }
}

/// A fixed-size table of `2^bits` slots indexed by the low bits of the key (the position's
/// `hash64`), holding the full key to reject collisions of the index.
///
/// Replacement scheme (one entry per slot): a new result replaces the slot's entry when the
/// slot is empty, holds the same position, was written by an earlier search (another `age`),
/// or was searched no deeper than the new result. So within a search deep results survive
/// shallow ones, and each new search reclaims the whole table.
///
/// Clones share the slots (the threads of a search each hold one); each clone has its own
/// `age`, which the search sets alike in all of them.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    slots: Arc<[Slot]>,
    mask: u64,
    age: u8,
}

impl Table {
    pub(crate) fn new(bits: u32) -> Table {
        let bits = bits.min(30);
        Table {
            slots: (0..1usize << bits).map(|_| Slot::default()).collect(),
            mask: (1 << bits) - 1,
            age: 0,
        }
    }

    /// Marks every entry as belonging to an earlier search.
    pub(crate) fn next_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    pub(crate) fn age(&self) -> u8 {
        self.age
    }

    pub(crate) fn set_age(&mut self, age: u8) {
        self.age = age;
    }

    pub(crate) fn clear(&self) {
        for slot in self.slots.iter() {
            slot.data.store(0, Ordering::Relaxed);
            slot.check.store(0, Ordering::Relaxed);
        }
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key & self.mask) as usize]
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.slot(key).load().filter(|e| e.key == key)
    }

    pub(crate) fn store(&self, key: u64, mv: Option<usize>, score: i32, depth: u8, bound: Bound) {
        let slot = self.slot(key);
        let replace = match slot.load() {
            None => true,
            Some(e) => e.key == key || e.age != self.age || e.depth <= depth,
        };
        if replace {
            let data = Entry {
                key,
                mv,
                score,
                depth,
                bound,
                age: self.age,
            }
            .pack();
            slot.data.store(data, Ordering::Relaxed);
            slot.check.store(key ^ data, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deeper_results_survive_within_a_search_but_not_across() {
        let mut t = Table::new(4);
        t.store(3, Some(1), 10, 5, Bound::Exact);
        // Same slot (3 + 16), shallower: refused.
        t.store(19, Some(2), 20, 2, Bound::Lower);
        assert_eq!(t.probe(3).map(|e| e.score), Some(10));
        assert!(t.probe(19).is_none());
        t.next_search();
        t.store(19, Some(2), 20, 2, Bound::Lower);
        assert!(t.probe(3).is_none());
        assert_eq!(
            t.probe(19).map(|e| (e.mv, e.bound)),
            Some((Some(2), Bound::Lower))
        );
    }

    #[test]
    fn entries_pack_and_unpack_exactly() {
        for (mv, score, depth, bound, age) in [
            (None, 0, 0, Bound::Exact, 0),
            (Some(0), -2_000_000, 255, Bound::Upper, 255),
            (Some(123_456), 2_000_000, 7, Bound::Lower, 9),
            (Some(5), -1, 1, Bound::Exact, 1),
        ] {
            let e = Entry {
                key: 0xDEAD_BEEF_0123_4567,
                mv,
                score,
                depth,
                bound,
                age,
            };
            let data = e.pack();
            assert_ne!(data, 0);
            assert_eq!(Entry::unpack(e.key, data), e);
        }
        let far = Entry {
            key: 1,
            mv: Some(1 << 30),
            score: 0,
            depth: 0,
            bound: Bound::Exact,
            age: 0,
        };
        assert_eq!(Entry::unpack(1, far.pack()).mv, None);
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss_and_clones_share_slots() {
        let t = Table::new(4);
        let other = t.clone();
        other.store(5, Some(3), 40, 2, Bound::Exact);
        assert_eq!(t.probe(5).map(|e| e.mv), Some(Some(3)));
        // Another thread's half-written entry: the data of one key, the check of another.
        let slot = t.slot(5);
        slot.data.store(
            Entry {
                key: 21,
                mv: None,
                score: 1,
                depth: 1,
                bound: Bound::Lower,
                age: 0,
            }
            .pack(),
            Ordering::Relaxed,
        );
        assert!(t.probe(5).is_none());
        assert!(t.probe(21).is_none());
        t.clear();
        assert!(other.probe(5).is_none());
    }
}
