//! The sample records in `examples/` (games recorded by independent programs) and the
//! demo's records, read back as the README shows.

mod common;

use common::agame;
use std::path::PathBuf;

fn ok(args: &[&str]) -> (String, String) {
    let out = agame(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "agame {args:?} failed: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

fn example(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "..", "examples", name]
        .iter()
        .collect();
    path.to_str().unwrap().to_string()
}

/// Each sample record is a finished game; its header says who won (from the recording
/// program), and the engine must agree, saying why the game ended.
#[test]
fn sample_records_replay_to_the_recorded_winner() {
    for (game, file, options, why) in [
        ("pikemen", "pikemen.txt", &[][..], "target reached"),
        (
            "gipf",
            "gipf.txt",
            &["--turns"][..],
            "the other player lost their last GIPF-piece",
        ),
        ("epaminondas", "epaminondas.txt", &[][..], "crossing held"),
    ] {
        let path = example(file);
        let header = std::fs::read_to_string(&path).unwrap();
        assert!(header.contains("won by player 1") || header.contains("won by White (player 1)"));
        let mut args = vec!["replay", game, path.as_str()];
        args.extend(options);
        let (out, _) = ok(&args);
        assert!(
            out.contains(&format!("outcome: winner 1 ({why})\n")),
            "{game}: {out}"
        );
    }
}

#[test]
fn legal_on_a_finished_game_says_so() {
    let path = example("pikemen.txt");
    let (out, err) = ok(&["legal", "pikemen", "--moves", path.as_str()]);
    assert_eq!(out, "");
    assert!(err.contains("the game is over (winner 1)"), "{err}");

    let path = example("gipf.txt");
    let (out, err) = ok(&["legal", "gipf", "--turns", "--moves", path.as_str()]);
    assert_eq!(out, "");
    assert!(err.contains("the game is over"), "{err}");
}

#[test]
fn replay_each_puts_ply_first() {
    let (out, _) = ok(&[
        "replay",
        "epaminondas",
        example("epaminondas.txt").as_str(),
        "--each",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 109); // the start and each of the 108 moves
    for (ply, line) in lines.iter().enumerate() {
        assert!(
            line.starts_with(&format!("{{\"ply\":{ply},\"to_move\":")),
            "{line}"
        );
    }
    let last: serde_json::Value = serde_json::from_str(lines[108]).unwrap();
    assert_eq!(last["outcome"]["winners"], serde_json::json!([1]));
    assert_eq!(last["outcome"]["end"], "crossing held");
}

/// The demo says who plays and how moves are numbered, ends each game with one result line
/// giving the reason, and its records replay to the same result.
#[test]
fn demo_explains_itself_and_its_records_replay() {
    let dir = std::env::temp_dir().join(format!("agame-demo-{}", std::process::id()));
    let dir_text = dir.to_str().unwrap().to_string();
    let (out, _) = ok(&["demo", "--seed", "3", "--record", dir_text.as_str()]);
    assert!(out.contains("greedy"), "{out}");
    assert!(
        out.contains("\"12.2:\" is the 12th move, made by player 2"),
        "{out}"
    );
    assert!(out.contains("U: upright"), "the Pikemen legend: {out}");
    let results: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("Result after "))
        .collect();
    assert_eq!(results.len(), 3, "{out}");
    let reasons = [
        "(target reached)",
        "(last player with pieces)",
        "(the other player lost their last GIPF-piece)",
        "(the other player has no piece left to push)",
        "(crossing held)",
        "(the other player has no legal move)",
        "draw (move limit reached)",
    ];
    for (game, result) in ["pikemen", "gipf", "epaminondas"].into_iter().zip(&results) {
        assert!(reasons.iter().any(|r| result.contains(r)), "{result}");
        let record = dir.join(format!("{game}-seed3.txt"));
        let (replayed, _) = ok(&["replay", game, record.to_str().unwrap()]);
        let plies: usize = result["Result after ".len()..]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            replayed.contains(&format!("after {plies} moves")),
            "{replayed}"
        );
        // The record replays to the same outcome and reason, except for the demo's move
        // limit, which the replay does not have.
        let outcome = result.split(": ").nth(1).unwrap().trim_end_matches('.');
        if !outcome.contains("move limit") {
            assert!(
                replayed.contains(&format!("outcome: {outcome}\n")),
                "{result} / {replayed}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
