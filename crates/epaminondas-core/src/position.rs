//! The one-line position text.
//!
//! ```text
//! position = board " " turn " mirror:" switch " stones:" switch
//! board    = row *("/" row)          ; the top rank first, `height` rows of `width` cells
//! cell     = "1" / "2" / "X" / "."    ; player 1, player 2, stone, empty
//! turn     = "1" / "2"                ; the player to move
//! switch   = "on" / "off"
//! ```
//!
//! The board is the format of the oracle records. Width and height come from the rows.
//! Stones (`X`) need `stones:on` and stand on the stone rows; while fewer than three stand,
//! the stones are being placed and `turn` must be the placer (1, 2, 1 for 0, 1, 2 stones).

use crate::bits::Bits;
use crate::board::{Geometry, MAX_HEIGHT, MAX_WIDTH};
use crate::rules::{Config, ConfigError, Epaminondas, STONE_COUNT};
use core::fmt;
use core::str::FromStr;

/// Why a position text was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PositionError {
    /// Not four space-separated fields.
    #[error("expected: board turn mirror:on|off stones:on|off")]
    Fields,
    /// A board cell other than `1`, `2`, `X`, `.`.
    #[error("bad board cell (expected 1, 2, X or .)")]
    Cell,
    /// Rows of different lengths, or more rows or columns than the engine holds.
    #[error("board rows must all have the same length, at most 16 rows of 16")]
    Shape,
    /// The board size is refused (as a configuration would be).
    #[error("board size: {0}")]
    Size(ConfigError),
    /// The turn is not `1` or `2`.
    #[error("turn must be 1 or 2")]
    Turn,
    /// A switch is not `mirror:on|off` or `stones:on|off`.
    #[error("expected mirror:on|off then stones:on|off")]
    Switch,
    /// Stones on the board without `stones:on`, more than three, or off the stone rows.
    #[error("stones need stones:on, at most 3, on the middle rows")]
    Stones,
    /// During stone placement the turn must be the placing player.
    #[error("while stones are placed, the turn is 1, 2, 1 for 0, 1, 2 stones")]
    PlacementTurn,
}

impl fmt::Display for Epaminondas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut row = [0u8; MAX_WIDTH as usize];
        for r in (0..self.geo.height).rev() {
            for file in 0..self.geo.width {
                let i = self.geo.index(file, r);
                row[file as usize] = if self.pieces[0].has(i) {
                    b'1'
                } else if self.pieces[1].has(i) {
                    b'2'
                } else if self.stones.has(i) {
                    b'X'
                } else {
                    b'.'
                };
            }
            let text = core::str::from_utf8(&row[..self.geo.width as usize]).unwrap_or("");
            f.write_str(text)?;
            if r > 0 {
                f.write_str("/")?;
            }
        }
        let sw = |b: bool| if b { "on" } else { "off" };
        write!(
            f,
            " {} mirror:{} stones:{}",
            self.to_move + 1,
            sw(self.mirror),
            sw(self.stones_variant)
        )
    }
}

fn switch(field: &str, name: &str) -> Result<bool, PositionError> {
    match field.strip_prefix(name) {
        Some(":on") => Ok(true),
        Some(":off") => Ok(false),
        _ => Err(PositionError::Switch),
    }
}

impl FromStr for Epaminondas {
    type Err = PositionError;

