//! The whole-turn view: [`GipfTurns`], whose moves are complete turns.

use crate::board::PUSHES;
use crate::moves::{Push, Turn};
use crate::rules::{Gipf, IllegalMove, Phase};
use crate::{Config, ConfigError, PositionError};
use abstract_game::{Game, MoveError, MoveList, PlayerId, Status};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;
use smallvec::SmallVec;

/// GIPF at the level of complete turns: each move is a push plus every removal decision of
/// both players until the next push ([`Turn`]), listed once per distinct resulting position.
///
/// The state is always at the start of a turn (or over). Convert from a [`Gipf`] at a turn
/// start with `TryFrom`, and back with [`GipfTurns::decisions`] or [`GipfTurns::inner`].
///
/// ```
/// use abstract_game::{perft, Game};
/// use gipf_core::{Config, GipfTurns};
/// let g = GipfTurns::new(&Config::default()).unwrap();
/// assert_eq!(perft(&g, 2), 1764);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GipfTurns(Gipf);

/// A decision-level state that is not at the start of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("removals are pending: not the start of a turn")]
pub struct NotTurnStart;

impl TryFrom<Gipf> for GipfTurns {
    type Error = NotTurnStart;
    fn try_from(g: Gipf) -> Result<Self, NotTurnStart> {
        if g.at_turn_start() {
            Ok(GipfTurns(g))
        } else {
            Err(NotTurnStart)
        }
    }
}

impl From<GipfTurns> for Gipf {
    fn from(t: GipfTurns) -> Gipf {
        t.0
    }
}

/// Buffer for the turns of one push.
type TurnBuf = SmallVec<[Turn; 32]>;

/// What tells apart the positions the turns of one push reach (the push fixes the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Reached {
    white: u64,
    black: u64,
    gipf: u64,
    reserve: [u8; 2],
    captured: [u8; 2],
    phase: usize,
}

impl Reached {
    fn of(g: &Gipf) -> Reached {
        Reached {
            white: g.board.white,
            black: g.board.black,
            gipf: g.board.gipf,
            reserve: g.reserve,
            captured: g.captured,
            phase: g.phase.key(),
        }
    }
}

/// Buffer for every decision path of one push: its turn text and the position it reaches.
type PathBuf = SmallVec<[(Turn, Reached); 32]>;

/// A turn's text on the stack (at most 37 spots: well under the capacity).
struct TextBuf {
    bytes: [u8; 160],
    len: usize,
}

impl fmt::Write for TextBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl TextBuf {
    fn of(t: Turn) -> TextBuf {
        let mut b = TextBuf {
            bytes: [0; 160],
            len: 0,
        };
        let _ = fmt::Write::write_fmt(&mut b, format_args!("{t}"));
        b
    }
}

/// Orders turns by their text (byte order), without allocating.
fn text_order(a: Turn, b: Turn) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    let (x, y) = (TextBuf::of(a), TextBuf::of(b));
    x.bytes[..x.len].cmp(&y.bytes[..y.len])
}

/// Sorts the paths by reached position, the smallest text first within each position.
fn sort_paths(paths: &mut PathBuf) {
    paths.sort_unstable_by(|a, b| a.1.cmp(&b.1).then_with(|| text_order(a.0, b.0)));
}

impl GipfTurns {
    /// The decision-level state (always at a turn start).
    #[must_use]
    pub fn inner(&self) -> &Gipf {
        &self.0
    }

    /// The decision-level state, consuming the view.
    #[must_use]
    pub fn decisions(self) -> Gipf {
        self.0
    }

    /// The player due to push, if the game goes on.
    fn pusher(&self) -> Option<usize> {
        match self.0.phase {
            Phase::Push(c) if self.0.can_push(c as usize) => Some(c as usize),
            _ => None,
        }
    }

