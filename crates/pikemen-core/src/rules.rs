//! The game state, move checking, applying moves, and the end of the game.

use crate::board::{
    RAYS, Square, cell, cell_owner, cell_piece, cell_size, cell_state, setup_cells, with_state,
};
use crate::hash::{piece_key, rules_key, score_key, to_move_key};
use crate::moves::{Move, MoveParseError};
use crate::position::PositionError;
use crate::{Config, ConfigError, Piece, Size};
use abstract_game::{Game, MoveError, MoveList, Outcome, PlayerId, SeededRng, Status};
use alloc::string::{String, ToString};
use core::fmt::Write as _;

/// A Pikemen position: the board, the seat to move, the scores and the rules (player count and
/// points target).
///
/// Text form (`Display`/`FromStr`): the one-line position text of [`crate::doc::notation`],
/// for example the 2-player start:
/// `L2UL2UL2UM2US2U3/L2UM2UM2US2U4/L2UM2US2U5/M2US2U5S1U/S2U5S1UM1U/5S1UM1UL1U/4S1UM1UM1UL1U/3S1UM1UL1UL1UL1U 1 0,0 12`.
///
/// ```
/// use abstract_game::{Game, PlayerId};
/// use pikemen_core::Pikemen;
/// // Seat 1's small on a1 points north-east at seat 2's lying large on e5; seat 1 has 10
/// // points and needs 12.
/// let g: Pikemen = "8/8/8/4L2W3/8/8/8/S1NE7 1 10,0 12".parse().unwrap();
/// assert_eq!(g.count_moves(), 8 + 4 * 9); // 8 reorientations, b2 c3 d4 and the capture on e5
/// let won = g.after(g.parse_move("a1xe5(U)").unwrap()).unwrap();
/// assert_eq!(won.score(PlayerId::FIRST), 13);
/// assert_eq!(won.status().outcome().unwrap().winner(), Some(PlayerId::FIRST));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pikemen {
    /// One byte per square: 0 empty, else `owner << 6 | size << 4 | state`.
    pub(crate) cells: [u8; 64],
    /// Squares of each seat's pieces.
    pub(crate) owners: [u64; 4],
    /// Squares of lying (pointing) pieces, any owner.
    pub(crate) lying: u64,
    /// Occupied squares.
    pub(crate) occ: u64,
    /// Points of each seat.
    pub(crate) scores: [u8; 4],
    pub(crate) players: u8,
    /// 0-based seat to move (after the game ends: the seat that would have moved next).
    pub(crate) to_move: u8,
    /// 0 while the game goes on, else the winner's seat index + 1. Derived from the rest.
    pub(crate) result: u8,
    pub(crate) target: u32,
    /// [`Config::charge_keeps_state`].
    pub(crate) charge_keeps_state: bool,
    pub(crate) hash: u64,
}

/// Why a move is illegal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// There is no piece on the origin square.
    #[error("no piece on {0}")]
    NoPiece(Square),
    /// The piece on the origin square belongs to another seat.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Square),
    /// A reorientation must change the state.
    #[error("the piece already has that state")]
    SameState,
    /// Upright pieces cannot charge.
    #[error("an upright piece cannot charge")]
    Upright,
    /// A charge that keeps its state is written without a suffix (`a1-a4`, not `a1-a4(N)`).
    #[error("a charge keeping its state is written without a state suffix")]
    RedundantState,
    /// Under the seed's rule (`Config::charge_keeps_state == false`) a charging piece must
    /// end in a new state: `a1-a4(E)`, not `a1-a4`.
    #[error("under must-change a charge must end in a new state")]
    MustChangeState,
    /// The destination is not on the line the piece points along.
    #[error("the piece does not point towards {0}")]
    NotInDirection(Square),
    /// A piece stands between the origin and the destination.
    #[error("the path is blocked")]
    Blocked,
    /// The destination holds a piece of the mover.
    #[error("{0} holds your own piece")]
    OwnPiece(Square),
    /// The destination holds an upright enemy that is not strictly smaller than the charger.
    #[error("the upright piece on {0} cannot be captured by this piece")]
    CannotCapture(Square),
    /// The destination holds an enemy, so the move must be written as a capture (`x`).
    #[error("the move captures: write it with x")]
    MissingCapture,
    /// The move is written as a capture (`x`) but the destination is empty.
    #[error("there is nothing to capture on {0}")]
    NothingToCapture(Square),
}

impl Pikemen {
    /// Builds a state from its parts, deriving bitboards, result and hash. The caller has
    /// checked consistency.
    pub(crate) fn from_parts(
        cells: [u8; 64],
        players: u8,
        to_move: u8,
        scores: [u8; 4],
        rules: Config,
    ) -> Pikemen {
        let mut g = Pikemen {
            cells,
            owners: [0; 4],
            lying: 0,
            occ: 0,
            scores,
            players,
            to_move,
            result: 0,
            target: rules.target,
            charge_keeps_state: rules.charge_keeps_state,
            hash: 0,
        };
        for (sq, &c) in cells.iter().enumerate() {
            if c != 0 {
                g.owners[cell_owner(c) as usize] |= 1 << sq;
                g.occ |= 1 << sq;
                if cell_state(c) != 0 {
                    g.lying |= 1 << sq;
                }
            }
        }
        g.result = g.compute_result();
        g.hash = g.hash64_from_scratch();
        g
    }

