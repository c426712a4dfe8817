//! Position text (one line) and the board diagram.
//!
//! Grammar (fields separated by single spaces, see [`crate::doc::notation`]):
//!
//! ```text
//! position := variant " W:" pieces " B:" pieces " R:" n "/" n " C:" n "/" n " " phase
//!             [" K:" line ("," line)*] [" G:" ("wb" | "w" | "b" | "-")]
//! variant  := "basic" | "standard" | "tournament"
//! pieces   := "-" | piece ("," piece)*        piece := ["G"] spot   (sorted by spot)
//! phase    := ("push" | "rows" | "won") ":" ("w" | "b")
//! line     := spot "-" spot                   (the line's two end spots, lower first)
//! ```

use crate::board::{Board, LINES, N_LINES, Spot, bits};
use crate::rules::{Gipf, Phase};
use crate::{Variant, board::PointError};
use abstract_game::Game;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};
use core::str::FromStr;

/// Why a position text was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PositionError {
    /// The text does not follow the grammar; the field is named.
    #[error("malformed position text ({0})")]
    Syntax(&'static str),
    /// A bad spot name.
    #[error("bad spot: {0}")]
    Spot(#[from] PointError),
    /// A spot is listed twice.
    #[error("a spot is listed twice")]
    Overlap,
    /// GIPF-pieces where the variant has none, or more than the variant allows.
    #[error("GIPF-pieces not allowed here (basic: none; standard: at most 3 per colour)")]
    GipfPieces,
    /// Board (GIPF-piece = 2) + reserve + captured must make 18 pieces per colour (15 in basic).
    #[error("pieces do not add up for {0} (board + reserve + captured)")]
    Conservation(&'static str),
    /// A push is due while a row that must be removed stands, or removals are due but nobody
    /// has a real choice to make.
    #[error("the phase does not match the rows on the board")]
    Rows,
    /// A kept-row line that does not hold a row made only of GIPF-pieces, a row of the
    /// player who did not push kept while the pusher still has rows to decide, or kept lines
    /// outside the removal phase.
    #[error("bad kept-row lines")]
    KeptLines,
    /// `won:` in a game the loss of a last GIPF-piece did not end: a basic game, or the loser
    /// still has a GIPF-piece on the board.
    #[error("no loss of a last GIPF-piece ended this game")]
    NotWon,
    /// A game in progress where a player has no GIPF-piece on the board (standard; in
    /// tournament unless they may still bring one in): that game would be over.
    #[error("a player without GIPF-pieces would have lost")]
    NoGipfPiece,
    /// (Complete-turn view) the position is in the middle of a turn.
    #[error("not the start of a turn")]
    NotTurnStart,
    /// The tournament flags are missing or present outside a tournament game, or a player
    /// who may still bring in GIPF-pieces has played a single piece (one on the board, or an
    /// odd reserve or capture count).
    #[error(
        "bad G: field (required in tournament games only; a player with a single piece played may not bring in GIPF-pieces)"
    )]
    Flags,
}

fn colour_char(c: u8) -> char {
    if c == 0 { 'w' } else { 'b' }
}

fn line_name(l: usize) -> String {
    let line = &LINES[l];
    let a = Spot::from_index(line.first).map(|s| s.to_string());
    let b = Spot::from_index(line.last).map(|s| s.to_string());
    format!("{}-{}", a.unwrap_or_default(), b.unwrap_or_default())
}

impl fmt::Display for Gipf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.variant)?;
        for (tag, m) in [(" W:", self.board.white), (" B:", self.board.black)] {
            f.write_str(tag)?;
            if m == 0 {
                f.write_char('-')?;
            }
            for (i, s) in bits(m).enumerate() {
                if i > 0 {
                    f.write_char(',')?;
                }
                if self.board.gipf >> s & 1 == 1 {
                    f.write_char('G')?;
                }
                write!(f, "{}", Spot::from_index(s).ok_or(fmt::Error)?)?;
            }
        }
        write!(
            f,
            " R:{}/{} C:{}/{} ",
            self.reserve[0], self.reserve[1], self.captured[0], self.captured[1]
        )?;
        match self.phase {
            Phase::Push(c) => write!(f, "push:{}", colour_char(c))?,
            Phase::Removing(c) => write!(f, "rows:{}", colour_char(c))?,
            Phase::Won(c) => write!(f, "won:{}", colour_char(c))?,
        }
        if self.handled != 0 {
            f.write_str(" K:")?;
            for (i, l) in bits(u64::from(self.handled)).enumerate() {
                if i > 0 {
                    f.write_char(',')?;
                }
                f.write_str(&line_name(l as usize))?;
            }
        }
        if self.variant == Variant::Tournament {
            f.write_str(" G:")?;
            match self.can_gipf {
                [true, true] => f.write_str("wb")?,
                [true, false] => f.write_str("w")?,
                [false, true] => f.write_str("b")?,
                [false, false] => f.write_str("-")?,
            }
        }
        Ok(())
    }
}

