//! Position text: one line holding everything the rules need.
//!
//! ```text
//! position := board " " seat " " scores " " target [ " must-change" ]
//! board    := rank "/" rank "/" ... (8 ranks, rank 8 first)
//! rank     := (empty | piece)+   covering files a..h, two empty runs never adjacent
//! empty    := "1".."8"           a run of empty squares
//! piece    := size seat state    e.g. L1U, M2NE, S3W
//! size     := "S" | "M" | "L"
//! state    := "U" | "N" | "NE" | "E" | "SE" | "S" | "SW" | "W" | "NW"
//! seat     := "1".."4"           (to move: the seat that decides next)
//! scores   := number ("," number)+   one per seat: their count is the player count (2..4)
//! target   := number (at least 1)
//! number   := "0" | "1".."9" digit*
//! ```
//!
//! `must-change` appears only when `Config::charge_keeps_state` is `false` (the seed's
//! rule), so texts of the default rules are those of the versions without the switch.

use crate::board::{Size, State, cell_owner, cell_size, pieces_per_size};
use crate::rules::piece_cell;
use crate::{Pikemen, board::cell_piece};
use abstract_game::PlayerId;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// Why a position text was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PositionError {
    /// Not four space-separated fields (and an optional `must-change`).
    #[error(
        "expected four fields: board, seat to move, scores, target (then optionally must-change)"
    )]
    Fields,
    /// The board field does not have 8 ranks of 8 squares in the documented syntax.
    #[error("malformed board on rank {rank}")]
    Board {
        /// The rank (1..=8) where reading failed.
        rank: u8,
    },
    /// The seat to move is not a seat of this game.
    #[error("the seat to move must be 1..=player count")]
    Seat,
    /// The scores field is malformed or does not list 2 to 4 scores.
    #[error("scores must be 2 to 4 comma-separated numbers")]
    Scores,
    /// The target is not a number of at least 1.
    #[error("the target must be a number of at least 1")]
    Target,
    /// A piece belongs to a seat beyond the player count.
    #[error("a piece belongs to seat {seat}, beyond the player count")]
    Owner {
        /// The seat number (1-based).
        seat: u8,
    },
    /// A seat has more pieces of one size than the player count allows.
    #[error("seat {seat} has too many pieces of size {size:?}")]
    TooManyPieces {
        /// The seat number (1-based).
        seat: u8,
        /// The size in excess.
        size: Size,
    },
    /// The scores add up to more than the value of the pieces missing from the board, or
    /// one seat holds more than the missing enemy pieces are worth.
    #[error("the scores exceed the value of the captured pieces")]
    ScoresExceedCaptures,
    /// More than one seat has reached the target.
    #[error("more than one seat has reached the target")]
    SeveralAtTarget,
    /// The seat to move has no pieces (eliminated seats never move).
    #[error("the seat to move has no pieces")]
    SeatHasNoPieces,
}

impl fmt::Display for Pikemen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match cell_piece(self.cells[rank * 8 + file]) {
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{p}")?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} ", self.to_move + 1)?;
        for p in 0..self.players as usize {
            if p > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", self.scores[p])?;
        }
        write!(f, " {}", self.target)?;
        if !self.charge_keeps_state {
            f.write_str(" must-change")?;
        }
        Ok(())
    }
}

/// A canonical decimal number (no sign, no leading zero) that fits in `u64`.
fn number(text: &str) -> Option<u64> {
    let b = text.as_bytes();
    if b.is_empty()
        || b.len() > 19
        || !b.iter().all(u8::is_ascii_digit)
        || (b[0] == b'0' && b.len() > 1)
    {
        return None;
    }
    text.parse().ok()
}

/// Reads one rank into `cells` (files a..h of rank index `rank`).
fn read_rank(text: &str, rank: usize, cells: &mut [u8; 64]) -> Option<()> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut file = 0usize;
    let mut last_was_empty = false;
    while i < b.len() {
        match b[i] {
            d @ b'1'..=b'8' => {
                if last_was_empty {
                    return None;
                }
                file += usize::from(d - b'0');
                last_was_empty = true;
                i += 1;
            }
            s @ (b'S' | b'M' | b'L') => {
                let size = match s {
                    b'S' => Size::Small,
                    b'M' => Size::Medium,
                    _ => Size::Large,
                };
                let owner = match b.get(i + 1) {
                    Some(&o @ b'1'..=b'4') => o - b'1',
                    _ => return None,
                };
                i += 2;
                // Longest state first: NE before N, etc.
                let two = b.get(i..i + 2).and_then(|t| core::str::from_utf8(t).ok());
                let state = match two.and_then(State::parse) {
                    Some(s) => {
                        i += 2;
                        s
                    }
                    None => {
                        let one = b.get(i..i + 1).and_then(|t| core::str::from_utf8(t).ok());
                        let s = one.and_then(State::parse)?;
                        i += 1;
                        s
                    }
                };
                if file >= 8 {
                    return None;
                }
                cells[rank * 8 + file] = piece_cell(owner, size, state as u8);
                file += 1;
                last_was_empty = false;
            }
            _ => return None,
        }
        if file > 8 {
            return None;
        }
    }
    (file == 8).then_some(())
}

