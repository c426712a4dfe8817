//! A 256-bit set: the bitboard of the engine.
//!
//! Squares are numbered `rank * stride + file` with `stride = width + 1`: the extra column is a
//! guard that is never part of the board, so a sideways shift off one edge lands on a guard bit
//! and is removed by masking with the board, and every ray step is a plain shift.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of up to 256 bit positions, least significant limb first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Bits(pub(crate) [u64; 4]);

impl Bits {
    pub(crate) const EMPTY: Bits = Bits([0; 4]);

    /// The set holding only bit `i` (`i < 256`).
    #[cfg(test)]
    pub(crate) const fn single(i: usize) -> Bits {
        let mut b = [0u64; 4];
        b[i >> 6] = 1 << (i & 63);
        Bits(b)
    }

    #[inline]
    pub(crate) fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub(crate) fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub(crate) const fn has(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Bit `i` for a possibly out-of-range signed index (outside `0..256` is never set).
    #[inline]
    pub(crate) fn has_signed(&self, i: i32) -> bool {
        (0..256).contains(&i) && self.has(i as usize)
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    #[inline]
    pub(crate) fn count(&self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Moves every bit `n` places up (towards bit 255); bits pushed past 255 are lost.
    #[inline(always)]
    pub(crate) fn shl(self, n: u32) -> Bits {
        if n > 0 && n < 64 {
            // The common case (one step on the board): no limb offset. Written lane-wise
            // (same shift in every lane) so that it stays in vector registers with the
            // and/or that follow.
            let x = self.0;
            let carry = [0, x[0], x[1], x[2]];
            let mut out = [0u64; 4];
            for i in 0..4 {
                out[i] = x[i] << n | carry[i] >> (64 - n);
            }
            return Bits(out);
        }
        self.shl_far(n)
    }

    /// [`Bits::shl`] by 0 or by 64 and more (rare: whole-board moves such as row masks).
    #[inline(never)]
    fn shl_far(self, n: u32) -> Bits {
        let limbs = (n / 64) as usize;
        let s = n % 64;
        let mut out = [0u64; 4];
        let mut i = 3;
        loop {
            if i >= limbs {
                let src = i - limbs;
                let mut v = self.0[src] << s;
                if s != 0 && src > 0 {
                    v |= self.0[src - 1] >> (64 - s);
                }
                out[i] = v;
            }
            if i == 0 {
                break;
            }
            i -= 1;
        }
        Bits(out)
    }

    /// Moves every bit `n` places down (towards bit 0); bits pushed below 0 are lost.
    #[inline(always)]
    pub(crate) fn shr(self, n: u32) -> Bits {
        if n > 0 && n < 64 {
            let x = self.0;
            let carry = [x[1], x[2], x[3], 0];
            let mut out = [0u64; 4];
            for i in 0..4 {
                out[i] = x[i] >> n | carry[i] << (64 - n);
            }
            return Bits(out);
        }
        self.shr_far(n)
    }

    /// [`Bits::shr`] by 0 or by 64 and more.
    #[inline(never)]
    fn shr_far(self, n: u32) -> Bits {
        let limbs = (n / 64) as usize;
        let s = n % 64;
        let mut out = [0u64; 4];
        for (i, o) in out.iter_mut().enumerate() {
            let src = i + limbs;
            if src < 4 {
                let mut v = self.0[src] >> s;
                if s != 0 && src + 1 < 4 {
                    v |= self.0[src + 1] << (64 - s);
                }
                *o = v;
            }
        }
        Bits(out)
    }

    /// Shift by a signed amount: positive up, negative down.
    #[inline]
    pub(crate) fn shift(self, delta: i32) -> Bits {
        if delta >= 0 {
            self.shl(delta as u32)
        } else {
            self.shr(delta.unsigned_abs())
        }
    }

    /// The set bits in ascending order.
    #[inline]
    pub(crate) fn iter(self) -> BitIter {
        BitIter {
            bits: self,
            limb: 0,
        }
    }
}

/// Iterator over the set bits of a [`Bits`], ascending.
#[derive(Clone, Debug)]
pub(crate) struct BitIter {
    bits: Bits,
    limb: usize,
}

impl Iterator for BitIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.limb < 4 {
            let l = &mut self.bits.0[self.limb];
            if *l != 0 {
                let t = l.trailing_zeros() as usize;
                *l &= *l - 1;
                return Some(self.limb * 64 + t);
            }
            self.limb += 1;
        }
        None
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bits {
            type Output = Bits;
            #[inline]
            fn $f(self, o: Bits) -> Bits {
                Bits([
                    self.0[0] $op o.0[0],
                    self.0[1] $op o.0[1],
                    self.0[2] $op o.0[2],
                    self.0[3] $op o.0[3],
                ])
            }
        }
        impl $atr for Bits {
            #[inline]
            fn $af(&mut self, o: Bits) {
                *self = *self $op o;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bits {
    type Output = Bits;
    #[inline]
    fn not(self) -> Bits {
        Bits([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_limbs_and_drop_overflow() {
        let b = Bits::single(63);
        assert_eq!(b.shl(1), Bits::single(64));
        assert_eq!(b.shl(130), Bits::single(193));
        assert_eq!(Bits::single(255).shl(1), Bits::EMPTY);
        assert_eq!(Bits::single(64).shr(1), Bits::single(63));
        assert_eq!(Bits::single(200).shr(137), Bits::single(63));
        assert_eq!(Bits::single(3).shr(4), Bits::EMPTY);
        assert_eq!(Bits::single(10).shift(-3), Bits::single(7));
        assert_eq!(Bits::single(10).shift(100), Bits::single(110));
        // Every shift amount agrees with repeated single steps.
        let mut x = Bits::EMPTY;
        for i in [0, 1, 62, 63, 64, 100, 127, 128, 191, 192, 200, 255] {
            x.set(i);
        }
        let (mut up, mut down) = (x, x);
        for n in 0..256 {
            assert_eq!(x.shl(n), up, "shl {n}");
            assert_eq!(x.shr(n), down, "shr {n}");
            up = up.shl(1);
            down = down.shr(1);
        }
    }

    #[test]
    fn iteration_count_and_membership() {
        let mut b = Bits::EMPTY;
        for i in [0, 5, 64, 127, 128, 255] {
            b.set(i);
        }
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 5, 64, 127, 128, 255]);
        assert_eq!(b.count(), 6);
        assert!(b.has(127) && !b.has(126));
        assert!(!b.has_signed(-1) && !b.has_signed(256));
        b.clear(5);
        assert_eq!(b.count(), 5);
    }
}