    /// The winner's index + 1, or 0: the seat at or above the target, else the only seat with
    /// pieces left.
    pub(crate) fn compute_result(&self) -> u8 {
        let n = self.players as usize;
        if let Some(p) = (0..n).find(|&p| u32::from(self.scores[p]) >= self.target) {
            return p as u8 + 1;
        }
        let mut alive = (0..n).filter(|&p| self.owners[p] != 0);
        match (alive.next(), alive.next()) {
            (Some(p), None) => p as u8 + 1,
            _ => 0,
        }
    }

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use pikemen_core::{Pikemen, Size, State, Square};
    /// use abstract_game::Game;
    /// let g = Pikemen::new(&Default::default()).unwrap();
    /// let p = g.piece_at(Square::parse("h1").unwrap()).unwrap();
    /// assert_eq!((p.size, p.state), (Size::Large, State::Up));
    /// assert_eq!(g.piece_at(Square::parse("d4").unwrap()), None);
    /// ```
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        cell_piece(self.cells[square.index()])
    }

    /// The points target of this game.
    #[must_use]
    pub fn target(&self) -> u32 {
        self.target
    }

    /// Whether `seat` still has pieces on the board.
    #[must_use]
    pub fn has_pieces(&self, seat: PlayerId) -> bool {
        seat.index() < self.players as usize && self.owners[seat.index()] != 0
    }

    /// Number of pieces of `seat` of the given size on the board.
    #[must_use]
    pub fn piece_count(&self, seat: PlayerId, size: Size) -> u32 {
        if seat.index() >= self.players as usize {
            return 0;
        }
        let mut n = 0;
        let mut bb = self.owners[seat.index()];
        while bb != 0 {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            n += u32::from(cell_size(self.cells[sq]) == size as u8);
        }
        n
    }

    fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let from = mv.origin_index();
        let to = mv.dest_index();
        let c = self.cells[from];
        if c == 0 {
            return Err(IllegalMove::NoPiece(mv.from()));
        }
        if cell_owner(c) != self.to_move {
            return Err(IllegalMove::NotYourPiece(mv.from()));
        }
        let own = cell_state(c);
        if mv.is_reorient() {
            return if mv.state_code() == own {
                Err(IllegalMove::SameState)
            } else {
                Ok(())
            };
        }
        if own == 0 {
            return Err(IllegalMove::Upright);
        }
        if !self.charge_keeps_state
            && (mv.state_code() == Move::keep_code() || mv.state_code() == own)
        {
            return Err(IllegalMove::MustChangeState);
        }
        if mv.state_code() == own {
            return Err(IllegalMove::RedundantState);
        }
        let d = own as usize - 1;
        let to_bit = 1u64 << to;
        if RAYS[from][d] & to_bit == 0 {
            return Err(IllegalMove::NotInDirection(mv.to()));
        }
        let between = RAYS[from][d] & !(RAYS[to][d] | to_bit);
        if between & self.occ != 0 {
            return Err(IllegalMove::Blocked);
        }
        let t = self.cells[to];
        if t == 0 {
            return if mv.is_capture() {
                Err(IllegalMove::NothingToCapture(mv.to()))
            } else {
                Ok(())
            };
        }
        if cell_owner(t) == self.to_move {
            return Err(IllegalMove::OwnPiece(mv.to()));
        }
        if !self.capturable_by(c, to) {
            return Err(IllegalMove::CannotCapture(mv.to()));
        }
        if !mv.is_capture() {
            return Err(IllegalMove::MissingCapture);
        }
        Ok(())
    }

    #[inline]
    fn put(&mut self, sq: usize, c: u8) {
        let bit = 1u64 << sq;
        self.cells[sq] = c;
        self.occ |= bit;
        self.owners[cell_owner(c) as usize & 3] |= bit;
        if cell_state(c) != 0 {
            self.lying |= bit;
        } else {
            self.lying &= !bit;
        }
        self.hash ^= piece_key(sq, c);
    }

    #[inline]
    fn take(&mut self, sq: usize) -> u8 {
        let bit = 1u64 << sq;
        let c = self.cells[sq];
        self.cells[sq] = 0;
        self.occ &= !bit;
        self.owners[cell_owner(c) as usize & 3] &= !bit;
        self.lying &= !bit;
        if c != 0 {
            self.hash ^= piece_key(sq, c);
        }
        c
    }

    fn apply_move(&mut self, mv: Move) {
        let me = self.to_move as usize & 3;
        let from = mv.origin_index();
        let to = mv.dest_index();
        let c = self.take(from);
        if mv.is_reorient() {
            self.put(from, with_state(c, mv.state_code()));
        } else {
            let victim = self.take(to);
            let state = if mv.state_code() == Move::keep_code() {
                cell_state(c)
            } else {
                mv.state_code()
            };
            self.put(to, with_state(c, state));
            if victim != 0 {
                let old = self.scores[me];
                let new = old.saturating_add(cell_size(victim));
                self.hash ^= score_key(me, old) ^ score_key(me, new);
                self.scores[me] = new;
                if u32::from(new) >= self.target
                    || (self.owners[cell_owner(victim) as usize & 3] == 0
                        && self.compute_result() != 0)
                {
                    self.result = me as u8 + 1;
                }
            }
        }
        // Next seat that still has pieces (the mover itself if nobody else has any).
        let n = self.players.max(1);
        let mut next = (me as u8 + 1) % n;
        while self.owners[next as usize & 3] == 0 && next != me as u8 {
            next = (next + 1) % n;
        }
        self.hash ^= to_move_key(me) ^ to_move_key(next as usize);
        self.to_move = next;
    }

    fn scores_i32(&self) -> [i32; 4] {
        self.scores.map(i32::from)
    }
}

