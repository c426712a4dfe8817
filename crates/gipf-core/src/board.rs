//! Board geometry and the bit-set board.
//!
//! The 37 spots sit in a 7 x 8 grid of bits: bit `8 * x + y` with `x` = 0..7 for columns b..h
//! and `y` = the spot's number minus 2, plus one for every column right of e. In that layout
//! the three line directions are the constant shifts 1 (along a column), 8 (the a5-i1 family)
//! and 9 (the a1-i5 family), and the unused bits between (y = 7, x = 7) keep a shift from
//! wrapping onto another line. Pushes and row detection are therefore a few shifts and masks.
//!
//! Dots lie outside the grid (columns a and i, and the ends of columns b-h); they only name the
//! 42 pushes, listed in [`PUSHES`].

use core::fmt;
use core::str::FromStr;

/// All 37 spots as a bit set.
pub const ALL_SPOTS: u64 = all_spots();

/// The three line directions as bit shifts.
pub(crate) const DIRS: [u32; 3] = [1, 8, 9];

const fn is_spot_xy(x: i32, y: i32) -> bool {
    x >= 0 && x <= 6 && y >= 0 && y <= 6 && x - y >= -3 && x - y <= 3
}

const fn is_point_xy(x: i32, y: i32) -> bool {
    x >= -1 && x <= 7 && y >= -1 && y <= 7 && x - y >= -4 && x - y <= 4
}

const fn is_dot_xy(x: i32, y: i32) -> bool {
    is_point_xy(x, y) && !is_spot_xy(x, y)
}

const fn all_spots() -> u64 {
    let mut m = 0u64;
    let mut x = 0;
    while x < 7 {
        let mut y = 0;
        while y < 7 {
            if is_spot_xy(x, y) {
                m |= 1 << (8 * x + y);
            }
            y += 1;
        }
        x += 1;
    }
    m
}

/// The column letter index (0 = a) and number of a grid point.
const fn name_of(x: i32, y: i32) -> (u8, u8) {
    let shift = if x > 3 { x - 3 } else { 0 };
    ((x + 1) as u8, (y + 2 - shift) as u8)
}

/// The grid point of a column index (0 = a) and number, if it is a point of the board.
const fn xy_of(col: u8, number: u8) -> Option<(i32, i32)> {
    let x = col as i32 - 1;
    let shift = if x > 3 { x - 3 } else { 0 };
    let y = number as i32 - 2 + shift;
    if is_point_xy(x, y) {
        Some((x, y))
    } else {
        None
    }
}

/// A spot of the play area (bit index 0..55 in the grid layout).
///
/// Text: column letter and number, for example `e5`.
///
/// ```
/// use gipf_core::Spot;
/// let s: Spot = "e5".parse().unwrap();
/// assert_eq!(s.to_string(), "e5");
/// assert!("a1".parse::<Spot>().is_err()); // a dot, not a spot
/// assert_eq!(format!("{:?}", "e5".parse::<Spot>().unwrap()), "Spot(e5)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot(u8);

impl fmt::Debug for Spot {
    /// The spot's name, `Spot(e5)`, rather than its index.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Spot({self})")
    }
}

impl Spot {
    /// The spot of bit `index`, if that bit is a spot.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Spot> {
        if index < 64 && ALL_SPOTS >> index & 1 == 1 {
            Some(Spot(index))
        } else {
            None
        }
    }

    /// The spot of a table entry, known to be a spot.
    pub(crate) const fn from_table(index: u8) -> Spot {
        Spot(index)
    }

    /// The bit index of this spot.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The one-bit mask of this spot.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Column index (0 = a) and number.
    #[must_use]
    pub const fn coords(self) -> (u8, u8) {
        name_of((self.0 / 8) as i32, (self.0 % 8) as i32)
    }

    /// Every spot, in column-then-number order.
    pub fn all() -> impl Iterator<Item = Spot> {
        bits(ALL_SPOTS).map(Spot)
    }
}

