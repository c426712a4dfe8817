//! A toy game where a seat may decide several times in a row (as in GIPF's removals): the
//! bots must follow `status()`'s decision owner, not assume alternation.
//!
//! Bonus Nim: a pile of tokens; take 1 or 2; taking 2 earns another decision by the same
//! player; whoever takes the last token wins. A brute-force solver gives the truth.

use abstract_game::{Evaluate, Game, MoveError, MoveList, Outcome, PlayerId, Status};
use abstract_game_search::{BotSpec, Limits};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Bonus {
    pile: u8,
    to_move: PlayerId,
    /// Who took the last token, once the pile is empty.
    last: PlayerId,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Take(u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad")]
struct Bad;

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
impl FromStr for Take {
    type Err = Bad;
    fn from_str(s: &str) -> Result<Self, Bad> {
        s.parse().map(Take).map_err(|_| Bad)
    }
}
impl fmt::Display for Bonus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.pile, self.to_move, self.last)
    }
}
impl FromStr for Bonus {
    type Err = Bad;
    fn from_str(s: &str) -> Result<Self, Bad> {
        let v: Vec<u8> = s
            .split(' ')
            .map(|t| t.parse().map_err(|_| Bad))
            .collect::<Result<_, _>>()?;
        match v[..] {
            [pile, m, l] => Ok(Bonus {
                pile,
                to_move: PlayerId::from_number(m).ok_or(Bad)?,
                last: PlayerId::from_number(l).ok_or(Bad)?,
            }),
            _ => Err(Bad),
        }
    }
}

impl Game for Bonus {
    type Move = Take;
    type MoveArray = [Take; 2];
    type Config = ();
    type ConfigError = Bad;
    type IllegalMove = Bad;
    type PositionError = Bad;
    type MoveParseError = Bad;
    const NAME: &'static str = "bonus";

    fn new(_: &()) -> Result<Self, Bad> {
        Ok(Bonus {
            pile: 10,
            to_move: PlayerId::FIRST,
            last: PlayerId::FIRST,
        })
    }
    fn config(&self) {}
    fn player_count(&self) -> u8 {
        2
    }
    fn status(&self) -> Status {
        if self.pile == 0 {
            Status::Finished(Outcome::win(2, self.last).unwrap())
        } else {
            Status::Ongoing(self.to_move)
        }
    }
    fn generate_moves(&self, moves: &mut MoveList<Self>) {
        moves.extend((1..=self.pile.min(2)).map(Take));
    }
    fn check_move(&self, mv: Take) -> Result<(), MoveError<Bad>> {
        if self.pile == 0 {
            Err(MoveError::GameOver)
        } else if mv.0 == 0 || mv.0 > 2 || mv.0 > self.pile {
            Err(MoveError::Illegal(Bad))
        } else {
            Ok(())
        }
    }
    fn apply_unchecked(&mut self, mv: Take) {
        self.pile -= mv.0;
        self.last = self.to_move;
        if mv.0 == 1 {
            self.to_move = self.to_move.next(2);
        }
    }
    fn hash64(&self) -> u64 {
        self.hash64_from_scratch()
    }
    fn hash64_from_scratch(&self) -> u64 {
        u64::from(self.pile) | (self.to_move.index() as u64) << 8 | (self.last.index() as u64) << 9
    }
    fn diagram(&self) -> String {
        self.to_string()
    }
}

impl Evaluate for Bonus {
    /// No knowledge at all: the search alone must find the truth.
    fn evaluate(&self, player: PlayerId) -> f64 {
        self.status().outcome().map_or(0.0, |o| o.returns(player))
    }
}

/// Whether the seat to move wins with perfect play.
fn mover_wins(s: &Bonus) -> bool {
    s.legal_moves().iter().any(|&m| {
        let next = s.after(m).unwrap();
        match next.status() {
            Status::Finished(o) => o.winner() == Some(s.to_move),
            Status::Ongoing(p) => (p == s.to_move) == mover_wins(&next),
        }
    })
}

fn winning(s: &Bonus, m: Take) -> bool {
    let next = s.after(m).unwrap();
    match next.status() {
        Status::Finished(o) => o.winner() == Some(s.to_move),
        Status::Ongoing(p) => (p == s.to_move) == mover_wins(&next),
    }
}

#[test]
fn the_bots_follow_the_decision_owner() {
    let mut winning_positions = 0;
    for pile in 1..=14 {
        for seat in [PlayerId::FIRST, PlayerId::SECOND] {
            let s = Bonus {
                pile,
                to_move: seat,
                last: seat,
            };
            if !mover_wins(&s) {
                continue;
            }
            winning_positions += 1;
            // MCTS with random rollouts misses a win in about 3% of these positions at 4,000
            // iterations (over seeds 0-29) and 0.5% at 20,000: the larger budget, so that the
            // test shows the decision owner followed rather than the luck of one seed.
            for spec in ["alphabeta:depth=16", "mcts:iters=20000:playout=end"] {
                let spec: BotSpec = spec.parse().unwrap();
                let (mv, info) = spec.build::<Bonus>().choose(&s, &spec.limits()).unwrap();
                assert!(winning(&s, mv), "{spec} at {s}: {mv} ({info})");
            }
            let (_, value) = spec_value(&s);
            assert!(value > 0.5, "alpha-beta should see the win at {s}: {value}");
        }
    }
    assert!(winning_positions > 5);
}

fn spec_value(s: &Bonus) -> (Take, f64) {
    let spec: BotSpec = "alphabeta".parse().unwrap();
    let (mv, info) = spec.build::<Bonus>().choose(s, &Limits::depth(16)).unwrap();
    (mv, info.value)
}
