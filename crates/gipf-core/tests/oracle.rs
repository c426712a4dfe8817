//! Agreement with the oracle records (two independent engines): at every turn start our sorted
//! complete turns equal the record's `legal`, and replaying each record gives the same board,
//! reserves, captures, end and winner. Also the hand-picked tricky positions.

use abstract_game::{Game, PlayerId, Status};
use abstract_game_testkit::oracle::{OracleAdapter, check_oracle_file, read_lines};
use gipf_core::{GipfTurns, Spot, Turn};
use serde_json::Value;

/// Builds our position text from a record line.
fn position_text(line: &Value) -> Result<String, String> {
    let variant = line["variant"].as_str().ok_or("no variant")?;
    let board = line["board"].as_object().ok_or("no board")?;
    let mut spots: Vec<(&String, &str)> = board
        .iter()
        .map(|(k, v)| (k, v.as_str().unwrap_or("")))
        .collect();
    spots.sort();
    let list = |colour: char| {
        let v: Vec<String> = spots
            .iter()
            .filter(|(_, p)| p.ends_with(colour))
            .map(|(s, p)| format!("{}{s}", if p.starts_with('G') { "G" } else { "" }))
            .collect();
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(",")
        }
    };
    let pair = |k: &str| -> Result<String, String> {
        let a = line[k].as_array().ok_or(format!("no {k}"))?;
        Ok(format!("{}/{}", a[0], a[1]))
    };
    let who = if line["to_move"].as_u64() == Some(1) {
        "w"
    } else {
        "b"
    };
    let mut text = format!(
        "{variant} W:{} B:{} R:{} C:{} push:{who}",
        list('W'),
        list('B'),
        pair("reserve")?,
        pair("captured")?
    );
    if variant == "tournament" {
        let f = line["can_gipf"].as_array().ok_or("no can_gipf")?;
        let flags = match (f[0].as_bool(), f[1].as_bool()) {
            (Some(true), Some(true)) => "wb",
            (Some(true), _) => "w",
            (_, Some(true)) => "b",
            _ => "-",
        };
        text.push_str(&format!(" G:{flags}"));
    }
    Ok(text)
}

struct Turns;

impl OracleAdapter for Turns {
    type G = GipfTurns;

    fn start(&self, line: &Value) -> Result<GipfTurns, String> {
        let text = position_text(line)?;
        text.parse().map_err(|e| format!("{text}: {e}"))
    }

    fn check_line(&self, state: &GipfTurns, line: &Value) -> Result<(), String> {
        let g = state.inner();
        let board = line["board"].as_object().ok_or("no board")?;
        for spot in Spot::all() {
            let ours = g.piece_at(spot).map(|(p, gipf)| {
                format!(
                    "{}{}",
                    if gipf { "G" } else { "" },
                    if p == PlayerId::FIRST { "W" } else { "B" }
                )
            });
            let theirs = board.get(&spot.to_string()).and_then(Value::as_str);
            if ours.as_deref() != theirs {
                return Err(format!("{spot}: ours {ours:?}, record {theirs:?}; {state}"));
            }
        }
        for (key, f) in [
            (
                "reserve",
                Box::new(|p| g.reserve(p)) as Box<dyn Fn(PlayerId) -> u32>,
            ),
            ("captured", Box::new(|p| g.captured(p))),
        ] {
            let theirs = &line[key];
            let ours = [f(PlayerId::FIRST), f(PlayerId::SECOND)];
            if theirs[0].as_u64() != Some(ours[0].into())
                || theirs[1].as_u64() != Some(ours[1].into())
            {
                return Err(format!("{key}: ours {ours:?}, record {theirs}"));
            }
        }
        if let Some(f) = line.get("can_gipf").and_then(Value::as_array) {
            let ours = [
                g.can_bring_gipf(PlayerId::FIRST),
                g.can_bring_gipf(PlayerId::SECOND),
            ];
            if f[0].as_bool() != Some(ours[0]) || f[1].as_bool() != Some(ours[1]) {
                return Err(format!("can_gipf: ours {ours:?}, record {f:?}"));
            }
        }
        Ok(())
    }
}

fn check_file(name: &str) -> (usize, usize) {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let report = check_oracle_file(&Turns, &path).unwrap();
    assert!(
        report.failures.is_empty(),
        "{} of {} games disagree; first: {}",
        report.failures.len(),
        report.games,
        report.failures.first().cloned().unwrap_or_default()
    );
    (report.games, report.positions)
}

#[test]
fn oracle_standard() {
    let (games, positions) = check_file("gipf-standard.jsonl.gz");
    assert_eq!((games, positions), (200, 12343));
}

#[test]
fn oracle_basic() {
    let (games, positions) = check_file("gipf-basic.jsonl.gz");
    assert_eq!((games, positions), (74, 5147));
}

#[test]
fn oracle_tournament() {
    let (games, positions) = check_file("gipf-tournament.jsonl.gz");
    assert_eq!((games, positions), (75, 4012));
}

/// Every tricky position: the exact turn list, and for every turn whether it ends the game and
/// who wins (the `terminal` map).
#[test]
fn oracle_positions() {
    let path = format!(
        "{}/tests/data/gipf-positions.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let lines = read_lines(&path).unwrap();
    assert_eq!(lines.len(), 32);
    let mut failures = Vec::new();
    for line in &lines {
        let id = line["id"].as_str().unwrap_or("?");
        let state = Turns.start(line).unwrap();
        if let Err(e) = Turns.check_line(&state, line) {
            failures.push(format!("{id}: {e}"));
            continue;
        }
        let mut ours: Vec<String> = state.legal_moves().iter().map(|t| t.to_string()).collect();
        ours.sort();
        let theirs: Vec<&str> = line["legal"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        if ours != theirs {
            let missing: Vec<_> = theirs
                .iter()
                .filter(|t| !ours.iter().any(|o| o == *t))
                .collect();
            let extra: Vec<_> = ours
                .iter()
                .filter(|o| !theirs.contains(&o.as_str()))
                .collect();
            failures.push(format!("{id}: missing {missing:?}, extra {extra:?}"));
            continue;
        }
        let terminal = line["terminal"].as_object().unwrap();
        for text in &ours {
            let t: Turn = text.parse().unwrap();
            let next = state.after(t).unwrap();
            let ours_end = match next.status() {
                Status::Ongoing(_) => None,
                Status::Finished(o) => o.winner().map(|p| u64::from(p.number())),
            };
            let theirs_end = terminal.get(text).and_then(Value::as_u64);
            if ours_end != theirs_end {
                failures.push(format!(
                    "{id} {text}: end ours {ours_end:?}, record {theirs_end:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
