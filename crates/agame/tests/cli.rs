//! The `agame` program, run as a user would.

use std::process::{Command, Output};

fn agame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_agame"))
        .args(args)
        .output()
        .expect("run agame")
}

fn stdout(args: &[&str]) -> String {
    let out = agame(args);
    assert!(
        out.status.success(),
        "agame {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("agame-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn games_lists_every_game_and_option() {
    let s = stdout(&["games"]);
    for word in [
        "pikemen",
        "gipf",
        "epaminondas",
        "--players",
        "--target",
        "--board",
        "--stones",
        "--mirror",
        "--variant",
        "--turns",
    ] {
        assert!(s.contains(word), "missing {word}");
    }
}

/// Counts from the rules files (computed by independent programs).
#[test]
fn perft_matches_the_reference_counts() {
    assert!(stdout(&["perft", "pikemen", "2"]).contains("perft(2) = 14400"));
    assert!(stdout(&["perft", "epaminondas", "2"]).contains("perft(2) = 12996"));
    assert!(stdout(&["perft", "epaminondas", "2", "--board", "8x8"]).contains("perft(2) = 3600"));
    assert!(stdout(&["perft", "gipf", "2", "--turns"]).contains("perft(2) = 1764"));
    assert!(
        stdout(&[
            "perft",
            "gipf",
            "3",
            "--turns",
            "--variant",
            "tournament",
            "--threads",
            "2"
        ])
        .contains("perft(3) = 148176")
    );
}

#[test]
fn perft_divide_sums_to_the_total() {
    let s = stdout(&["perft", "pikemen", "2", "--divide", "--threads", "2"]);
    let sum: u64 = s
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter_map(|(_, n)| n.trim().parse::<u64>().ok())
        .sum();
    assert_eq!(sum, 14400);
    assert_eq!(s.lines().filter(|l| l.contains(": ")).count(), 120);
}

#[test]
fn legal_lists_sorted_moves_after_a_move_file() {
    let s = stdout(&["legal", "pikemen"]);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines.len(), 120);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"e2(E)"));

    // After 1. e2(E) the second player (top-left triangle) moves: a4 is theirs.
    let moves = temp_file("pk.txt", "# one move\ne2(E)\n");
    let s = stdout(&["legal", "pikemen", "--moves", moves.to_str().unwrap()]);
    assert!(s.lines().any(|l| l.starts_with("a4(")));
    assert!(!s.lines().any(|l| l.starts_with("e2(")));
}

#[test]
fn legal_takes_game_options() {
    assert_eq!(stdout(&["legal", "epaminondas"]).lines().count(), 114);
    assert_eq!(
        stdout(&["legal", "epaminondas", "--board", "8x8"])
            .lines()
            .count(),
        60
    );
    assert_eq!(stdout(&["legal", "gipf", "--turns"]).lines().count(), 42);
    // 3 players: seat 1 has 12 pieces, each with 8 other states.
    assert_eq!(
        stdout(&["legal", "pikemen", "--players", "3"])
            .lines()
            .count(),
        96
    );
}

#[test]
fn replay_checks_each_move_and_reports_json() {
    let record = temp_file("ep.txt", "a1-a3\nn12-n10\n");
    let s = stdout(&["replay", "epaminondas", record.to_str().unwrap(), "--each"]);
    let lines: Vec<serde_json::Value> = s
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["ply"], 0);
    assert_eq!(lines[0]["to_move"], 1);
    assert_eq!(lines[1]["to_move"], 2);
    assert_eq!(lines[0]["legal"].as_array().unwrap().len(), 114);
    assert!(lines[2]["outcome"].is_null());

    let s = stdout(&["replay", "epaminondas", record.to_str().unwrap()]);
    assert!(s.contains("outcome: none yet, player 1 to move"), "{s}");
}

#[test]
fn replay_stops_at_an_illegal_move() {
    let record = temp_file("bad.txt", "e2(E)\ne2(N)\n");
    let out = agame(&["replay", "pikemen", record.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ply 2"), "{err}");
}

#[test]
fn bad_options_fail_with_a_message() {
    for args in [
        &["perft", "gipf", "2", "--players", "3"][..],
        &["legal", "pikemen", "--players", "5"],
        &["legal", "epaminondas", "--board", "huge"],
        &["legal", "gipf", "--variant", "blitz"],
        &["legal", "pikemen", "--position", "not a position"],
        &["perft", "chess", "1"],
    ] {
        let out = agame(args);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(!out.stderr.is_empty(), "{args:?} said nothing");
    }
}

#[test]
fn move_limit_ends_in_a_draw() {
    let record = temp_file("pk2.txt", "e2(E)\na4(E)\n");
    let s = stdout(&[
        "replay",
        "pikemen",
        "--max-plies",
        "2",
        record.to_str().unwrap(),
    ]);
    assert!(s.contains("outcome: draw"), "{s}");
}

#[test]
fn demo_plays_every_game_to_an_end() {
    let s = stdout(&["demo", "--seed", "3"]);
    for title in ["Pikemen", "GIPF", "Epaminondas"] {
        assert!(s.contains(title), "no {title} section");
    }
    // Each game ends (by its rules, or as a draw at the demo's move limit).
    assert_eq!(s.matches("outcome: ").count(), 3, "{s}");
}
