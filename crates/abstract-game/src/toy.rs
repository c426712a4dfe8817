//! A tiny game to show the [`Game`] trait and to test the generic tools.
//!
//! Subtraction game: a pile of tokens; two players alternately take 1 to `max_take` tokens;
//! whoever takes the last token wins.

use crate::{Game, MoveError, MoveList, Outcome, PlayerId, Status};
use alloc::format;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

/// Rules of the [`Subtraction`] game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionConfig {
    /// Tokens at the start (1..=255).
    pub pile: u8,
    /// Most tokens one move may take (1..=8).
    pub max_take: u8,
}

impl Default for SubtractionConfig {
    /// 21 tokens, take 1 to 3.
    fn default() -> Self {
        SubtractionConfig {
            pile: 21,
            max_take: 3,
        }
    }
}

/// The subtraction game: see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Subtraction {
    pile: u8,
    max_take: u8,
    to_move: PlayerId,
}

/// A move of the subtraction game: how many tokens to take. Text: the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Take(pub u8);

/// Errors of the subtraction game (configuration, moves and text alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SubtractionError {
    /// A configuration or position outside the allowed ranges.
    #[error("pile must be 1..=255 and max_take 1..=8")]
    BadConfig,
    /// Taking zero, or more than the rules or the pile allow.
    #[error("cannot take that many tokens")]
    BadTake,
    /// Text that does not parse.
    #[error("malformed text")]
    Syntax,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Take {
    type Err = SubtractionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Take).map_err(|_| SubtractionError::Syntax)
    }
}

impl fmt::Display for Subtraction {
    /// `pile max_take to_move`, for example `21 3 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.pile, self.max_take, self.to_move)
    }
}

impl FromStr for Subtraction {
    type Err = SubtractionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut it = s.split(' ');
        let mut field = || -> Result<u8, SubtractionError> {
            it.next()
                .and_then(|t| t.parse().ok())
                .ok_or(SubtractionError::Syntax)
        };
        let (pile, max_take, seat) = (field()?, field()?, field()?);
        if it.next().is_some() {
            return Err(SubtractionError::Syntax);
        }
        if !(1..=8).contains(&max_take) || !(1..=2).contains(&seat) {
            return Err(SubtractionError::BadConfig);
        }
        Ok(Subtraction {
            pile,
            max_take,
            to_move: PlayerId::from_number(seat).ok_or(SubtractionError::BadConfig)?,
        })
    }
}

impl Game for Subtraction {
    type Move = Take;
    type MoveArray = [Take; 8];
    type Config = SubtractionConfig;
    type ConfigError = SubtractionError;
    type IllegalMove = SubtractionError;
    type PositionError = SubtractionError;
    type MoveParseError = SubtractionError;

    const NAME: &'static str = "subtraction";

    fn new(config: &SubtractionConfig) -> Result<Self, SubtractionError> {
        if config.pile == 0 || !(1..=8).contains(&config.max_take) {
            return Err(SubtractionError::BadConfig);
        }
        Ok(Subtraction {
            pile: config.pile,
            max_take: config.max_take,
            to_move: PlayerId::FIRST,
        })
    }

    fn config(&self) -> SubtractionConfig {
        SubtractionConfig {
            pile: self.pile,
            max_take: self.max_take,
        }
    }

    fn player_count(&self) -> u8 {
        2
    }

    fn status(&self) -> Status {
        if self.pile == 0 {
            // The player who took the last token is the one not to move.
            match Outcome::win(2, self.to_move.next(2)) {
                Ok(o) => Status::Finished(o),
                Err(_) => Status::Ongoing(self.to_move),
            }
        } else {
            Status::Ongoing(self.to_move)
        }
    }

    fn generate_moves(&self, moves: &mut MoveList<Self>) {
        moves.extend((1..=self.max_take.min(self.pile)).map(Take));
    }

    fn check_move(&self, mv: Take) -> Result<(), MoveError<SubtractionError>> {
        if self.pile == 0 {
            Err(MoveError::GameOver)
        } else if mv.0 == 0 || mv.0 > self.max_take || mv.0 > self.pile {
            Err(MoveError::Illegal(SubtractionError::BadTake))
        } else {
            Ok(())
        }
    }