    /// Every decision path of the turns starting with `push` (legal, with `run` its moved
    /// run), sorted by [`sort_paths`].
    fn paths_of_push(&self, c: usize, push: Push, run: u64, paths: &mut PathBuf) {
        let mut s = self.0.clone();
        let mut log = [0u64; 2];
        s.do_push(push, run);
        s.resolve(&mut log);
        expand(&s, log, c, push, paths);
        sort_paths(paths);
    }

    /// The complete turns starting with `push`: one per resulting position, with the
    /// smallest text of that position's paths; in `Turn` order.
    fn turns_of_push(&self, c: usize, push: Push, run: u64, out: &mut TurnBuf) {
        let mut paths = PathBuf::new();
        self.paths_of_push(c, push, run, &mut paths);
        paths.dedup_by_key(|p| p.1);
        out.extend(paths.iter().map(|p| p.0));
        out.sort_unstable();
    }

    /// The listed turn that reaches the same position as `turn`, if `turn` is a spelling of
    /// a complete turn here: the turn itself when it is listed, else the one whose text is
    /// the smallest among the spellings reaching that position. `None` if no order of
    /// legal decisions gives `turn`.
    ///
    /// ```
    /// use abstract_game::Game;
    /// use gipf_core::{GipfTurns, Turn};
    /// // After h1-h2 White's GIPF-pieces d6 and e7 stand in rows of both players.
    /// let t: GipfTurns = "tournament W:Gb4,Gc5,Gd6,Ge7 B:Gd2,Gd3,Gd4,Gd5,Ge3,Ge4,Ge5,Ge6 \
    ///                     R:10/2 C:0/0 push:w G:-".parse().unwrap();
    /// let other: Turn = "h1-h2 xe7 ; xd6".parse().unwrap();
    /// let listed = t.canonical(other).unwrap();
    /// assert_eq!(listed.to_string(), "h1-h2 xd6 ; xe7"); // the same position
    /// assert!(t.is_legal(listed) && !t.is_legal(other));
    /// assert_eq!(t.parse_move("h1-h2 xe7 ; xd6"), Ok(listed));
    /// ```
    #[must_use]
    pub fn canonical(&self, turn: Turn) -> Option<Turn> {
        let c = self.pusher()?;
        let run = self.0.check_push(turn.push()).ok()?;
        let mut b = self.0.board;
        b.apply_push(turn.push().geom(), run, c, turn.push().is_gipf());
        if !b.has_row() {
            return (turn.masks() == (0, 0)).then_some(turn);
        }
        let mut paths = PathBuf::new();
        self.paths_of_push(c, turn.push(), run, &mut paths);
        let reached = paths.iter().find(|p| p.0 == turn)?.1;
        paths.iter().find(|p| p.1 == reached).map(|p| p.0)
    }

    /// Calls `f` with every legal push, the run it moves and whether it makes any row.
    #[inline]
    fn for_each_push(&self, mut f: impl FnMut(Push, u64, bool)) {
        let Some(c) = self.pusher() else { return };
        let g = &self.0;
        let gipf_ok = g.can_gipf[c] && g.reserve[c] >= 2;
        let single_ok = !g.must_gipf(c);
        for (i, geom) in PUSHES.iter().enumerate() {
            let Some((run, _)) = g.board.push_run(geom) else {
                continue;
            };
            // Rows depend on the colours only, not on the kind of piece brought in.
            let mut b = g.board;
            b.apply_push(geom, run, c, false);
            let rows = b.has_row();
            for (ok, gipf) in [(gipf_ok, true), (single_ok, false)] {
                if ok {
                    f(Push::from_table(i, gipf), run, rows);
                }
            }
        }
    }

    /// The complete turns that start with `push`, in sorted order (empty if the push is
    /// illegal).
    #[must_use]
    pub fn turns_after(&self, push: Push) -> Vec<Turn> {
        let (Some(c), Ok(run)) = (self.pusher(), self.0.check_push(push)) else {
            return Vec::new();
        };
        let mut buf = TurnBuf::new();
        self.turns_of_push(c, push, run, &mut buf);
        buf.into_vec()
    }
}

