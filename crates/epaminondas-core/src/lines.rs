//! The board as lines, for counting and picking moves: one 16-bit mask per rank, file and
//! diagonal, so that the run of own pieces behind a head and the free squares ahead of it are
//! one count of leading or trailing ones each, whatever the direction. Four lines share a
//! 64-bit word (line `l` in bits `16 * (l % 4)..`), so that the lone pieces, most of them,
//! are counted four lines at a time.
//!
//! Line numbers and the position of a square (file `f`, rank `r`) on its line:
//!
//! | orientation | lines | line of (f, r) | position | directions (+, -) |
//! |---|---|---|---|---|
//! | ranks | `RANKS..` | `r` | `f` | E, W |
//! | files | `FILES..` | `f` | `r` | N, S |
//! | diagonals | `DIAGONALS..` | `f - r + height - 1` | `r` | NE, SW |
//! | anti-diagonals | `ANTI..` | `f + r` | `r` | NW, SE |

use crate::bits::Bits;
use crate::board::{DIRS, Geometry, MAX_HEIGHT, Square};
use crate::moves::Move;
use core::sync::atomic::AtomicU32;
use core::sync::atomic::Ordering::{Acquire, Relaxed, Release};

const RANKS: usize = 0;
const FILES: usize = 16;
const DIAGONALS: usize = 32;
const ANTI: usize = 64;
/// Words of four lines.
const WORDS: usize = 24;
/// Every word (bit `w`).
const ALL_WORDS: u32 = (1 << WORDS) - 1;

/// Every bit but the lowest of each 16-bit line.
const NOT_FIRST: u64 = !0x0001_0001_0001_0001;
/// Every bit but the highest of each 16-bit line.
const NOT_LAST: u64 = !0x8000_8000_8000_8000;

/// For each direction (an index into [`DIRS`]): its orientation (0 ranks, 1 files,
/// 2 diagonals, 3 anti-diagonals) and whether it runs towards higher positions.
const ORIENTATION: [(usize, bool); 8] = [
    (1, true),  // N
    (2, true),  // NE
    (0, true),  // E
    (3, false), // SE
    (1, false), // S
    (2, false), // SW
    (0, false), // W
    (3, true),  // NW
];

/// The directions, as indices into [`DIRS`], in the order [`Lines::each_move_by_rear`]
/// visits them: in the first player's frame, or (`upside_down`) in the second player's, which
/// turns the board upside down: N <-> S, NE <-> SE, ...
const fn rear_dirs(upside_down: bool) -> [usize; 8] {
    if upside_down {
        [4, 3, 2, 1, 0, 7, 6, 5]
    } else {
        [0, 1, 2, 3, 4, 5, 6, 7]
    }
}

/// Each player's pieces and the empty squares, line by line: kept in the state beside the
/// bitboards, so that counting needs no transposition. Beside them, each player's piece moves
/// per word ([`Kept`]): a move only marks the words it touched, and counting recounts the
/// marked words of its player (about nine a ply in a playout, both players' last moves) and
/// adds up 24 numbers. Recounting single lines instead costs more (more than twice as many
/// lines, each costing more than a quarter of a word).
#[derive(Clone)]
pub(crate) struct Lines {
    own: [[u64; WORDS]; 2],
    free: [u64; WORDS],
    /// Per player.
    kept: [Kept; 2],
}

/// One player's move counts per word, a cache that counting fills through a shared
/// reference, so that the callers that never count (a search that only generates) pay
/// nothing for it beyond marking words. Atomics keep the state `Sync`; every value stored is
/// a function of the board, which cannot change under a shared reference, so fills racing
/// on one state store the same numbers.
struct Kept {
    /// Per word: the moves towards higher positions, plus those towards lower ones times
    /// 2^16.
    moves: [AtomicU32; WORDS],
    /// The words (bit `w`) whose `moves` may be out of date.
    stale: AtomicU32,
}

impl Kept {
    /// Counts still to be made for every word.
    fn unknown() -> Kept {
        Kept {
            moves: core::array::from_fn(|_| AtomicU32::new(0)),
            stale: AtomicU32::new(ALL_WORDS),
        }
    }
}

impl Clone for Kept {
    fn clone(&self) -> Kept {
        // The stale words first: words a fill marked fresh have their counts stored.
        let stale = self.stale.load(Acquire);
        Kept {
            moves: core::array::from_fn(|w| AtomicU32::new(self.moves[w].load(Relaxed))),
            stale: AtomicU32::new(stale),
        }
    }
}

