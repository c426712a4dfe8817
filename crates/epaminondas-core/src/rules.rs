//! The state, its configuration, applying moves, the end of the game, and the mirror rule.

use crate::bits::Bits;
use crate::board::{Content, DIRS, Geometry, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH, Square};
use crate::hash;
use crate::lines::Lines;
use crate::movegen::IllegalMove;
use crate::moves::{Move, MoveParseError};
use crate::position::PositionError;
use abstract_game::{Game, MoveError, MoveList, Outcome, PlayerId, SeededRng, Status};
use alloc::format;
use alloc::string::{String, ToString};
use core::fmt::Write;

/// Number of stones placed in the stumbling-blocks variant.
pub const STONE_COUNT: u32 = 3;

/// Rules of an Epaminondas game.
///
/// ```
/// use epaminondas_core::{Config, ConfigError, Epaminondas};
/// use abstract_game::Game;
/// let standard = Config::default();
/// assert_eq!((standard.width, standard.height, standard.stones, standard.mirror), (14, 12, false, true));
/// let small = Epaminondas::new(&Config { width: 8, height: 8, ..Config::default() }).unwrap();
/// assert_eq!(small.legal_moves().len(), 60);
/// assert_eq!(
///     Epaminondas::new(&Config { width: 20, ..Config::default() }),
///     Err(ConfigError::Width(20))
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Number of files (2..=16; `a`..).
    pub width: u8,
    /// Number of ranks (4..=16), with `(width + 1) * height <= 256`.
    pub height: u8,
    /// The stumbling-blocks variant: three neutral stones are placed first.
    pub stones: bool,
    /// The mirror rule (see the crate docs).
    pub mirror: bool,
}

impl Default for Config {
    /// The standard game: 14 x 12, no stones, mirror rule on.
    fn default() -> Self {
        Config {
            width: 14,
            height: 12,
            stones: false,
            mirror: true,
        }
    }
}

/// Why a configuration (or the size of a position text) was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ConfigError {
    /// The width is outside 2..=16.
    #[error("width {0} outside {MIN_WIDTH}..={MAX_WIDTH}")]
    Width(u8),
    /// The height is outside 4..=16.
    #[error("height {0} outside {MIN_HEIGHT}..={MAX_HEIGHT}")]
    Height(u8),
    /// The board does not fit the engine's 256-bit boards: `(width + 1) * height > 256`.
    #[error("board {0}x{1} too large: (width + 1) * height must be at most 256")]
    TooLarge(u8, u8),
    /// The stumbling-blocks variant needs rows between the two camps (height at least 7)
    /// and room for three stones there.
    #[error("board {0}x{1} has no room for stumbling blocks (needs height >= 7)")]
    NoStoneRows(u8, u8),
}

impl Config {
    /// Checks the configuration.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let (w, h) = (self.width, self.height);
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&w) {
            return Err(ConfigError::Width(w));
        }
        if !(MIN_HEIGHT..=MAX_HEIGHT).contains(&h) {
            return Err(ConfigError::Height(h));
        }
        if !Geometry::fits(w, h) {
            return Err(ConfigError::TooLarge(w, h));
        }
        if self.stones && (h < 7 || u32::from(w) * u32::from(h - 6) < STONE_COUNT) {
            return Err(ConfigError::NoStoneRows(w, h));
        }
        Ok(())
    }
}

/// An Epaminondas position: board, stones, player to move and rule switches.
///
/// ```
/// use abstract_game::{perft, Game};
/// use epaminondas_core::Epaminondas;
/// let start = Epaminondas::new(&Default::default()).unwrap();
/// assert_eq!(perft(&start, 2), 12_996);
/// let mv = start.parse_move("j1-m4").unwrap();
/// let next = start.after(mv).unwrap();
/// assert_eq!(next.to_move().unwrap().number(), 2);
/// assert_eq!(next.to_string().parse::<Epaminondas>().unwrap(), next);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Epaminondas {
    pub(crate) geo: Geometry,
    /// Pieces of player 1 and player 2.
    pub(crate) pieces: [Bits; 2],
    pub(crate) stones: Bits,
    /// 0 or 1.
    pub(crate) to_move: u8,
    pub(crate) mirror: bool,
    pub(crate) stones_variant: bool,
    pub(crate) hash: u64,
    /// The same board by lines, for counting moves.
    pub(crate) lines: Lines,
}

