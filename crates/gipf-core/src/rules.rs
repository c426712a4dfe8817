//! The decision-level game: state, pushes, removals, automatic forced removals, the end.

use crate::board::{Board, bits};
use crate::hash;
use crate::moves::{Decision, Push};
use crate::{Config, ConfigError, Variant};
use abstract_game::{Game, MoveError, MoveList, Outcome, PlayerId, SeededRng, Status};
use alloc::string::String;

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// The player (0 White, 1 Black) must push.
    Push(u8),
    /// The player has pushed; removal decisions are pending.
    Removing(u8),
    /// The game is over, the player won by the loss of the other's last GIPF-piece.
    Won(u8),
}

impl Phase {
    pub(crate) const fn key(self) -> usize {
        match self {
            Phase::Push(c) => c as usize,
            Phase::Removing(c) => 2 + c as usize,
            Phase::Won(c) => 4 + c as usize,
        }
    }
}

/// Why a decision is illegal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// Removals are pending: the player must remove (or keep) a row, not push.
    #[error("a removal decision is due, not a push")]
    RemovalDue,
    /// A push is due: there is nothing to remove.
    #[error("a push is due, not a removal")]
    PushDue,
    /// The line is full from end to end: a piece would fall off.
    #[error("the line is full")]
    LineFull,
    /// Not enough pieces in reserve for this piece.
    #[error("not enough pieces in reserve")]
    EmptyReserve,
    /// GIPF-pieces cannot be brought in here (basic and standard games, or a tournament
    /// player who has already brought in a single piece).
    #[error("no GIPF-piece may be brought in here")]
    GipfNotAllowed,
    /// Tournament: the player's first push must bring in a GIPF-piece.
    #[error("the first push must bring in a GIPF-piece")]
    GipfRequired,
    /// The spots are not a legal removal of a row of the player deciding.
    #[error("not a removal of one of the deciding player's rows")]
    NotARemoval,
    /// The spots are not a row of GIPF-pieces only that may be left standing.
    #[error("no row of GIPF-pieces only stands on those spots")]
    NotKeepable,
    /// (Complete turns) the turn is not one of the complete turns of this position.
    #[error("not a complete turn of this position")]
    NotATurn,
}

/// A GIPF game at the level of single decisions: a push, or one removal decision.
///
/// The player to move is whoever decides now; after a push the pusher removes their rows
/// first, then the other player. Removals with only one possible result are made by
/// themselves inside the decision before. See the crate docs for an example.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gipf {
    pub(crate) board: Board,
    pub(crate) reserve: [u8; 2],
    pub(crate) captured: [u8; 2],
    pub(crate) variant: Variant,
    pub(crate) can_gipf: [bool; 2],
    pub(crate) phase: Phase,
    /// Lines whose row was already decided this turn and still stands (kept GIPF rows).
    pub(crate) handled: u32,
    pub(crate) hash: u64,
}

impl Gipf {
    /// The start of a game of `variant`.
    ///
    /// ```
    /// use gipf_core::{Gipf, Variant};
    /// let g = Gipf::start(Variant::Basic);
    /// assert_eq!(g.reserve(abstract_game::PlayerId::FIRST), 12);
    /// ```
    #[must_use]
    pub fn start(variant: Variant) -> Gipf {
        let sp = |s: &str| s.parse::<crate::Spot>().map(|s| s.bit()).unwrap_or(0);
        let white = sp("b5") | sp("e2") | sp("h5");
        let black = sp("b2") | sp("e8") | sp("h2");
        let (board, reserve, can_gipf) = match variant {
            Variant::Basic => (
                Board {
                    white,
                    black,
                    gipf: 0,
                },
                12,
                false,
            ),
            Variant::Standard => (
                Board {
                    white,
                    black,
                    gipf: white | black,
                },
                12,
                false,
            ),
            Variant::Tournament => (Board::default(), 18, true),
        };
        let mut g = Gipf {
            board,
            reserve: [reserve; 2],
            captured: [0; 2],
            variant,
            can_gipf: [can_gipf; 2],
            phase: Phase::Push(0),
            handled: 0,
            hash: 0,
        };
        g.hash = g.compute_hash();
        g
    }

    /// The variant played.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Pieces `player` has in reserve (a GIPF-piece taken back counts 2).
    #[must_use]
    pub fn reserve(&self, player: PlayerId) -> u32 {
        u32::from(self.reserve[player.index() & 1])
    }