/// Why a spot or dot name was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PointError {
    /// Not a letter a-i followed by a number naming a point of the board.
    #[error("not a point of the board")]
    NoSuchPoint,
    /// A point of the board, but a dot where a spot was expected.
    #[error("a dot, not a spot")]
    NotASpot,
    /// A point of the board, but a spot where a dot was expected.
    #[error("a spot, not a dot")]
    NotADot,
}

fn parse_point(s: &str) -> Result<(i32, i32), PointError> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'i').contains(&b[0]) || !(b'1'..=b'9').contains(&b[1]) {
        return Err(PointError::NoSuchPoint);
    }
    xy_of(b[0] - b'a', b[1] - b'0').ok_or(PointError::NoSuchPoint)
}

impl FromStr for Spot {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (x, y) = parse_point(s)?;
        if is_spot_xy(x, y) {
            Ok(Spot((8 * x + y) as u8))
        } else {
            Err(PointError::NotASpot)
        }
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, n) = self.coords();
        write!(f, "{}{}", (b'a' + c) as char, n)
    }
}

/// One of the 24 dots around the play area, where a piece is put before it is pushed in.
///
/// ```
/// use gipf_core::Dot;
/// let d: Dot = "a1".parse().unwrap();
/// assert_eq!(d.to_string(), "a1");
/// assert!("e5".parse::<Dot>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dot {
    col: u8,
    number: u8,
}

impl FromStr for Dot {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (x, y) = parse_point(s)?;
        if is_dot_xy(x, y) {
            let (col, number) = name_of(x, y);
            Ok(Dot { col, number })
        } else {
            Err(PointError::NotADot)
        }
    }
}

impl fmt::Display for Dot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.number)
    }
}

/// One of the 42 pushes: a dot and a direction into the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PushGeom {
    /// The dot (column index, number).
    pub dot: Dot,
    /// The first spot entered.
    pub entry: u8,
    /// The spots of the line, as a mask.
    pub line_mask: u64,
    /// Which of the 21 lines.
    pub line: u8,
    /// Whether the push runs towards higher bit indices.
    pub forward: bool,
    /// The shift between neighbouring spots of the line.
    pub shift: u32,
}

/// Number of lines.
pub(crate) const N_LINES: usize = 21;
/// Number of pushes.
pub const N_PUSHES: usize = 42;

/// A line: its spots and its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    pub mask: u64,
    pub shift: u32,
    /// Lowest-index spot.
    pub first: u8,
    /// Highest-index spot.
    pub last: u8,
}

const fn build_lines() -> ([Line; N_LINES], [[u8; 64]; 3]) {
    let mut lines = [Line {
        mask: 0,
        shift: 0,
        first: 0,
        last: 0,
    }; N_LINES];
    let mut line_of = [[255u8; 64]; 3];
    let mut n = 0;
    let mut k = 0;
    while k < 3 {
        let d = DIRS[k];
        let mut s = 0u32;
        while s < 64 {
            let is_start = ALL_SPOTS >> s & 1 == 1 && (s < d || ALL_SPOTS >> (s - d) & 1 == 0);
            if is_start {
                let mut mask = 0u64;
                let mut t = s;
                let mut last = s;
                while t < 64 && ALL_SPOTS >> t & 1 == 1 {
                    mask |= 1 << t;
                    line_of[k][t as usize] = n as u8;
                    last = t;
                    t += d;
                }
                lines[n] = Line {
                    mask,
                    shift: d,
                    first: s as u8,
                    last: last as u8,
                };
                n += 1;
            }
            s += 1;
        }
        k += 1;
    }
    (lines, line_of)
}

const LINE_TABLES: ([Line; N_LINES], [[u8; 64]; 3]) = build_lines();
/// The 21 lines.
pub(crate) const LINES: [Line; N_LINES] = LINE_TABLES.0;
/// `LINE_OF[k][spot]`: the line through `spot` in direction `DIRS[k]`.
pub(crate) const LINE_OF: [[u8; 64]; 3] = LINE_TABLES.1;

