//! Squares, piece sizes and states, the ray tables and the starting setups.
//!
//! A square is a number `0..64`: `a1 = 0`, `h1 = 7`, `a8 = 56` (`rank * 8 + file`). Bitboards
//! use the same numbering, bit `i` for square `i`.

use core::fmt;

/// A square of the 8x8 board, `a1` (0) to `h8` (63).
///
/// ```
/// use pikemen_core::Square;
/// let e2 = Square::parse("e2").unwrap();
/// assert_eq!((e2.file(), e2.rank()), (4, 1));
/// assert_eq!(e2.to_string(), "e2");
/// assert_eq!(Square::parse("i9"), None);
/// assert_eq!(format!("{e2:?}"), "Square(e2)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl fmt::Debug for Square {
    /// The square's name: `Square(e2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({self})")
    }
}

impl Square {
    /// The square with index `index` (`rank * 8 + file`), if `index < 64`.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are below 8.
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// Reads a square name such as `e2` (exactly two characters).
    #[must_use]
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => Square::from_coords(f - b'a', r - b'1'),
            _ => None,
        }
    }

    /// The index `0..64`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 7 (h).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    pub(crate) const fn raw(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.file()),
            char::from(b'1' + self.rank())
        )
    }
}

/// The size of a piece; its value in points is its number of pips (1, 2 or 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Size {
    /// One pip, worth 1 point.
    Small = 1,
    /// Two pips, worth 2 points.
    Medium = 2,
    /// Three pips, worth 3 points.
    Large = 3,
}

impl Size {
    /// All sizes, smallest first.
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    /// Points a capture of this piece is worth (its pips).
    #[must_use]
    pub const fn points(self) -> u8 {
        self as u8
    }

    /// The letter used in position text: `S`, `M` or `L`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Size::Small => 'S',
            Size::Medium => 'M',
            Size::Large => 'L',
        }
    }

    pub(crate) const fn from_pips(pips: u8) -> Option<Size> {
        match pips {
            1 => Some(Size::Small),
            2 => Some(Size::Medium),
            3 => Some(Size::Large),
            _ => None,
        }
    }
}

/// The state of a piece: upright (defence) or lying and pointing in one of 8 directions.
///
/// The discriminants are the codes used inside the engine: 0 upright, then the directions
/// clockwise from north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum State {
    /// Upright: cannot charge; only a strictly larger piece can capture it.
    Up = 0,
    /// Pointing north (towards rank 8).
    N = 1,
    /// Pointing north-east.
    NE = 2,
    /// Pointing east (towards file h).
    E = 3,
    /// Pointing south-east.
    SE = 4,
    /// Pointing south (towards rank 1).
    S = 5,
    /// Pointing south-west.
    SW = 6,
    /// Pointing west (towards file a).
    W = 7,
    /// Pointing north-west.
    NW = 8,
}

impl State {
    /// All nine states, upright first.
    pub const ALL: [State; 9] = [
        State::Up,
        State::N,
        State::NE,
        State::E,
        State::SE,
        State::S,
        State::SW,
        State::W,
        State::NW,
    ];

    /// The text of the state in moves and position text: `U`, `N`, `NE`, ...
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            State::Up => "U",
            State::N => "N",
            State::NE => "NE",
            State::E => "E",
            State::SE => "SE",
            State::S => "S",
            State::SW => "SW",
            State::W => "W",
            State::NW => "NW",
        }
    }

    /// Reads `U`, `N`, `NE`, ... (exact, upper case).
    #[must_use]
    pub fn parse(text: &str) -> Option<State> {
        State::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Whether the piece is lying (pointing somewhere), i.e. not upright.
    #[must_use]
    pub const fn is_lying(self) -> bool {
        !matches!(self, State::Up)
    }

    pub(crate) const fn code(self) -> u8 {
        self as u8
    }

    pub(crate) const fn from_code(code: u8) -> State {
        State::ALL[(code % 9) as usize]
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A piece on the board: owner seat (0-based), size and state.
///
/// ```
/// use pikemen_core::{Piece, Size, State};
/// use abstract_game::PlayerId;
/// let p = Piece { owner: PlayerId::FIRST, size: Size::Large, state: State::Up };
/// assert_eq!(p.to_string(), "L1U");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The seat that owns the piece.
    pub owner: abstract_game::PlayerId,
    /// Its size.
    pub size: Size,
    /// Upright or pointing.
    pub state: State,
}

impl fmt::Display for Piece {
    /// Position-text form: size letter, seat number, state, e.g. `M2NE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.size.letter(), self.owner, self.state)
    }
}

