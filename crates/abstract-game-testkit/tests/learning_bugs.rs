//! The learning checks must catch broken implementations: a tic-tac-toe with the square's
//! eight symmetries and one deliberate bug per variant. `Ttt<0>` is correct and must pass;
//! every other `Ttt<BUG>` must be caught.

use abstract_game::{
    Actions, Game, LearnError, MoveError, MoveList, Observe, Outcome, PlayerId, Status, Symmetric,
};
use abstract_game_testkit::{KitOptions, check_learning, check_step_into};
use std::fmt;
use std::str::FromStr;

mod common;

use common::{Bad, Cell, line_winner, read_position, write_position};

const CORRECT: u8 = 0;
const MASK_DROPS_CORNER: u8 = 1; // the mask never shows cell 8
const NUMBERS_COLLIDE: u8 = 2; // cells 7 and 8 share a number
const OBS_MERGES_SIDES: u8 = 3; // both sides' marks on one plane
const SHAPE_GROWS: u8 = 4; // the observation gains a plane late in the game
const NOT_A_SYMMETRY: u8 = 5; // "symmetry" 2 swaps cells 0 and 1 only (an involution)
const WRONG_INVERSE: u8 = 6; // the inverse of the quarter turn is said to be itself
const OBS_NOT_TRANSFORMED: u8 = 7; // transform_observation copies its input
const ACTION_NOT_TRANSFORMED: u8 = 8; // transform_action returns its input
const CLEAR_KEEPS_THEIRS: u8 = 9; // clear_observation leaves the opponent's plane

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Ttt<const BUG: u8> {
    cells: [u8; 9], // 0 empty, 1 X, 2 O
    x_to_move: bool,
}

impl<const BUG: u8> Ttt<BUG> {
    fn winner(&self) -> Option<u8> {
        line_winner(&self.cells)
    }
    fn mover(&self) -> u8 {
        if self.x_to_move { 1 } else { 2 }
    }
}

impl<const BUG: u8> fmt::Display for Ttt<BUG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_position(f, &self.cells, self.x_to_move)
    }
}

impl<const BUG: u8> FromStr for Ttt<BUG> {
    type Err = Bad;
    fn from_str(s: &str) -> Result<Self, Bad> {
        let (cells, x_to_move) = read_position(s)?;
        Ok(Ttt { cells, x_to_move })
    }
}

impl<const BUG: u8> Game for Ttt<BUG> {
    type Move = Cell;
    type MoveArray = [Cell; 9];
    type Config = ();
    type ConfigError = Bad;
    type IllegalMove = Bad;
    type PositionError = Bad;
    type MoveParseError = Bad;
    const NAME: &'static str = "ttt";

    fn new(_: &()) -> Result<Self, Bad> {
        Ok(Ttt {
            cells: [0; 9],
            x_to_move: true,
        })
    }
    fn config(&self) {}
    fn player_count(&self) -> u8 {
        2
    }
    fn status(&self) -> Status {
        match self.winner() {
            Some(w) => Status::Finished(Outcome::win(2, PlayerId::new(w - 1).unwrap()).unwrap()),
            None if self.cells.iter().all(|&c| c != 0) => {
                Status::Finished(Outcome::draw(2).unwrap())
            }
            None => Status::Ongoing(PlayerId::new(self.mover() - 1).unwrap()),
        }
    }
    fn generate_moves(&self, moves: &mut MoveList<Self>) {
        if self.status().is_finished() {
            return;
        }
        moves.extend(
            (0..9)
                .filter(|&i| self.cells[usize::from(i)] == 0)
                .map(Cell),
        );
    }
    fn check_move(&self, mv: Cell) -> Result<(), MoveError<Bad>> {
        if self.status().is_finished() {
            Err(MoveError::GameOver)
        } else if mv.0 >= 9 || self.cells[usize::from(mv.0)] != 0 {
            Err(MoveError::Illegal(Bad))
        } else {
            Ok(())
        }
    }
    fn apply_unchecked(&mut self, mv: Cell) {
        self.cells[usize::from(mv.0) % 9] = self.mover();
        self.x_to_move = !self.x_to_move;
    }
    fn hash64(&self) -> u64 {
        self.hash64_from_scratch()
    }
    fn hash64_from_scratch(&self) -> u64 {
        self.cells
            .iter()
            .fold(u64::from(self.x_to_move), |h, &c| h * 3 + u64::from(c))
    }
    fn diagram(&self) -> String {
        format!("{self}\n")
    }
}

impl<const BUG: u8> Actions for Ttt<BUG> {
    fn num_distinct_actions(&self) -> usize {
        9
    }
    fn encode(&self, mv: Cell) -> Option<u32> {
        match mv.0 {
            8 if BUG == NUMBERS_COLLIDE => Some(7),
            n if n < 9 => Some(u32::from(n)),
            _ => None,
        }
    }
    fn decode(&self, action: u32) -> Option<Cell> {
        (action < 9).then_some(Cell(action as u8))
    }
    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), LearnError> {
        LearnError::check_length(9, mask.len())?;
        mask.fill(false);
        for mv in self.legal_moves() {
            mask[usize::from(mv.0)] = !(BUG == MASK_DROPS_CORNER && mv.0 == 8);
        }
        Ok(())
    }
}

