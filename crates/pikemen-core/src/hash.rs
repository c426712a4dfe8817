//! Zobrist hashing: one random key per (square, piece), per (seat, score) and per seat to move,
//! all from a `const fn` generator so the tables are built at compile time.

use crate::board::{cell_owner, cell_size, cell_state};

/// SplitMix64 step, usable in `const` context.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Distinct pieces: 4 owners x 3 sizes x 9 states.
const PIECE_KINDS: usize = 108;
/// Scores hashed by table; larger scores (impossible in consistent positions) are folded in.
pub(crate) const SCORE_KEYS: usize = 128;

struct Tables {
    piece: [[u64; PIECE_KINDS]; 64],
    score: [[u64; SCORE_KEYS]; 4],
    to_move: [u64; 4],
}

const fn build() -> Tables {
    let mut t = Tables {
        piece: [[0; PIECE_KINDS]; 64],
        score: [[0; SCORE_KEYS]; 4],
        to_move: [0; 4],
    };
    let mut seed = 0x5049_4B45_4D45_4E21; // "PIKEMEN!"
    let mut sq = 0;
    while sq < 64 {
        let mut k = 0;
        while k < PIECE_KINDS {
            let (s, v) = splitmix(seed);
            seed = s;
            t.piece[sq][k] = v;
            k += 1;
        }
        sq += 1;
    }
    let mut p = 0;
    while p < 4 {
        let mut v = 0;
        while v < SCORE_KEYS {
            let (s, x) = splitmix(seed);
            seed = s;
            // Score 0 hashes as nothing, so an empty score sheet costs no key.
            t.score[p][v] = if v == 0 { 0 } else { x };
            v += 1;
        }
        let (s, x) = splitmix(seed);
        seed = s;
        t.to_move[p] = x;
        p += 1;
    }
    t
}

static TABLES: Tables = build();

/// The key of the piece `cell` (non-empty) on square `sq`.
#[inline]
pub(crate) fn piece_key(sq: usize, cell: u8) -> u64 {
    let kind = cell_owner(cell) as usize * 27
        + (cell_size(cell) as usize).saturating_sub(1) * 9
        + cell_state(cell) as usize % 9;
    TABLES.piece[sq][kind % PIECE_KINDS]
}

/// The key of seat `seat` holding `score` points.
#[inline]
pub(crate) fn score_key(seat: usize, score: u8) -> u64 {
    TABLES.score[seat & 3][score as usize % SCORE_KEYS]
}

/// The key of seat `seat` being the one to move.
#[inline]
pub(crate) fn to_move_key(seat: usize) -> u64 {
    TABLES.to_move[seat & 3]
}

/// A key for the rules parameters (player count, target, the after-charge switch), mixed into
/// every hash so that the same board under different rules hashes differently. The default
/// switch adds nothing, so hashes of default games are those of the versions without it.
pub(crate) fn rules_key(players: u8, target: u32, charge_keeps_state: bool) -> u64 {
    let switch = u64::from(!charge_keeps_state) << 40;
    splitmix(switch | u64::from(players) << 32 | u64::from(target)).1
}
