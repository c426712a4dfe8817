//! A move limit for any game: reaching it ends the game in a draw.
//!
//! Some games can cycle forever (Pikemen reorientations, GIPF pushes back and forth). Rather
//! than bend each game's rules, [`MoveLimit`] wraps any [`Game`] and counts decisions.

use crate::{Game, MoveError, MoveList, Outcome, PlayerId, SeededRng, Status};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

/// Rules of a [`MoveLimit`] game: the inner game's rules plus the number of decisions after
/// which the game is a draw.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LimitConfig<C> {
    /// The wrapped game's rules.
    pub inner: C,
    /// Decisions allowed; a game still going after this many is drawn.
    pub max_plies: u32,
}

impl<C: Default> Default for LimitConfig<C> {
    /// The inner game's default rules and a limit of 1000 decisions.
    fn default() -> Self {
        LimitConfig {
            inner: C::default(),
            max_plies: 1000,
        }
    }
}

/// `G` with a move limit: after `max_plies` decisions an unfinished game is a draw.
///
/// Position text is the inner text followed by ` @ plies/max_plies`; with the `serde` feature
/// that text is also its serialised form. Its [`Game::name`] is the inner name followed by
/// `+limit`, for example `"pikemen+limit"`.
///
/// ```
/// use abstract_game::{Game, LimitConfig, MoveLimit, toy::Subtraction};
/// let cfg = LimitConfig { inner: Default::default(), max_plies: 2 };
/// let mut g = MoveLimit::<Subtraction>::new(&cfg).unwrap();
/// for _ in 0..2 {
///     let mv = g.legal_moves()[0];
///     g.apply(mv).unwrap();
/// }
/// assert!(g.status().outcome().unwrap().is_draw());
/// assert_eq!(g.to_string().parse::<MoveLimit<Subtraction>>().unwrap(), g);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveLimit<G> {
    inner: G,
    plies: u32,
    max_plies: u32,
}

impl<G: Game> MoveLimit<G> {
    /// Wraps a state in progress; `plies` decisions count as already made. With `plies` over
    /// `max_plies` (a position no game reaches) the text it writes is not read back.
    #[must_use]
    pub fn wrap(inner: G, plies: u32, max_plies: u32) -> Self {
        MoveLimit {
            inner,
            plies,
            max_plies,
        }
    }

    /// The wrapped state.
    #[must_use]
    pub fn inner(&self) -> &G {
        &self.inner
    }

    /// Decisions made so far.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Decisions allowed before the game is drawn.
    #[must_use]
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// The wrapped state, unwrapped.
    #[must_use]
    pub fn into_inner(self) -> G {
        self.inner
    }

    fn limit_reached(&self) -> bool {
        self.plies >= self.max_plies
    }
}

impl<G: Game> fmt::Display for MoveLimit<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} @ {}/{}", self.inner, self.plies, self.max_plies)
    }
}

/// Why a [`MoveLimit`] position text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitPositionError<E> {
    /// The ` @ plies/max_plies` suffix is missing or malformed.
    #[error("expected ' @ plies/max_plies' after the position")]
    Counter,
    /// More decisions counted than the limit allows: no game reaches such a position (the
    /// limit ends it at `plies == max_plies`).
    #[error("{plies} plies counted, over the limit of {max_plies}")]
    OverLimit {
        /// The plies counted.
        plies: u32,
        /// The limit.
        max_plies: u32,
    },
    /// The inner position text was refused.
    #[error(transparent)]
    Inner(E),
}

impl<G: Game> FromStr for MoveLimit<G> {
    type Err = LimitPositionError<G::PositionError>;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (inner, counter) = s.rsplit_once(" @ ").ok_or(LimitPositionError::Counter)?;
        let (plies, max) = counter.split_once('/').ok_or(LimitPositionError::Counter)?;
        let number = |t: &str| -> Result<u32, Self::Err> {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(LimitPositionError::Counter);
            }
            t.parse().map_err(|_| LimitPositionError::Counter)
        };
        let (plies, max_plies) = (number(plies)?, number(max)?);
        if plies > max_plies {
            return Err(LimitPositionError::OverLimit { plies, max_plies });
        }
        Ok(MoveLimit {
            inner: inner.parse().map_err(LimitPositionError::Inner)?,
            plies,
            max_plies,
        })
    }
}

fn counter_hash(plies: u32, max_plies: u32) -> u64 {
    let x = (u64::from(plies) << 32 | u64::from(max_plies)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 29)
}

impl<G: Game> Game for MoveLimit<G> {
    type Move = G::Move;
    type MoveArray = G::MoveArray;
    type Config = LimitConfig<G::Config>;
    type ConfigError = G::ConfigError;
    type IllegalMove = G::IllegalMove;
    type PositionError = LimitPositionError<G::PositionError>;
    type MoveParseError = G::MoveParseError;

    const NAME: &'static str = G::NAME;

