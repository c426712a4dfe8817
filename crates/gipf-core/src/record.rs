//! Game records in the official form, read and written.
//!
//! One move per line (or moves separated by `/`):
//! `[removals ;] [G]dot-lastspot [; removals] [(n)]`. `lastspot` is where the furthest pushed
//! piece ends. Removals are `x` and spots separated by commas; a `G` before a spot says a
//! GIPF-piece was removed there, a `*` after it that the piece was of the other colour than
//! the remover's (a capture). Removals of rows the opponent's push made for the player are
//! written *before* that player's own push; removals of the player's rows made by their own
//! push follow it. `(n)` is the player's reserve after the move. A record may end with a line
//! of removals only (rows the last push made for the opponent).
//!
//! The reader also takes the first-spot form (`a1-b2`), spots without marks, moves without a
//! count, the count right after the push, blank lines and `#` comments. Every mark and count
//! given is checked: a wrong one is an error naming the move and the line. The writer writes
//! every mark and count.
//!
//! ```
//! use abstract_game::Game;
//! use gipf_core::{GipfTurns, record::{parse_record, write_record}};
//! let start = GipfTurns::new(&Default::default()).unwrap();
//! // e1-e2 pushes White's GIPF-piece e2 on to e3: the last spot is e3.
//! let turns = parse_record(&start, "e1-e3\ni5-h5\n").unwrap();
//! assert_eq!(turns[0].to_string(), "e1-e2");
//! // The writer uses the last-spot form (i5-h5 pushed the piece on h5 on to g5) and gives
//! // each player's reserve after the move.
//! assert_eq!(write_record(&start, &turns).unwrap(), "e1-e3 (11)\ni5-g5 (11)\n");
//! assert!(parse_record(&start, "e1-e3 (12)").is_err()); // White has 11 left
//! ```

use crate::SpotSet;
use crate::board::{Board, PUSHES, Spot};
use crate::moves::{MoveParseError, Push, Turn, split_push};
use crate::rules::Gipf;
use crate::turns::GipfTurns;
use abstract_game::Game;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

/// Why a record was refused. `index` is the move's 1-based position in the record, `line`
/// the 1-based line of the text it is on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A move's text could not be read.
    #[error("move {index} (line {line}): {error}")]
    Text {
        /// Which move of the record.
        index: usize,
        /// The line of the text.
        line: usize,
        /// What was wrong.
        error: MoveParseError,
    },
    /// A move is well formed but no legal complete turn matches it.
    #[error("move {index} (line {line}): not a legal turn here")]
    Illegal {
        /// Which move of the record.
        index: usize,
        /// The line of the text.
        line: usize,
    },
    /// A move has no push, or two pushes, or two counts, or removals where none can belong.
    #[error("move {index} (line {line}): malformed parts")]
    Structure {
        /// Which move of the record.
        index: usize,
        /// The line of the text.
        line: usize,
    },
    /// A `G` mark on a spot that held no GIPF-piece, or a `*` mark on a piece of the
    /// remover's own colour.
    #[error("move {index} (line {line}): the mark on {spot} does not match the board")]
    Mark {
        /// Which move of the record.
        index: usize,
        /// The line of the text.
        line: usize,
        /// The marked spot.
        spot: Spot,
    },
    /// A `(n)` count that is not the player's reserve after the move.
    #[error("move {index} (line {line}): reserve written as {written}, but it is {actual}")]
    ReserveCount {
        /// Which move of the record.
        index: usize,
        /// The line of the text.
        line: usize,
        /// The count the record gives.
        written: u32,
        /// The player's reserve after the move.
        actual: u32,
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

/// Removed spots with the marks the record gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Removals {
    spots: u64,
    /// Spots marked `G`.
    gipf: u64,
    /// Spots marked `*`.
    captured: u64,
}

impl Removals {
    /// Reads `x[G]spot[*],...` and adds it.
    fn add(&mut self, s: &str) -> Result<(), MoveParseError> {
        let body = s.strip_prefix('x').ok_or(MoveParseError::Syntax)?;
        for part in body.split(',') {
            let part = part.trim();
            let (g, part) = match part.strip_prefix('G') {
                Some(p) => (true, p),
                None => (false, part),
            };
            let (star, part) = match part.strip_suffix('*') {
                Some(p) => (true, p),
                None => (false, part),
            };
            let bit = part.parse::<Spot>()?.bit();
            if self.spots & bit != 0 {
                return Err(MoveParseError::SpotList);
            }
            self.spots |= bit;
            if g {
                self.gipf |= bit;
            }
            if star {
                self.captured |= bit;
            }
        }
        Ok(())
    }