impl<const BUG: u8> Observe for Ttt<BUG> {
    /// Mine, theirs (from the observer's side), and "I am to move".
    fn observation_shape(&self) -> [usize; 3] {
        let late = self.cells.iter().filter(|&&c| c != 0).count() > 4;
        [if BUG == SHAPE_GROWS && late { 4 } else { 3 }, 3, 3]
    }
    fn write_observation(&self, player: PlayerId, out: &mut [f32]) {
        let me = player.index() as u8 + 1;
        for (i, &c) in self.cells.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let theirs = c != me && BUG != OBS_MERGES_SIDES;
            out[usize::from(theirs) * 9 + i] = 1.0;
        }
        if self.mover() == me {
            out[18..27].fill(1.0);
        }
    }
    fn clear_observation(&self, _: PlayerId, out: &mut [f32]) {
        out[..9].fill(0.0);
        out[18..].fill(0.0);
        if BUG != CLEAR_KEEPS_THEIRS {
            out[9..18].fill(0.0);
        }
    }
}

/// The square's symmetries on cell indices: `s >= 4` mirrors the columns, then `s % 4`
/// quarter turns.
fn map_cell<const BUG: u8>(s: usize, i: usize) -> usize {
    if BUG == NOT_A_SYMMETRY && s == 2 {
        return [1, 0, 2, 3, 4, 5, 6, 7, 8][i];
    }
    let (mut r, mut c) = (i / 3, i % 3);
    if s >= 4 {
        c = 2 - c;
    }
    for _ in 0..s % 4 {
        (r, c) = (2 - c, r);
    }
    r * 3 + c
}

impl<const BUG: u8> Symmetric for Ttt<BUG> {
    fn symmetry_count(&self) -> usize {
        8
    }
    fn inverse_symmetry(&self, sym: usize) -> Result<usize, LearnError> {
        LearnError::check_symmetry(sym, 8)?;
        Ok(match sym {
            1 if BUG == WRONG_INVERSE => 1,
            s if s >= 4 => s,
            s => (4 - s) % 4,
        })
    }
    fn transformed(&self, sym: usize) -> Result<Self, LearnError> {
        LearnError::check_symmetry(sym, 8)?;
        let mut t = self.clone();
        for i in 0..9 {
            t.cells[map_cell::<BUG>(sym, i)] = self.cells[i];
        }
        Ok(t)
    }
    fn transform_move(&self, sym: usize, mv: Cell) -> Result<Cell, LearnError> {
        LearnError::check_symmetry(sym, 8)?;
        Ok(Cell(map_cell::<BUG>(sym, usize::from(mv.0) % 9) as u8))
    }
    fn transform_action(&self, sym: usize, action: u32) -> Result<u32, LearnError> {
        let mv = self.move_of(action).ok_or(LearnError::Action(action))?;
        if BUG == ACTION_NOT_TRANSFORMED {
            return Ok(action);
        }
        Ok(u32::from(self.transform_move(sym, mv)?.0))
    }
    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), LearnError> {
        LearnError::check_symmetry(sym, 8)?;
        let len = self.observation_len();
        LearnError::check_length(len, input.len())?;
        LearnError::check_length(len, out.len())?;
        for p in 0..len / 9 {
            for i in 0..9 {
                let to = if BUG == OBS_NOT_TRANSFORMED {
                    i
                } else {
                    map_cell::<BUG>(sym, i)
                };
                out[p * 9 + to] = input[p * 9 + i];
            }
        }
        Ok(())
    }
}

fn run<const BUG: u8>() -> Result<(), String> {
    let start = Ttt::<BUG>::new(&()).unwrap();
    let opts = KitOptions {
        games: 40,
        max_plies: 9,
        seed: 3,
        ..KitOptions::default()
    };
    check_learning(&start, &opts)
        .map(|_| ())
        .map_err(|f| f.to_string())
}

#[test]
fn the_correct_game_passes() {
    run::<CORRECT>().unwrap();
}

#[test]
fn every_planted_bug_is_caught() {
    let results = [
        ("mask drops a corner", run::<MASK_DROPS_CORNER>()),
        ("numbers collide", run::<NUMBERS_COLLIDE>()),
        ("observation merges the sides", run::<OBS_MERGES_SIDES>()),
        ("observation shape grows", run::<SHAPE_GROWS>()),
        ("not a symmetry", run::<NOT_A_SYMMETRY>()),
        ("wrong inverse", run::<WRONG_INVERSE>()),
        ("observation not transformed", run::<OBS_NOT_TRANSFORMED>()),
        ("action not transformed", run::<ACTION_NOT_TRANSFORMED>()),
        ("clear leaves their plane", run::<CLEAR_KEEPS_THEIRS>()),
    ];
    for (name, r) in results {
        match r {
            Ok(()) => panic!("the kit missed the planted bug: {name}"),
            Err(e) => println!("{name}: caught: {}", e.lines().next().unwrap_or("")),
        }
    }
}

#[test]
fn the_toy_game_and_its_move_limit_pass() {
    use abstract_game::toy::Subtraction;
    use abstract_game::{LimitConfig, MoveLimit};
    let opts = KitOptions::default();
    check_learning(&Subtraction::new(&Default::default()).unwrap(), &opts).unwrap();
    let cfg = LimitConfig {
        inner: Default::default(),
        max_plies: 5,
    };
    let report = check_learning(&MoveLimit::<Subtraction>::new(&cfg).unwrap(), &opts).unwrap();
    assert_eq!(report.finished, opts.games);
}

#[test]
fn stepping_in_place_needs_a_right_clear_observation() {
    let options = abstract_game_batch::EnvOptions {
        num_envs: 5,
        seed: 2,
        ..Default::default()
    };
    let good = Ttt::<CORRECT>::new(&()).unwrap();
    check_step_into(&good, options, |_| false, 60).unwrap();
    let bad = Ttt::<CLEAR_KEEPS_THEIRS>::new(&()).unwrap();
    let e = check_step_into(&bad, options, |_| false, 60).unwrap_err();
    assert!(e.contains("obs entry"), "{e}");
}