impl FromStr for Pikemen {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Pikemen, PositionError> {
        let fields: Vec<&str> = s.split(' ').collect();
        let (fields, charge_keeps_state) = match fields.as_slice() {
            [rest @ .., "must-change"] => (rest, false),
            all => (all, true),
        };
        let &[board, seat, scores_text, target] = fields else {
            return Err(PositionError::Fields);
        };

        let mut cells = [0u8; 64];
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(PositionError::Board { rank: 8 });
        }
        for (k, text) in ranks.iter().enumerate() {
            let rank = 7 - k;
            read_rank(text, rank, &mut cells).ok_or(PositionError::Board {
                rank: rank as u8 + 1,
            })?;
        }

        let score_fields: Vec<&str> = scores_text.split(',').collect();
        if !(2..=4).contains(&score_fields.len()) {
            return Err(PositionError::Scores);
        }
        let players = score_fields.len() as u8;
        let mut scores = [0u8; 4];
        for (p, t) in score_fields.iter().enumerate() {
            scores[p] = number(t)
                .and_then(|v| u8::try_from(v).ok())
                .ok_or(PositionError::Scores)?;
        }

        let seat = number(seat)
            .filter(|&v| (1..=u64::from(players)).contains(&v))
            .ok_or(PositionError::Seat)? as u8
            - 1;
        let target = number(target)
            .and_then(|v| u32::try_from(v).ok())
            .filter(|&v| v >= 1)
            .ok_or(PositionError::Target)?;

        // Consistency: owners, piece counts, scores.
        let per_size = pieces_per_size(players);
        let mut counts = [[0u8; 4]; 4];
        let mut on_board_value = [0u32; 4];
        for &c in cells.iter().filter(|&&c| c != 0) {
            let owner = cell_owner(c);
            if owner >= players {
                return Err(PositionError::Owner { seat: owner + 1 });
            }
            let size = cell_size(c);
            counts[owner as usize][size as usize] += 1;
            on_board_value[owner as usize] += u32::from(size);
            if counts[owner as usize][size as usize] > per_size {
                return Err(PositionError::TooManyPieces {
                    seat: owner + 1,
                    size: Size::ALL[size as usize - 1],
                });
            }
        }
        let full_value = u32::from(per_size) * 6;
        let missing: Vec<u32> = (0..players as usize)
            .map(|p| full_value - on_board_value[p])
            .collect();
        let total_missing: u32 = missing.iter().sum();
        let total_scores: u32 = scores.iter().map(|&v| u32::from(v)).sum();
        if total_scores > total_missing
            || (0..players as usize).any(|p| u32::from(scores[p]) > total_missing - missing[p])
        {
            return Err(PositionError::ScoresExceedCaptures);
        }
        if (0..players as usize)
            .filter(|&p| u32::from(scores[p]) >= target)
            .count()
            > 1
        {
            return Err(PositionError::SeveralAtTarget);
        }
        if !cells.iter().any(|&c| c != 0 && cell_owner(c) == seat) {
            return Err(PositionError::SeatHasNoPieces);
        }
        let rules = crate::Config {
            players,
            target,
            charge_keeps_state,
        };
        Ok(Pikemen::from_parts(cells, players, seat, scores, rules))
    }
}

impl Pikemen {
    /// Reads a position text (same as `FromStr`), for callers who prefer a named function.
    ///
    /// ```
    /// use pikemen_core::Pikemen;
    /// use abstract_game::{Game, PlayerId};
    /// // A tiny custom setup: a large of seat 1 on d5 pointing east, a small of seat 2 on
    /// // a1; seat 2 to move; scores 3 and 0; target 12.
    /// let g = Pikemen::from_text("8/8/8/3L1E4/8/8/8/S2U7 2 3,0 12").unwrap();
    /// assert_eq!(g.score(PlayerId::FIRST), 3);
    /// assert_eq!(g.to_string(), "8/8/8/3L1E4/8/8/8/S2U7 2 3,0 12");
    /// ```
    pub fn from_text(text: &str) -> Result<Pikemen, PositionError> {
        text.parse()
    }

