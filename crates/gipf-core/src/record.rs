//! Game records in the official form, read and written.
//!
//! One move per line (or moves separated by `/`): `[removals ;] [G]dot-lastspot [; removals]`.
//! `lastspot` is where the furthest pushed piece ends. Removals are `x` and spots separated
//! by commas. Removals of rows the opponent's push made for the player are written *before*
//! that player's own push; removals of the player's rows made by their own push follow it. A
//! record may end with a line of removals only (rows the last push made for the opponent).
//!
//! The reader also takes the first-spot form (`a1-b2`), a `G` before a removed spot and a
//! `*` after it (both ignored), a trailing `(n)` reserve count (ignored), blank lines and
//! `#` comments.
//!
//! ```
//! use abstract_game::Game;
//! use gipf_core::{GipfTurns, record::{parse_record, write_record}};
//! let start = GipfTurns::new(&Default::default()).unwrap();
//! // e1-e2 pushes White's GIPF-piece e2 on to e3: the last spot is e3.
//! let turns = parse_record(&start, "e1-e3\ni5-h5\n").unwrap();
//! assert_eq!(turns[0].to_string(), "e1-e2");
//! // The writer uses the last-spot form: i5-h5 pushed the piece on h5 on to g5.
//! assert_eq!(write_record(&start, &turns).unwrap(), "e1-e3\ni5-g5\n");
//! ```

use crate::SpotSet;
use crate::board::{PUSHES, Spot};
use crate::moves::{MoveParseError, Push, Turn, split_push};
use crate::rules::Gipf;
use crate::turns::GipfTurns;
use abstract_game::Game;

/// Why a record was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A move's text could not be read (the number is the move's 1-based position).
    #[error("move {index}: {error}")]
    Text {
        /// Which move of the record.
        index: usize,
        /// What was wrong.
        error: MoveParseError,
    },
    /// A move is well formed but no legal complete turn matches it.
    #[error("move {index}: not a legal turn here")]
    Illegal {
        /// Which move of the record.
        index: usize,
    },
    /// A move has no push, or two pushes, or removals where none can belong.
    #[error("move {index}: malformed parts")]
    Structure {
        /// Which move of the record.
        index: usize,
    },
}

/// Reads `[G]dot-spot` in the context of a position: `spot` may be the first spot entered or
/// the spot where the furthest pushed piece ends.
pub fn push_in_context(g: &Gipf, text: &str) -> Result<Push, MoveParseError> {
    let (gipf, dot, spot) = split_push(text)?;
    for (i, p) in PUSHES.iter().enumerate() {
        if p.dot != dot || p.line_mask & spot.bit() == 0 {
            continue;
        }
        let push = Push::new(i as u8, gipf).ok_or(MoveParseError::Syntax)?;
        if p.entry == spot.index() {
            return Ok(push);
        }
        return match g.board.push_run(p) {
            Some((_, gap)) if gap == spot.bit() => Ok(push),
            _ => Err(MoveParseError::WrongEnd),
        };
    }
    Err(MoveParseError::NotEntry)
}

/// The spot where the furthest piece moved by `push` ends, in position `g`.
#[must_use]
pub fn last_spot(g: &Gipf, push: Push) -> Option<Spot> {
    g.board
        .push_run(push.geom())
        .and_then(|(_, gap)| Spot::from_index(gap.trailing_zeros() as u8))
}

/// Reads a removal list `x[G]spot[*],...`.
fn removal_list(s: &str) -> Result<u64, MoveParseError> {
    let body = s.strip_prefix('x').ok_or(MoveParseError::Syntax)?;
    let mut mask = 0u64;
    for part in body.split(',') {
        let part = part.trim();
        let part = part.strip_prefix('G').unwrap_or(part);
        let part = part.strip_suffix('*').unwrap_or(part);
        let spot: Spot = part.parse()?;
        if mask & spot.bit() != 0 {
            return Err(MoveParseError::SpotList);
        }
        mask |= spot.bit();
    }
    Ok(mask)
}

/// Strips a trailing `(n)` reserve count.
fn strip_count(s: &str) -> &str {
    if let Some(open) = s.rfind('(') {
        let inner = &s[open + 1..];
        if let Some(num) = inner.strip_suffix(')') {
            if !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()) {
                return s[..open].trim_end();
            }
        }
    }
    s
}