impl PartialEq for Lines {
    /// The boards only: the counts follow from them.
    fn eq(&self, other: &Lines) -> bool {
        self.own == other.own && self.free == other.free
    }
}

impl Eq for Lines {}

impl core::hash::Hash for Lines {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.own.hash(state);
        self.free.hash(state);
    }
}

impl core::fmt::Debug for Lines {
    /// Nothing: the lines repeat the bitboards.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Lines")
    }
}

/// The words of the four lines through (file `f`, rank `r`) of a board `h` ranks high, and
/// the bit of the square in each.
#[inline]
fn slots(h: u32, f: u32, r: u32) -> [(usize, u64); 4] {
    let (f, r) = (f as usize, r as usize);
    let at = |line: usize, pos: usize| (line / 4, 1u64 << (16 * (line % 4) + pos));
    [
        at(RANKS + r, f),
        at(FILES + f, r),
        at(DIAGONALS + f + h as usize - 1 - r, r),
        at(ANTI + f + r, r),
    ]
}

/// The line of orientation `orientation` (as in [`ORIENTATION`]) through (f, r) on a board
/// `h` ranks high, and the position of the square on it.
#[inline]
fn line_of(orientation: usize, h: i32, f: i32, r: i32) -> (usize, u32) {
    // Per orientation: first line, and the factors of f, r and h - 1 in the line number
    // (arithmetic rather than a match, which mispredicts).
    const LINE: [[i32; 4]; 4] = [
        [RANKS as i32, 0, 1, 0],
        [FILES as i32, 1, 0, 0],
        [DIAGONALS as i32, 1, -1, 1],
        [ANTI as i32, 1, 1, 0],
    ];
    let [first, a, b, c] = LINE[orientation & 3];
    let l = first + a * f + b * r + c * (h - 1);
    // The position is the file on a rank, the rank on any other line.
    let pos = if orientation == 0 { f } else { r };
    (l as usize, pos as u32)
}

/// One head (an own piece whose next square in the direction is not its own) and what its
/// groups can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Head {
    /// Own pieces in the run ending at the head: the groups have 1..=len pieces.
    len: u32,
    /// Empty squares ahead, at most `len`.
    free: u32,
    /// The smallest group that captures the enemy phalanx just beyond the free squares
    /// (`u32::MAX` when none can).
    capture_from: u32,
}

impl Head {
    /// A head at position `h` of a line, direction towards higher positions.
    #[inline]
    fn up(own: u32, enemy: u32, free: u32, h: u32) -> Head {
        Head::up_run((own << (31 - h)).leading_ones(), enemy, free, h)
    }

    /// [`Head::up`] when the length of the run is known.
    #[inline]
    fn up_run(len: u32, enemy: u32, free: u32, h: u32) -> Head {
        let e = (free >> (h + 1)).trailing_ones();
        let mut capture_from = u32::MAX;
        let target = h + e + 1;
        if e < len && enemy >> target & 1 != 0 {
            let m = (enemy >> target).trailing_ones().min(len);
            if m < len {
                capture_from = e.max(m) + 1;
            }
        }
        Head {
            len,
            free: e.min(len),
            capture_from,
        }
    }

    /// A head at position `h` of a line, direction towards lower positions.
    #[inline]
    fn down(own: u32, enemy: u32, free: u32, h: u32) -> Head {
        Head::down_run((own >> h).trailing_ones(), enemy, free, h)
    }

    /// [`Head::down`] when the length of the run is known.
    #[inline]
    fn down_run(len: u32, enemy: u32, free: u32, h: u32) -> Head {
        // Bit h - 1 of `free` moved to bit 63 (nothing at all for h = 0).
        let e = (u64::from(free) << 32 << (32 - h)).leading_ones();
        let mut capture_from = u32::MAX;
        if e < len && e < h {
            let target = h - e - 1;
            if enemy >> target & 1 != 0 {
                let m = (enemy << (31 - target)).leading_ones().min(len);
                if m < len {
                    capture_from = e.max(m) + 1;
                }
            }
        }
        Head {
            len,
            free: e.min(len),
            capture_from,
        }
    }