fn number(s: &str, what: &'static str) -> Result<u8, PositionError> {
    if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PositionError::Syntax(what));
    }
    s.parse().map_err(|_| PositionError::Syntax(what))
}

fn pair(s: &str, what: &'static str) -> Result<[u8; 2], PositionError> {
    let (a, b) = s.split_once('/').ok_or(PositionError::Syntax(what))?;
    Ok([number(a, what)?, number(b, what)?])
}

fn colour(s: &str) -> Result<u8, PositionError> {
    match s {
        "w" => Ok(0),
        "b" => Ok(1),
        _ => Err(PositionError::Syntax("phase")),
    }
}

/// Reads `-` or `Gb5,e2,...` into (pieces, gipf) masks.
fn pieces(s: &str) -> Result<(u64, u64), PositionError> {
    if s == "-" {
        return Ok((0, 0));
    }
    let (mut m, mut g) = (0u64, 0u64);
    for part in s.split(',') {
        let (is_g, name) = match part.strip_prefix('G') {
            Some(r) => (true, r),
            None => (false, part),
        };
        let spot: Spot = name.parse()?;
        if m & spot.bit() != 0 {
            return Err(PositionError::Overlap);
        }
        m |= spot.bit();
        if is_g {
            g |= spot.bit();
        }
    }
    Ok((m, g))
}

impl FromStr for Gipf {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut it = s.split(' ');
        let mut field = |prefix: &str, what: &'static str| -> Result<&str, PositionError> {
            it.next()
                .and_then(|t| t.strip_prefix(prefix))
                .ok_or(PositionError::Syntax(what))
        };
        let variant: Variant = field("", "variant")?
            .parse()
            .map_err(|_| PositionError::Syntax("variant"))?;
        let (white, wg) = pieces(field("W:", "W:")?)?;
        let (black, bg) = pieces(field("B:", "B:")?)?;
        let reserve = pair(field("R:", "R:")?, "R:")?;
        let captured = pair(field("C:", "C:")?, "C:")?;
        let phase_text = field("", "phase")?;
        let (kind, who) = phase_text
            .split_once(':')
            .ok_or(PositionError::Syntax("phase"))?;
        let c = colour(who)?;
        let phase = match kind {
            "push" => Phase::Push(c),
            "rows" => Phase::Removing(c),
            "won" => Phase::Won(c),
            _ => return Err(PositionError::Syntax("phase")),
        };
        let mut rest: Vec<&str> = it.collect();
        let mut flags = None;
        if let Some(last) = rest.last().and_then(|t| t.strip_prefix("G:")) {
            flags = Some(match last {
                "wb" => [true, true],
                "w" => [true, false],
                "b" => [false, true],
                "-" => [false, false],
                _ => return Err(PositionError::Syntax("G:")),
            });
            rest.pop();
        }
        let mut handled = 0u32;
        if let Some(k) = rest.first().and_then(|t| t.strip_prefix("K:")) {
            for name in k.split(',') {
                let l = (0..N_LINES)
                    .find(|&l| line_name(l) == name)
                    .ok_or(PositionError::KeptLines)?;
                if handled >> l & 1 == 1 {
                    return Err(PositionError::KeptLines);
                }
                handled |= 1 << l;
            }
            rest.remove(0);
        }
        if !rest.is_empty() {
            return Err(PositionError::Syntax("trailing fields"));
        }
        if white & black != 0 {
            return Err(PositionError::Overlap);
        }
        if (flags.is_some()) != (variant == Variant::Tournament) {
            return Err(PositionError::Flags);
        }
        let gipf = wg | bg;
        match variant {
            Variant::Basic if gipf != 0 => return Err(PositionError::GipfPieces),
            Variant::Standard if wg.count_ones() > 3 || bg.count_ones() > 3 => {
                return Err(PositionError::GipfPieces);
            }
            _ => {}
        }
        let mut g = Gipf {
            board: Board { white, black, gipf },
            reserve,
            captured,
            variant,
            can_gipf: flags.unwrap_or([false, false]),
            phase,
            handled,
            hash: 0,
        };
        let total = variant.pieces_per_player();
        for (c, name) in [(0, "White"), (1, "Black")] {
            let sum = g.board.material(c, !0) + u32::from(g.reserve[c]) + u32::from(g.captured[c]);
            if sum != total {
                return Err(PositionError::Conservation(name));
            }
        }
        g.validate_phase()?;
        g.hash = g.compute_hash();
        Ok(g)
    }
}

