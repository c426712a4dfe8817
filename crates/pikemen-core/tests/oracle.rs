//! Agreement with the Abstract Play records (`tests/data/`, copied from the shared oracle):
//! at every position of every game, the sorted legal moves, the board, the scores, the player
//! to move and the end of the game must equal the record's.

use abstract_game::{Game, PlayerId};
use abstract_game_testkit::oracle::{OracleAdapter, check_oracle_file};
use pikemen_core::{Pikemen, Square};
use serde_json::Value;

struct Records {
    target: u32,
}

/// The oracle's piece code: owner digit, size digit, state (`13U`, `21NE`).
fn piece_code(g: &Pikemen, sq: Square) -> Option<String> {
    g.piece_at(sq)
        .map(|p| format!("{}{}{}", p.owner, p.size.points(), p.state))
}

/// Builds position text from a record line (board, scores, to_move).
fn text_of(line: &Value, target: u32) -> Result<String, String> {
    let board = line["board"].as_object().ok_or("no board")?;
    let mut ranks = Vec::new();
    for rank in (1..=8).rev() {
        let mut r = String::new();
        let mut empty = 0;
        for file in b'a'..=b'h' {
            let name = format!("{}{rank}", char::from(file));
            match board.get(&name).and_then(Value::as_str) {
                Some(code) => {
                    if empty > 0 {
                        r += &empty.to_string();
                        empty = 0;
                    }
                    let (owner, rest) = code.split_at(1);
                    let (size, state) = rest.split_at(1);
                    let letter = match size {
                        "1" => "S",
                        "2" => "M",
                        "3" => "L",
                        _ => return Err(format!("bad piece {code}")),
                    };
                    r += &format!("{letter}{owner}{state}");
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            r += &empty.to_string();
        }
        ranks.push(r);
    }
    let scores: Vec<String> = line["scores"]
        .as_array()
        .ok_or("no scores")?
        .iter()
        .map(|v| v.to_string())
        .collect();
    Ok(format!(
        "{} {} {} {target}",
        ranks.join("/"),
        line["to_move"],
        scores.join(",")
    ))
}

impl OracleAdapter for Records {
    type G = Pikemen;

    fn start(&self, line: &Value) -> Result<Pikemen, String> {
        let text = text_of(line, self.target)?;
        text.parse().map_err(|e| format!("{text}: {e}"))
    }

    fn check_line(&self, state: &Pikemen, line: &Value) -> Result<(), String> {
        let board = line["board"].as_object().ok_or("no board")?;
        for i in 0..64 {
            let sq = Square::new(i).unwrap();
            let ours = piece_code(state, sq);
            let theirs = board
                .get(&sq.to_string())
                .and_then(Value::as_str)
                .map(str::to_string);
            if ours != theirs {
                return Err(format!("{sq}: ours {ours:?}, record {theirs:?}"));
            }
        }
        let theirs: Vec<i64> = line["scores"]
            .as_array()
            .ok_or("no scores")?
            .iter()
            .filter_map(Value::as_i64)
            .collect();
        let ours: Vec<i64> = PlayerId::all(2)
            .map(|p| i64::from(state.score(p)))
            .collect();
        if ours != theirs {
            return Err(format!("scores: ours {ours:?}, record {theirs:?}"));
        }
        // Also: the record's position, read afresh, is the state we reached.
        let fresh = self.start(line)?;
        if line["gameover"] != Value::Bool(true) && fresh != *state {
            return Err(format!(
                "state {state} differs from the record read afresh {fresh}"
            ));
        }
        Ok(())
    }
}

fn check(file: &str, target: u32, games: usize) {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let report = check_oracle_file(&Records { target }, path).unwrap();
    assert!(
        report.failures.is_empty(),
        "{:#?}",
        &report.failures[..report.failures.len().min(5)]
    );
    assert_eq!(report.games, games);
    println!(
        "{file}: {} games, {} positions",
        report.games, report.positions
    );
}

#[test]
fn agrees_with_every_record_target_12() {
    check("pikemen.jsonl.gz", 12, 100);
}

#[test]
fn agrees_with_every_record_target_15() {
    check("pikemen-15pts.jsonl.gz", 15, 25);
}

/// The perft counts of the 2-player start, confirmed by the records' first plies: every game
/// opens with the same 120 moves (perft 1), every reply position also has 120 (so perft 2 is
/// 120 x 120), and at ply 2 the records' counts equal our bulk count of the same position.
#[test]
fn first_plies_confirm_the_start_perft() {
    use abstract_game::perft;
    use abstract_game_testkit::oracle::read_lines;
    let start = Pikemen::new(&pikemen_core::Config::default()).unwrap();
    assert_eq!(perft(&start, 1), 120);
    assert_eq!(perft(&start, 2), 120 * 120);
    let path = format!("{}/tests/data/pikemen.jsonl.gz", env!("CARGO_MANIFEST_DIR"));
    let lines = read_lines(path).unwrap();
    let mut ply2 = 0;
    for (k, line) in lines.iter().enumerate() {
        match line["ply"].as_u64() {
            Some(0 | 1) => assert_eq!(line["n_legal"], 120),
            Some(2) => {
                let first = lines[k - 2]["move"].as_str().unwrap();
                let second = lines[k - 1]["move"].as_str().unwrap();
                let g = start
                    .after(first.parse().unwrap())
                    .unwrap()
                    .after(second.parse().unwrap())
                    .unwrap();
                assert_eq!(line["n_legal"].as_u64(), Some(perft(&g, 1)));
                ply2 += 1;
            }
            _ => {}
        }
    }
    assert_eq!(ply2, 100);
}