    /// Moves of the groups behind this head: `sum over n = 1..=len of min(n, free)` plain
    /// moves, and one capture for each group of at least `capture_from` pieces.
    #[inline]
    fn moves(self) -> u32 {
        plain_moves(self.len, self.free) + (self.len + 1).saturating_sub(self.capture_from)
    }

    /// Move number `i` (below [`Head::moves`]) in generation order: groups from the head
    /// backwards, each with its plain moves nearest first, then its capture. Returns the group
    /// size, the distance its front piece travels and whether it captures.
    fn nth(self, mut i: u32) -> (u32, u32, bool) {
        for n in 1..=self.len {
            let plain = n.min(self.free);
            if i < plain {
                return (n, i + 1, false);
            }
            i -= plain;
            if n >= self.capture_from {
                if i == 0 {
                    return (n, self.free + 1, true);
                }
                i -= 1;
            }
        }
        (0, 0, false)
    }
}

/// Plain moves of the groups behind a head with `free` empty squares ahead of it (any
/// number; only `len` of them count): `sum over n = 1..=len of min(n, free)`.
#[inline]
fn plain_moves(len: u32, free: u32) -> u32 {
    let e = free.min(len);
    e * (e + 1) / 2 + (len - e) * e
}

/// Captures of the groups behind a head with `e` free squares and then `m` enemy pieces
/// ahead: one for each group of more than `max(e, m)` pieces, none if `m` is 0.
#[inline]
fn captures(len: u32, e: u32, m: u32) -> u32 {
    // No enemy piece counts as 16 (more than any group): arithmetic, so that the compiler
    // makes no branch of it.
    let m = m | (m.wrapping_sub(1) >> 31) << 4;
    len.saturating_sub(e.max(m))
}

/// [`Head::up_run`] then [`Head::moves`] without branches (counting meets every run, and
/// the capture tests mispredict): a group of `n` pieces captures the `m` enemy pieces just
/// beyond the `e` free squares when `e < n` and `m < n`, so the run captures with its
/// `len - max(e, m)` largest groups, if `m` is at least 1.
#[inline]
fn run_moves_up(len: u32, enemy: u32, free: u32, h: u32) -> u32 {
    let e = (free >> (h + 1)).trailing_ones();
    // The position beyond the free squares is at most 16: nothing there in a 16-bit line.
    let m = (enemy >> (h + e + 1)).trailing_ones();
    plain_moves(len, e) + captures(len, e, m)
}

/// [`run_moves_up`] towards lower positions, the head at position `h`.
#[inline]
fn run_moves_down(len: u32, enemy: u32, free: u32, h: u32) -> u32 {
    // Bit h - 1 moved to bit 63 (nothing at all for h = 0), then the bit below the free
    // squares likewise.
    let e = (u64::from(free) << 32 << (32 - h)).leading_ones();
    let m = (u64::from(enemy) << 32 << (32 - (h - e))).leading_ones();
    plain_moves(len, e) + captures(len, e, m)
}

/// Rank `r` of a set of lines: bit `f` for file `f`.
#[inline]
fn rank_of(set: &[u64; WORDS], r: usize) -> u32 {
    (set[RANKS / 4 + r / 4] >> (16 * (r % 4))) as u32 & 0xffff
}

/// Rank rows of a set of lines: rank r at index r + 1, nothing beyond the board.
type Rows = [u32; MAX_HEIGHT as usize + 2];

impl Lines {
    /// The ranks of `set` on a board `h` ranks high, taken out of their words once.
    #[inline]
    fn rows(set: &[u64; WORDS], h: i32) -> Rows {
        let mut rows = [0u32; MAX_HEIGHT as usize + 2];
        for (r, row) in rows[1..=h as usize].iter_mut().enumerate() {
            *row = rank_of(set, r);
        }
        rows
    }

    /// Rank `r` (0-based) of player `p`'s pieces (`who` 0 or 1) or, for `who` 2, of the
    /// squares that are neither empty nor a piece (stones): bit `f` for file `f`.
    #[inline]
    pub(crate) fn rank_row(&self, who: usize, r: usize) -> u32 {
        let part = |set: &[u64; WORDS]| rank_of(set, r);
        match who {
            0 | 1 => part(&self.own[who]),
            _ => !(part(&self.own[0]) | part(&self.own[1]) | part(&self.free)) & 0xffff,
        }
    }

