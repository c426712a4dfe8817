//! Zobrist hashing: one random key per (piece kind, bit index), plus keys for the side to move,
//! the rule switches and the board size. Keys come from a `const fn` SplitMix64, so there is no
//! build script and no run-time initialisation.

use crate::bits::Bits;

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn make_keys() -> [[u64; 256]; 3] {
    let mut keys = [[0u64; 256]; 3];
    let mut seed = 0x6570_616d_696e_6f6e; // "epaminon"
    let mut kind = 0;
    while kind < 3 {
        let mut i = 0;
        while i < 256 {
            seed = splitmix(seed);
            keys[kind][i] = seed;
            i += 1;
        }
        kind += 1;
    }
    keys
}

/// Keys of player 1's pieces, player 2's pieces and stones, by bit index.
pub(crate) static PIECE_KEYS: [[u64; 256]; 3] = make_keys();
/// Toggled when player 2 is to move.
pub(crate) const SIDE_KEY: u64 = splitmix(0x51de);
/// Present when the mirror rule is on.
pub(crate) const MIRROR_KEY: u64 = splitmix(0x0d1f_f00d);
/// Present in the stumbling-blocks variant.
pub(crate) const STONES_KEY: u64 = splitmix(0x0057_07e5);

/// The key of a board size (the bit numbering depends on it).
pub(crate) const fn size_key(width: u8, height: u8) -> u64 {
    splitmix(0x512e_0000 ^ ((width as u64) << 8 | height as u64))
}

/// XOR of the keys of every bit of `b` for piece kind `kind` (0, 1 players; 2 stones).
#[inline]
pub(crate) fn keys_of(kind: usize, b: Bits) -> u64 {
    b.iter().fold(0, |h, i| h ^ PIECE_KEYS[kind][i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = PIECE_KEYS.iter().flatten().copied().collect();
        all.extend([
            SIDE_KEY,
            MIRROR_KEY,
            STONES_KEY,
            size_key(14, 12),
            size_key(8, 8),
        ]);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