/// Reads a record of the game that starts at `start` into its complete turns.
///
/// # Errors
/// [`RecordError`] naming the first move that cannot be read or is not legal.
pub fn parse_record(start: &GipfTurns, text: &str) -> Result<Vec<Turn>, RecordError> {
    let entries: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(|l| l.split('/'))
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .collect();
    let mut state = start.clone();
    let mut turns = Vec::new();
    let mut pending: Option<(Push, u64, usize)> = None;
    let finish = |state: &mut GipfTurns,
                  turns: &mut Vec<Turn>,
                  (push, mine, index): (Push, u64, usize),
                  theirs: u64|
     -> Result<(), RecordError> {
        let t = Turn::new(push, SpotSet::from_mask(mine), SpotSet::from_mask(theirs))
            .map_err(|_| RecordError::Illegal { index })?;
        state.apply(t).map_err(|_| RecordError::Illegal { index })?;
        turns.push(t);
        Ok(())
    };
    for (k, entry) in entries.iter().enumerate() {
        let index = k + 1;
        let text_err = |error| RecordError::Text { index, error };
        let (mut before, mut after, mut push) = (0u64, 0u64, None);
        for part in entry.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            if part.starts_with('x') {
                let m = removal_list(part).map_err(text_err)?;
                if push.is_none() {
                    before |= m;
                } else {
                    after |= m;
                }
            } else if push.is_none() {
                push = Some(strip_count(part));
            } else {
                return Err(RecordError::Structure { index });
            }
        }
        match pending.take() {
            Some(p) => finish(&mut state, &mut turns, p, before)?,
            None if before != 0 => return Err(RecordError::Structure { index }),
            None => {}
        }
        match push {
            Some(p) => {
                let push = push_in_context(state.inner(), p).map_err(text_err)?;
                pending = Some((push, after, index));
            }
            // Removals only: allowed as the last entry.
            None if index == entries.len() && before != 0 => {}
            None => return Err(RecordError::Structure { index }),
        }
    }
    if let Some(p) = pending {
        finish(&mut state, &mut turns, p, 0)?;
    }
    Ok(turns)
}

/// Writes the complete turns of a game starting at `start` as an official record (one move
/// per line, last-spot form).
///
/// # Errors
/// [`RecordError::Illegal`] if a turn is not legal where it is played.
pub fn write_record(start: &GipfTurns, turns: &[Turn]) -> Result<String, RecordError> {
    let mut state = start.clone();
    let mut out = String::new();
    let mut carried = SpotSet::EMPTY;
    for (k, &t) in turns.iter().enumerate() {
        let index = k + 1;
        state
            .check_move(t)
            .map_err(|_| RecordError::Illegal { index })?;
        if !carried.is_empty() {
            out.push_str(&format!("x{carried} ; "));
        }
        let push = t.push();
        let last = last_spot(state.inner(), push).ok_or(RecordError::Illegal { index })?;
        let g = if push.is_gipf() { "G" } else { "" };
        out.push_str(&format!("{g}{}-{last}", push.geom().dot));
        if !t.pusher_removed().is_empty() {
            out.push_str(&format!(" ; x{}", t.pusher_removed()));
        }
        out.push('\n');
        carried = t.other_removed();
        state.apply_unchecked(t);
    }
    if !carried.is_empty() {
        out.push_str(&format!("x{carried}\n"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserve_counts_and_marks_are_ignored() {
        assert_eq!(strip_count("a1-b2 (12)"), "a1-b2");
        assert_eq!(strip_count("a1-b2(3)"), "a1-b2");
        assert_eq!(strip_count("a1-b2 ()"), "a1-b2 ()");
        let m = removal_list("xGb2,c3*,d4").unwrap();
        assert_eq!(m.count_ones(), 3);
        assert!(removal_list("x").is_err());
        assert!(removal_list("xb2,b2").is_err());
    }

    #[test]
    fn last_spot_of_a_push() {
        let g = Gipf::start(crate::Variant::Standard);
        let p: Push = "e1-e2".parse().unwrap();
        assert_eq!(last_spot(&g, p).map(|s| s.to_string()), Some("e3".into()));
        assert_eq!(push_in_context(&g, "e1-e3"), Ok(p));
        assert_eq!(push_in_context(&g, "e1-e2"), Ok(p));
        assert_eq!(push_in_context(&g, "e1-e4"), Err(MoveParseError::WrongEnd));
        assert_eq!(push_in_context(&g, "a1-c2"), Err(MoveParseError::NotEntry));
    }
}
