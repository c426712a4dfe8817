//! The alpha-beta transposition table.

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    pub(crate) key: u64,
    pub(crate) mv: Option<M>,
    pub(crate) score: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    age: u8,
}

/// A fixed-size table of `2^bits` slots indexed by the low bits of the key (the position's
/// `hash64`), holding the full key to reject collisions of the index.
///
/// Replacement scheme (one entry per slot): a new result replaces the slot's entry when the
/// slot is empty, holds the same position, was written by an earlier search (another `age`),
/// or was searched no deeper than the new result. So within a search deep results survive
/// shallow ones, and each new search reclaims the whole table.
#[derive(Clone, Debug)]
pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: u64,
    age: u8,
}

impl<M: Copy> Table<M> {
    pub(crate) fn new(bits: u32) -> Table<M> {
        let bits = bits.min(30);
        Table {
            slots: vec![None; 1 << bits],
            mask: (1 << bits) - 1,
            age: 0,
        }
    }

    /// Marks every entry as belonging to an earlier search.
    pub(crate) fn next_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    pub(crate) fn clear(&mut self) {
        self.slots.fill(None);
    }

    pub(crate) fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[(key & self.mask) as usize]
            .as_ref()
            .filter(|e| e.key == key)
    }

    pub(crate) fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: u8, bound: Bound) {
        let slot = &mut self.slots[(key & self.mask) as usize];
        let replace = match slot {
            None => true,
            Some(e) => e.key == key || e.age != self.age || e.depth <= depth,
        };
        if replace {
            *slot = Some(Entry {
                key,
                mv,
                score,
                depth,
                bound,
                age: self.age,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deeper_results_survive_within_a_search_but_not_across() {
        let mut t = Table::<u8>::new(4);
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
}
