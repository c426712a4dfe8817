//! The kit must catch broken engines: a tic-tac-toe with one deliberate bug per variant.
//! `Ttt<0>` is correct and must pass; every other `Ttt<BUG>` must be caught.

use abstract_game::{EndReason, Game, MoveError, MoveList, Outcome, PlayerId, SeededRng, Status};
use abstract_game_testkit::{
    KitOptions, check_end_reasons, check_position, check_random_games, try_check_random_games_from,
};
use std::fmt;
use std::str::FromStr;

mod common;

use common::{Bad, Cell, LINES, line_winner, read_position, write_position};

const CORRECT: u8 = 0;
const DROPS_CORNER: u8 = 1; // the generator never offers cell 8
const HASH_IGNORES_SIDE: u8 = 2; // the incremental hash forgets who is to move
const ACCEPTS_OCCUPIED: u8 = 3; // check_move accepts an occupied cell late in the game
const TEXT_LOSES_SIDE: u8 = 4; // position text always reads back with X to move
const ONGOING_WHEN_FULL: u8 = 5; // a full board without a line still says "ongoing"
const DUPLICATE_MOVE: u8 = 6; // the first move is generated twice
const APPLY_MUTATES: u8 = 7; // a rejected apply still flips the side to move
const COUNT_OFF: u8 = 8; // bulk count is one too high
const RANDOM_FIRST: u8 = 9; // the random move is always the first one
const READER_REFUSES_FIVE_X: u8 = 10; // the position reader refuses a board with five x
const NO_REASON_FOR_A_DRAW: u8 = 11; // a full board without a line has no end reason
const REASON_TOO_EARLY: u8 = 12; // the end reason says "three in a row" once two are
const REASON_AS_A_SENTENCE: u8 = 13; // the end reason ends with a full stop

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Ttt<const BUG: u8> {
    cells: [u8; 9], // 0 empty, 1 X, 2 O
    x_to_move: bool,
    hash: u64,
}