/// Follows every removal decision from `s` to the end of the turn, collecting each path's
/// turn and the position it reaches.
fn expand(s: &Gipf, log: [u64; 2], pusher: usize, push: Push, out: &mut PathBuf) {
    let Some(c) = (if matches!(s.phase, Phase::Removing(_)) {
        s.decider()
    } else {
        None
    }) else {
        let turn = Turn::from_masks(push, log[pusher], log[1 - pusher]);
        out.push((turn, Reached::of(s)));
        return;
    };
    let mut opts = MoveList::<Gipf>::new();
    s.removal_options(c, &mut opts);
    for d in opts {
        let mut t = s.clone();
        let mut l = log;
        t.apply_logged(d, &mut l);
        expand(&t, l, pusher, push, out);
    }
}

impl fmt::Display for GipfTurns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl FromStr for GipfTurns {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let g: Gipf = s.parse()?;
        GipfTurns::try_from(g).map_err(|_| PositionError::NotTurnStart)
    }
}

impl Game for GipfTurns {
    type Move = Turn;
    // Every turn without a removal choice fits (at most 84 pushes); turns with kept
    // GIPF-pieces can number thousands (tournament games) and spill to the heap.
    type MoveArray = [Turn; 96];
    type Config = Config;
    type ConfigError = ConfigError;
    type IllegalMove = IllegalMove;
    type PositionError = PositionError;
    type MoveParseError = crate::MoveParseError;

    const NAME: &'static str = "gipf-turns";

    fn new(config: &Config) -> Result<Self, ConfigError> {
        Ok(GipfTurns(Gipf::start(config.variant)))
    }

    fn config(&self) -> Config {
        self.0.config()
    }

    fn player_count(&self) -> u8 {
        2
    }

    fn status(&self) -> Status {
        self.0.status()
    }

    fn generate_moves(&self, moves: &mut MoveList<Self>) {
        let Some(c) = self.pusher() else { return };
        let mut buf = TurnBuf::new();
        self.for_each_push(|p, run, rows| {
            if rows {
                buf.clear();
                self.turns_of_push(c, p, run, &mut buf);
                moves.extend(buf.iter().copied());
            } else {
                moves.push(Turn::from_masks(p, 0, 0));
            }
        });
    }

    fn count_moves(&self) -> usize {
        let Some(c) = self.pusher() else { return 0 };
        let mut n = 0;
        let mut buf = TurnBuf::new();
        self.for_each_push(|p, run, rows| {
            if !rows {
                n += 1;
                return;
            }
            let mut b = self.0.board;
            b.apply_push(p.geom(), run, c, p.is_gipf());
            let (w, k) = (b.row_lines(0), b.row_lines(1));
            if (w | k).count_ones() == 1 {
                // One row on the whole board: each subset of its GIPF-pieces gives one
                // distinct turn (leaving them all is the bare push or keeping the row), and
                // no other row can follow, since removing pieces never makes a row.
                let owner = usize::from(w == 0);
                let run = b.row_run((w | k).trailing_zeros() as usize, owner);
                n += 1 << (run & b.gipf).count_ones();
            } else {
                buf.clear();
                self.turns_of_push(c, p, run, &mut buf);
                n += buf.len();
            }
        });
        n
    }

    fn check_move(&self, mv: Turn) -> Result<(), MoveError<IllegalMove>> {
        let run = self.0.check_push(mv.push())?;
        let Some(c) = self.pusher() else {
            return Err(MoveError::GameOver);
        };
        let mut b = self.0.board;
        b.apply_push(mv.push().geom(), run, c, mv.push().is_gipf());
        let ok = if b.has_row() {
            let mut buf = TurnBuf::new();
            self.turns_of_push(c, mv.push(), run, &mut buf);
            buf.binary_search(&mv).is_ok()
        } else {
            mv.masks() == (0, 0)
        };
        if ok {
            Ok(())
        } else {
            Err(MoveError::Illegal(IllegalMove::NotATurn))
        }
    }

