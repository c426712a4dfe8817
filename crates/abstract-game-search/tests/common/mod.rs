//! Test helpers: positions from seeded random games, and a plain evaluation for games whose
//! own `Evaluate` is not there yet.

use abstract_game::{Evaluate, Game, MoveError, MoveList, PlayerId, SeededRng, Status};
use std::fmt;
use std::str::FromStr;

/// `G` with a knowledge-free evaluation from the game's points (or 0 in games without points),
/// so that every bot can run on every game. Delegates everything else.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Plain<G>(pub G);

impl<G: fmt::Display> fmt::Display for Plain<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: FromStr> FromStr for Plain<G> {
    type Err = G::Err;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Plain)
    }
}

impl<G: Game> Game for Plain<G> {
    type Move = G::Move;
    type MoveArray = G::MoveArray;
    type Config = G::Config;
    type ConfigError = G::ConfigError;
    type IllegalMove = G::IllegalMove;
    type PositionError = G::PositionError;
    type MoveParseError = G::MoveParseError;
    const NAME: &'static str = G::NAME;

    fn new(config: &Self::Config) -> Result<Self, Self::ConfigError> {
        G::new(config).map(Plain)
    }
    fn config(&self) -> Self::Config {
        self.0.config()
    }
    fn player_count(&self) -> u8 {
        self.0.player_count()
    }
    fn status(&self) -> Status {
        self.0.status()
    }
    fn generate_moves(&self, moves: &mut MoveList<Self>) {
        self.0.generate_moves(moves);
    }
    fn check_move(&self, mv: Self::Move) -> Result<(), MoveError<Self::IllegalMove>> {
        self.0.check_move(mv)
    }
    fn apply_unchecked(&mut self, mv: Self::Move) {
        self.0.apply_unchecked(mv);
    }
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveParseError> {
        self.0.parse_move(text)
    }
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

impl<G: Game> Evaluate for Plain<G> {
    fn evaluate(&self, player: PlayerId) -> f64 {
        if let Status::Finished(o) = self.status() {
            return o.returns(player);
        }
        let n = self.player_count();
        let mine = f64::from(self.score(player));
        let others: f64 = PlayerId::all(n)
            .filter(|&q| q != player)
            .map(|q| f64::from(self.score(q)))
            .sum::<f64>()
            / f64::from(n - 1);
        0.9 * ((mine - others) / 8.0).tanh()
    }
}

/// Positions met in seeded random games from `start`: some from the middle of each game,
/// and the last position before each game's final decision.
pub fn sample_positions<G: Game>(start: &G, games: u64, max_plies: usize) -> Vec<G> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = SeededRng::new(seed);
        let mut line = vec![start.clone()];
        let mut state = start.clone();
        while line.len() < max_plies {
            let moves = state.legal_moves();
            if moves.is_empty() {
                break;
            }
            state.apply_unchecked(moves[rng.below(moves.len())]);
            line.push(state.clone());
        }
        let n = line.len();
        for _ in 0..2 {
            out.push(line[rng.below(n)].clone());
        }
        if state.status().is_finished() && n >= 2 {
            out.push(line[n - 2].clone());
        }
    }
    out.retain(|s| !s.status().is_finished());
    out
}