impl Epaminondas {
    /// An empty board of a validated configuration, player 1 to move.
    pub(crate) fn empty(config: &Config) -> Result<Epaminondas, ConfigError> {
        config.validate()?;
        let geo = Geometry::new(config.width, config.height);
        let mut s = Epaminondas {
            geo,
            pieces: [Bits::EMPTY; 2],
            stones: Bits::EMPTY,
            to_move: 0,
            mirror: config.mirror,
            stones_variant: config.stones,
            hash: 0,
            lines: Lines::new(&geo, &[Bits::EMPTY; 2], Bits::EMPTY),
        };
        s.hash = s.hash64_from_scratch();
        Ok(s)
    }

    /// Board width (files).
    #[must_use]
    pub fn width(&self) -> u8 {
        self.geo.width
    }

    /// Board height (ranks).
    #[must_use]
    pub fn height(&self) -> u8 {
        self.geo.height
    }

    /// What stands on a square of the board, or `None` for a square off this board.
    ///
    /// ```
    /// use abstract_game::{Game, PlayerId};
    /// use epaminondas_core::{Config, Content, Epaminondas, Square};
    /// let g = Epaminondas::new(&Config { width: 8, height: 8, ..Config::default() }).unwrap();
    /// let sq = |t: &str| t.parse::<Square>().unwrap();
    /// assert_eq!(g.at(sq("a1")), Some(Content::Piece(PlayerId::FIRST)));
    /// assert_eq!(g.at(sq("d4")), Some(Content::Empty));
    /// assert_eq!(g.at(sq("i1")), None); // off the 8x8 board
    /// ```
    #[must_use]
    pub fn at(&self, sq: Square) -> Option<Content> {
        let i = self.geo.index_of(sq)?;
        Some(if self.pieces[0].has(i) {
            Content::Piece(PlayerId::FIRST)
        } else if self.pieces[1].has(i) {
            Content::Piece(PlayerId::SECOND)
        } else if self.stones.has(i) {
            Content::Stone
        } else {
            Content::Empty
        })
    }

    /// Pieces `player` has on the board.
    #[must_use]
    pub fn piece_count(&self, player: PlayerId) -> u32 {
        self.pieces.get(player.index()).map_or(0, Bits::count)
    }

    /// Pieces of `player` standing on the opponent's home row (the row that decides the game).
    #[must_use]
    pub fn on_enemy_home_row(&self, player: PlayerId) -> u32 {
        match player.index() {
            p @ (0 | 1) => (self.pieces[p] & self.geo.row(self.enemy_home_rank(p as u8))).count(),
            _ => 0,
        }
    }

    /// The squares holding stones, in bit order (rank by rank from rank 1).
    #[must_use]
    pub fn stone_squares(&self) -> alloc::vec::Vec<Square> {
        self.stones.iter().map(|i| self.geo.square(i)).collect()
    }

    /// The position reflected left to right (file `a` <-> the last file), same player to move.
    /// The rules are symmetric under this reflection, so its legal moves are the reflected
    /// legal moves.
    ///
    /// ```
    /// use abstract_game::Game;
    /// use epaminondas_core::Epaminondas;
    /// let s = Epaminondas::new(&Default::default()).unwrap();
    /// assert_eq!(s.mirrored_files(), s);
    /// ```
    #[must_use]
    pub fn mirrored_files(&self) -> Epaminondas {
        let mut m = self.clone();
        m.pieces = [
            self.geo.flip_files(self.pieces[0]),
            self.geo.flip_files(self.pieces[1]),
        ];
        m.stones = self.geo.flip_files(self.stones);
        m.refresh();
        m
    }

    /// Whether the stones are still being placed (stumbling-blocks variant, fewer than three
    /// on the board).
    #[must_use]
    pub fn placing_stones(&self) -> bool {
        self.stones_variant && self.stones.count() < STONE_COUNT
    }

    /// 0-based rank of the home row of player `p` (0 or 1).
    #[inline]
    pub(crate) fn home_rank(&self, p: u8) -> u8 {
        if p == 0 { 0 } else { self.geo.height - 1 }
    }