    /// Applies the turn directly: the push, the pusher's removals, the other player's
    /// removals, then the end checks (a legal turn's text determines its resulting position).
    fn apply_unchecked(&mut self, mv: Turn) {
        let Some(c) = self.pusher() else { return };
        let Some((run, _)) = self.0.board.push_run(mv.push().geom()) else {
            return;
        };
        let (mine, theirs) = mv.masks();
        let g = &mut self.0;
        g.do_push(mv.push(), run);
        let had = g.has_gipf();
        if mine != 0 {
            g.take(c, mine);
        }
        if theirs != 0 {
            g.take(1 - c, theirs);
        }
        // Both last GIPF-pieces gone: the last removal took both, and its maker wins.
        let remover = if theirs != 0 { 1 - c } else { c };
        if !g.end_by_gipf_loss(had, remover) {
            g.set_phase(Phase::Push(1 - c as u8));
        }
    }

    /// Reads a turn, the push also in last-spot form; another spelling of a listed turn
    /// (the same removals in another order) reads as the listed one ([`GipfTurns::canonical`]).
    fn parse_move(&self, text: &str) -> Result<Turn, crate::MoveParseError> {
        let turn = self.parse_spelling(text)?;
        Ok(self.canonical(turn).unwrap_or(turn))
    }

    /// The pieces of the other colour this player has captured (a GIPF-piece counts 2).
    fn score(&self, player: PlayerId) -> i32 {
        self.0.score(player)
    }

    fn hash64(&self) -> u64 {
        self.0.hash64()
    }

    fn hash64_from_scratch(&self) -> u64 {
        self.0.hash64_from_scratch()
    }

    fn diagram(&self) -> String {
        self.0.diagram()
    }
}

impl GipfTurns {
    /// Reads a turn text as written, the push also in last-spot form.
    fn parse_spelling(&self, text: &str) -> Result<Turn, crate::MoveParseError> {
        match text.parse::<Turn>() {
            Err(crate::MoveParseError::NotEntry) => {
                let (push_text, rest) = match text.split_once(' ') {
                    Some((p, r)) => (p, Some(r)),
                    None => (text, None),
                };
                let push = crate::record::push_in_context(&self.0, push_text)?;
                let canonical = match rest {
                    Some(r) => format!("{push} {r}"),
                    None => push.to_string(),
                };
                canonical.parse()
            }
            r => r,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        let g = Gipf::start(crate::Variant::Standard);
        let t = GipfTurns::try_from(g.clone()).unwrap();
        assert_eq!(t.inner(), &g);
        assert_eq!(Gipf::from(t.clone()), g);
        // In the middle of a turn there is no complete-turn view.
        let mut mid: Gipf = "standard W:c3,d4,Ge2,e5,h5 B:Ge8,Gf5 R:12/14 C:0/0 push:w"
            .parse()
            .unwrap();
        mid.apply("a1-b2".parse().unwrap()).unwrap();
        assert_eq!(GipfTurns::try_from(mid.clone()), Err(NotTurnStart));
        assert_eq!(
            mid.to_string().parse::<GipfTurns>(),
            Err(PositionError::NotTurnStart)
        );
    }

    #[test]
    fn turns_after_a_push() {
        let t: GipfTurns = "standard W:c3,d4,Ge2,e5,h5 B:Ge8,Gf5 R:12/14 C:0/0 push:w"
            .parse()
            .unwrap();
        let p: Push = "a1-b2".parse().unwrap();
        let texts: Vec<String> = t.turns_after(p).iter().map(Turn::to_string).collect();
        assert_eq!(texts, ["a1-b2 xb2,c3,d4,e5", "a1-b2 xb2,c3,d4,e5,f5"]);
        assert!(t.turns_after("Ga1-b2".parse().unwrap()).is_empty());
        assert_eq!(t.count_moves(), t.legal_moves().len());
    }
}