    /// The lines of a board.
    pub(crate) fn new(geo: &Geometry, pieces: &[Bits; 2], stones: Bits) -> Lines {
        let mut lines = Lines {
            own: [[0; WORDS]; 2],
            free: [0; WORDS],
            kept: [Kept::unknown(), Kept::unknown()],
        };
        let occupied = pieces[0] | pieces[1] | stones;
        for r in 0..geo.height {
            for f in 0..geo.width {
                let i = geo.index(f, r);
                let (f, r, h) = (u32::from(f), u32::from(r), u32::from(geo.height));
                for (who, set) in pieces.iter().enumerate() {
                    if set.has(i) {
                        lines.put(who, h, f, r);
                    }
                }
                if !occupied.has(i) {
                    for (w, bit) in slots(h, f, r) {
                        lines.free[w] |= bit;
                    }
                }
            }
        }
        // Counted now, so that copies start fresh: a count fills only its own copy.
        for p in 0..2 {
            let _ = lines.count(p);
        }
        lines
    }

    /// A piece of `who` now stands on (f, r), which was empty.
    #[inline]
    pub(crate) fn put(&mut self, who: usize, h: u32, f: u32, r: u32) {
        let mut touched = 0;
        for (w, bit) in slots(h, f, r) {
            self.own[who & 1][w] |= bit;
            self.free[w] &= !bit;
            touched |= 1 << w;
        }
        self.touch(touched);
    }

    /// The piece of `who` on (f, r) left it empty.
    #[inline]
    pub(crate) fn lift(&mut self, who: usize, h: u32, f: u32, r: u32) {
        let mut touched = 0;
        for (w, bit) in slots(h, f, r) {
            self.own[who & 1][w] &= !bit;
            self.free[w] |= bit;
            touched |= 1 << w;
        }
        self.touch(touched);
    }

    /// A stone now stands on the empty square (f, r).
    pub(crate) fn block(&mut self, h: u32, f: u32, r: u32) {
        let mut touched = 0;
        for (w, bit) in slots(h, f, r) {
            self.free[w] &= !bit;
            touched |= 1 << w;
        }
        self.touch(touched);
    }

    /// The words of `touched` (bit `w`) changed: both players' counts of them are out of
    /// date.
    #[inline]
    fn touch(&mut self, touched: u32) {
        for kept in &mut self.kept {
            *kept.stale.get_mut() |= touched;
        }
    }

    /// Own pieces of player `p`, enemy pieces and empty squares of line `l`.
    #[inline]
    fn line(&self, p: usize, l: usize) -> (u32, u32, u32) {
        let (w, shift) = (l / 4, 16 * (l % 4));
        let part = |x: u64| (x >> shift) as u32 & 0xffff;
        (
            part(self.own[p & 1][w]),
            part(self.own[(p ^ 1) & 1][w]),
            part(self.free[w]),
        )
    }

    /// The number of piece moves of player `p` in each direction (the mirror rule aside):
    /// the kept counts, the words changed since they were last counted counted again.
    #[inline]
    pub(crate) fn count(&self, p: usize) -> [u32; 8] {
        let p = p & 1;
        let kept = &self.kept[p];
        let mut stale = kept.stale.load(Acquire);
        if stale != 0 {
            while stale != 0 {
                let w = stale.trailing_zeros() as usize;
                stale &= stale - 1;
                let [up, down] = self.word_moves(p, w);
                kept.moves[w].store(u32::from(up) | u32::from(down) << 16, Relaxed);
            }
            kept.stale.store(0, Release);
        }
        // Sums per orientation, both directions at once (each half stays below 2^16: at
        // most 32 lines of fewer than 60 moves each way).
        let sum = |words: core::ops::Range<usize>| {
            kept.moves[words]
                .iter()
                .fold(0, |total, m| total + m.load(Relaxed))
        };
        let ranks = sum(RANKS / 4..FILES / 4);
        let files = sum(FILES / 4..DIAGONALS / 4);
        let diagonals = sum(DIAGONALS / 4..ANTI / 4);
        let anti = sum(ANTI / 4..WORDS);
        let (up, down) = (|x: u32| x & 0xffff, |x: u32| x >> 16);
        // Indexed as `DIRS`: N, NE, E, SE, S, SW, W, NW (see `ORIENTATION`).
        [
            up(files),
            up(diagonals),
            up(ranks),
            down(anti),
            down(files),
            down(diagonals),
            down(ranks),
            up(anti),
        ]
    }

