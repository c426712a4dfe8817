//! Move generation, bulk counting and move checking.
//!
//! For each direction the moving groups are found from their *heads* (own pieces whose next
//! square in that direction is not their own): a maximal run of `L` own pieces ending at a head
//! gives `L` groups (tails), all sharing the head, the `e` empty squares ahead of it and the
//! enemy phalanx (if any) beyond them. Generation walks each head; counting does the same on
//! the board's lines (`lines.rs`), where each head costs a few bit counts.

use crate::board::{DIRS, Square};
use crate::moves::Move;
use crate::rules::Epaminondas;
use abstract_game::MoveList;

/// Why a move is illegal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// A square of the move is off this board.
    #[error("square off the board")]
    OffBoard,
    /// Stones are still being placed: no piece may move yet.
    #[error("stones are being placed: place a stone first")]
    PlacingStones,
    /// Stone placement outside the placement phase (or without the variant).
    #[error("no stone may be placed now")]
    NoStoneToPlace,
    /// A stone must go on the middle rows (ranks 4..=height-3).
    #[error("stones go on the middle rows only")]
    NotStoneRow,
    /// The stone's square is occupied.
    #[error("the square is occupied")]
    Occupied,
    /// The two squares are not on one line (only possible for hand-built moves).
    #[error("the squares are not on one line")]
    NotALine,
    /// The tail square does not hold a piece of the player to move.
    #[error("the move must start on a square holding one of your pieces")]
    NotOwnPiece,
    /// The destination lies within the moving group itself.
    #[error("the destination is inside the moving group")]
    InsideGroup,
    /// A group of n pieces moves at most n squares.
    #[error("the group moves farther than its size")]
    TooFar,
    /// A piece or stone stands on the way (or on the landing square of a plain move).
    #[error("the way is blocked")]
    Blocked,
    /// A plain move onto an enemy piece: it must be written as a capture (`x`).
    #[error("the destination holds an enemy piece: write the capture with x")]
    EnemyThere,
    /// A capture whose landing square holds no enemy piece.
    #[error("no enemy piece to capture there")]
    NothingToCapture,
    /// The enemy phalanx is at least as large as the moving group.
    #[error("the enemy phalanx is not smaller than the moving group")]
    TooStrong,
    /// The mirror rule: the move onto the enemy home row would make the board its own
    /// colour-swapped mirror image.
    #[error("the mirror rule forbids this crossing")]
    MirrorRule,
}

/// A piece move resolved against the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Located {
    pub(crate) tail: usize,
    pub(crate) dir: usize,
    /// Group size.
    pub(crate) n: u32,
    /// Distance the group travels.
    pub(crate) k: u32,
    /// Pieces captured.
    pub(crate) m: u32,
}

impl Epaminondas {
    /// Resolves a move against the position: `Ok(None)` for a legal placement, `Ok(Some(..))`
    /// for a legal piece move, otherwise the reason. Ignores whether the game is over.
    pub(crate) fn locate(&self, mv: Move) -> Result<Option<Located>, IllegalMove> {
        let (from, to, capture) = match mv.from() {
            None => {
                let sq = mv.dest();
                if !self.placing_stones() {
                    return Err(IllegalMove::NoStoneToPlace);
                }
                let i = self.geo.index_of(sq).ok_or(IllegalMove::OffBoard)?;
                if !self.stone_rows().has(i) {
                    return Err(IllegalMove::NotStoneRow);
                }
                if !self.empty_squares().has(i) {
                    return Err(IllegalMove::Occupied);
                }
                return Ok(None);
            }
            Some(from) => (from, mv.dest(), mv.is_capture()),
        };
        if self.placing_stones() {
            return Err(IllegalMove::PlacingStones);
        }
        let (Some(tail), Some(_)) = (self.geo.index_of(from), self.geo.index_of(to)) else {
            return Err(IllegalMove::OffBoard);
        };
        let (dir, dist) = Move::line(from, to).ok_or(IllegalMove::NotALine)?;
        let p = self.to_move as usize;
        if !self.pieces[p].has(tail) {
            return Err(IllegalMove::NotOwnPiece);
        }
        let delta = self.geo.delta(dir);
        let dist = u32::from(dist);
        let n = self.run(p, tail as i32, delta, dist + 1);
        if n > dist {
            return Err(IllegalMove::InsideGroup);
        }
        let k = dist - (n - 1);
        if k > n {
            return Err(IllegalMove::TooFar);
        }
        let head = tail as i32 + (n as i32 - 1) * delta;
        let empty = self.empty_squares();
        if (1..k as i32).any(|j| !empty.has_signed(head + j * delta)) {
            return Err(IllegalMove::Blocked);
        }
        let dest = head + k as i32 * delta;
        let enemy_there = self.pieces[1 - p].has_signed(dest);
        let m = if capture {
            if !enemy_there {
                return Err(IllegalMove::NothingToCapture);
            }
            let m = self.run(1 - p, dest, delta, n);
            if m >= n {
                return Err(IllegalMove::TooStrong);
            }
            m
        } else {
            if enemy_there {
                return Err(IllegalMove::EnemyThere);
            }
            if !empty.has_signed(dest) {
                return Err(IllegalMove::Blocked);
            }
            0
        };
        if self.mirror_forbids(tail, dir, n, k, m) {
            return Err(IllegalMove::MirrorRule);
        }
        Ok(Some(Located { tail, dir, n, k, m }))
    }