    /// The first marked spot that does not match `board` (the board after the push; pieces
    /// do not move while rows are removed) for removals by `remover`.
    fn wrong_mark(&self, board: &Board, remover: usize) -> Option<Spot> {
        let wrong = (self.gipf & !board.gipf) | (self.captured & !board.colour(1 - remover));
        Spot::from_index(wrong.trailing_zeros() as u8)
    }
}

/// Splits a trailing `(n)` count off `s`.
fn strip_count(s: &str) -> Result<(&str, Option<u32>), ()> {
    let Some(inner) = s.strip_suffix(')') else {
        return Ok((s, None));
    };
    let open = inner.rfind('(').ok_or(())?;
    let num = &inner[open + 1..];
    if num.is_empty() || num.len() > 3 || !num.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    Ok((inner[..open].trim_end(), num.parse().ok()))
}

/// One move of a record, read but not yet checked against the game.
struct Entry<'a> {
    index: usize,
    line: usize,
    before: Option<Removals>,
    push: Option<&'a str>,
    after: Removals,
    count: Option<u32>,
}

impl<'a> Entry<'a> {
    fn read(text: &'a str, index: usize, line: usize) -> Result<Entry<'a>, RecordError> {
        let structure = RecordError::Structure { index, line };
        let text_err = |error| RecordError::Text { index, line, error };
        let (body, mut count) = strip_count(text).map_err(|()| structure.clone())?;
        let mut e = Entry {
            index,
            line,
            before: None,
            push: None,
            after: Removals::default(),
            count: None,
        };
        for part in body.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            if part.starts_with('x') {
                let side = match e.push {
                    None => e.before.get_or_insert_with(Removals::default),
                    Some(_) => &mut e.after,
                };
                side.add(part).map_err(text_err)?;
            } else if e.push.is_none() {
                let (push, c) = strip_count(part).map_err(|()| structure.clone())?;
                if c.is_some() && count.is_some() {
                    return Err(structure);
                }
                count = count.or(c);
                e.push = Some(push);
            } else {
                return Err(structure);
            }
        }
        e.count = count;
        Ok(e)
    }

    fn check_count(&self, state: &GipfTurns, player: usize) -> Result<(), RecordError> {
        let actual = u32::from(state.inner().reserve[player]);
        match self.count {
            Some(written) if written != actual => Err(RecordError::ReserveCount {
                index: self.index,
                line: self.line,
                written,
                actual,
            }),
            _ => Ok(()),
        }
    }
}

/// The player due to push in `state` and the board after `push`, if the push is legal.
fn pushed(state: &GipfTurns, push: Push) -> Option<(usize, Board)> {
    let g = state.inner();
    let c = g.to_move()?.index();
    let run = g.check_push(push).ok()?;
    let mut b = g.board;
    b.apply_push(push.geom(), run, c, push.is_gipf());
    Some((c, b))
}

/// Plays the turn of `pushing` (its push and own removals) with the other player's
/// removals `theirs`, written in `by`; checks marks and the pusher's count. Returns the
/// pusher.
fn finish(
    state: &mut GipfTurns,
    turns: &mut Vec<Turn>,
    pushing: &Entry<'_>,
    push: Push,
    theirs: Removals,
    by: &Entry<'_>,
) -> Result<usize, RecordError> {
    let illegal = RecordError::Illegal {
        index: pushing.index,
        line: pushing.line,
    };
    let (c, board) = pushed(state, push).ok_or(illegal.clone())?;
    let mine = pushing.after;
    let t = Turn::new(
        push,
        SpotSet::from_mask(mine.spots),
        SpotSet::from_mask(theirs.spots),
    )
    .ok()
    .and_then(|t| state.canonical(t))
    .ok_or(illegal)?;
    for (removals, remover, e) in [(mine, c, pushing), (theirs, 1 - c, by)] {
        if let Some(spot) = removals.wrong_mark(&board, remover) {
            return Err(RecordError::Mark {
                index: e.index,
                line: e.line,
                spot,
            });
        }
    }
    state.apply_unchecked(t);
    turns.push(t);
    pushing.check_count(state, c)?;
    Ok(c)
}