impl Gipf {
    /// Tournament: a player who may still bring in GIPF-pieces has only ever played
    /// GIPF-pieces, so has no single piece on the board and even reserve and capture counts.
    fn validate_flags(&self) -> Result<(), PositionError> {
        for c in 0..2 {
            let singles = self.board.colour(c) & !self.board.gipf;
            if self.can_gipf[c]
                && (singles != 0 || self.reserve[c] % 2 != 0 || self.captured[c] % 2 != 0)
            {
                return Err(PositionError::Flags);
            }
        }
        Ok(())
    }

    /// Kept lines: each holds a row whose run is made only of GIPF-pieces (only those may be
    /// left standing), and the other player's kept row means the pusher has no row left to
    /// decide (the pusher decides all their rows first).
    fn validate_kept(&self, pusher: usize) -> Result<(), PositionError> {
        for l in bits(u64::from(self.handled)) {
            let l = l as usize;
            let owner = (0..2).find(|&c| self.board.row_lines(c) >> l & 1 == 1);
            let Some(owner) = owner else {
                return Err(PositionError::KeptLines);
            };
            if self.board.row_run(l, owner) & !self.board.gipf != 0
                || (owner != pusher && self.offered(pusher) != 0)
            {
                return Err(PositionError::KeptLines);
            }
        }
        Ok(())
    }

    /// Checks that the phase fits the rows on the board, as the engine leaves them.
    fn validate_phase(&self) -> Result<(), PositionError> {
        let rows = self.board.row_lines(0) | self.board.row_lines(1);
        if self.variant != Variant::Basic && !matches!(self.phase, Phase::Won(_)) {
            let has = self.has_gipf();
            if (0..2).any(|c| !has[c] && !self.can_gipf[c]) {
                return Err(PositionError::NoGipfPiece);
            }
        }
        self.validate_flags()?;
        match self.phase {
            Phase::Won(w) => {
                if self.handled != 0 {
                    return Err(PositionError::KeptLines);
                }
                // Only the removal of the loser's last GIPF-piece ends a game this way.
                if self.variant == Variant::Basic || self.has_gipf()[1 - w as usize] {
                    return Err(PositionError::NotWon);
                }
            }
            Phase::Push(_) => {
                if self.handled != 0 {
                    return Err(PositionError::KeptLines);
                }
                // Only rows made of GIPF-pieces alone (kept, tournament) may stand.
                for c in 0..2 {
                    for l in bits(u64::from(self.board.row_lines(c))) {
                        let run = self.board.row_run(l as usize, c);
                        if self.variant != Variant::Tournament || run & !self.board.gipf != 0 {
                            return Err(PositionError::Rows);
                        }
                    }
                }
            }
            Phase::Removing(p) => {
                if self.handled & !rows != 0 {
                    return Err(PositionError::KeptLines);
                }
                self.validate_kept(p as usize)?;
                let Some(c) = self.decider() else {
                    return Err(PositionError::Rows);
                };
                // The engine stops only where the player has a real choice.
                let mut list = abstract_game::MoveList::<Gipf>::new();
                self.removal_options(c, &mut list);
                if list.len() < 2 {
                    return Err(PositionError::Rows);
                }
            }
        }
        Ok(())
    }
}