const fn build_pushes() -> [PushGeom; N_PUSHES] {
    let mut out = [PushGeom {
        dot: Dot { col: 0, number: 0 },
        entry: 0,
        line_mask: 0,
        line: 0,
        forward: true,
        shift: 0,
    }; N_PUSHES];
    // Six directions as (dx, dy) in the grid, with their shift index.
    let dx = [0, 1, 1, 0, -1, -1];
    let dy = [1, 0, 1, -1, 0, -1];
    let mut n = 0;
    // Dots in column-then-number order, so the table reads like the sorted text.
    let mut col = 0u8;
    while col < 9 {
        let mut number = 1u8;
        while number <= 9 {
            if let Some((x, y)) = xy_of(col, number) {
                if is_dot_xy(x, y) {
                    // Entries of this dot, in order of their spot text.
                    let mut found = [(0i32, 0usize); 2];
                    let mut nf = 0;
                    let mut k = 0;
                    while k < 6 {
                        if is_spot_xy(x + dx[k], y + dy[k]) {
                            found[nf] = (8 * (x + dx[k]) + (y + dy[k]), k);
                            nf += 1;
                        }
                        k += 1;
                    }
                    if nf == 2 && found[1].0 < found[0].0 {
                        let t = found[0];
                        found[0] = found[1];
                        found[1] = t;
                    }
                    let mut i = 0;
                    while i < nf {
                        let (entry, k) = found[i];
                        let kk = if k < 3 { k } else { k - 3 };
                        let shift = DIRS[kk];
                        let line = LINE_OF[kk][entry as usize];
                        out[n] = PushGeom {
                            dot: Dot { col, number },
                            entry: entry as u8,
                            line_mask: LINES[line as usize].mask,
                            line,
                            forward: k < 3,
                            shift,
                        };
                        n += 1;
                        i += 1;
                    }
                }
            }
            number += 1;
        }
        col += 1;
    }
    out
}

/// The 42 pushes, ordered by dot then first spot (the order of their text).
pub(crate) const PUSHES: [PushGeom; N_PUSHES] = build_pushes();

/// Every push, as bits of push indices.
const ALL_PUSHES: u64 = (1 << N_PUSHES) - 1;

/// Lines along shift 1 (the columns, one byte each) holding a spot of `m`: bit `x` for
/// column `x`. Each byte is folded onto its bit 0, and a multiplication gathers bits `8x`.
const fn column_lines(m: u64) -> usize {
    let mut t = m | m >> 1;
    t |= t >> 2;
    t |= t >> 4;
    ((t & 0x0001_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize & 0x7F
}

/// Lines along shift 8 (one per number `y` within the bytes) holding a spot of `m`: bit `y`.
const fn ascending_lines(m: u64) -> usize {
    let mut t = m | m >> 8;
    t |= t >> 16;
    t |= t >> 32;
    (t & 0x7F) as usize
}

/// Lines along shift 9 holding a spot of `m`. They start on bits 0-3 (column b) and 8, 16,
/// 24 (the lowest spot of columns c-e): bits 0-3, then 4-6.
const fn rising_lines(m: u64) -> usize {
    let mut t = m | m >> 9;
    t |= t >> 18;
    t |= t >> 36;
    (t & 0xF | t >> 4 & 0x10 | t >> 11 & 0x20 | t >> 18 & 0x40) as usize
}

/// `OPEN_PUSHES[k][lines]`: the pushes whose line is open, given the open lines of
/// direction `DIRS[k]` as the 7 bits of `column_lines`, `ascending_lines` or `rising_lines`
/// (the pushes of the other directions all count as open).
const OPEN_PUSHES: [[u64; 128]; 3] = {
    let mut t = [[0u64; 128]; 3];
    let mut k = 0;
    while k < 3 {
        let mut open = 0;
        while open < 128 {
            let mut pushes = ALL_PUSHES;
            let mut l = 0;
            while l < N_LINES {
                let line = LINES[l];
                // The line's own bit: where its mask lands in the gathered 7 bits.
                let bit = match k {
                    0 => column_lines(line.mask),
                    1 => ascending_lines(line.mask),
                    _ => rising_lines(line.mask),
                };
                if line.shift == DIRS[k] && open & bit == 0 {
                    pushes &= !LINE_PUSHES[l];
                }
                l += 1;
            }
            t[k][open] = pushes;
            open += 1;
        }
        k += 1;
    }
    t
};

/// `LINE_PUSHES[line]`: the two pushes along `line`, as bits of push indices.
const LINE_PUSHES: [u64; N_LINES] = {
    let mut t = [0; N_LINES];
    let mut i = 0;
    while i < N_PUSHES {
        t[PUSHES[i].line as usize] |= 1 << i;
        i += 1;
    }
    t
};

/// Iterates over the set bits of a mask, lowest first.
pub(crate) fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(i)
        }
    })
}