    fn apply_unchecked(&mut self, mv: Take) {
        // Saturating: an unchecked move taking more than the pile empties it.
        self.pile = self.pile.saturating_sub(mv.0);
        self.to_move = self.to_move.next(2);
    }

    fn hash64(&self) -> u64 {
        self.hash64_from_scratch()
    }

    fn hash64_from_scratch(&self) -> u64 {
        u64::from(self.pile) | u64::from(self.max_take) << 8 | (self.to_move.index() as u64) << 16
    }

    fn diagram(&self) -> String {
        format!("{} tokens; player {} to take\n", self.pile, self.to_move)
    }
}

/// Why a [`Subtraction`] game ended: there is one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubtractionEnd {
    /// The winner took the last token.
    LastTokenTaken,
}

impl fmt::Display for SubtractionEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("last token taken")
    }
}

impl crate::EndReason for Subtraction {
    type End = SubtractionEnd;

    fn end(&self) -> Option<SubtractionEnd> {
        (self.pile == 0).then_some(SubtractionEnd::LastTokenTaken)
    }
}

impl crate::Evaluate for Subtraction {
    /// The game's theory, softened to stay a heuristic: the player to move wins exactly when
    /// the pile is not a multiple of `max_take + 1`.
    fn evaluate(&self, player: PlayerId) -> f64 {
        if let Status::Finished(outcome) = self.status() {
            return outcome.returns(player);
        }
        let mover_wins = self.pile % (self.max_take + 1) != 0;
        if mover_wins == (player == self.to_move) {
            0.5
        } else {
            -0.5
        }
    }

    /// Taking to a multiple of `max_take + 1` first.
    fn move_priority(&self, mv: Take) -> i32 {
        i32::from(self.pile.wrapping_sub(mv.0) % (self.max_take + 1) == 0)
    }
}

impl crate::Actions for Subtraction {
    /// Taking `n` tokens is action `n - 1`.
    fn num_distinct_actions(&self) -> usize {
        usize::from(self.max_take)
    }

    fn encode(&self, mv: Take) -> Option<u32> {
        (1..=self.max_take)
            .contains(&mv.0)
            .then(|| u32::from(mv.0) - 1)
    }

    fn decode(&self, action: u32) -> Option<Take> {
        u8::try_from(action)
            .ok()
            .filter(|&a| a < self.max_take)
            .map(|a| Take(a + 1))
    }
}

impl crate::Observe for Subtraction {
    /// Three single-cell planes: the pile, the most tokens a move may take, and 1 when the
    /// observer is to move (or, once the pile is empty, has lost).
    fn observation_shape(&self) -> [usize; 3] {
        [3, 1, 1]
    }

    fn write_observation(&self, player: PlayerId, out: &mut [f32]) {
        out[0] = f32::from(self.pile);
        out[1] = f32::from(self.max_take);
        out[2] = f32::from(u8::from(player == self.to_move));
    }
}

impl crate::Symmetric for Subtraction {
    /// Only the identity.
    fn symmetry_count(&self) -> usize {
        1
    }

    fn inverse_symmetry(&self, sym: usize) -> Result<usize, crate::LearnError> {
        crate::LearnError::check_symmetry(sym, 1).map(|()| sym)
    }

    fn transformed(&self, sym: usize) -> Result<Self, crate::LearnError> {
        crate::LearnError::check_symmetry(sym, 1).map(|()| *self)
    }

    fn transform_move(&self, sym: usize, mv: Take) -> Result<Take, crate::LearnError> {
        crate::LearnError::check_symmetry(sym, 1).map(|()| mv)
    }

    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), crate::LearnError> {
        crate::LearnError::check_symmetry(sym, 1)?;
        crate::LearnError::check_length(3, input.len())?;
        crate::LearnError::check_length(3, out.len())?;
        out.copy_from_slice(input);
        Ok(())
    }
}