    fn name() -> Cow<'static, str> {
        Cow::Owned(format!("{}+limit", G::name()))
    }

    fn new(config: &Self::Config) -> Result<Self, Self::ConfigError> {
        Ok(MoveLimit {
            inner: G::new(&config.inner)?,
            plies: 0,
            max_plies: config.max_plies,
        })
    }

    fn config(&self) -> Self::Config {
        LimitConfig {
            inner: self.inner.config(),
            max_plies: self.max_plies,
        }
    }

    fn player_count(&self) -> u8 {
        self.inner.player_count()
    }

    fn status(&self) -> Status {
        match self.inner.status() {
            Status::Ongoing(p) if self.limit_reached() => {
                match Outcome::draw(self.player_count()) {
                    Ok(draw) => Status::Finished(draw),
                    // Only a game breaking its own 1..=8 seat contract lands here; it goes on.
                    Err(_) => Status::Ongoing(p),
                }
            }
            s => s,
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<Self>) {
        if !self.limit_reached() {
            self.inner.generate_moves(moves);
        }
    }

    fn count_moves(&self) -> usize {
        if self.limit_reached() {
            0
        } else {
            self.inner.count_moves()
        }
    }

    fn random_move(&self, rng: &mut SeededRng) -> Option<Self::Move> {
        if self.limit_reached() {
            None
        } else {
            self.inner.random_move(rng)
        }
    }

    fn check_move(&self, mv: Self::Move) -> Result<(), MoveError<Self::IllegalMove>> {
        if self.limit_reached() {
            Err(MoveError::GameOver)
        } else {
            self.inner.check_move(mv)
        }
    }

    fn apply_unchecked(&mut self, mv: Self::Move) {
        self.inner.apply_unchecked(mv);
        // Saturating: a state wrapped at u32::MAX plies stays finished instead of wrapping.
        self.plies = self.plies.saturating_add(1);
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveParseError> {
        self.inner.parse_move(text)
    }

    fn score(&self, player: PlayerId) -> i32 {
        self.inner.score(player)
    }

    fn hash64(&self) -> u64 {
        self.inner.hash64() ^ counter_hash(self.plies, self.max_plies)
    }

    fn hash64_from_scratch(&self) -> u64 {
        self.inner.hash64_from_scratch() ^ counter_hash(self.plies, self.max_plies)
    }

    fn diagram(&self) -> String {
        if self.limit_reached() && !self.inner.status().is_finished() {
            // The inner diagram still names a player to move: say that nobody is.
            return format!(
                "{}game over: a draw, the move limit of {} reached\n",
                self.inner.diagram(),
                self.max_plies
            );
        }
        if self.inner.status().is_finished() {
            return format!(
                "{}after {} moves (the limit was {})\n",
                self.inner.diagram(),
                self.plies,
                self.max_plies
            );
        }
        format!(
            "{}move {} of at most {}\n",
            self.inner.diagram(),
            self.plies,
            self.max_plies
        )
    }
}

#[cfg(feature = "serde")]
impl<G: Game> serde::Serialize for MoveLimit<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de, G: Game> serde::Deserialize<'de> for MoveLimit<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl<G: crate::Evaluate> crate::Evaluate for MoveLimit<G> {
    /// The inner game's judgement, or the draw once the limit is reached.
    fn evaluate(&self, player: PlayerId) -> f64 {
        if self.limit_reached() && !self.inner.status().is_finished() {
            return 0.0;
        }
        self.inner.evaluate(player)
    }

    fn move_priority(&self, mv: G::Move) -> i32 {
        self.inner.move_priority(mv)
    }

    fn is_tactical(&self, mv: G::Move) -> bool {
        self.inner.is_tactical(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{Subtraction, Take};
    use alloc::string::ToString;

    #[test]
    fn counter_saturates_at_the_top_of_u32() {
        let start = Subtraction::new(&Default::default()).unwrap();
        let mut g = MoveLimit::wrap(start, u32::MAX - 1, u32::MAX);
        g.apply_unchecked(Take(1));
        assert_eq!(g.plies(), u32::MAX);
        assert!(g.status().is_finished());
        g.apply_unchecked(Take(1));
        assert_eq!(g.plies(), u32::MAX);
        let text = g.to_string();
        assert_eq!(text.parse::<MoveLimit<Subtraction>>().unwrap(), g);
    }

    #[test]
    fn a_counter_over_its_limit_is_refused() {
        let read = |t: &str| t.parse::<MoveLimit<Subtraction>>();
        assert_eq!(
            read("9 3 2 @ 9/5"),
            Err(LimitPositionError::OverLimit {
                plies: 9,
                max_plies: 5
            })
        );
        assert!(read("9 3 2 @ 1/0").is_err());
        // At the limit the game is a draw, as the limit leaves it; a limit of 0 is a game
        // over at its start, whose text reads back.
        for text in ["9 3 2 @ 5/5", "9 3 2 @ 0/0"] {
            let g = read(text).unwrap();
            assert!(g.status().is_finished());
            assert_eq!(g.to_string(), text);
        }
    }

    #[test]
    fn the_diagram_says_when_the_limit_ended_the_game() {
        let start = Subtraction::new(&Default::default()).unwrap();
        let mut g = MoveLimit::wrap(start, 0, 1);
        assert!(g.diagram().ends_with("move 0 of at most 1\n"));
        g.apply_unchecked(Take(1));
        assert!(
            g.diagram()
                .ends_with("game over: a draw, the move limit of 1 reached\n")
        );
    }

    #[test]
    fn the_name_tells_the_wrapper_apart() {
        assert_eq!(Subtraction::name(), "subtraction");
        assert_eq!(MoveLimit::<Subtraction>::name(), "subtraction+limit");
        assert_eq!(
            MoveLimit::<MoveLimit<Subtraction>>::name(),
            "subtraction+limit+limit"
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serialises_as_its_position_text() {
        let g = MoveLimit::wrap("9 3 2".parse::<Subtraction>().unwrap(), 4, 50);
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(json, "\"9 3 2 @ 4/50\"");
        assert_eq!(
            serde_json::from_str::<MoveLimit<Subtraction>>(&json).unwrap(),
            g
        );
        assert!(serde_json::from_str::<MoveLimit<Subtraction>>("\"9 3 2\"").is_err());
    }
}