    /// Reads the position text: `board turn mirror:on|off stones:on|off`, the board rows top
    /// rank first (`1`, `2`, `X` stone, `.` empty) joined by `/` (grammar in
    /// [`crate::doc::notation`]).
    ///
    /// ```
    /// use epaminondas_core::Epaminondas;
    /// assert!("22/22/../11/1 1 mirror:on stones:off".parse::<Epaminondas>().is_err());
    /// let p: Epaminondas = "22/22/../11/11 2 mirror:on stones:off".parse().unwrap();
    /// assert_eq!((p.width(), p.height()), (2, 5));
    /// assert_eq!(p.to_string(), "22/22/../11/11 2 mirror:on stones:off");
    /// ```
    fn from_str(s: &str) -> Result<Self, PositionError> {
        let mut fields = s.split(' ');
        let (Some(board), Some(turn), Some(mirror), Some(stones), None) = (
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
        ) else {
            return Err(PositionError::Fields);
        };
        let mirror = switch(mirror, "mirror")?;
        let stones_variant = switch(stones, "stones")?;
        let to_move = match turn {
            "1" => 0,
            "2" => 1,
            _ => return Err(PositionError::Turn),
        };
        // Read the cells before knowing the size: at most 16 x 16.
        let mut cells = [[0u8; MAX_WIDTH as usize]; MAX_HEIGHT as usize];
        let mut height = 0usize;
        let mut width = None;
        for row in board.split('/') {
            let b = row.as_bytes();
            if height >= MAX_HEIGHT as usize || b.len() > MAX_WIDTH as usize {
                return Err(PositionError::Shape);
            }
            match width {
                None => width = Some(b.len()),
                Some(w) if w != b.len() => return Err(PositionError::Shape),
                _ => {}
            }
            for (c, &ch) in b.iter().enumerate() {
                if !matches!(ch, b'1' | b'2' | b'X' | b'.') {
                    return Err(PositionError::Cell);
                }
                cells[height][c] = ch;
            }
            height += 1;
        }
        let width = width.unwrap_or(0);
        let config = Config {
            width: width as u8,
            height: height as u8,
            stones: stones_variant,
            mirror,
        };
        let mut p = Epaminondas::empty(&config).map_err(PositionError::Size)?;
        let geo: Geometry = p.geo;
        for (row, line) in cells.iter().take(height).enumerate() {
            let rank = (height - 1 - row) as u8;
            for (file, &ch) in line.iter().take(width).enumerate() {
                let i = geo.index(file as u8, rank);
                match ch {
                    b'1' => p.pieces[0].set(i),
                    b'2' => p.pieces[1].set(i),
                    b'X' => p.stones.set(i),
                    _ => {}
                }
            }
        }
        let n_stones = p.stones.count();
        if !p.stones.is_empty()
            && (!stones_variant
                || n_stones > STONE_COUNT
                || (p.stones & !p.stone_rows()) != Bits::EMPTY)
        {
            return Err(PositionError::Stones);
        }
        if stones_variant && n_stones < STONE_COUNT && to_move != (n_stones % 2) as u8 {
            return Err(PositionError::PlacementTurn);
        }
        p.to_move = to_move;
        p.refresh();
        Ok(p)
    }
}

#[cfg(feature = "serde")]
abstract_game::serde_via_text!(
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    Epaminondas
);

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::Game;

    #[test]
    fn start_text_round_trips() {
        let s = Epaminondas::new(&Config::default()).unwrap();
        let t = s.to_string();
        assert!(t.starts_with("22222222222222/22222222222222/............../"));
        assert!(t.ends_with("/11111111111111/11111111111111 1 mirror:on stones:off"));
        assert_eq!(t.parse::<Epaminondas>().unwrap(), s);
    }

    #[test]
    fn rejects() {
        let ok = "22/22/../11/11 1 mirror:on stones:off";
        assert!(ok.parse::<Epaminondas>().is_ok());
        for (t, e) in [
            ("", PositionError::Fields),
            ("22/22/../11/11 1 mirror:on", PositionError::Fields),
            (
                "22/22/../11/11 1 mirror:on stones:off ",
                PositionError::Fields,
            ),
            ("22/22/../11/1 1 mirror:on stones:off", PositionError::Shape),
            ("22/22/.a/11/11 1 mirror:on stones:off", PositionError::Cell),
            ("22/22/../11/11 3 mirror:on stones:off", PositionError::Turn),
            (
                "22/22/../11/11 1 mirror:yes stones:off",
                PositionError::Switch,
            ),
            (
                "22/22/../11/11 1 stones:off mirror:on",
                PositionError::Switch,
            ),
            (
                "22/../11 1 mirror:on stones:off",
                PositionError::Size(ConfigError::Height(3)),
            ),
            (
                "2/2/./1/1 1 mirror:on stones:off",
                PositionError::Size(ConfigError::Width(1)),
            ),
            (
                "22/22/X./11/11 1 mirror:on stones:off",
                PositionError::Stones,
            ),
        ] {
            assert_eq!(t.parse::<Epaminondas>(), Err(e), "{t}");
        }
    }

    #[test]
    fn stones_rules_in_text() {
        let board = "222222/222222/....../....../....../....../111111/111111";
        // 6 x 8 board: stone rows are ranks 4 and 5.
        let t = format!("{board} 1 mirror:on stones:on");
        let p: Epaminondas = t.parse().unwrap();
        assert!(p.placing_stones());
        let wrong = format!("{board} 2 mirror:on stones:on");
        assert_eq!(
            wrong.parse::<Epaminondas>(),
            Err(PositionError::PlacementTurn)
        );
        let off_row =
            "222222/222222/X...../....../....../....../111111/111111 2 mirror:on stones:on";
        assert_eq!(off_row.parse::<Epaminondas>(), Err(PositionError::Stones));
        let one = "222222/222222/....../....../X...../....../111111/111111 2 mirror:on stones:on";
        assert_eq!(one.parse::<Epaminondas>().unwrap().to_string(), one);
    }
}
