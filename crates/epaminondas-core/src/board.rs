//! Board geometry (sizes, square numbering, directions) and the square type.

use crate::bits::Bits;
use abstract_game::PlayerId;
use core::fmt;

/// Widest board the engine holds (files `a`..`p`).
pub const MAX_WIDTH: u8 = 16;
/// Tallest board the engine holds (ranks `1`..`16`).
pub const MAX_HEIGHT: u8 = 16;
/// Narrowest board: a diagonal needs two files.
pub const MIN_WIDTH: u8 = 2;
/// Lowest board: two full rows per side.
pub const MIN_HEIGHT: u8 = 4;

/// A square, independent of any board size: file 0 = `a`, rank 0 = `1`.
///
/// Text: the file letter and the 1-based rank, for example `a1` or `n12`.
///
/// ```
/// use epaminondas_core::Square;
/// let s: Square = "n12".parse().unwrap();
/// assert_eq!((s.file(), s.rank()), (13, 11));
/// assert_eq!(s.to_string(), "n12");
/// assert_eq!(format!("{s:?}"), "Square(n12)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl fmt::Debug for Square {
    /// The square's name: `Square(n12)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({self})")
    }
}

/// What stands on a square of the board ([`Epaminondas::at`](crate::Epaminondas::at)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    /// Nothing.
    Empty,
    /// A piece of this player.
    Piece(PlayerId),
    /// A neutral stone (stumbling-blocks variant).
    Stone,
}

impl Square {
    /// The square on `file` (0-based, `< 16`) and `rank` (0-based, `< 16`).
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_WIDTH && rank < MAX_HEIGHT {
            Some(Square(rank << 4 | file))
        } else {
            None
        }
    }

    /// 0-based file (`a` = 0).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 & 15
    }

    /// 0-based rank (`1` = 0).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// The packed code `rank * 16 + file`.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        self.0
    }

    /// The square of a packed code (the caller keeps file and rank below 16).
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Square {
        Square(code)
    }

    /// Parses a square at the start of `s`; returns it and the number of bytes read.
    pub(crate) fn parse_prefix(s: &[u8]) -> Option<(Square, usize)> {
        let (&f, rest) = s.split_first()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = f - b'a';
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || rest[0] == b'0' {
            return None;
        }
        let mut rank: u32 = 0;
        for &d in &rest[..digits] {
            rank = rank * 10 + u32::from(d - b'0');
        }
        let rank = u8::try_from(rank).ok()?.checked_sub(1)?;
        Some((Square::new(file, rank)?, 1 + digits))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

/// A square text that does not name a square (`a1`..`p16`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("not a square (a file letter a-p and a rank 1-16)")]
pub struct BadSquare;

impl core::str::FromStr for Square {
    type Err = BadSquare;
    fn from_str(s: &str) -> Result<Self, BadSquare> {
        match Square::parse_prefix(s.as_bytes()) {
            Some((sq, n)) if n == s.len() => Ok(sq),
            _ => Err(BadSquare),
        }
    }
}

/// The eight directions as (file step, rank step), in generation order.
pub(crate) const DIRS: [(i8, i8); 8] = [
    (0, 1),   // N
    (1, 1),   // NE
    (1, 0),   // E
    (1, -1),  // SE
    (0, -1),  // S
    (-1, -1), // SW
    (-1, 0),  // W
    (-1, 1),  // NW
];

/// A board size and the masks that go with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Geometry {
    pub(crate) width: u8,
    pub(crate) height: u8,
    /// Every square of the board (guard column excluded).
    pub(crate) board: Bits,
    /// The first and the last rank (player 1's and player 2's home rows).
    pub(crate) home: [Bits; 2],
}

impl Geometry {
    /// Whether the engine holds a `width` x `height` board.
    pub(crate) const fn fits(width: u8, height: u8) -> bool {
        width >= MIN_WIDTH
            && width <= MAX_WIDTH
            && height >= MIN_HEIGHT
            && height <= MAX_HEIGHT
            && (width as u32 + 1) * height as u32 <= 256
    }