    /// The piece moves of player `p` on the four lines of word `w`, towards higher and
    /// towards lower positions.
    #[inline(always)]
    fn word_moves(&self, p: usize, w: usize) -> [u16; 2] {
        // No early return for a word without own pieces: the test mispredicts, and such a
        // word costs a few operations.
        let own = self.own[p & 1][w];
        let free = self.free[w];
        // Own pieces just below and just above each square of the same line.
        let below = own << 1 & NOT_FIRST;
        let above = own >> 1 & NOT_LAST;
        // Lone pieces have one move each way if the square there is empty, and no capture;
        // the others go run by run.
        let alone = own & !below & !above;
        let mut up = (alone & free >> 1 & NOT_LAST).count_ones();
        let mut down = (alone & free << 1 & NOT_FIRST).count_ones();
        let runs = own & !alone;
        let enemy = self.own[(p ^ 1) & 1][w];
        // Runs start and end in the same line, in ascending order.
        let (mut starts, mut ends) = (runs & !below, runs & !above);
        while starts != 0 {
            let (s, t) = (starts.trailing_zeros(), ends.trailing_zeros());
            starts &= starts - 1;
            ends &= ends - 1;
            let base = s & !15;
            let part = |x: u64| (x >> base) as u32 & 0xffff;
            let (enemy, free) = (part(enemy), part(free));
            let (s, t) = (s - base, t - base);
            let len = t - s + 1;
            up += run_moves_up(len, enemy, free, t);
            down += run_moves_down(len, enemy, free, s);
        }
        // At most 4 lines of 16 squares: far below `u16::MAX`.
        [up as u16, down as u16]
    }

    /// Writes the action numbers of the piece moves of player `p` (the mirror rule aside) into
    /// `out`, ascending: by rear square (ranks from the top when `UPSIDE_DOWN`, files
    /// ascending), then by direction ([`rear_dirs`]), then by distance, as `actions.rs`
    /// numbers them on a board `geo.width` files wide with distances `1..=distances`. `out`
    /// ends up holding them alone, whatever it held before.
    ///
    /// Branches are what this costs (a piece's eight directions each test unpredictably), so
    /// a lone step is written whether or not it exists and kept by advancing the end, and the
    /// direction loop is unrolled into constants (the frame, the line through a square and the
    /// sense on it).
    pub(crate) fn write_actions_by_rear<const UPSIDE_DOWN: bool>(
        &self,
        p: usize,
        geo: &Geometry,
        distances: u32,
        out: &mut alloc::vec::Vec<u32>,
    ) {
        // `out` grows as the pieces need, with slack for the entries written past the moves
        // (see `Emit::direction`); what it held is kept, not cleared: every entry below the
        // end is written before it is kept, so only the room past the last list costs zeros
        // (filled towards the capacity, room for four pieces at least: a fill a piece was 6%
        // of a batch step), and nothing needs counting first.
        let mut len = 0usize;
        let h = i32::from(geo.height);
        let w = u32::from(geo.width);
        let (own_rows, free_rows) = (Lines::rows(&self.own[p & 1], h), Lines::rows(&self.free, h));
        for frame_rank in 0..h {
            let r = if UPSIDE_DOWN {
                h - 1 - frame_rank
            } else {
                frame_rank
            };
            let pieces = own_rows[(r + 1) as usize];
            if pieces == 0 {
                continue;
            }
            let row = RowMoves::<UPSIDE_DOWN>::new(&own_rows, &free_rows, r, pieces);
            let mut left = pieces;
            while left != 0 {
                let f = left.trailing_zeros();
                left &= left - 1;
                let base = (frame_rank as u32 * w + f) * 8 * distances;
                if out.len() < len + PIECE_WRITES {
                    let room = out.capacity().min(len + 4 * PIECE_WRITES);
                    out.resize(room.max(len + PIECE_WRITES), 0);
                }
                let mut at = Emit {
                    lines: self,
                    p,
                    h,
                    r,
                    f,
                    base,
                    distances,
                    out: &mut out[..],
                    len,
                };
                at.direction::<0, UPSIDE_DOWN>(&row);
                at.direction::<1, UPSIDE_DOWN>(&row);
                at.direction::<2, UPSIDE_DOWN>(&row);
                at.direction::<3, UPSIDE_DOWN>(&row);
                at.direction::<4, UPSIDE_DOWN>(&row);
                at.direction::<5, UPSIDE_DOWN>(&row);
                at.direction::<6, UPSIDE_DOWN>(&row);
                at.direction::<7, UPSIDE_DOWN>(&row);
                len = at.len;
            }
        }
        debug_assert_eq!(
            len,
            self.count(p).iter().sum::<u32>() as usize,
            "the moves written are the moves counted"
        );
        out.truncate(len);
    }