/// The board drawn with its coordinates: `w`/`b` single pieces, `W`/`B` GIPF-pieces, `.` an
/// empty spot, `+` a dot; the dots at the ends of each column named (`a1` under column a, `a5`
/// over it), the pieces of rows waiting for removal in parentheses, and a status line.
pub(crate) fn diagram(g: &Gipf) -> String {
    // Text rows from number-level 19 (over e9) down to 1 (under e1); column c at text column
    // 2 + 4c, so that a mark fits left of column a.
    let mut grid = vec![vec![b' '; 4 * 8 + 6]; 19];
    let place = |grid: &mut Vec<Vec<u8>>, level: i32, col: u8, text: &[u8]| {
        let row = (19 - level) as usize;
        let x = 2 + 4 * col as usize;
        let x = if text.len() == 3 { x - 1 } else { x };
        grid[row][x..x + text.len()].copy_from_slice(text);
    };
    let pending = pending_spots(g);
    for col in 0u8..9 {
        let (mut low, mut high) = (None, None);
        for number in 1u8..=9 {
            let name = format!("{}{}", (b'a' + col) as char, number);
            let level = 2 * i32::from(number) + (i32::from(col) - 4).abs();
            if !(2..=18).contains(&level) {
                continue;
            }
            let ch = if let Ok(spot) = name.parse::<Spot>() {
                match g.piece_at(spot) {
                    None => b'.',
                    Some((p, gp)) => match (p.index(), gp) {
                        (0, false) => b'w',
                        (0, true) => b'W',
                        (_, false) => b'b',
                        (_, true) => b'B',
                    },
                }
            } else if name.parse::<crate::Dot>().is_ok() {
                b'+'
            } else {
                continue;
            };
            let in_row = name
                .parse::<Spot>()
                .is_ok_and(|s| pending & 1 << s.index() != 0);
            if in_row {
                place(&mut grid, level, col, &[b'(', ch, b')']);
            } else {
                place(&mut grid, level, col, &[ch]);
            }
            low = low.or(Some((level, name.clone())));
            high = Some((level, name));
        }
        for (level, name) in [low.map(|(l, n)| (l - 1, n)), high.map(|(l, n)| (l + 1, n))]
            .into_iter()
            .flatten()
        {
            place(&mut grid, level, col, name.as_bytes());
        }
    }
    let mut out = String::new();
    for row in &grid {
        out.push_str(String::from_utf8_lossy(row).trim_end());
        out.push('\n');
    }
    out.push_str(
        "  a   b   c   d   e   f   g   h   i    (W B: GIPF-pieces; w b: pieces; +: dots; (w): a row to remove)\n",
    );
    let name = |p: abstract_game::PlayerId| {
        let colour = if p.index() == 0 { "White" } else { "Black" };
        format!("player {p} ({colour})")
    };
    let who = match g.status() {
        abstract_game::Status::Ongoing(p) if g.at_turn_start() => format!("{} to push", name(p)),
        abstract_game::Status::Ongoing(p) => format!("{} to remove a row", name(p)),
        abstract_game::Status::Finished(o) => match o.winner() {
            Some(p) => format!("game over: {} wins", name(p)),
            None => "game over".to_string(),
        },
    };
    let _ = writeln!(
        out,
        "in reserve: White {}, Black {}; lost to captures: White {}, Black {}",
        g.reserve[0], g.reserve[1], g.captured[0], g.captured[1]
    );
    let _ = writeln!(out, "{who} ({})", g.variant);
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The spots of the rows waiting for removal, as a mask of spot indices.
fn pending_spots(g: &Gipf) -> u64 {
    if !matches!(g.phase, Phase::Removing(_)) {
        return 0;
    }
    (0..2usize)
        .flat_map(|c| {
            bits(u64::from(g.offered(c))).map(move |line| g.board.row_run(line as usize, c))
        })
        .fold(0, |all, run| all | run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_texts() {
        let s = Gipf::start(Variant::Standard).to_string();
        assert_eq!(
            s,
            "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0 push:w"
        );
        assert_eq!(
            Gipf::start(Variant::Tournament).to_string(),
            "tournament W:- B:- R:18/18 C:0/0 push:w G:wb"
        );
        assert_eq!(
            Gipf::start(Variant::Basic).to_string(),
            "basic W:b5,e2,h5 B:b2,e8,h2 R:12/12 C:0/0 push:w"
        );
        for v in [Variant::Basic, Variant::Standard, Variant::Tournament] {
            let g = Gipf::start(v);
            assert_eq!(g.to_string().parse::<Gipf>().unwrap(), g);
        }
    }

    #[test]
    fn refused_texts() {
        for t in [
            "",
            "standard",
            "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0",
            "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/11 C:0/0 push:w",
            "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0 push:x",
            "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh5 R:12/12 C:0/0 push:w",
            "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0 push:w G:wb",
            "basic W:Gb5,e2,h5 B:b2,e8,h2 R:10/12 C:0/0 push:w",
            "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0 rows:w",
            "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0 push:w extra",
            "tournament W:- B:- R:18/18 C:0/0 push:w",
            "standard W:b5,e2,h5 B:Gb2,Ge8,Gh2 R:15/12 C:0/0 push:w",
            "tournament W:Ge2 B:e8 R:16/17 C:0/0 push:w G:w",
        ] {
            assert!(t.parse::<Gipf>().is_err(), "{t}");
        }
    }

    /// States no game reaches, each next to an accepted text that differs only in the flaw.
    #[test]
    fn unreachable_states_are_refused() {
        for (bad, good, why) in [
            (
                "standard W:b2,b3,Gb4,b5,Gh5 B:d2,d3,d4,d5,Gh2 R:11/12 C:0/0 rows:w K:d2-d7",
                "standard W:b2,b3,Gb4,b5,Gh5 B:d2,d3,d4,d5,Gh2 R:11/12 C:0/0 rows:w",
                "a kept row with single pieces in its run",
            ),
            (
                "tournament W:c2,c3,c4,Gc5 B:Ge2,Ge3,Ge4,Ge5 R:13/10 C:0/0 rows:w K:e2-e8 G:-",
                "tournament W:c2,c3,c4,Gc5 B:Ge2,Ge3,Ge4,Ge5 R:13/10 C:0/0 rows:b K:e2-e8 G:-",
                "the other player kept a row while the pusher still has rows",
            ),
            (
                "basic W:b5,e2,h5 B:b2,e8,h2 R:12/12 C:0/0 won:w",
                "standard W:Gb5,Ge2,Gh5 B:b2,e8,h2 R:12/15 C:0/0 won:w",
                "a basic game won by a last GIPF-piece",
            ),
            (
                "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0 won:w",
                "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0 push:w",
                "won while the loser still has a GIPF-piece",
            ),
            (
                "tournament W:Ge2,e5 B:Ge8 R:15/16 C:0/0 push:b G:wb",
                "tournament W:Ge2,e5 B:Ge8 R:15/16 C:0/0 push:b G:b",
                "may still bring in GIPF-pieces after a single piece",
            ),
            (
                "tournament W:Ge2 B:Ge8 R:15/16 C:1/0 push:w G:wb",
                "tournament W:Ge2 B:Ge8 R:15/16 C:1/0 push:w G:b",
                "an odd count of pieces from GIPF-pieces only",
            ),
        ] {
            assert!(bad.parse::<Gipf>().is_err(), "accepted ({why}): {bad}");
            let g: Gipf = good.parse().unwrap_or_else(|e| panic!("{good}: {e}"));
            assert_eq!(g.to_string(), good);
        }
    }

    #[test]
    fn diagram_shows_pieces() {
        let d = Gipf::start(Variant::Standard).diagram();
        let board: String = d.lines().take(19).collect();
        assert_eq!(board.matches('W').count(), 3);
        assert_eq!(board.matches('B').count(), 3);
        assert_eq!(board.matches('+').count(), 24);
        assert_eq!(board.matches('.').count(), 31);
        assert!(d.contains("a   b   c"));
        assert!(d.ends_with(
            "in reserve: White 12, Black 12; lost to captures: White 0, Black 0\n\
             player 1 (White) to push (standard)\n"
        ));
        // Every column's end dots are named over and under it.
        for name in ["a1", "a5", "b1", "b6", "e1", "e9", "i1", "i5"] {
            assert_eq!(board.matches(name).count(), 1, "{name}\n{d}");
        }
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0].trim(), "e9");
        assert_eq!(lines[1].trim(), "d8  +   f8");
        assert_eq!(lines[18].trim(), "e1");
        assert_eq!(lines[17].trim(), "d1  +   f1");
    }

    #[test]
    fn diagram_marks_the_rows_waiting_for_removal() {
        // Seeded random games until a player must choose a row.
        let mut rng = abstract_game::SeededRng::new(3);
        let mut g = Gipf::start(Variant::Standard);
        while g.at_turn_start() {
            let Some(mv) = abstract_game::random_move(&g, &mut rng) else {
                g = Gipf::start(Variant::Standard);
                continue;
            };
            g.apply_unchecked(mv);
        }
        let d = g.diagram();
        let marked = d.matches('(').count() - 1; // the legend has one
        assert!(marked >= 4, "{d}");
        assert!(d.contains("to remove a row"), "{d}");
        // Each removal the player may choose removes marked pieces only.
        for mv in g.legal_moves() {
            let text = mv.to_string();
            for spot in text.trim_start_matches('x').split(',') {
                let spot: Spot = spot.parse().unwrap();
                assert!(pending_spots(&g) & 1 << spot.index() != 0, "{text}\n{d}");
            }
        }
    }
}