impl crate::ToSvg for Subtraction {
    /// Token number `1..=pile`, counted from the left.
    type Place = u8;
    type LastMove = Take;

    /// The tokens in rows of ten (`data-spot` is the token's number), the tokens just taken
    /// as dashed outlines, and who takes next.
    fn to_svg(&self, options: &crate::SvgOptions<Take, u8>) -> String {
        use crate::svg::{Num, SvgWriter, colours};
        let taken = options.last_move.map_or(0, |t| t.0);
        let shown = u32::from(self.pile) + u32::from(taken);
        let rows = shown.div_ceil(10).max(1);
        let place = |i: u32| {
            (
                Num(f64::from(i % 10) * 30.0 + 20.0),
                Num(f64::from(i / 10) * 30.0 + 50.0),
            )
        };
        let mut w = SvgWriter::new(options.size, 310.0, f64::from(rows) * 30.0 + 40.0);
        let caption = match self.status().to_move() {
            Some(p) => format!(
                "{} tokens; seat {p} takes 1 to {}",
                self.pile, self.max_take
            ),
            None => format!("seat {} took the last token", self.to_move.next(2)),
        };
        w.text(
            "text",
            &[("x", &10), ("y", &22), ("font-size", &14)],
            &caption,
        );
        for i in 0..shown {
            let (cx, cy) = place(i);
            let n = i + 1;
            if n > u32::from(self.pile) {
                w.leaf(
                    "circle",
                    &[
                        ("class", &"last-move taken"),
                        ("data-spot", &n),
                        ("cx", &cx),
                        ("cy", &cy),
                        ("r", &11),
                        ("fill", &"none"),
                        ("stroke", &colours::VERMILLION),
                        ("stroke-dasharray", &"3 2"),
                    ],
                );
                continue;
            }
            w.open("g", &[("class", &"piece token"), ("data-spot", &n)]);
            w.text("title", &[], &format!("token {n}"));
            w.leaf(
                "circle",
                &[
                    ("cx", &cx),
                    ("cy", &cy),
                    ("r", &11),
                    ("fill", &colours::BLUE),
                    ("stroke", &colours::BLACK),
                ],
            );
            w.close();
        }
        for &h in &options.highlights {
            let (cx, cy) = place(u32::from(h).saturating_sub(1));
            w.leaf(
                "circle",
                &[
                    ("class", &"highlight"),
                    ("data-spot", &h),
                    ("cx", &cx),
                    ("cy", &cy),
                    ("r", &14),
                    ("fill", &"none"),
                    ("stroke", &colours::VERMILLION),
                    ("stroke-width", &3),
                ],
            );
        }
        w.finish()
    }

    fn last_move(&self, mv: Take) -> Option<Take> {
        self.is_legal(mv).then_some(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluate;
    use alloc::string::ToString;

    #[test]
    fn unchecked_take_over_the_pile_empties_it() {
        let mut g: Subtraction = "2 3 1".parse().unwrap();
        g.apply_unchecked(Take(200));
        assert_eq!(g.to_string(), "0 3 2");
        assert_eq!(
            g.status().outcome().unwrap().winner(),
            Some(PlayerId::FIRST)
        );
    }

    #[test]
    fn evaluation_follows_the_theory() {
        // Pile 8, take 1..3: the mover loses (8 is a multiple of 4); pile 9: the mover wins.
        let losing: Subtraction = "8 3 1".parse().unwrap();
        let winning: Subtraction = "9 3 1".parse().unwrap();
        assert!(losing.evaluate(PlayerId::FIRST) < 0.0);
        assert!(losing.evaluate(PlayerId::SECOND) > 0.0);
        assert!(winning.evaluate(PlayerId::FIRST) > 0.0);
        // From 9 the winning move takes 1, to 8.
        assert_eq!(winning.move_priority(Take(1)), 1);
        assert_eq!(winning.move_priority(Take(2)), 0);
        let over: Subtraction = "0 3 2".parse().unwrap();
        assert_eq!(over.evaluate(PlayerId::FIRST), 1.0);
    }
}