    /// Pieces of `player` captured by the opponent (a GIPF-piece counts 2).
    #[must_use]
    pub fn captured(&self, player: PlayerId) -> u32 {
        u32::from(self.captured[player.index() & 1])
    }

    /// Tournament: whether `player` may still bring in GIPF-pieces (has not yet brought in a
    /// single piece). Always false in the basic and standard games.
    #[must_use]
    pub fn can_bring_gipf(&self, player: PlayerId) -> bool {
        self.can_gipf[player.index() & 1]
    }

    /// The piece on `spot`: `(owner, is_gipf)`, or `None` if empty.
    #[must_use]
    pub fn piece_at(&self, spot: crate::Spot) -> Option<(PlayerId, bool)> {
        let b = spot.bit();
        let g = self.board.gipf & b != 0;
        if self.board.white & b != 0 {
            Some((PlayerId::FIRST, g))
        } else if self.board.black & b != 0 {
            Some((PlayerId::SECOND, g))
        } else {
            None
        }
    }

    /// Whether the game is at the start of a turn (a player must push) or over, with no
    /// removal pending.
    #[must_use]
    pub fn at_turn_start(&self) -> bool {
        !matches!(self.phase, Phase::Removing(_))
    }

    /// The player who pushed last, while removals are pending.
    #[must_use]
    pub fn pusher(&self) -> Option<PlayerId> {
        match self.phase {
            Phase::Removing(p) => Some(seat(p as usize)),
            _ => None,
        }
    }

    // ----- derived facts -----

    /// Lines with a row of colour `c` not yet decided this turn.
    #[inline]
    pub(crate) fn offered(&self, c: usize) -> u32 {
        self.board.row_lines(c) & !self.handled
    }

