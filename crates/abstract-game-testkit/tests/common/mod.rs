//! Tic-tac-toe pieces shared by the planted-bug tests: each test file builds its own `Ttt`
//! game (with the bugs it plants) from these.
#![allow(dead_code)]

use std::fmt;
use std::str::FromStr;

/// A cell, 0 to 8 in reading order; written `c0` to `c8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u8);

/// The one error of the test games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bad;

impl fmt::Display for Bad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bad")
    }
}
impl std::error::Error for Bad {}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c{}", self.0)
    }
}
impl FromStr for Cell {
    type Err = Bad;
    fn from_str(s: &str) -> Result<Self, Bad> {
        let d = s.strip_prefix('c').ok_or(Bad)?;
        match d.parse::<u8>() {
            Ok(n) if n < 9 && d.len() == 1 => Ok(Cell(n)),
            _ => Err(Bad),
        }
    }
}

/// Cells: 0 empty, 1 X, 2 O.
pub type Cells = [u8; 9];

/// The eight lines of three.
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The mark (1 or 2) that has three in a line, if one has.
pub fn line_winner(cells: &Cells) -> Option<u8> {
    LINES.iter().find_map(|l| {
        let v = cells[l[0]];
        (v != 0 && v == cells[l[1]] && v == cells[l[2]]).then_some(v)
    })
}

/// The position text: the nine cells (`-`, `x`, `o`), a space and the side to move.
pub fn write_position(f: &mut fmt::Formatter<'_>, cells: &Cells, x_to_move: bool) -> fmt::Result {
    for &c in cells {
        f.write_str(["-", "x", "o"][usize::from(c)])?;
    }
    f.write_str(if x_to_move { " x" } else { " o" })
}

/// Reads what [`write_position`] writes: the cells and whether X is to move.
pub fn read_position(s: &str) -> Result<(Cells, bool), Bad> {
    let (board, side) = s.split_once(' ').ok_or(Bad)?;
    if board.len() != 9 {
        return Err(Bad);
    }
    let mut cells = [0; 9];
    for (i, ch) in board.chars().enumerate() {
        cells[i] = match ch {
            '-' => 0,
            'x' => 1,
            'o' => 2,
            _ => return Err(Bad),
        };
    }
    let x_to_move = match side {
        "x" => true,
        "o" => false,
        _ => return Err(Bad),
    };
    Ok((cells, x_to_move))
}