fn key(cell: usize, v: u8) -> u64 {
    (cell as u64 * 3 + u64::from(v) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}
const SIDE_KEY: u64 = 0x1234_5678_9ABC_DEF1;

impl<const BUG: u8> Ttt<BUG> {
    fn line_winner(&self) -> Option<u8> {
        line_winner(&self.cells)
    }
    fn full(&self) -> bool {
        self.cells.iter().all(|&c| c != 0)
    }
    fn over(&self) -> bool {
        self.line_winner().is_some() || (self.full() && BUG != ONGOING_WHEN_FULL)
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
        if BUG == READER_REFUSES_FIVE_X && cells.iter().filter(|&&c| c == 1).count() == 5 {
            return Err(Bad);
        }
        let mut g = Ttt {
            cells,
            x_to_move: x_to_move || BUG == TEXT_LOSES_SIDE,
            hash: 0,
        };
        g.hash = g.hash64_from_scratch();
        Ok(g)
    }
}

impl<const BUG: u8> Game for Ttt<BUG> {
    type Move = Cell;
    type MoveArray = [Cell; 10];
    type Config = ();
    type ConfigError = Bad;
    type IllegalMove = Bad;
    type PositionError = Bad;
    type MoveParseError = Bad;
    const NAME: &'static str = "ttt";

    fn new(_: &()) -> Result<Self, Bad> {
        let mut g = Ttt {
            cells: [0; 9],
            x_to_move: true,
            hash: 0,
        };
        g.hash = g.hash64_from_scratch();
        Ok(g)
    }
    fn config(&self) {}
    fn player_count(&self) -> u8 {
        2
    }
    fn status(&self) -> Status {
        match self.line_winner() {
            Some(v) => Status::Finished(Outcome::win(2, PlayerId::new(v - 1).unwrap()).unwrap()),
            None if self.over() => Status::Finished(Outcome::draw(2).unwrap()),
            None => Status::Ongoing(if self.x_to_move {
                PlayerId::FIRST
            } else {
                PlayerId::SECOND
            }),
        }
    }
    fn generate_moves(&self, moves: &mut MoveList<Self>) {
        if self.over() {
            return;
        }
        for i in 0..9u8 {
            if self.cells[i as usize] == 0 && !(BUG == DROPS_CORNER && i == 8) {
                moves.push(Cell(i));
            }
        }
        if BUG == DUPLICATE_MOVE && !moves.is_empty() {
            let first = moves[0];
            moves.push(first);
        }
    }
    fn count_moves(&self) -> usize {
        let mut m = MoveList::<Self>::new();
        self.generate_moves(&mut m);
        m.len() + usize::from(BUG == COUNT_OFF && !m.is_empty())
    }
    fn random_move(&self, rng: &mut SeededRng) -> Option<Cell> {
        let moves = self.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let i = rng.below(moves.len());
        Some(moves[if BUG == RANDOM_FIRST { 0 } else { i }])
    }
    fn check_move(&self, mv: Cell) -> Result<(), MoveError<Bad>> {
        if self.over() {
            return Err(MoveError::GameOver);
        }
        let filled = self.cells.iter().filter(|&&c| c != 0).count();
        let occupied_ok = BUG == ACCEPTS_OCCUPIED && filled >= 4;
        if mv.0 >= 9 || (self.cells[mv.0 as usize] != 0 && !occupied_ok) {
            return Err(MoveError::Illegal(Bad));
        }
        // With DROPS_CORNER, c8 is still accepted here: only a candidate the generator never
        // produced (a mutated move text) can reveal the disagreement.
        Ok(())
    }
    fn apply_unchecked(&mut self, mv: Cell) {
        let v = if self.x_to_move { 1 } else { 2 };
        let i = mv.0 as usize;
        self.hash ^= key(i, self.cells[i]) ^ key(i, v);
        self.cells[i] = v;
        self.x_to_move = !self.x_to_move;
        if BUG != HASH_IGNORES_SIDE {
            self.hash ^= SIDE_KEY;
        }
    }
    fn apply(&mut self, mv: Cell) -> Result<(), MoveError<Bad>> {
        if BUG == APPLY_MUTATES {
            self.x_to_move = !self.x_to_move;
            let r = self.check_move(mv);
            self.x_to_move = !self.x_to_move;
            if r.is_err() {
                self.x_to_move = !self.x_to_move;
            }
            r?;
        } else {
            self.check_move(mv)?;
        }
        self.apply_unchecked(mv);
        Ok(())
    }
    fn hash64(&self) -> u64 {
        self.hash
    }
    fn hash64_from_scratch(&self) -> u64 {
        let mut h = if self.x_to_move { 0 } else { SIDE_KEY };
        for (i, &c) in self.cells.iter().enumerate() {
            h ^= key(i, c);
        }
        h
    }
    fn diagram(&self) -> String {
        self.cells
            .chunks(3)
            .map(|r| {
                r.iter()
                    .map(|&c| [".", "X", "O"][c as usize])
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }
}

/// Why a tic-tac-toe game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TttEnd<const BUG: u8> {
    Line,
    Full,
}

impl<const BUG: u8> fmt::Display for TttEnd<BUG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TttEnd::Line => "three in a row",
            TttEnd::Full => "board full",
        })?;
        if BUG == REASON_AS_A_SENTENCE {
            f.write_str(".")?;
        }
        Ok(())
    }
}

impl<const BUG: u8> EndReason for Ttt<BUG> {
    type End = TttEnd<BUG>;
    fn end(&self) -> Option<TttEnd<BUG>> {
        let two_in_a_row = LINES.iter().any(|l| {
            let v: Vec<u8> = l.iter().map(|&i| self.cells[i]).collect();
            v.iter().filter(|&&c| c == 1).count() == 2 && v.contains(&0)
        });
        if self.line_winner().is_some() || (BUG == REASON_TOO_EARLY && two_in_a_row) {
            Some(TttEnd::Line)
        } else if self.over() && BUG != NO_REASON_FOR_A_DRAW {
            Some(TttEnd::Full)
        } else {
            None
        }
    }
}