    /// Appends every legal move (nothing once the game is over).
    pub(crate) fn generate(&self, moves: &mut MoveList<Self>) {
        if !self.mover_wins() {
            self.generate_ignoring_win(moves);
        }
    }

    /// Whether the player to move would have a legal move if the start-of-turn win test were
    /// skipped: for comparing with engines that test "no legal move loses" first.
    ///
    /// ```
    /// use abstract_game::Game;
    /// use epaminondas_core::Epaminondas;
    /// // White to move has a piece on rank 6 (Black's home row), Black none on rank 1:
    /// // White wins at once, although White's lone piece is boxed in and could not move.
    /// let p: Epaminondas = "2122../222.../....../....../....../...... 1 mirror:off stones:off"
    ///     .parse()
    ///     .unwrap();
    /// assert!(p.status().is_finished());
    /// assert!(!p.has_move_ignoring_win());
    /// ```
    #[must_use]
    pub fn has_move_ignoring_win(&self) -> bool {
        let mut moves = MoveList::<Self>::new();
        self.generate_ignoring_win(&mut moves);
        !moves.is_empty()
    }

    fn generate_ignoring_win(&self, moves: &mut MoveList<Self>) {
        if self.placing_stones() {
            let free = self.stone_rows() & self.empty_squares();
            moves.extend(free.iter().map(|i| Move::place(self.geo.square(i))));
            return;
        }
        // The mirror rule is checked move by move only where it can bite at all.
        let bite = self.mirror_may_bite();
        for d in 0..DIRS.len() {
            self.generate_direction(d, bite, moves);
        }
    }

    /// The piece moves in direction `d` (an index into [`DIRS`]), in generation order.
    pub(crate) fn generate_direction(&self, d: usize, bite: bool, moves: &mut MoveList<Self>) {
        let p = self.to_move as usize;
        let me = self.pieces[p];
        let them = self.pieces[1 - p];
        let empty = self.empty_squares();
        let (dx, dy) = DIRS[d];
        let delta = self.geo.delta(d);
        // One step in the packed square code (rank * 16 + file).
        let sq_step = i32::from(dy) * 16 + i32::from(dx);
        let heads = me & !me.shift(-delta);
        for h in heads.iter() {
            let head_code = i32::from(self.geo.square(h).code());
            let h = h as i32;
            let len = self.run(p, h, -delta, u32::MAX);
            let mut e = 0;
            while e < len && empty.has_signed(h + (e as i32 + 1) * delta) {
                e += 1;
            }
            // Smallest group that can capture, if an enemy phalanx is within reach.
            let mut capture_from = u32::MAX;
            let mut m_cap = 0;
            let target = h + (e as i32 + 1) * delta;
            if e < len && them.has_signed(target) {
                m_cap = self.run(1 - p, target, delta, len);
                if m_cap < len {
                    capture_from = (e + 1).max(m_cap + 1);
                }
            }
            for j in 0..len {
                let n = j + 1;
                let tail = h - j as i32 * delta;
                let from = Square::from_code((head_code - j as i32 * sq_step) as u8);
                for k in 1..=n.min(e) {
                    if bite && self.mirror_forbids(tail as usize, d, n, k, 0) {
                        continue;
                    }
                    let to = Square::from_code((head_code + k as i32 * sq_step) as u8);
                    moves.push(Move::group_unchecked(false, from, to));
                }
                if n >= capture_from
                    && !(bite && self.mirror_forbids(tail as usize, d, n, e + 1, m_cap))
                {
                    let to = Square::from_code((head_code + (e as i32 + 1) * sq_step) as u8);
                    moves.push(Move::group_unchecked(true, from, to));
                }
            }
        }
    }

    /// The number of legal moves, counted head by head on the lines of the board.
    pub(crate) fn count(&self) -> usize {
        let (mine, theirs) = self.crossings();
        if mine > theirs {
            return 0; // the start-of-turn win
        }
        if self.placing_stones() {
            return (self.stone_rows() & self.empty_squares()).count() as usize;
        }
        // As `mirror_may_bite`, reusing the counts.
        if self.mirror && theirs == mine + 1 && self.mirror_may_bite() {
            let mut moves = MoveList::<Self>::new();
            self.generate(&mut moves);
            return moves.len();
        }
        self.lines.count(self.to_move as usize).iter().sum::<u32>() as usize
    }

    /// Whether the player to move has a legal move (the start-of-turn win aside).
    pub(crate) fn has_legal_move(&self) -> bool {
        if !self.placing_stones() {
            let me = self.pieces[self.to_move as usize];
            let empty = self.empty_squares();
            // A piece with an empty neighbour can step there, unless the mirror rule might
            // forbid it (a step onto the enemy home row from another rank).
            let safe = if self.mirror {
                empty & !self.geo.home[1 - self.to_move as usize]
            } else {
                empty
            };
            for (d, &(_, dy)) in DIRS.iter().enumerate() {
                let target = if dy == 0 { empty } else { safe };
                if !(me & target.shift(-self.geo.delta(d))).is_empty() {
                    return true;
                }
            }
        }
        let mut moves = MoveList::<Self>::new();
        self.generate(&mut moves);
        !moves.is_empty()
    }
}