    /// 0-based rank of the home row of the opponent of player `p`.
    #[inline]
    pub(crate) fn enemy_home_rank(&self, p: u8) -> u8 {
        self.home_rank(1 - p)
    }

    /// The squares where stones may be placed: every rank except each side's two home rows
    /// and the row next to them (ranks 4..=height-3, 1-based).
    pub(crate) fn stone_rows(&self) -> Bits {
        let mut b = Bits::EMPTY;
        for r in 3..self.geo.height.saturating_sub(3) {
            b |= self.geo.row(r);
        }
        b
    }

    /// Empty squares of the board.
    #[inline]
    pub(crate) fn empty_squares(&self) -> Bits {
        self.geo.board & !(self.pieces[0] | self.pieces[1] | self.stones)
    }

    /// Pieces of the player to move on the opponent's home row, and the opponent's pieces on
    /// the mover's home row.
    #[inline]
    pub(crate) fn crossings(&self) -> (u32, u32) {
        let p = self.to_move as usize;
        let mine = (self.pieces[p] & self.geo.home[1 - p]).count();
        let theirs = (self.pieces[1 - p] & self.geo.home[p]).count();
        (mine, theirs)
    }

    /// The start-of-turn test: the player to move has strictly more pieces on the opponent's
    /// home row than the opponent has on theirs.
    #[inline]
    pub(crate) fn mover_wins(&self) -> bool {
        let (mine, theirs) = self.crossings();
        mine > theirs
    }

    /// Whether the mirror rule can forbid anything here. A move onto the enemy home row adds
    /// exactly one of the mover's pieces there and never changes the opponent's count on the
    /// mover's home row, and a mirror-symmetric board has equal counts: so the opponent must
    /// have exactly one more crossed piece than the mover. The stones must be symmetric too.
    #[inline]
    pub(crate) fn mirror_may_bite(&self) -> bool {
        if !self.mirror {
            return false;
        }
        let (mine, theirs) = self.crossings();
        theirs == mine + 1 && self.geo.flip(self.stones) == self.stones
    }

    /// Whether the board, with colours swapped, equals its reflection across the middle line
    /// between the home rows (stones reflecting onto stones).
    pub(crate) fn is_mirror_symmetric(geo: &Geometry, pieces: &[Bits; 2], stones: Bits) -> bool {
        geo.flip(pieces[0]) == pieces[1] && geo.flip(stones) == stones
    }

    /// A lower bound on how many squares differ between the board and its colour-swapped
    /// reflection. One move changes at most `2n + m` of them (n moved, m captured pieces).
    #[inline]
    pub(crate) fn asymmetry(&self) -> u32 {
        (self.pieces[0] ^ self.geo.flip(self.pieces[1])).count()
    }

    /// Whether the mirror rule forbids the move of the `n` pieces from `tail` in direction
    /// `d`, front piece landing at distance `k` beyond the head, capturing `m` pieces.
    /// Only moves onto the opponent's home row from another rank can be forbidden.
    pub(crate) fn mirror_forbids(&self, tail: usize, d: usize, n: u32, k: u32, m: u32) -> bool {
        if !self.mirror || DIRS[d].1 == 0 {
            return false;
        }
        let delta = self.geo.delta(d);
        let head = tail as i32 + (n as i32 - 1) * delta;
        let dest = (head + k as i32 * delta) as usize;
        if self.geo.square(dest).rank() != self.enemy_home_rank(self.to_move)
            || !self.mirror_may_bite()
        {
            return false;
        }
        if self.asymmetry() > 2 * n + m {
            return false;
        }
        let mut after = self.pieces;
        self.move_bits(&mut after, tail, d, n, k, m);
        Self::is_mirror_symmetric(&self.geo, &after, self.stones)
    }

    /// Moves the group and removes captured pieces in `pieces` (no hash update).
    fn move_bits(&self, pieces: &mut [Bits; 2], tail: usize, d: usize, n: u32, k: u32, m: u32) {
        let p = self.to_move as usize;
        let delta = self.geo.delta(d);
        for i in 0..n as i32 {
            pieces[p].clear((tail as i32 + i * delta) as usize);
        }
        for i in 0..n as i32 {
            pieces[p].set((tail as i32 + (i + k as i32) * delta) as usize);
        }
        let dest = tail as i32 + (n as i32 - 1 + k as i32) * delta;
        for i in 0..m as i32 {
            pieces[1 - p].clear((dest + i * delta) as usize);
        }
    }