    /// The group of player `p` whose rear piece is at position `pos` of line `l`, moving
    /// towards higher positions (`up`) or lower: its size and its number of moves, the run
    /// taken as the group alone. Without branches: a group of `n` pieces steps onto the `e`
    /// free squares ahead, up to `n` of them, and captures the `m` enemy pieces beyond them
    /// when `m >= 1`, `e < n` and `m < n`.
    #[inline(always)]
    fn group_moves(&self, p: usize, l: usize, pos: u32, up: bool) -> (u32, u32) {
        let (own, enemy, free) = self.line(p, l);
        let (n, e, m) = if up {
            let n = (own >> pos).trailing_ones();
            let head = pos + n - 1;
            let e = (free >> (head + 1)).trailing_ones();
            // At most 16 (nothing there in a 16-bit line).
            (n, e, (enemy >> (head + e + 1)).trailing_ones())
        } else {
            let n = (own << (31 - pos)).leading_ones();
            let head = pos + 1 - n;
            // Bit head - 1 moved to bit 63 (nothing at all for head = 0), then the bit below
            // the free squares likewise.
            let e = (u64::from(free) << 32 << (32 - head)).leading_ones();
            (
                n,
                e,
                (u64::from(enemy) << 32 << (32 - (head - e))).leading_ones(),
            )
        };
        let capture = (e < n) & (m != 0) & (m < n);
        (n, e.min(n) + u32::from(capture))
    }

    /// Piece move number `i` among the moves in direction `d`, in generation order (heads by
    /// ascending square, rank 1 first).
    pub(crate) fn nth_in_direction(
        &self,
        p: usize,
        geo: &Geometry,
        d: usize,
        mut i: u32,
    ) -> Option<Move> {
        let (dx, dy) = (i32::from(DIRS[d].0), i32::from(DIRS[d].1));
        let (orientation, up) = ORIENTATION[d];
        let h = i32::from(geo.height);
        let own_ranks = &self.own[p & 1];
        // Rank r of a set (none beyond the board).
        let rank = |set: &[u64; WORDS], r: i32| {
            if (r as u32) < h as u32 {
                (set[RANKS / 4 + r as usize / 4] >> (16 * (r % 4))) as u32 & 0xffff
            } else {
                0
            }
        };
        // Bit f of `ahead(x)` is bit f + dx of x; of `behind(x)`, bit f - dx (shifts, not
        // a match: the match mispredicts).
        let ahead = |x: u32| (x << 1) >> (1 + dx);
        let behind = |x: u32| (x << 1) >> (1 - dx);
        // Own ranks r - 1, r and r + 1, moved along as r goes up: one new rank a step.
        let (mut below, mut row, mut above) = (0, rank(own_ranks, 0), rank(own_ranks, 1));
        for r in 0..h {
            let (rank_behind, rank_ahead) = match dy {
                1 => (below, above),
                -1 => (above, below),
                _ => (row, row),
            };
            // Rows without own pieces are counted like the others (a test mispredicts).
            let heads = row & !ahead(rank_ahead);
            // Heads with no own piece behind move one step if the square ahead is empty.
            let lone = heads & !behind(rank_behind);
            let free_ahead = ahead(rank(&self.free, r + dy));
            let head_at = |f: i32| {
                let (l, pos) = line_of(orientation, h, f, r);
                let (own, enemy, free) = self.line(p, l);
                if up {
                    Head::up(own, enemy, free, pos)
                } else {
                    Head::down(own, enemy, free, pos)
                }
            };
            // The moves of the other heads, counted without branches.
            let head_moves = |f: i32| {
                let (l, pos) = line_of(orientation, h, f, r);
                let (own, enemy, free) = self.line(p, l);
                if up {
                    run_moves_up((own << (31 - pos)).leading_ones(), enemy, free, pos)
                } else {
                    run_moves_down((own >> pos).trailing_ones(), enemy, free, pos)
                }
            };
            let mut in_row = (lone & free_ahead).count_ones();
            let mut others = heads & !lone;
            while others != 0 {
                in_row += head_moves(others.trailing_zeros() as i32);
                others &= others - 1;
            }
            if i >= in_row {
                i -= in_row;
                (below, row, above) = (row, above, rank(own_ranks, r + 2));
                continue;
            }
            let mut heads = heads & !(lone & !free_ahead);
            while heads != 0 {
                let f = heads.trailing_zeros() as i32;
                heads &= heads - 1;
                let head = if lone >> f & 1 != 0 {
                    Head {
                        len: 1,
                        free: 1,
                        capture_from: u32::MAX,
                    }
                } else {
                    head_at(f)
                };
                let moves = head.moves();
                if i >= moves {
                    i -= moves;
                    continue;
                }
                let (n, k, capture) = head.nth(i);
                let square = |steps: i32| {
                    Square::from_code(((r + steps * dy) << 4 | (f + steps * dx)) as u8)
                };
                let from = square(1 - n as i32);
                return Some(Move::group_unchecked(capture, from, square(k as i32)));
            }
            return None;
        }
        None
    }
}