    /// The seat to move as a [`PlayerId`] even after the game ended (the seat that would
    /// move next).
    #[must_use]
    pub fn seat_to_move(&self) -> PlayerId {
        PlayerId::new(self.to_move).unwrap_or(PlayerId::FIRST)
    }
}

#[cfg(feature = "serde")]
abstract_game::serde_via_text!(
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    Pikemen
);

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::Game;

    #[test]
    fn texts_are_canonical() {
        // Adjacent empty runs, leading zeros and signs are refused, so Display gives back
        // exactly what was read.
        for bad in [
            "44/8/8/8/8/8/8/S1U6S2U 1 0,0 12",
            "8/8/8/8/8/8/8/S1U6S2U 01 0,0 12",
            "8/8/8/8/8/8/8/S1U6S2U 1 0,00 12",
            "8/8/8/8/8/8/8/S1U6S2U 1 0,0 012",
            "8/8/8/8/8/8/8/S1U6S2U 1 0,0 +12",
            "8/8/8/8/8/8/8/S1U6S2U  1 0,0 12",
            "8/8/8/8/8/8/8/S1U6S2U 1 0,0 12 ",
            "8/8/8/8/8/8/8/S1U6S2U 1 0,0 99999999999",
        ] {
            assert!(bad.parse::<Pikemen>().is_err(), "{bad}");
        }
        let good = "8/8/8/8/8/8/8/S1U6S2U 1 0,0 4000000000";
        assert_eq!(good.parse::<Pikemen>().unwrap().to_string(), good);
    }

    #[test]
    fn the_after_charge_switch_is_written_only_when_not_default() {
        let keep = "8/8/8/8/8/8/8/S1NE6S2U 1 0,0 12";
        let change = "8/8/8/8/8/8/8/S1NE6S2U 1 0,0 12 must-change";
        let (a, b): (Pikemen, Pikemen) = (keep.parse().unwrap(), change.parse().unwrap());
        assert!(a.config().charge_keeps_state);
        assert!(!b.config().charge_keeps_state);
        assert_eq!(
            (a.to_string(), b.to_string()),
            (keep.to_string(), change.to_string())
        );
        assert_ne!(a.hash64(), b.hash64());
        assert_eq!(b.hash64(), b.hash64_from_scratch());
        // a1 pointing NE charges b2..h8: 7 stops x 9 or x 8, plus 8 reorientations.
        assert_eq!((a.count_moves(), b.count_moves()), (8 + 7 * 9, 8 + 7 * 8));
        for bad in [
            "8/8/8/8/8/8/8/S1NE6S2U 1 0,0 12 must-change must-change",
            "8/8/8/8/8/8/8/S1NE6S2U 1 0,0 12 may-keep",
            "8/8/8/8/8/8/8/S1NE6S2U 1 0,0 12  must-change",
            "8/8/8/8/8/8/8/S1NE6S2U 1 0,0 must-change",
        ] {
            assert!(bad.parse::<Pikemen>().is_err(), "{bad}");
        }
    }

    #[test]
    fn two_letter_states_are_read_greedily() {
        // S pointing S followed by a small: "S1S" then "S2U"; a NE state is not N then E.
        let g: Pikemen = "8/8/8/8/8/8/8/S1SS2US1NE5 1 0,0 12".parse().unwrap();
        assert_eq!(g.to_string(), "8/8/8/8/8/8/8/S1SS2US1NE5 1 0,0 12");
        // a1 points off the board; c1 charges d2 e3 f4 g5 h6.
        assert_eq!(g.count_moves(), 8 + 8 + 9 * 5);
    }

    #[test]
    fn equal_boards_under_other_rules_differ() {
        let a: Pikemen = "8/8/8/8/8/8/8/S1U6S2U 1 0,0 12".parse().unwrap();
        let b: Pikemen = "8/8/8/8/8/8/8/S1U6S2U 1 0,0 15".parse().unwrap();
        let c: Pikemen = "8/8/8/8/8/8/8/S1U6S2U 1 0,0,0 12".parse().unwrap();
        let d: Pikemen = "8/8/8/8/8/8/8/S1U6S2U 1 1,0 12".parse().unwrap();
        assert_ne!(a, b);
        assert_ne!(a.hash64(), b.hash64());
        assert_ne!(a.hash64(), c.hash64());
        assert_ne!(a.hash64(), d.hash64());
        assert_eq!(a.hash64(), a.hash64_from_scratch());
    }
}
