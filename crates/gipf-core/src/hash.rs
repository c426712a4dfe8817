//! Zobrist keys for [`crate::Gipf::hash64`], generated at compile time from a fixed seed.

use crate::board::Board;

/// SplitMix64 step, usable in `const` context.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn table<const N: usize>(salt: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        t[i] = mix(salt.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ mix(i as u64 + 1));
        i += 1;
    }
    t
}

/// Piece keys: `PIECE[kind][spot]`, kind 0 = White single, 1 = Black single, 2 = White
/// GIPF-piece, 3 = Black GIPF-piece.
pub(crate) const PIECE: [[u64; 64]; 4] = [table(1), table(2), table(3), table(4)];
/// Reserve counts per colour (0..=40).
pub(crate) const RESERVE: [[u64; 41]; 2] = [table(5), table(6)];
/// Captured counts per colour (0..=40).
pub(crate) const CAPTURED: [[u64; 41]; 2] = [table(7), table(8)];
/// Phase: 0/1 = White/Black to push, 2/3 = removals after White's/Black's push, 4/5 = White/Black won.
pub(crate) const PHASE: [u64; 6] = table(9);
/// Lines whose row was already decided this turn.
pub(crate) const HANDLED: [u64; 21] = table(10);
/// Tournament: White/Black may still bring in GIPF-pieces.
pub(crate) const CAN_GIPF: [u64; 2] = table(11);
/// Variant.
pub(crate) const VARIANT: [u64; 3] = table(12);

/// The key of the piece on `spot`, given its colour and kind.
#[inline]
pub(crate) const fn piece(colour: usize, gipf: bool, spot: u32) -> u64 {
    PIECE[colour + if gipf { 2 } else { 0 }][spot as usize]
}

/// The key of every piece of a board region.
#[inline]
pub(crate) fn board_region(white: u64, black: u64, gipf: u64, mask: u64) -> u64 {
    let mut h = 0;
    for (c, m) in [(0, white), (1, black)] {
        let mut m = m & mask;
        while m != 0 {
            let s = m.trailing_zeros();
            h ^= piece(c, gipf >> s & 1 == 1, s);
            m &= m - 1;
        }
    }
    h
}

/// The change of the key of `board` when a push moves the pieces of `run` one step
/// (`shift` spots up the bits if `forward`, else down): each piece's key leaves its spot and
/// enters the next. One pass over the run (the new piece on the entry spot is not included).
#[inline]
pub(crate) fn moved_run(board: &Board, run: u64, forward: bool, shift: u32) -> u64 {
    let mut h = 0;
    let mut m = run;
    while m != 0 {
        let s = m.trailing_zeros();
        m &= m - 1;
        let kind = (board.black >> s & 1) as usize | ((board.gipf >> s & 1) as usize) << 1;
        let to = if forward {
            s + shift
        } else {
            s.wrapping_sub(shift)
        };
        h ^= PIECE[kind][s as usize & 63] ^ PIECE[kind][to as usize & 63];
    }
    h
}