fn end_caught<const BUG: u8>() -> String {
    let start = Ttt::<BUG>::new(&()).unwrap();
    let opts = KitOptions {
        games: 40,
        ..KitOptions::default()
    };
    check_end_reasons(&start, &opts).expect_err("the planted end-reason bug is caught")
}

fn caught<const BUG: u8>() -> String {
    let start = Ttt::<BUG>::new(&()).unwrap();
    let opts = KitOptions {
        games: 40,
        ..KitOptions::default()
    };
    match try_check_random_games_from(&start, &opts) {
        Ok(r) => panic!("bug {BUG} not caught after {} positions", r.positions),
        Err(f) => f.to_string(),
    }
}

#[test]
fn correct_game_passes() {
    let r = check_random_games::<Ttt<CORRECT>>(&(), &KitOptions::default());
    assert_eq!(r.games, 30);
    assert_eq!(r.finished, 30, "every tic-tac-toe game ends");
    assert_eq!(r.max_branching, 9);
}

#[test]
fn catches_dropped_move() {
    assert!(caught::<DROPS_CORNER>().contains("c8"));
}

#[test]
fn catches_hash_ignoring_a_field() {
    assert!(caught::<HASH_IGNORES_SIDE>().contains("hash"));
}

#[test]
fn catches_check_move_accepting_illegal() {
    assert!(caught::<ACCEPTS_OCCUPIED>().contains("check_move accepts"));
}

#[test]
fn catches_position_text_losing_a_field() {
    assert!(caught::<TEXT_LOSES_SIDE>().contains("position text"));
}

#[test]
fn catches_ongoing_without_moves() {
    assert!(caught::<ONGOING_WHEN_FULL>().contains("without a legal move"));
}

#[test]
fn catches_duplicate_move() {
    assert!(caught::<DUPLICATE_MOVE>().contains("duplicate"));
}

#[test]
fn catches_rejected_apply_that_mutates() {
    assert!(caught::<APPLY_MUTATES>().contains("rejected apply"));
}

#[test]
fn catches_wrong_bulk_count() {
    assert!(caught::<COUNT_OFF>().contains("count_moves"));
}

#[test]
fn catches_skewed_random_move() {
    assert!(caught::<RANDOM_FIRST>().contains("random_move"));
}

#[test]
fn catches_a_position_whose_child_text_is_refused() {
    // Four x, four o, x to move: playing c8 makes a board with five x.
    let text = "xxooxxoo- x";
    let good: Ttt<CORRECT> = text.parse().unwrap();
    assert_eq!(check_position(&good), Ok(()));
    let bad: Ttt<READER_REFUSES_FIVE_X> = text.parse().unwrap();
    let e = check_position(&bad).unwrap_err();
    assert!(e.contains("after c8"), "{e}");
    assert!(caught::<READER_REFUSES_FIVE_X>().contains("is refused"));
}

#[test]
fn correct_end_reasons_pass_and_both_are_met() {
    let met = check_end_reasons(&Ttt::<CORRECT>::new(&()).unwrap(), &KitOptions::default());
    let met: Vec<String> = met.unwrap().into_iter().collect();
    assert_eq!(met, ["board full", "three in a row"]);
}

#[test]
fn catches_a_finished_game_without_a_reason() {
    assert!(
        end_caught::<NO_REASON_FOR_A_DRAW>().contains("end() is None but status() is Finished")
    );
}

#[test]
fn catches_a_reason_while_the_game_goes_on() {
    assert!(end_caught::<REASON_TOO_EARLY>().contains("but status() is Ongoing"));
}

#[test]
fn catches_a_reason_written_as_a_sentence() {
    let e = end_caught::<REASON_AS_A_SENTENCE>();
    assert!(e.contains("without a full stop"), "{e}");
}
