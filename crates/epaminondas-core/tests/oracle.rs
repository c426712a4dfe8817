//! Agreement with the Abstract Play engine's records (`tests/data/epam*.jsonl.gz`, copied from
//! the shared oracle folder): at every position our sorted legal moves equal the record's
//! `legal`, and board, piece counts, captures, home-row counts, end and winner agree.
//!
//! The records come from an engine without the mirror rule, so positions are compared with the
//! rule off; each position is also generated with the rule on and the differences counted and
//! printed. That engine tests "no legal move loses" before the home-row win; positions where
//! the order would matter (the player to move wins on the home row but has no legal move) are
//! counted and printed too (there are none in these files; the test says so if that changes).

use abstract_game::{Game, PlayerId};
use abstract_game_testkit::oracle::{OracleAdapter, check_oracle_file};
use epaminondas_core::{Config, Epaminondas};
use serde_json::Value;
use std::cell::Cell;

#[derive(Default)]
struct Adapter {
    stones: bool,
    /// Positions where the mirror rule would change the legal list.
    mirror_changes: Cell<usize>,
    /// Legal moves the mirror rule would remove, over all positions.
    mirror_removed: Cell<usize>,
    /// Positions where the mover wins on the home row but could not move.
    order_matters: Cell<usize>,
}

fn board_part(state: &Epaminondas) -> String {
    state
        .to_string()
        .split(' ')
        .next()
        .unwrap_or("")
        .to_string()
}

fn pair(line: &Value, key: &str) -> Result<[u64; 2], String> {
    let a = line
        .get(key)
        .and_then(Value::as_array)
        .ok_or(format!("no {key}"))?;
    match a.as_slice() {
        [x, y] => Ok([
            x.as_u64().unwrap_or(u64::MAX),
            y.as_u64().unwrap_or(u64::MAX),
        ]),
        _ => Err(format!("bad {key}")),
    }
}

impl OracleAdapter for Adapter {
    type G = Epaminondas;

    fn start(&self, line: &Value) -> Result<Epaminondas, String> {
        let config = Config {
            stones: self.stones,
            mirror: false,
            ..Config::default()
        };
        let variants = line.get("variants").and_then(Value::as_array).map(Vec::len);
        if variants != Some(usize::from(self.stones)) {
            return Err("unexpected variants".into());
        }
        let state = Epaminondas::new(&config).map_err(|e| e.to_string())?;
        if line.get("board").and_then(Value::as_str) != Some(board_part(&state).as_str()) {
            return Err("first line is not the start position".into());
        }
        Ok(state)
    }

    fn check_line(&self, state: &Epaminondas, line: &Value) -> Result<(), String> {
        let board = line.get("board").and_then(Value::as_str).unwrap_or("");
        if board != board_part(state) {
            return Err(format!("board differs: record {board}, ours {state}"));
        }
        let [w, b] = [PlayerId::FIRST, PlayerId::SECOND];
        let ours = [
            u64::from(state.piece_count(w)),
            u64::from(state.piece_count(b)),
        ];
        if pair(line, "pieces")? != ours {
            return Err(format!("pieces: ours {ours:?}"));
        }
        let ours = [state.score(w) as u64, state.score(b) as u64];
        if pair(line, "captures")? != ours {
            return Err(format!("captures: ours {ours:?}"));
        }
        let ours = [
            u64::from(state.on_enemy_home_row(w)),
            u64::from(state.on_enemy_home_row(b)),
        ];
        if pair(line, "on_enemy_home_row")? != ours {
            return Err(format!("home rows: ours {ours:?}"));
        }
        let mut theirs: Vec<String> = line
            .get("stones")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        theirs.sort();
        let mut ours: Vec<String> = state
            .stone_squares()
            .iter()
            .map(|s| s.to_string())
            .collect();
        ours.sort();
        if theirs != ours {
            return Err(format!("stones: ours {ours:?}, record {theirs:?}"));
        }
        // The mirror rule, switched on in the same position.
        let with_rule: Epaminondas = state
            .to_string()
            .replace("mirror:off", "mirror:on")
            .parse()
            .map_err(|e| format!("{e}"))?;
        let (off, on) = (state.count_moves(), with_rule.count_moves());
        if off != on {
            self.mirror_changes.set(self.mirror_changes.get() + 1);
            self.mirror_removed
                .set(self.mirror_removed.get() + off - on);
        }
        if state.status().is_finished() && !state.has_move_ignoring_win() {
            let wins_on_row =
                state.status().outcome().and_then(|o| o.winner()) == state_mover(state);
            if wins_on_row {
                self.order_matters.set(self.order_matters.get() + 1);
            }
        }
        Ok(())
    }
}

/// The player whose turn it is in the position text (also when the game is over).
fn state_mover(state: &Epaminondas) -> Option<PlayerId> {
    let text = state.to_string();
    let turn = text.split(' ').nth(1)?;
    PlayerId::from_number(turn.parse().ok()?)
}

fn run(file: &str, stones: bool, games: usize, positions: usize) {
    let adapter = Adapter {
        stones,
        ..Adapter::default()
    };
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let report = check_oracle_file(&adapter, path).unwrap();
    println!(
        "{file}: {} games, {} positions; the mirror rule would change the legal list in {} \
         positions (removing {} moves); win-before-no-move order matters in {} positions",
        report.games,
        report.positions,
        adapter.mirror_changes.get(),
        adapter.mirror_removed.get(),
        adapter.order_matters.get()
    );
    assert!(report.failures.is_empty(), "{:#?}", report.failures);
    assert_eq!((report.games, report.positions), (games, positions));
    assert_eq!(
        adapter.order_matters.get(),
        0,
        "positions where the end-test order matters"
    );
}

#[test]
fn oracle_standard_14x12() {
    run("epam.jsonl.gz", false, 100, 45_862);
}

#[test]
fn oracle_stumbling_blocks() {
    run("epam-stones.jsonl.gz", true, 25, 10_024);
}