    /// Length of the run of pieces of `who` starting at `start` and going in steps of
    /// `delta`, at most `cap`.
    #[inline]
    pub(crate) fn run(&self, who: usize, start: i32, delta: i32, cap: u32) -> u32 {
        let b = &self.pieces[who];
        let mut n = 0;
        while n < cap && b.has_signed(start + n as i32 * delta) {
            n += 1;
        }
        n
    }

    /// Applies a piece move (tail bit and its square, direction, group size, distance,
    /// captured count).
    pub(crate) fn apply_group(
        &mut self,
        (tail, start): (usize, Square),
        d: usize,
        n: u32,
        k: u32,
        m: u32,
    ) {
        let p = self.to_move as usize;
        // The squares of the move's line that change, counted from the tail: the captured
        // pieces and the rear of the group leave, then the front of the group lands. Bits,
        // hash and lines are updated square by square.
        let delta = self.geo.delta(d);
        let h = u32::from(self.geo.height);
        let (dx, dy) = (i32::from(DIRS[d].0), i32::from(DIRS[d].1));
        let at = |j: u32| {
            let j = j as i32;
            (
                (tail as i32 + j * delta) as usize,
                (i32::from(start.file()) + j * dx) as u32,
                (i32::from(start.rank()) + j * dy) as u32,
            )
        };
        for j in n + k - 1..n + k - 1 + m {
            let (i, f, r) = at(j);
            self.pieces[1 - p].clear(i);
            self.hash ^= hash::PIECE_KEYS[1 - p][i];
            self.lines.lift(1 - p, h, f, r);
        }
        for j in 0..n.min(k) {
            let (i, f, r) = at(j);
            self.pieces[p].clear(i);
            self.hash ^= hash::PIECE_KEYS[p][i];
            self.lines.lift(p, h, f, r);
        }
        for j in n.max(k)..n + k {
            let (i, f, r) = at(j);
            self.pieces[p].set(i);
            self.hash ^= hash::PIECE_KEYS[p][i];
            self.lines.put(p, h, f, r);
        }
    }

    /// Recomputes the hash and the lines after the board was set square by square.
    pub(crate) fn refresh(&mut self) {
        self.hash = self.hash64_from_scratch();
        self.lines = Lines::new(&self.geo, &self.pieces, self.stones);
    }

    fn pass_turn(&mut self) {
        self.to_move ^= 1;
        self.hash ^= hash::SIDE_KEY;
    }
}

impl Game for Epaminondas {
    type Move = Move;
    // Random games never met more than 290 moves on 14x12 nor 348 on 16x15, the largest
    // board (docs/performance.md, "Move buffers"); constructed positions reach 554 and more
    // and spill to the heap.
    type MoveArray = [Move; 384];
    type Config = Config;
    type ConfigError = ConfigError;
    type IllegalMove = IllegalMove;
    type PositionError = PositionError;
    type MoveParseError = MoveParseError;

    const NAME: &'static str = "epaminondas";

    fn new(config: &Config) -> Result<Self, ConfigError> {
        let mut s = Epaminondas::empty(config)?;
        let h = config.height;
        for r in [0, 1] {
            s.pieces[0] |= s.geo.row(r);
            s.pieces[1] |= s.geo.row(h - 1 - r);
        }
        s.refresh();
        Ok(s)
    }

    fn config(&self) -> Config {
        Config {
            width: self.geo.width,
            height: self.geo.height,
            stones: self.stones_variant,
            mirror: self.mirror,
        }
    }

    fn player_count(&self) -> u8 {
        2
    }