    /// Who must decide a removal now (only while removals are pending).
    #[inline]
    pub(crate) fn decider(&self) -> Option<usize> {
        match self.phase {
            // Most pushes make no row: one test of the whole board settles it.
            Phase::Removing(_) if !self.board.has_row() => None,
            Phase::Removing(p) => {
                let p = p as usize;
                if self.offered(p) != 0 {
                    Some(p)
                } else if self.offered(1 - p) != 0 {
                    Some(1 - p)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Tournament: the player must bring in a GIPF-piece (first push, or no GIPF-piece of
    /// theirs on the board while still allowed to bring them in).
    #[inline]
    pub(crate) fn must_gipf(&self, c: usize) -> bool {
        self.can_gipf[c] && self.board.colour(c) & self.board.gipf == 0
    }

    /// Whether player `c` has a legal push, were it their turn.
    #[inline]
    pub(crate) fn can_push(&self, c: usize) -> bool {
        let need = if self.must_gipf(c) { 2 } else { 1 };
        self.reserve[c] >= need
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let b = &self.board;
        let mut h = hash::board_region(b.white, b.black, b.gipf, !0);
        for c in 0..2 {
            h ^= hash::RESERVE[c][usize::from(self.reserve[c]).min(40)];
            h ^= hash::CAPTURED[c][usize::from(self.captured[c]).min(40)];
            if self.can_gipf[c] {
                h ^= hash::CAN_GIPF[c];
            }
        }
        h ^= hash::PHASE[self.phase.key()];
        for l in bits(u64::from(self.handled)) {
            h ^= hash::HANDLED[l as usize];
        }
        h ^ hash::VARIANT[self.variant as usize]
    }

    // ----- state changes that keep the hash up to date -----

    fn set_reserve(&mut self, c: usize, v: u8) {
        self.hash ^= hash::RESERVE[c][usize::from(self.reserve[c]).min(40)]
            ^ hash::RESERVE[c][usize::from(v).min(40)];
        self.reserve[c] = v;
    }

    fn set_captured(&mut self, c: usize, v: u8) {
        self.hash ^= hash::CAPTURED[c][usize::from(self.captured[c]).min(40)]
            ^ hash::CAPTURED[c][usize::from(v).min(40)];
        self.captured[c] = v;
    }

    pub(crate) fn set_phase(&mut self, p: Phase) {
        self.hash ^= hash::PHASE[self.phase.key()] ^ hash::PHASE[p.key()];
        self.phase = p;
    }

    fn set_handled(&mut self, h: u32) {
        for l in bits(u64::from(self.handled ^ h)) {
            self.hash ^= hash::HANDLED[l as usize];
        }
        self.handled = h;
    }

    /// Checks a push without applying it; returns the run it moves.
    pub(crate) fn check_push(&self, push: Push) -> Result<u64, MoveError<IllegalMove>> {
        let c = match self.phase {
            Phase::Push(c) => c as usize,
            Phase::Removing(_) => return Err(MoveError::Illegal(IllegalMove::RemovalDue)),
            Phase::Won(_) => return Err(MoveError::GameOver),
        };
        if !self.can_push(c) {
            return Err(MoveError::GameOver);
        }
        if push.is_gipf() {
            if !self.can_gipf[c] {
                return Err(MoveError::Illegal(IllegalMove::GipfNotAllowed));
            }
            if self.reserve[c] < 2 {
                return Err(MoveError::Illegal(IllegalMove::EmptyReserve));
            }
        } else if self.must_gipf(c) {
            return Err(MoveError::Illegal(IllegalMove::GipfRequired));
        }
        match self.board.push_run(push.geom()) {
            Some((run, _)) => Ok(run),
            None => Err(MoveError::Illegal(IllegalMove::LineFull)),
        }
    }

    /// Applies a checked push (no removals yet): the phase becomes `Removing(pusher)`.
    pub(crate) fn do_push(&mut self, push: Push, run: u64) {
        let c = match self.phase {
            Phase::Push(c) => c as usize,
            _ => return,
        };
        let g = push.geom();
        self.hash ^= hash::moved_run(&self.board, run, g.forward, g.shift)
            ^ hash::piece(c, push.is_gipf(), u32::from(g.entry));
        self.board.apply_push(g, run, c, push.is_gipf());
        let cost = if push.is_gipf() { 2 } else { 1 };
        self.set_reserve(c, self.reserve[c].saturating_sub(cost));
        if !push.is_gipf() && self.can_gipf[c] {
            self.can_gipf[c] = false;
            self.hash ^= hash::CAN_GIPF[c];
        }
        self.set_handled(0);
        self.set_phase(Phase::Removing(c as u8));
    }

    /// Takes the pieces of `mask` off the board on behalf of `c`: own pieces back to the
    /// reserve, the other colour's captured. No end check.
    pub(crate) fn take(&mut self, c: usize, mask: u64) {
        let own = self.board.material(c, mask);
        let other = self.board.material(1 - c, mask);
        let b = &self.board;
        self.hash ^= hash::board_region(b.white, b.black, b.gipf, mask);
        self.board.remove(mask);
        let r = (u32::from(self.reserve[c]) + own).min(255) as u8;
        self.set_reserve(c, r);
        let k = (u32::from(self.captured[1 - c]) + other).min(255) as u8;
        self.set_captured(1 - c, k);
    }

    /// Which players still have a GIPF-piece on the board.
    #[inline]
    pub(crate) fn has_gipf(&self) -> [bool; 2] {
        [
            self.board.white & self.board.gipf != 0,
            self.board.black & self.board.gipf != 0,
        ]
    }

    /// Ends the game if a removal by `remover` took a player's last GIPF-piece: that player
    /// loses; if both lost their last one at once, the remover wins.
    pub(crate) fn end_by_gipf_loss(&mut self, had: [bool; 2], remover: usize) -> bool {
        let now = self.has_gipf();
        let lost = [had[0] && !now[0], had[1] && !now[1]];
        let winner = match lost {
            [true, true] => remover,
            [true, false] => 1,
            [false, true] => 0,
            [false, false] => return false,
        };
        self.set_handled(0);
        self.set_phase(Phase::Won(winner as u8));
        true
    }

    /// Applies one removal decision of player `c` (already checked).
    pub(crate) fn do_removal(&mut self, c: usize, d: Decision) {
        match d {
            Decision::Keep(run) => {
                let run = run.bits();
                let mut h = self.handled;
                for l in bits(u64::from(self.offered(c))) {
                    if self.board.row_run(l as usize, c) == run {
                        h |= 1 << l;
                    }
                }
                self.set_handled(h);
            }
            Decision::Remove(mask) => {
                let mask = mask.bits();
                let gipf = self.board.gipf;
                let mut decided = 0u32;
                for l in bits(u64::from(self.offered(c))) {
                    let run = self.board.row_run(l as usize, c);
                    if run & !gipf & !mask == 0 && mask & !run == 0 {
                        decided |= 1 << l;
                    }
                }
                let had = self.has_gipf();
                self.take(c, mask);
                // A row still standing on a decided line was offered once this turn already;
                // lines whose row is gone need no mark (a removal never makes a row).
                let rows = self.board.row_lines(0) | self.board.row_lines(1);
                let h = (self.handled | decided) & rows;
                if h != self.handled {
                    self.set_handled(h);
                }
                self.end_by_gipf_loss(had, c);
            }
            Decision::Push(_) => {}
        }
    }

    /// Makes every forced removal: while the player due to remove has exactly one option, it
    /// is applied; stops at a real choice, at the end of the turn, or at the end of the game.
    /// `log[c]` collects the spots removed by `c`.
    pub(crate) fn resolve(&mut self, log: &mut [u64; 2]) {
        while let Phase::Removing(p) = self.phase {
            let Some(c) = self.decider() else {
                self.set_handled(0);
                self.set_phase(Phase::Push(1 - p));
                return;
            };
            if self.option_count(c) != 1 {
                return;
            }
            let l = self.offered(c).trailing_zeros() as usize;
            let run = self.board.row_run(l, c);
            log[c] |= run;
            self.do_removal(c, Decision::Remove(crate::SpotSet::from_mask(run)));
        }
    }

    /// Applies a legal decision, recording removed spots per remover in `log`.
    pub(crate) fn apply_logged(&mut self, mv: Decision, log: &mut [u64; 2]) {
        match mv {
            Decision::Push(p) => {
                if let Some((run, _)) = self.board.push_run(p.geom()) {
                    self.do_push(p, run);
                }
            }
            Decision::Remove(m) => {
                if let Some(c) = self.decider() {
                    log[c] |= m.bits();
                    self.do_removal(c, mv);
                }
            }
            Decision::Keep(_) => {
                if let Some(c) = self.decider() {
                    self.do_removal(c, mv);
                }
            }
        }
        self.resolve(log);
    }
}

/// `winner` has won (always one of the two seats [`seat`] gives).
fn finished(winner: PlayerId) -> Status {
    Outcome::win(2, winner).map_or(Status::Ongoing(winner), Status::Finished)
}

pub(crate) fn seat(c: usize) -> PlayerId {
    if c == 0 {
        PlayerId::FIRST
    } else {
        PlayerId::SECOND
    }
}

impl Game for Gipf {
    type Move = Decision;
    // At most 84 pushes (42 entries, a single or a GIPF-piece each). A removal choice has 2^k
    // options per offered row with k GIPF-pieces in it: more than 96 only in positions crowded
    // with GIPF-pieces that random games never met; those spill to the heap.
    type MoveArray = [Decision; 96];
    type Config = Config;
    type ConfigError = ConfigError;
    type IllegalMove = IllegalMove;
    type PositionError = crate::PositionError;
    type MoveParseError = crate::MoveParseError;

    const NAME: &'static str = "gipf";

    fn new(config: &Config) -> Result<Self, ConfigError> {
        Ok(Gipf::start(config.variant))
    }

    fn config(&self) -> Config {
        Config {
            variant: self.variant,
        }
    }

    fn player_count(&self) -> u8 {
        2
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Won(w) => finished(seat(w as usize)),
            Phase::Push(c) => {
                if self.can_push(c as usize) {
                    Status::Ongoing(seat(c as usize))
                } else {
                    finished(seat(1 - c as usize))
                }
            }
            Phase::Removing(p) => Status::Ongoing(seat(self.decider().unwrap_or(p as usize))),
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<Self>) {
        match self.phase {
            Phase::Push(c) => {
                self.push_options(c as usize, |p| moves.push(Decision::Push(p)));
            }
            Phase::Removing(_) => {
                if let Some(c) = self.decider() {
                    self.removal_options(c, moves);
                }
            }
            Phase::Won(_) => {}
        }
    }

    fn count_moves(&self) -> usize {
        match self.phase {
            Phase::Push(c) => self.push_count(c as usize),
            Phase::Removing(_) => match self.decider() {
                Some(c) if self.offered(c).count_ones() == 1 => self.option_count(c) as usize,
                Some(_) => self.legal_moves().len(),
                None => 0,
            },
            Phase::Won(_) => 0,
        }
    }

    fn random_move(&self, rng: &mut SeededRng) -> Option<Decision> {
        self.pick_random(rng)
    }

    fn check_move(&self, mv: Decision) -> Result<(), MoveError<IllegalMove>> {
        match mv {
            Decision::Push(p) => self.check_push(p).map(|_| ()),
            Decision::Remove(_) | Decision::Keep(_) => {
                let c = match self.phase {
                    Phase::Won(_) => return Err(MoveError::GameOver),
                    Phase::Push(c) => {
                        return Err(if self.can_push(c as usize) {
                            MoveError::Illegal(IllegalMove::PushDue)
                        } else {
                            MoveError::GameOver
                        });
                    }
                    Phase::Removing(_) => self
                        .decider()
                        .ok_or(MoveError::Illegal(IllegalMove::PushDue))?,
                };
                let gipf = self.board.gipf;
                let ok = bits(u64::from(self.offered(c))).any(|l| {
                    let run = self.board.row_run(l as usize, c);
                    match mv {
                        Decision::Remove(m) => {
                            let m = m.bits();
                            m != 0 && run & !gipf & !m == 0 && m & !run == 0
                        }
                        Decision::Keep(k) => run & !gipf == 0 && k.bits() == run,
                        Decision::Push(_) => false,
                    }
                });
                if ok {
                    Ok(())
                } else if matches!(mv, Decision::Keep(_)) {
                    Err(MoveError::Illegal(IllegalMove::NotKeepable))
                } else {
                    Err(MoveError::Illegal(IllegalMove::NotARemoval))
                }
            }
        }
    }

    fn apply_unchecked(&mut self, mv: Decision) {
        let mut log = [0u64; 2];
        self.apply_logged(mv, &mut log);
    }

    fn parse_move(&self, text: &str) -> Result<Decision, crate::MoveParseError> {
        match text.parse::<Decision>() {
            Err(crate::MoveParseError::NotEntry) => {
                crate::record::push_in_context(self, text).map(Decision::Push)
            }
            r => r,
        }
    }

    /// The pieces of the other colour this player has captured (a GIPF-piece counts 2).
    fn score(&self, player: PlayerId) -> i32 {
        i32::from(self.captured[1 - (player.index() & 1)])
    }

    fn hash64(&self) -> u64 {
        self.hash
    }

    fn hash64_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn diagram(&self) -> String {
        crate::position::diagram(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::perft;

    #[test]
    fn start_has_42_pushes() {
        for v in [Variant::Basic, Variant::Standard, Variant::Tournament] {
            let g = Gipf::start(v);
            assert_eq!(g.legal_moves().len(), 42);
            assert_eq!(g.count_moves(), 42);
            assert_eq!(g.hash64(), g.hash64_from_scratch());
        }
    }

    #[test]
    fn decision_perft_small() {
        // No rows before depth 5, so decisions = pushes = complete turns here.
        let g = Gipf::start(Variant::Standard);
        assert_eq!(perft(&g, 2), 1764);
        assert_eq!(perft(&g, 3), 73_800);
    }

    use crate::board::{ALL_SPOTS, LINES};
    use proptest::prelude::*;

    proptest! {
        /// Pieces stay on spots, colours never overlap, no line holds more pieces than
        /// spots, and a push adds exactly one piece (nothing is pushed off).
        #[test]
        fn board_stays_sound(v in 0usize..3, path in proptest::collection::vec(any::<u32>(), 0..300)) {
            let variant = [Variant::Basic, Variant::Standard, Variant::Tournament][v];
            let mut g = Gipf::start(variant);
            for c in path {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[c as usize % moves.len()];
                let before = g.board.occupied().count_ones();
                if let Decision::Push(p) = mv {
                    let mut raw = g.clone();
                    let run = raw.check_push(p).unwrap();
                    raw.do_push(p, run);
                    prop_assert_eq!(raw.board.occupied().count_ones(), before + 1);
                }
                g.apply(mv).unwrap();
                let b = g.board;
                prop_assert_eq!(b.occupied() & !ALL_SPOTS, 0);
                prop_assert_eq!(b.white & b.black, 0);
                prop_assert_eq!(b.gipf & !b.occupied(), 0);
                for l in &LINES {
                    prop_assert!((b.occupied() & l.mask).count_ones() <= l.mask.count_ones());
                }
            }
        }
    }
}