/// Highest set bit of a non-zero mask, as a one-bit mask.
#[inline]
const fn high_bit(m: u64) -> u64 {
    1 << (63 - m.leading_zeros())
}

/// The pieces on the board: one bit set per colour and the GIPF-pieces among them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    /// Spots holding White pieces (single or GIPF).
    pub white: u64,
    /// Spots holding Black pieces.
    pub black: u64,
    /// Spots holding GIPF-pieces (either colour).
    pub gipf: u64,
}

impl Board {
    #[inline]
    pub const fn occupied(&self) -> u64 {
        self.white | self.black
    }

    #[inline]
    pub const fn colour(&self, c: usize) -> u64 {
        if c == 0 { self.white } else { self.black }
    }

    /// The spots the push moves (the run from the entry spot up to the first gap) and the gap
    /// it fills, or `None` when the line is full.
    #[inline]
    pub fn push_run(&self, p: &PushGeom) -> Option<(u64, u64)> {
        let empty = p.line_mask & !self.occupied();
        if empty == 0 {
            return None;
        }
        // Both ends are worked out, then one kept by a mask: the direction is no branch to
        // guess.
        let forward = 0u64.wrapping_sub(u64::from(p.forward));
        let gap = empty & empty.wrapping_neg() & forward | high_bit(empty) & !forward;
        let before = (gap - 1) & forward | !(gap | (gap - 1)) & !forward;
        Some((p.line_mask & before, gap))
    }

    /// Moves the run one step along the push and puts a new piece of colour `c` on the entry.
    #[inline]
    pub fn apply_push(&mut self, p: &PushGeom, run: u64, c: usize, gipf: bool) {
        // One of the two shifts is 0, so the direction is no branch.
        let (up, down) = if p.forward {
            (p.shift, 0)
        } else {
            (0, p.shift)
        };
        let mv = |x: u64| x & !run | (x & run) << up >> down;
        self.white = mv(self.white);
        self.black = mv(self.black);
        self.gipf = mv(self.gipf);
        // The new piece by masks, not branches on its colour and kind.
        let e = 1u64 << p.entry;
        let white = 0u64.wrapping_sub(u64::from(c == 0));
        self.white |= e & white;
        self.black |= e & !white;
        self.gipf |= e & 0u64.wrapping_sub(u64::from(gipf));
    }

    /// The lines holding a row (4 or more adjacent pieces) of colour `c`, as a 21-bit mask.
    #[inline]
    pub fn row_lines(&self, c: usize) -> u32 {
        let m = self.colour(c);
        let mut lines = 0u32;
        for (k, &d) in DIRS.iter().enumerate() {
            let mut r = m & m >> d & m >> (2 * d) & m >> (3 * d);
            while r != 0 {
                let s = r.trailing_zeros() as usize;
                lines |= 1 << LINE_OF[k][s];
                r &= r - 1;
            }
        }
        lines
    }

    /// Whether any row of either colour stands on the board.
    #[inline]
    pub fn has_row(&self) -> bool {
        let (w, b) = (self.white, self.black);
        DIRS.iter().any(|&d| {
            // Pairs of neighbours, then pairs of pairs: 4 in a row.
            let (w2, b2) = (w & w >> d, b & b >> d);
            (w2 & w2 >> (2 * d)) | (b2 & b2 >> (2 * d)) != 0
        })
    }