// ---- cell encoding --------------------------------------------------------------------------
// A cell byte is 0 when empty, otherwise `owner << 6 | size << 4 | state` with size 1..=3, so
// a non-zero size field marks a piece.

pub(crate) const fn cell(owner: u8, size: u8, state: u8) -> u8 {
    owner << 6 | size << 4 | state
}
pub(crate) const fn cell_owner(c: u8) -> u8 {
    c >> 6
}
pub(crate) const fn cell_size(c: u8) -> u8 {
    (c >> 4) & 3
}
pub(crate) const fn cell_state(c: u8) -> u8 {
    c & 15
}
pub(crate) const fn with_state(c: u8, state: u8) -> u8 {
    (c & !15) | state
}

pub(crate) fn cell_piece(c: u8) -> Option<Piece> {
    let size = Size::from_pips(cell_size(c))?;
    Some(Piece {
        owner: abstract_game::PlayerId::new(cell_owner(c))?,
        size,
        state: State::from_code(cell_state(c)),
    })
}

// ---- directions and rays --------------------------------------------------------------------

/// (file step, rank step) of direction `d` (state code `d + 1`): N, NE, E, SE, S, SW, W, NW.
pub(crate) const DIR_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Whether moving in direction `d` increases the square index (N, NE, E, NW do: their index
/// step is +8, +9, +1, +7), which decides whether the nearest blocker is the lowest or the
/// highest set bit of a ray.
pub(crate) const DIR_UP: [bool; 8] = [true, true, true, false, false, false, false, true];

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIR_STEPS[d];
            let mut f = (sq % 8) as i8 + df;
            let mut r = (sq / 8) as i8 + dr;
            let mut mask = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                mask |= 1u64 << (r * 8 + f) as u32;
                f += df;
                r += dr;
            }
            rays[sq][d] = mask;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// `RAYS[sq][d]`: every square strictly beyond `sq` in direction `d`, to the board edge.
pub(crate) const RAYS: [[u64; 8]; 64] = build_rays();

/// `RAY_ENDS[sq][d]`: the farthest square of `RAYS[sq][d]` (at the board edge) as a bit, or
/// the bit of `sq` itself if the ray is empty (at the edge, pointing off the board).
pub(crate) const RAY_ENDS: [[u64; 8]; 64] = {
    let mut ends = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let ray = RAYS[sq][d];
            ends[sq][d] = if ray == 0 {
                1 << sq
            } else if DIR_UP[d] {
                1 << (63 - ray.leading_zeros())
            } else {
                ray & ray.wrapping_neg()
            };
            d += 1;
        }
        sq += 1;
    }
    ends
};

/// The nearest occupied square beyond `sq` in direction `d`, if any.
#[inline]
pub(crate) fn first_blocker(sq: usize, d: usize, occ: u64) -> Option<usize> {
    let hits = RAYS[sq][d] & occ;
    if hits == 0 {
        None
    } else if DIR_UP[d] {
        Some(hits.trailing_zeros() as usize)
    } else {
        Some(63 - hits.leading_zeros() as usize)
    }
}

/// The number of squares from `a` to `b` along a ray (Chebyshev distance).
#[inline]
pub(crate) const fn distance(a: usize, b: usize) -> u32 {
    let df = (a % 8).abs_diff(b % 8);
    let dr = (a / 8).abs_diff(b / 8);
    (if df > dr { df } else { dr }) as u32
}

/// `LINE_DISTANCE[a][b]`: [`distance`] as a table, for the charge counting of every move.
pub(crate) const LINE_DISTANCE: [[u8; 64]; 64] = {
    let mut t = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            t[a][b] = distance(a, b) as u8;
            b += 1;
        }
        a += 1;
    }
    t
};