/// Reads a record of the game that starts at `start` into its complete turns. Removals in
/// another order than the listed turn's (the same result) read as the listed turn.
///
/// # Errors
/// [`RecordError`] naming the first move that cannot be read, is not legal, or carries a
/// mark or count that does not match the game.
pub fn parse_record(start: &GipfTurns, text: &str) -> Result<Vec<Turn>, RecordError> {
    let mut entries = Vec::new();
    for (n, l) in text.lines().enumerate() {
        let l = l.split('#').next().unwrap_or("");
        for e in l.split('/').map(str::trim).filter(|e| !e.is_empty()) {
            entries.push(Entry::read(e, entries.len() + 1, n + 1)?);
        }
    }
    let mut state = start.clone();
    let mut turns = Vec::new();
    let mut pending: Option<(Push, &Entry<'_>)> = None;
    let mut last_pusher = None;
    for e in &entries {
        match pending.take() {
            Some((push, p)) => {
                let theirs = e.before.unwrap_or_default();
                last_pusher = Some(finish(&mut state, &mut turns, p, push, theirs, e)?);
            }
            None if e.before.is_some() => {
                return Err(RecordError::Structure {
                    index: e.index,
                    line: e.line,
                });
            }
            None => {}
        }
        match e.push {
            Some(p) => {
                let push =
                    push_in_context(state.inner(), p).map_err(|error| RecordError::Text {
                        index: e.index,
                        line: e.line,
                        error,
                    })?;
                pending = Some((push, e));
            }
            // Removals only: the last move, by the player who did not push last.
            None if e.index == entries.len() && e.before.is_some() => {
                if let Some(pusher) = last_pusher {
                    e.check_count(&state, 1 - pusher)?;
                }
            }
            None => {
                return Err(RecordError::Structure {
                    index: e.index,
                    line: e.line,
                });
            }
        }
    }
    if let Some((push, p)) = pending {
        finish(&mut state, &mut turns, p, push, Removals::default(), p)?;
    }
    Ok(turns)
}

/// Writes removed spots with their marks: `G` for a GIPF-piece, `*` for a piece of the
/// other colour than the remover's.
fn write_removals(out: &mut String, spots: SpotSet, board: &Board, remover: usize) {
    out.push('x');
    for (i, s) in spots.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        if board.gipf & s.bit() != 0 {
            out.push('G');
        }
        let _ = write!(out, "{s}");
        if board.colour(1 - remover) & s.bit() != 0 {
            out.push('*');
        }
    }
}

/// Writes the complete turns of a game starting at `start` as an official record: one move
/// per line, last-spot form, every removed spot with its marks, each move with the player's
/// reserve after it.
///
/// # Errors
/// [`RecordError::Illegal`] if a turn is not legal where it is played.
pub fn write_record(start: &GipfTurns, turns: &[Turn]) -> Result<String, RecordError> {
    let mut state = start.clone();
    let mut out = String::new();
    // The other player's removals of the last turn, the board they were made on, the remover.
    let mut carried: Option<(SpotSet, Board, usize)> = None;
    for (k, &t) in turns.iter().enumerate() {
        let illegal = RecordError::Illegal {
            index: k + 1,
            line: k + 1,
        };
        state.check_move(t).map_err(|_| illegal.clone())?;
        let (c, board) = pushed(&state, t.push()).ok_or(illegal.clone())?;
        if let Some((spots, b, remover)) = carried.take() {
            write_removals(&mut out, spots, &b, remover);
            out.push_str(" ; ");
        }
        let push = t.push();
        let last = last_spot(state.inner(), push).ok_or(illegal)?;
        let g = if push.is_gipf() { "G" } else { "" };
        let _ = write!(out, "{g}{}-{last}", push.geom().dot);
        if !t.pusher_removed().is_empty() {
            out.push_str(" ; ");
            write_removals(&mut out, t.pusher_removed(), &board, c);
        }
        state.apply_unchecked(t);
        let _ = writeln!(out, " ({})", state.inner().reserve[c]);
        if !t.other_removed().is_empty() {
            carried = Some((t.other_removed(), board, 1 - c));
        }
    }
    if let Some((spots, b, remover)) = carried {
        write_removals(&mut out, spots, &b, remover);
        let _ = writeln!(out, " ({})", state.inner().reserve[remover]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_marks_are_read() {
        assert_eq!(strip_count("a1-b2 (12)"), Ok(("a1-b2", Some(12))));
        assert_eq!(strip_count("a1-b2(3)"), Ok(("a1-b2", Some(3))));
        assert_eq!(strip_count("a1-b2"), Ok(("a1-b2", None)));
        assert!(strip_count("a1-b2 ()").is_err());
        assert!(strip_count("a1-b2 (1234)").is_err());
        let mut r = Removals::default();
        r.add("xGb2,c3*,d4").unwrap();
        assert_eq!(r.spots.count_ones(), 3);
        assert_eq!(r.gipf.count_ones(), 1);
        assert_eq!(r.captured.count_ones(), 1);
        assert!(Removals::default().add("x").is_err());
        assert!(Removals::default().add("xb2,b2").is_err());
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