/// The pieces of one rank that move in each direction (in a frame's order): alone onto the
/// empty square ahead, or with an own piece ahead (a longer group).
struct RowMoves<const UPSIDE_DOWN: bool> {
    alone: [u32; 8],
    group: [u32; 8],
}

impl<const UPSIDE_DOWN: bool> RowMoves<UPSIDE_DOWN> {
    #[inline(always)]
    fn new(own_rows: &Rows, free_rows: &Rows, r: i32, pieces: u32) -> Self {
        let dirs = const { rear_dirs(UPSIDE_DOWN) };
        let row = |rows: &Rows, r: i32| rows[(r + 1) as usize];
        let mut alone = [0u32; 8];
        let mut group = [0u32; 8];
        for (i, &d) in dirs.iter().enumerate() {
            let (dx, dy) = (i32::from(DIRS[d].0), i32::from(DIRS[d].1));
            // Bit f of `ahead(x)` is bit f + dx of x.
            let ahead = |x: u32| (x << 1) >> (1 + dx);
            let own_ahead = ahead(row(own_rows, r + dy));
            alone[i] = pieces & !own_ahead & ahead(row(free_rows, r + dy));
            group[i] = pieces & own_ahead;
        }
        RowMoves { alone, group }
    }
}

/// Entries a group's moves are written to whatever their number, at least 1 (a lone step
/// is one).
const GROUP_WRITES: u32 = 4;

/// The most entries one rear piece's moves write: in each of its 8 directions, a group of at
/// most 16 pieces has at most 16 moves (its free squares, or fewer and a capture), or writes
/// `GROUP_WRITES`.
const PIECE_WRITES: usize = 8 * 16;

/// Writing the actions of the piece on (f, r) into `out[len..]`.
struct Emit<'a> {
    lines: &'a Lines,
    p: usize,
    h: i32,
    r: i32,
    f: u32,
    /// The action number of direction 0, distance 1 from this rear square.
    base: u32,
    distances: u32,
    out: &'a mut [u32],
    len: usize,
}

