//! A uniformly random decision without generating the others: a push is found from the mask
//! of open pushes; removal decisions (rare) are generated.

use crate::moves::{Decision, Push};
use crate::rules::{Gipf, Phase};
use abstract_game::{Game, MoveList, SeededRng};

/// `SELECT_IN_BYTE[b][r]`: the position of set bit number `r` of byte `b` (8 if none).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 == 1 {
                t[b][r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// The index of set bit number `n` (from 0, lowest first) of `m`, or 64 if `m` has no such
/// bit; without branches on `m` (the usual broadword select: byte counts, their running
/// sums, the byte whose sum first exceeds `n`, then a table within that byte).
fn nth_set_bit(m: u64, n: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut c = m - (m >> 1 & 0x5555_5555_5555_5555);
    c = (c & 0x3333_3333_3333_3333) + (c >> 2 & 0x3333_3333_3333_3333);
    c = (c + (c >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i: the set bits of bytes 0..=i (at most 64, so each fits below the high bit).
    let sums = c.wrapping_mul(ONES);
    let n = n.min(64);
    // High bit of byte i set when sum i <= n: those bytes come before bit n's byte.
    let before = (((u64::from(n) * ONES) | HIGHS) - sums) & HIGHS;
    let byte = ((before >> 7).wrapping_mul(ONES) >> 56) as u32;
    if byte >= 8 {
        return 64;
    }
    let shift = 8 * byte;
    let rank = n - ((sums << 8 >> shift) & 0xFF) as u32;
    shift + u32::from(SELECT_IN_BYTE[(m >> shift & 0xFF) as usize][rank as usize & 7])
}

impl Gipf {
    /// Legal decision number `rng.below(count)` in generation order (see `movegen`).
    pub(crate) fn pick_random(&self, rng: &mut SeededRng) -> Option<Decision> {
        let Phase::Push(c) = self.phase else {
            let mut moves = MoveList::<Self>::new();
            self.generate_moves(&mut moves);
            return (!moves.is_empty()).then(|| moves[rng.below(moves.len())]);
        };
        let c = usize::from(c);
        if !self.can_push(c) {
            return None;
        }
        let gipf_ok = self.can_gipf[c] && self.reserve[c] >= 2;
        let single_ok = !self.must_gipf(c);
        let open = self.board.open_pushes();
        // Each open push is listed once per kind, the GIPF-piece first.
        let kinds = usize::from(gipf_ok) + usize::from(single_ok);
        let total = open.count_ones() as usize * kinds;
        if total == 0 {
            return None;
        }
        let i = rng.below(total);
        // Push i / kinds; kinds is 1 or 2, so no division.
        let (nth, gipf) = if kinds == 2 {
            (i >> 1, i & 1 == 0)
        } else {
            (i, gipf_ok)
        };
        let index = nth_set_bit(open, nth as u32) as usize;
        Some(Decision::Push(Push::from_table(index, gipf)))
    }
}

#[cfg(test)]
mod tests {
    use super::nth_set_bit;

    #[test]
    fn nth_set_bit_counts_from_the_lowest() {
        let mut rng = abstract_game::SeededRng::new(4);
        for _ in 0..2000 {
            let m = rng.next_u64() & rng.next_u64();
            let mut rest = m;
            for n in 0..m.count_ones() {
                assert_eq!(nth_set_bit(m, n), rest.trailing_zeros(), "{m:#x} {n}");
                rest &= rest - 1;
            }
            assert_eq!(nth_set_bit(m, m.count_ones()), 64);
        }
        assert_eq!(nth_set_bit(1 << 63, 0), 63);
    }
}
