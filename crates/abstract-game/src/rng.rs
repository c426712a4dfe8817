//! A small seeded random generator, so that playouts are reproducible from a seed the caller
//! gives and the engines need no random-number dependency.

/// SplitMix64: tiny, fast, and good enough to pick moves. Not for cryptography.
///
/// ```
/// use abstract_game::SeededRng;
/// let mut a = SeededRng::new(7);
/// let mut b = SeededRng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeededRng {
    state: u64,
}

impl SeededRng {
    /// A generator whose whole sequence is fixed by `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> SeededRng {
        SeededRng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, without modulo bias worth speaking of for game sizes. There is no
    /// number below 0: `below(0)` is 0 (and still advances the generator), so callers must not
    /// use it to index an empty list.
    ///
    /// ```
    /// use abstract_game::SeededRng;
    /// let mut rng = SeededRng::new(3);
    /// assert_eq!(rng.below(1), 0);
    /// assert_eq!(rng.below(0), 0);
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_total() {
        let mut rng = SeededRng::new(0);
        assert_eq!(rng.below(0), 0);
        assert!((0..1000).all(|_| rng.below(7) < 7));
        assert!(rng.below(usize::MAX) < usize::MAX);
    }
}
