//! The [`Game`] trait every rules engine of the workspace implements.

use crate::{PlayerId, SeededRng, Status};
use alloc::borrow::Cow;
use alloc::string::String;
use core::error::Error;
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;
use smallvec::SmallVec;

/// The caller-owned move buffer of game `G`: a [`SmallVec`] whose inline capacity the game
/// chooses (through [`Game::MoveArray`]) to hold its largest branching without allocating.
pub type MoveList<G> = SmallVec<<G as Game>::MoveArray>;

/// Why a move was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveError<E> {
    /// The game is over: no move is legal.
    #[error("the game is over")]
    GameOver,
    /// The game goes on but this move is not legal here; the game says why.
    #[error("illegal move: {0}")]
    Illegal(E),
}

/// A move rejected by [`Game::play`], handing the untouched state back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected<G: Game> {
    /// The state, unchanged.
    pub state: G,
    /// The rejected move.
    pub mv: G::Move,
    /// Why it was rejected.
    pub error: MoveError<G::IllegalMove>,
}

impl<G: Game> Display for Rejected<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.mv, self.error)
    }
}

impl<G: Game> Error for Rejected<G> {}

/// A rules engine: a game state that knows its legal moves and how they change it.
///
/// The tree it describes is a tree of *decisions*: [`Game::status`] names the seat that decides
/// next, which need not alternate (in GIPF a player may decide twice in a row, or the player who
/// did not push may decide). A state holds its rules configuration, so it alone determines its
/// future; `Eq` and `Hash` compare everything that matters for that future.
///
/// Text forms are part of the contract: `Display`/`FromStr` on the state give a one-line
/// position text that round-trips exactly, and the same on [`Game::Move`] gives move text.
///
/// Implementors supply generation, checking, applying and hashing; the checked and pure forms
/// of applying come for free:
///
/// ```
/// use abstract_game::{Game, MoveError};
/// # use abstract_game::toy::Subtraction as MyGame;
/// let mut game = MyGame::new(&Default::default()).unwrap();
/// let moves = game.legal_moves();
/// let first = moves[0];
/// assert!(game.check_move(first).is_ok());
/// let next = game.after(first).unwrap();   // pure
/// game.apply(first).unwrap();              // in place
/// assert_eq!(game, next);
/// ```
pub trait Game:
    Clone + Eq + Hash + Debug + Display + FromStr<Err = Self::PositionError> + Send + Sync + 'static
{
    /// One decision. Small plain data; text through `Display`/`FromStr`.
    type Move: Copy
        + Eq
        + Ord
        + Hash
        + Debug
        + Display
        + FromStr<Err = Self::MoveParseError>
        + Send
        + Sync
        + 'static;
    /// The inline array of [`MoveList`]: `[Self::Move; N]` with `N` at least the largest
    /// branching random games meet (the conformance kit fails a game whose random positions
    /// exceed it), so that generation does not allocate in practice.
    ///
    /// A position with more legal moves is still handled exactly: the list moves to the heap
    /// (one allocation; a buffer that is cleared and reused keeps its heap storage). A larger
    /// `N` costs stack space and copies wherever a `MoveList` is moved, for example when
    /// [`Game::legal_moves`] returns one, so keep one buffer per search depth rather than per
    /// node.
    type MoveArray: smallvec::Array<Item = Self::Move>;
    /// Rules parameters: variant, player count, targets, switches.
    type Config: Clone + Eq + Debug + Default + Send + Sync + 'static;
    /// Why a configuration was refused.
    type ConfigError: Error + Clone + Eq + Send + Sync + 'static;
    /// Why a move is illegal in a position.
    type IllegalMove: Error + Clone + Eq + Send + Sync + 'static;
    /// Why a position text was refused.
    type PositionError: Error + Clone + Eq + Send + Sync + 'static;
    /// Why a move text was refused.
    type MoveParseError: Error + Clone + Eq + Send + Sync + 'static;

    /// Short lower-case name of the game, for example `"pikemen"`. Wrappers such as
    /// [`MoveLimit`](crate::MoveLimit) keep the wrapped game's; [`Game::name`] tells them apart.
    const NAME: &'static str;

    /// The name of this form of the game, to label saved games and check a label before
    /// reading a position: [`Game::NAME`] unless the form overrides it (GIPF's complete-turn
    /// form is `"gipf-turns"`, [`MoveLimit`](crate::MoveLimit) appends `"+limit"`).
    ///
    /// ```
    /// use abstract_game::{Game, MoveLimit, toy::Subtraction};
    /// assert_eq!(Subtraction::name(), "subtraction");
    /// assert_eq!(MoveLimit::<Subtraction>::name(), "subtraction+limit");
    /// ```
    #[must_use]
    fn name() -> Cow<'static, str> {
        Cow::Borrowed(Self::NAME)
    }

    /// The starting position of the game `config` describes.
    fn new(config: &Self::Config) -> Result<Self, Self::ConfigError>;

    /// The rules this state is played under.
    fn config(&self) -> Self::Config;

    /// Number of seats (1..=8), including seats that can no longer move.
    fn player_count(&self) -> u8;

    /// Whether the game goes on and who decides next. A pure function of the state.
    fn status(&self) -> Status;

    /// The seat that decides next, or `None` when the game is over.
    fn to_move(&self) -> Option<PlayerId> {
        self.status().to_move()
    }

    /// Appends every legal move to `moves`, in a deterministic order, without duplicates.
    /// Appends nothing when the game is over.
    fn generate_moves(&self, moves: &mut MoveList<Self>);

    /// The legal moves in a fresh buffer.
    #[must_use]
    fn legal_moves(&self) -> MoveList<Self> {
        let mut moves = MoveList::<Self>::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// The number of legal moves. Games override it with cheaper bulk counting.
    #[must_use]
    fn count_moves(&self) -> usize {
        self.legal_moves().len()
    }

    /// A uniformly random legal move, or `None` when the game is over: exactly
    /// `legal_moves()[rng.below(n)]` with `n` the number of legal moves, drawing nothing from
    /// `rng` when there is none. Playouts call it once per ply, so games override it to find
    /// move number `i` without generating the others; the test kit checks that an override
    /// picks the same move as this default from the same generator.
    #[must_use]
    fn random_move(&self, rng: &mut SeededRng) -> Option<Self::Move> {
        let mut moves = MoveList::<Self>::new();
        self.generate_moves(&mut moves);
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.below(moves.len())])
        }
    }

    /// Whether `mv` is legal here, and if not, why. Always agrees with
    /// [`Game::generate_moves`].
    fn check_move(&self, mv: Self::Move) -> Result<(), MoveError<Self::IllegalMove>>;

    /// Whether `mv` is legal here.
    #[must_use]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Applies a move known to be legal. On an illegal move the state may become meaningless
    /// (never undefined behaviour); use [`Game::apply`] for moves from outside.
    fn apply_unchecked(&mut self, mv: Self::Move);

    /// Applies `mv` if it is legal; otherwise leaves the state untouched and says why.
    fn apply(&mut self, mv: Self::Move) -> Result<(), MoveError<Self::IllegalMove>> {
        self.check_move(mv)?;
        self.apply_unchecked(mv);
        Ok(())
    }

    /// The state after `mv`, leaving `self` as it is.
    fn after(&self, mv: Self::Move) -> Result<Self, MoveError<Self::IllegalMove>> {
        self.check_move(mv)?;
        let mut next = self.clone();
        next.apply_unchecked(mv);
        Ok(next)
    }

    /// Consumes the state and returns the one after `mv`; on an illegal move hands the state
    /// back inside the error.
    fn play(mut self, mv: Self::Move) -> Result<Self, Rejected<Self>> {
        match self.check_move(mv) {
            Ok(()) => {
                self.apply_unchecked(mv);
                Ok(self)
            }
            Err(error) => Err(Rejected {
                state: self,
                mv,
                error,
            }),
        }
    }

    /// Reads a move in the context of this position. The default is the context-free
    /// `FromStr`; games whose text needs the position override it. Does not check legality.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveParseError> {
        text.parse()
    }

    /// The points `player` holds, for games that count points (0 otherwise).
    #[must_use]
    fn score(&self, _player: PlayerId) -> i32 {
        0
    }

    /// A 64-bit hash of the state, kept up to date as moves are applied. Equal states have
    /// equal hashes.
    #[must_use]
    fn hash64(&self) -> u64;

    /// [`Game::hash64`] computed from nothing but the current state; the test kit checks that
    /// both always agree.
    #[must_use]
    fn hash64_from_scratch(&self) -> u64;

    /// A multi-line board diagram for people.
    #[must_use]
    fn diagram(&self) -> String;
}