    /// The pushes (bits of [`PUSHES`] indices) whose line has an empty spot. The empty
    /// spots of each direction are folded onto the first spots of their lines, the 7 bits
    /// (one per line) gathered, and a table gives the open pushes; no branch.
    #[inline]
    pub fn open_pushes(&self) -> u64 {
        let e = ALL_SPOTS & !self.occupied();
        OPEN_PUSHES[0][column_lines(e)]
            & OPEN_PUSHES[1][ascending_lines(e)]
            & OPEN_PUSHES[2][rising_lines(e)]
    }

    /// The whole unbroken run of pieces on `line` that contains the row of colour `c` there
    /// (0 if there is none).
    #[inline]
    pub fn row_run(&self, line: usize, c: usize) -> u64 {
        let l = &LINES[line];
        let d = l.shift;
        let m = self.colour(c) & l.mask;
        let r = m & m >> d & m >> (2 * d) & m >> (3 * d);
        if r == 0 {
            return 0;
        }
        let s = r & r.wrapping_neg();
        let empty = l.mask & !self.occupied();
        let below = empty & (s - 1);
        let above = empty & !(s | (s - 1));
        let lo = if below == 0 {
            !0
        } else {
            let h = high_bit(below);
            !(h | (h - 1))
        };
        let hi = if above == 0 {
            !0
        } else {
            (above & above.wrapping_neg()) - 1
        };
        l.mask & lo & hi
    }

    /// Removes the spots of `mask`.
    #[inline]
    pub fn remove(&mut self, mask: u64) {
        self.white &= !mask;
        self.black &= !mask;
        self.gipf &= !mask;
    }