impl Emit<'_> {
    /// The actions of direction number `I` in the frame's order.
    #[inline(always)]
    fn direction<const I: usize, const UPSIDE_DOWN: bool>(&mut self, row: &RowMoves<UPSIDE_DOWN>) {
        let first = self.base + I as u32 * self.distances;
        // The lone step, kept only if it is one (there is always room: see the caller).
        self.out[self.len] = first;
        self.len += (row.alone[I] >> self.f & 1) as usize;
        if row.group[I] >> self.f & 1 != 0 {
            let (orientation, up) = const { ORIENTATION[rear_dirs(UPSIDE_DOWN)[I]] };
            let (l, pos) = line_of(orientation, self.h, self.f as i32, self.r);
            let (n, moves) = self.lines.group_moves(self.p, l, pos, up);
            // Onto the free squares (the front piece `n`, `n + 1`, ... from the rear), then
            // a distance further the capture: the first few written whatever their number
            // (there is room), as for the lone step.
            let first = first + n - 1;
            for k in 0..GROUP_WRITES {
                self.out[self.len + k as usize] = first + k;
            }
            for k in GROUP_WRITES..moves {
                self.out[self.len + k as usize] = first + k;
            }
            self.len += moves as usize;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Along seeded random games on boards of several shapes, with stones: both players'
    /// counts (the mover's kept from move to move, the other's left stale for several moves)
    /// equal the counts of lines made from scratch, and a count leaves its player's kept
    /// counts fresh and equal to those made from scratch.
    #[test]
    fn kept_counts_equal_counts_from_scratch() {
        use crate::{Config, Epaminondas};
        use abstract_game::{Game, SeededRng};
        let kept = |lines: &Lines, p: usize| {
            let words: [u32; WORDS] =
                core::array::from_fn(|w| lines.kept[p].moves[w].load(Relaxed));
            (words, lines.kept[p].stale.load(Relaxed))
        };
        let mut rng = SeededRng::new(17);
        for (width, height) in [(14, 12), (16, 15), (15, 16), (2, 16), (16, 4), (9, 7)] {
            let config = Config {
                width,
                height,
                mirror: true,
                stones: height >= 7,
            };
            let mut g = Epaminondas::new(&config).unwrap();
            for ply in 0..300 {
                let fresh = Lines::new(&g.geo, &g.pieces, g.stones);
                let p = g.to_move as usize;
                for who in [p, 1 - p] {
                    // The other player is counted only at every fifth ply.
                    if who == p || ply % 5 == 0 {
                        assert_eq!(g.lines.count(who), fresh.count(who), "{g}");
                        assert_eq!(kept(&g.lines, who), kept(&fresh, who), "{g}");
                        assert_eq!(kept(&g.lines, who).1, 0, "{g}");
                    }
                }
                // A copy keeps the counts.
                let copy = g.lines.clone();
                assert_eq!(kept(&copy, p), kept(&g.lines, p));
                let Some(mv) = g.random_move(&mut rng) else {
                    break;
                };
                g.apply_unchecked(mv);
            }
        }
    }

    /// The branch-free run counts equal the head's moves, over every way of filling the
    /// squares around runs on seeded random lines.
    #[test]
    fn run_moves_equal_head_moves() {
        let mut rng = abstract_game::SeededRng::new(23);
        for _ in 0..20_000 {
            let (a, b) = (
                rng.next_u64() as u32 & 0xffff,
                rng.next_u64() as u32 & 0xffff,
            );
            let (own, enemy) = (a & b, a & !b);
            let free = !a & 0xffff & rng.next_u64() as u32;
            let (starts, ends) = (own & !(own << 1), own & !(own >> 1));
            let (mut starts, mut ends) = (starts, ends);
            while starts != 0 {
                let (s, t) = (starts.trailing_zeros(), ends.trailing_zeros());
                starts &= starts - 1;
                ends &= ends - 1;
                let len = t - s + 1;
                assert_eq!(
                    run_moves_up(len, enemy, free, t),
                    Head::up_run(len, enemy, free, t).moves()
                );
                assert_eq!(
                    run_moves_down(len, enemy, free, s),
                    Head::down_run(len, enemy, free, s).moves()
                );
            }
        }
    }

    #[test]
    fn head_counts_plain_moves_and_captures() {
        // Positions 0..=2 own, 3 free, 4..=5 enemy: groups of 1, 2, 3 each step 1; only the
        // group of 3 beats the pair (distance 2 needs at least 2, strength needs 3).
        let head = Head::up(0b111, 0b11_0000, 0b1000, 2);
        assert_eq!(
            head,
            Head {
                len: 3,
                free: 1,
                capture_from: 3
            }
        );
        assert_eq!(head.moves(), 4);
        assert_eq!(head.nth(0), (1, 1, false));
        assert_eq!(head.nth(2), (3, 1, false));
        assert_eq!(head.nth(3), (3, 2, true));
        // The same line read the other way: positions 15..=13 own, 12 free, 11..=10 enemy.
        let head = Head::down(0b111 << 13, 0b11 << 10, 1 << 12, 13);
        assert_eq!((head.len, head.free, head.capture_from), (3, 1, 3));
        // At the edge: nothing ahead.
        assert_eq!(Head::down(1, 0, 0, 0).moves(), 0);
        assert_eq!(Head::up(1 << 15, 0, 0, 15).moves(), 0);
        // Many free squares: a group of n moves 1..=n.
        assert_eq!(Head::up(0b11, 0, 0xfffc, 1).moves(), 1 + 2);
    }
}