impl Game for Pikemen {
    type Move = Move;
    // Random games never met more than 428 moves (2 players; fewer with 3 or 4), so 512 is
    // the smallest round size above every one (docs/performance.md, "Move buffers");
    // constructed positions reach 939 and spill to the heap.
    type MoveArray = [Move; 512];
    type Config = Config;
    type ConfigError = ConfigError;
    type IllegalMove = IllegalMove;
    type PositionError = PositionError;
    type MoveParseError = MoveParseError;

    const NAME: &'static str = "pikemen";

    fn new(config: &Config) -> Result<Pikemen, ConfigError> {
        config.validate()?;
        Ok(Pikemen::from_parts(
            setup_cells(config.players),
            config.players,
            0,
            [0; 4],
            *config,
        ))
    }

    fn config(&self) -> Config {
        Config {
            players: self.players,
            target: self.target,
            charge_keeps_state: self.charge_keeps_state,
        }
    }

    fn player_count(&self) -> u8 {
        self.players
    }

    fn status(&self) -> Status {
        let mover = PlayerId::new(self.to_move).unwrap_or(PlayerId::FIRST);
        match PlayerId::new(self.result.wrapping_sub(1)) {
            Some(w) if self.result != 0 => {
                Outcome::winner_then_scores(w, &self.scores_i32()[..self.players as usize])
                    .map_or(Status::Ongoing(mover), Status::Finished)
            }
            _ => Status::Ongoing(mover),
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<Pikemen>) {
        self.generate(moves);
    }

    fn count_moves(&self) -> usize {
        self.count()
    }

    fn random_move(&self, rng: &mut SeededRng) -> Option<Move> {
        self.pick_random(rng)
    }

    fn check_move(&self, mv: Move) -> Result<(), MoveError<IllegalMove>> {
        if self.result != 0 {
            return Err(MoveError::GameOver);
        }
        self.check(mv).map_err(MoveError::Illegal)
    }

    fn apply_unchecked(&mut self, mv: Move) {
        self.apply_move(mv);
    }

    fn score(&self, player: PlayerId) -> i32 {
        if player.index() < self.players as usize {
            i32::from(self.scores[player.index()])
        } else {
            0
        }
    }

    fn hash64(&self) -> u64 {
        self.hash
    }

    fn hash64_from_scratch(&self) -> u64 {
        let mut h = rules_key(self.players, self.target, self.charge_keeps_state)
            ^ to_move_key(self.to_move as usize);
        for (sq, &c) in self.cells.iter().enumerate() {
            if c != 0 {
                h ^= piece_key(sq, c);
            }
        }
        for p in 0..self.players as usize {
            h ^= score_key(p, self.scores[p]);
        }
        h
    }

    fn diagram(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let _ = write!(out, "{} ", rank + 1);
            for file in 0..8 {
                let c = self.cells[rank * 8 + file];
                match cell_piece(c) {
                    Some(p) => {
                        let _ = write!(out, " {:<4}", p.to_string());
                    }
                    None => out.push_str(" .   "),
                }
            }
            // No trailing blanks after the last file.
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        // The legend: a piece reads size, owner, state (`M2NE`).
        out.push_str(
            "   a    b    c    d    e    f    g    h    (S M L: size; 1-4: owner; U: upright, N..NW: pointing)\n",
        );
        out.push_str("scores:");
        for p in 0..self.players as usize {
            let _ = write!(out, " {}={}", p + 1, self.scores[p]);
        }
        let _ = write!(out, " (target {}", self.target);
        if !self.charge_keeps_state {
            out.push_str(", a charge must change the state");
        }
        out.push_str(")\n");
        match self.status() {
            Status::Ongoing(p) => {
                let _ = writeln!(out, "player {p} to move");
            }
            Status::Finished(o) => {
                let _ = writeln!(out, "game over: {o}");
            }
        }
        out
    }
}

/// Cell byte of a new piece (used by position parsing).
pub(crate) const fn piece_cell(owner: u8, size: Size, state: u8) -> u8 {
    cell(owner, size as u8, state)
}