    /// The geometry of a size that [`Geometry::fits`].
    pub(crate) fn new(width: u8, height: u8) -> Geometry {
        debug_assert!(Geometry::fits(width, height));
        let mut g = Geometry {
            width,
            height,
            board: Bits::EMPTY,
            home: [Bits::EMPTY; 2],
        };
        for r in 0..height {
            g.board |= g.row(r);
        }
        g.home = [g.row(0), g.row(height - 1)];
        g
    }

    #[inline]
    pub(crate) const fn stride(&self) -> i32 {
        self.width as i32 + 1
    }

    /// Bit index of (file, rank); the caller keeps them on the board.
    #[inline]
    pub(crate) const fn index(&self, file: u8, rank: u8) -> usize {
        rank as usize * (self.width as usize + 1) + file as usize
    }

    /// Bit index of a square, if it is on this board.
    #[inline]
    pub(crate) const fn index_of(&self, sq: Square) -> Option<usize> {
        if sq.file() < self.width && sq.rank() < self.height {
            Some(self.index(sq.file(), sq.rank()))
        } else {
            None
        }
    }

    /// The square of a bit index on the board.
    #[inline]
    pub(crate) fn square(&self, i: usize) -> Square {
        let s = self.width as usize + 1;
        Square(((i / s) as u8) << 4 | (i % s) as u8)
    }

    /// Bit delta of direction `d` (an index into [`DIRS`]).
    #[inline]
    pub(crate) const fn delta(&self, d: usize) -> i32 {
        DIRS[d].1 as i32 * self.stride() + DIRS[d].0 as i32
    }

    /// The squares of 0-based rank `r`.
    pub(crate) fn row(&self, r: u8) -> Bits {
        // width <= 16, so the first rank fits in the lowest limb.
        let mask = Bits([(1u64 << self.width) - 1, 0, 0, 0]);
        mask.shl(u32::from(r) * (u32::from(self.width) + 1))
    }

    /// The set reflected across the middle line between rank 1 and the last rank.
    pub(crate) fn flip(&self, b: Bits) -> Bits {
        let stride = u32::from(self.width) + 1;
        let row0 = self.row(0);
        let mut out = Bits::EMPTY;
        for r in 0..u32::from(self.height) {
            let line = b.shr(r * stride) & row0;
            out |= line.shl((u32::from(self.height) - 1 - r) * stride);
        }
        out
    }

    /// The set reflected across the vertical middle line (file a <-> last file).
    pub(crate) fn flip_files(&self, b: Bits) -> Bits {
        let mut out = Bits::EMPTY;
        for i in b.iter() {
            let sq = self.square(i);
            out.set(self.index(self.width - 1 - sq.file(), sq.rank()));
        }
        out
    }
}

/// Board shapes the tests walk: the standard board, the largest both ways round, two files,
/// four ranks, and two small odd ones.
#[cfg(test)]
pub(crate) const TEST_SHAPES: [(u8, u8); 7] = [
    (14, 12),
    (16, 15),
    (15, 16),
    (2, 16),
    (16, 4),
    (8, 8),
    (5, 9),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_text() {
        for t in ["a1", "n12", "p16", "b10"] {
            assert_eq!(t.parse::<Square>().unwrap().to_string(), t);
        }
        for t in ["", "a", "a0", "a01", "q1", "a17", "A1", "a1 ", "1a", "a100"] {
            assert!(t.parse::<Square>().is_err(), "{t}");
        }
    }

    #[test]
    fn geometry_masks() {
        let g = Geometry::new(14, 12);
        assert_eq!(g.board.count(), 168);
        assert_eq!(g.row(0).count(), 14);
        assert_eq!(g.row(11), g.flip(g.row(0)));
        assert_eq!(g.flip(g.flip(g.board)), g.board);
        let i = g.index(3, 2);
        assert_eq!(g.square(i), Square::new(3, 2).unwrap());
        assert_eq!(g.flip(Bits::single(i)), Bits::single(g.index(3, 9)));
        assert_eq!(g.flip_files(Bits::single(i)), Bits::single(g.index(10, 2)));
        assert!(Geometry::fits(16, 15) && !Geometry::fits(16, 16) && !Geometry::fits(8, 3));
        let g = Geometry::new(16, 15);
        assert_eq!(g.board.count(), 240);
    }
}