// ---- setups -------------------------------------------------------------------------------

/// One player's pieces in a setup: (large squares, medium squares, small squares).
type Army = (
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

const SETUP_2: [Army; 2] = [
    (
        &["h1", "g1", "f1", "h2", "h3"],
        &["e1", "g2", "f2", "g3", "h4"],
        &["d1", "e2", "f3", "g4", "h5"],
    ),
    (
        &["a8", "b8", "c8", "a7", "a6"],
        &["d8", "b7", "c7", "b6", "a5"],
        &["e8", "d7", "c6", "b5", "a4"],
    ),
];

// Our reading of the published 3-player diagram (see docs/rules.md).
const SETUP_3: [Army; 3] = [
    (
        &["g4", "h4", "g5", "h5"],
        &["g3", "h3", "g6", "h6"],
        &["f3", "f4", "f5", "f6"],
    ),
    (
        &["a1", "b1", "a2", "b2"],
        &["c1", "c2", "a3", "b3"],
        &["d1", "d2", "c3", "d3"],
    ),
    (
        &["a8", "b8", "a7", "b7"],
        &["c8", "c7", "a6", "b6"],
        &["d8", "d7", "c6", "d6"],
    ),
];

const SETUP_4: [Army; 4] = [
    (
        &["h1", "g1", "h2"],
        &["f1", "g2", "h3"],
        &["f2", "g3", "f3"],
    ),
    (
        &["a1", "b1", "a2"],
        &["c1", "b2", "a3"],
        &["c2", "b3", "c3"],
    ),
    (
        &["a8", "b8", "a7"],
        &["c8", "b7", "a6"],
        &["c7", "b6", "c6"],
    ),
    (
        &["h8", "g8", "h7"],
        &["f8", "g7", "h6"],
        &["f7", "g6", "f6"],
    ),
];

/// The starting cells for `players` (2..=4): every piece upright.
pub(crate) fn setup_cells(players: u8) -> [u8; 64] {
    let armies: &[Army] = match players {
        2 => &SETUP_2,
        3 => &SETUP_3,
        _ => &SETUP_4,
    };
    let mut cells = [0u8; 64];
    for (owner, (large, medium, small)) in armies.iter().enumerate() {
        for (size, squares) in [(3u8, large), (2, medium), (1, small)] {
            for name in squares.iter() {
                // The tables above are fixed and valid; a bad name would be caught by tests.
                if let Some(sq) = Square::parse(name) {
                    cells[sq.index()] = cell(owner as u8, size, State::Up.code());
                }
            }
        }
    }
    cells
}

/// Pieces of each size one player has at the start of a game of `players` players.
#[must_use]
pub(crate) const fn pieces_per_size(players: u8) -> u8 {
    match players {
        2 => 5,
        3 => 4,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_have_expected_lengths() {
        // From a1 north: a2..a8 (7 squares); from a1 west: nothing; from d4 NE: e5 f6 g7 h8.
        assert_eq!(RAYS[0][0].count_ones(), 7);
        assert_eq!(RAYS[0][6], 0);
        let d4 = Square::parse("d4").unwrap().index();
        assert_eq!(RAYS[d4][1].count_ones(), 4);
        assert_eq!(first_blocker(0, 0, 1 << 40), Some(40));
        let h8 = 63;
        assert_eq!(first_blocker(h8, 5, 1 | 1 << 9), Some(9));
        assert_eq!(distance(0, 63), 7);
    }

    #[test]
    fn setups_hold_the_right_armies() {
        for players in 2..=4u8 {
            let cells = setup_cells(players);
            for owner in 0..players {
                for size in 1..=3u8 {
                    let n = cells
                        .iter()
                        .filter(|&&c| c != 0 && cell_owner(c) == owner && cell_size(c) == size)
                        .count();
                    assert_eq!(
                        n,
                        pieces_per_size(players) as usize,
                        "{players} {owner} {size}"
                    );
                }
            }
        }
    }
}