    /// Pieces of colour `c` in `mask`, a GIPF-piece counting 2.
    #[inline]
    pub fn material(&self, c: usize, mask: u64) -> u32 {
        let m = self.colour(c) & mask;
        m.count_ones() + (m & self.gipf).count_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_counts() {
        assert_eq!(ALL_SPOTS.count_ones(), 37);
        let mut sizes: [usize; 8] = [0; 8];
        for l in &LINES {
            sizes[l.mask.count_ones() as usize] += 1;
        }
        // 21 lines: 4,5,6,7,6,5,4 spots in each of 3 directions.
        assert_eq!(sizes[4], 6);
        assert_eq!(sizes[5], 6);
        assert_eq!(sizes[6], 6);
        assert_eq!(sizes[7], 3);
        let dots: std::collections::BTreeSet<String> =
            PUSHES.iter().map(|p| p.dot.to_string()).collect();
        assert_eq!(dots.len(), 24);
    }

    #[test]
    fn push_table_matches_rules() {
        let text: Vec<String> = PUSHES
            .iter()
            .map(|p| format!("{}-{}", p.dot, Spot(p.entry)))
            .collect();
        let expected = "a1-b2 a2-b2 a2-b3 a3-b3 a3-b4 a4-b4 a4-b5 a5-b5 b1-b2 b1-c2 b6-b5 b6-c6 \
             c1-c2 c1-d2 c7-c6 c7-d7 d1-d2 d1-e2 d8-d7 d8-e8 e1-e2 e9-e8 f1-e2 f1-f2 f8-e8 f8-f7 \
             g1-f2 g1-g2 g7-f7 g7-g6 h1-g2 h1-h2 h6-g6 h6-h5 i1-h2 i2-h2 i2-h3 i3-h3 i3-h4 i4-h4 \
             i4-h5 i5-h5";
        assert_eq!(text.join(" "), expected);
    }

    #[test]
    fn lines_match_the_research_table() {
        let spots = |m: u64| crate::SpotSet::from_mask(m).to_string();
        let all: Vec<String> = LINES.iter().map(|l| spots(l.mask)).collect();
        for want in [
            "b2,c3,d4,e5,f5,g5,h5",
            "b5,c5,d5,e5,f4,g3,h2",
            "e2,e3,e4,e5,e6,e7,e8",
            "b2,c2,d2,e2",
            "e8,f7,g6,h5",
            "c2,d3,e4,f4,g4,h4",
        ] {
            assert!(
                all.contains(&want.to_string()),
                "{want} missing from {all:?}"
            );
        }
    }

    #[test]
    fn push_moves_run_to_gap() {
        // Column e: pieces on e2,e3 and e5; e1-e2 moves e2,e3 to e3,e4; e5 stays.
        let sp = |s: &str| s.parse::<Spot>().unwrap().bit();
        let mut b = Board {
            white: sp("e2") | sp("e5"),
            black: sp("e3"),
            gipf: sp("e2"),
        };
        let p = PUSHES.iter().find(|p| p.dot.to_string() == "e1").unwrap();
        let (run, gap) = b.push_run(p).unwrap();
        assert_eq!(run, sp("e2") | sp("e3"));
        assert_eq!(gap, sp("e4"));
        b.apply_push(p, run, 1, false);
        assert_eq!(b.white, sp("e3") | sp("e5"));
        assert_eq!(b.black, sp("e2") | sp("e4"));
        assert_eq!(b.gipf, sp("e3"));
        // From the other end (e9-e8): e8 empty, nothing moves.
        let q = PUSHES.iter().find(|p| p.dot.to_string() == "e9").unwrap();
        let (run, gap) = b.push_run(q).unwrap();
        assert_eq!((run, gap), (0, sp("e8")));
    }

    #[test]
    fn open_pushes_are_those_with_an_empty_spot_on_their_line() {
        let by_lines = |b: &Board| {
            (0..N_PUSHES)
                .filter(|&i| PUSHES[i].line_mask & !b.occupied() != 0)
                .fold(0u64, |m, i| m | 1 << i)
        };
        let mut rng = abstract_game::SeededRng::new(9);
        let mut boards = Vec::new();
        // Each line full on its own, and with random other spots filled.
        for l in &LINES {
            boards.push(l.mask);
            for _ in 0..50 {
                boards.push(l.mask | rng.next_u64() & rng.next_u64() & ALL_SPOTS);
            }
        }
        // Crowded random boards, where lines fill up.
        for _ in 0..20_000 {
            boards.push((rng.next_u64() | rng.next_u64() | rng.next_u64()) & ALL_SPOTS);
        }
        boards.extend([0, ALL_SPOTS]);
        let mut blocked = 0;
        for occ in boards {
            // Colours split at random: only occupancy matters.
            let white = occ & rng.next_u64();
            let b = Board {
                white,
                black: occ & !white,
                gipf: 0,
            };
            assert_eq!(b.open_pushes(), by_lines(&b), "{occ:#x}");
            blocked += usize::from(by_lines(&b) != ALL_PUSHES);
        }
        assert!(blocked > 1000, "too few boards with a full line: {blocked}");
        assert_eq!(LINE_PUSHES.iter().fold(0, |m, p| m | p), ALL_PUSHES);
        // Each line has its own bit among those of its direction.
        for (k, gather) in [column_lines, ascending_lines, rising_lines]
            .into_iter()
            .enumerate()
        {
            let lines = LINES.iter().filter(|l| l.shift == DIRS[k]);
            let bits: Vec<usize> = lines.map(|l| gather(l.mask)).collect();
            assert!(bits.iter().all(|b| b.count_ones() == 1), "{bits:?}");
            assert_eq!(bits.iter().fold(0, |m, b| m | b), 0x7F, "{bits:?}");
        }
    }

    #[test]
    fn rows_and_runs() {
        let sp = |s: &str| s.parse::<Spot>().unwrap().bit();
        // White b2..e5 on the long diagonal, Black f5, gap g5, White h5.
        let b = Board {
            white: sp("b2") | sp("c3") | sp("d4") | sp("e5") | sp("h5"),
            black: sp("f5"),
            gipf: 0,
        };
        let lines = b.row_lines(0);
        assert_eq!(lines.count_ones(), 1);
        let l = lines.trailing_zeros() as usize;
        assert_eq!(
            b.row_run(l, 0),
            sp("b2") | sp("c3") | sp("d4") | sp("e5") | sp("f5")
        );
        assert_eq!(b.row_lines(1), 0);
        assert!(b.has_row());
    }
}