    fn status(&self) -> Status {
        let me = if self.to_move == 0 {
            PlayerId::FIRST
        } else {
            PlayerId::SECOND
        };
        let won = |w| Outcome::win(2, w).map_or(Status::Ongoing(me), Status::Finished);
        if self.mover_wins() {
            won(me)
        } else if !self.has_legal_move() {
            won(me.next(2))
        } else {
            Status::Ongoing(me)
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<Self>) {
        self.generate(moves);
    }

    fn count_moves(&self) -> usize {
        self.count()
    }

    fn random_move(&self, rng: &mut SeededRng) -> Option<Move> {
        self.pick_random(rng)
    }

    fn check_move(&self, mv: Move) -> Result<(), MoveError<IllegalMove>> {
        if self.status().is_finished() {
            return Err(MoveError::GameOver);
        }
        self.locate(mv).map(|_| ()).map_err(MoveError::Illegal)
    }

    fn apply_unchecked(&mut self, mv: Move) {
        match mv.from() {
            None => {
                if let Some(i) = self.geo.index_of(mv.dest()) {
                    self.stones.set(i);
                    self.hash ^= hash::PIECE_KEYS[2][i];
                    let sq = mv.dest();
                    let h = u32::from(self.geo.height);
                    self.lines
                        .block(h, u32::from(sq.file()), u32::from(sq.rank()));
                }
            }
            Some(from) => {
                let to = mv.dest();
                // Trusts the move (no emptiness or mirror checks). Anything that cannot be
                // resolved only passes the turn: meaningless, but never inconsistent.
                let p = self.to_move as usize;
                if let (Some(tail), Some((d, dist))) =
                    (self.geo.index_of(from), Move::line(from, to))
                {
                    let delta = self.geo.delta(d);
                    let dist = u32::from(dist);
                    let n = self.run(p, tail as i32, delta, dist + 1);
                    if n >= 1 && n <= dist && self.geo.index_of(to).is_some() {
                        let k = dist - (n - 1);
                        let dest = tail as i32 + dist as i32 * delta;
                        let m = if mv.is_capture() {
                            self.run(1 - p, dest, delta, n)
                        } else {
                            0
                        };
                        self.apply_group((tail, from), d, n, k, m);
                    }
                }
            }
        }
        self.pass_turn();
    }

    fn score(&self, player: PlayerId) -> i32 {
        // Pieces missing from the opponent's starting two rows.
        match player.index() {
            p @ (0 | 1) => {
                let start = 2 * i32::from(self.geo.width);
                (start - self.pieces[1 - p].count() as i32).max(0)
            }
            _ => 0,
        }
    }

    fn hash64(&self) -> u64 {
        self.hash
    }

    fn hash64_from_scratch(&self) -> u64 {
        let mut h = hash::size_key(self.geo.width, self.geo.height)
            ^ hash::keys_of(0, self.pieces[0])
            ^ hash::keys_of(1, self.pieces[1])
            ^ hash::keys_of(2, self.stones);
        if self.to_move == 1 {
            h ^= hash::SIDE_KEY;
        }
        if self.mirror {
            h ^= hash::MIRROR_KEY;
        }
        if self.stones_variant {
            h ^= hash::STONES_KEY;
        }
        h
    }

    fn diagram(&self) -> String {
        let mut out = String::new();
        for r in (0..self.geo.height).rev() {
            let _ = write!(out, "{:>2} ", r + 1);
            for f in 0..self.geo.width {
                let i = self.geo.index(f, r);
                let c = if self.pieces[0].has(i) {
                    'W'
                } else if self.pieces[1].has(i) {
                    'B'
                } else if self.stones.has(i) {
                    'X'
                } else {
                    '.'
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str("   ");
        for f in 0..self.geo.width {
            out.push(' ');
            out.push(char::from(b'a' + f));
        }
        out.push('\n');
        let name = |p: PlayerId| format!("player {p} ({})", ["W", "B"][p.index() & 1]);
        let who = match self.status() {
            Status::Ongoing(p) => format!("{} to move", name(p)),
            Status::Finished(o) => match o.winner() {
                Some(p) => format!("game over: {} wins", name(p)),
                None => "game over: draw".to_string(),
            },
        };
        let _ = writeln!(
            out,
            "{who}; on the enemy home row: W {}, B {}; mirror rule {}{}",
            self.on_enemy_home_row(PlayerId::FIRST),
            self.on_enemy_home_row(PlayerId::SECOND),
            if self.mirror { "on" } else { "off" },
            if self.stones_variant {
                "; stumbling blocks"
            } else {
                ""
            },
        );
        out
    }
}
