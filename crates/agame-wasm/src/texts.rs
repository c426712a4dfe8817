//! Move texts made once: each distinct move a state meets gets a number, and its text is
//! written only the first time. JavaScript keeps the strings by number (`State.legalMoves()`
//! then only picks them), so that a ply costs no formatting, no text crossing the boundary
//! and no string made, beyond the moves never seen before.

use core::fmt::Write;
use core::hash::{BuildHasherDefault, Hash, Hasher};
use std::collections::HashMap;

/// A fast hasher for the small plain values moves are (a multiply-rotate per word, as in
/// rustc's `FxHasher`); the keys come from the engine, not from callers, so no defence
/// against chosen collisions is needed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quick(u64);

impl Hasher for Quick {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The numbers of the moves met so far.
#[derive(Clone, Debug)]
pub struct Texts<M> {
    numbers: HashMap<M, u32, BuildHasherDefault<Quick>>,
}

impl<M> Default for Texts<M> {
    fn default() -> Self {
        Texts {
            numbers: HashMap::default(),
        }
    }
}

impl<M: Copy + Eq + Hash + core::fmt::Display> Texts<M> {
    /// The number of `mv`, counting from 0 in the order moves are met; the text of a move met
    /// for the first time is appended to `new`, followed by `'\n'`.
    pub fn number(&mut self, mv: M, new: &mut String) -> u32 {
        let next = self.numbers.len() as u32;
        *self.numbers.entry(mv).or_insert_with(|| {
            // Writing to a String cannot fail.
            let _ = writeln!(new, "{mv}");
            next
        })
    }
}
