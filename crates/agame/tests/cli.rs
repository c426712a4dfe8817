//! The `agame` program, run as a user would.

mod common;

use common::{agame, failure, stdout, temp_file, typed_into};
use std::io::Write as _;

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
        "--after-charge",
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
    assert!(s.contains("outcome: draw (move limit reached)\n"), "{s}");
}

#[test]
fn demo_plays_every_game_to_an_end() {
    let s = stdout(&["demo", "--seed", "3"]);
    for title in ["Pikemen", "GIPF", "Epaminondas"] {
        assert!(s.contains(title), "no {title} section");
    }
    // Each game ends (by its rules, or as a draw at the demo's move limit).
    assert_eq!(s.matches("\nResult after ").count(), 3, "{s}");
    // The final boards say that the game is over, not who is to move, and the scores say
    // what they count.
    for section in s.split("\n=== ").skip(1) {
        let end = &section[section.rfind("\n\n").unwrap()..];
        let status = section[..section.find("\nResult after ").unwrap()]
            .lines()
            .rev()
            .find(|l| !l.is_empty())
            .unwrap();
        assert!(!status.contains("to move"), "{section}");
        assert!(section.contains("game over"), "{section}");
        assert!(end.contains("scores: player 1: "), "{end}");
        assert!(end.contains(" (the "), "what the scores count: {end}");
    }
}

/// Depths 1 and 2 from the start are all reorientations (120 and 120 x 120) under either
/// rule; at depth 3 the charges of must-change give 8 moves per stop instead of 9.
#[test]
fn after_charge_chooses_the_seed_rule() {
    let may = stdout(&["perft", "pikemen", "3", "--after-charge", "may-keep"]);
    assert!(may.contains("perft(3) = 1800216"), "{may}");
    let must = stdout(&["perft", "pikemen", "2", "--after-charge", "must-change"]);
    assert!(must.contains("perft(2) = 14400"), "{must}");
    // After d1(N) and a4(E), d1 charges d2 to d6 (d7 holds an upright small of seat 2,
    // which a small cannot take).
    let moves = temp_file("pk-charge.txt", "d1(N)\na4(E)\n");
    let path = moves.to_str().unwrap();
    let charges = |extra: &[&str]| {
        let mut args = vec!["legal", "pikemen", "--moves", path];
        args.extend_from_slice(extra);
        stdout(&args)
            .lines()
            .filter(|l| l.starts_with("d1-"))
            .count()
    };
    assert_eq!(charges(&[]), 5 * 9);
    assert_eq!(charges(&["--after-charge", "must-change"]), 5 * 8);
    assert!(
        failure(&["legal", "gipf", "--after-charge", "must-change"]).contains("--after-charge")
    );
}

/// Depth 1000 is the largest accepted; the start cycles forever, so a move limit bounds the
/// work: with 3 plies left no sequence is 1000 plies long.
#[test]
fn perft_refuses_depths_past_the_maximum() {
    let s = stdout(&["perft", "pikemen", "1000", "--max-plies", "3"]);
    assert!(s.contains("perft(1000) = 0"), "{s}");
    let err = failure(&["perft", "pikemen", "1001"]);
    assert!(err.contains("1001") && err.contains("1000"), "{err}");
    assert!(failure(&["perft", "pikemen", "5000"]).contains("0..=1000"));
}

#[test]
fn position_and_contradicting_rules_options_are_refused() {
    let two = "8/8/8/8/8/8/8/S1NE6S2U 1 0,0 12";
    let err = failure(&["legal", "pikemen", "--position", two, "--players", "3"]);
    assert!(err.contains("--players"), "{err}");
    assert!(
        failure(&["legal", "pikemen", "--position", two, "--target", "15"]).contains("--target")
    );
    let err = failure(&[
        "legal",
        "pikemen",
        "--position",
        two,
        "--after-charge",
        "must-change",
    ]);
    assert!(err.contains("--after-charge"), "{err}");
    // Options that agree with the text are fine.
    let n = stdout(&[
        "legal",
        "pikemen",
        "--position",
        two,
        "--players",
        "2",
        "--target",
        "12",
    ]);
    assert_eq!(n.lines().count(), 8 + 7 * 9);
    let ep = "....../....../..2.../....../.2..../....../.1..../.1..1. 1 mirror:on stones:off";
    for bad in [&["--board", "8x8"][..], &["--stones"], &["--mirror", "off"]] {
        let mut args = vec!["legal", "epaminondas", "--position", ep];
        args.extend_from_slice(bad);
        assert!(failure(&args).contains(bad[0]), "{bad:?}");
    }
    let gipf = stdout(&["legal", "gipf"]);
    let start = gipf.lines().next().unwrap();
    assert!(!start.is_empty());
}

#[test]
fn position_takes_the_move_limit_counter() {
    let two = "8/8/8/8/8/8/8/S1NE6S2U 1 0,0 12";
    let limited = format!("{two} @ 3/4");
    assert_eq!(
        stdout(&["legal", "pikemen", "--position", &limited])
            .lines()
            .count(),
        8 + 7 * 9
    );
    let done = format!("{two} @ 4/4");
    assert_eq!(stdout(&["legal", "pikemen", "--position", &done]), "");
    assert!(stdout(&["perft", "pikemen", "2", "--position", &limited]).contains("perft(2) = 0"));
    let err = failure(&[
        "legal",
        "pikemen",
        "--position",
        &limited,
        "--max-plies",
        "9",
    ]);
    assert!(err.contains("--max-plies"), "{err}");
    assert!(
        failure(&["legal", "pikemen", "--position", &format!("{two} @ x/4")])
            .contains("--position")
    );
}

#[test]
fn an_unknown_variant_names_the_choices_once() {
    let err = failure(&["legal", "gipf", "--variant", "foo"]);
    assert_eq!(err.matches("tournament").count(), 1, "{err}");
    assert!(err.contains("basic") && err.contains("standard"), "{err}");
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let plain = temp_file("plain.txt", "e2(E)\n");
    let bom = temp_file("bom.txt", "\u{feff}e2(E)\n");
    let legal = |p: &std::path::Path| stdout(&["legal", "pikemen", "--moves", p.to_str().unwrap()]);
    assert_eq!(legal(&bom), legal(&plain));
}

#[test]
fn text_that_is_not_utf8_is_refused_with_its_line() {
    let path = temp_file("latin1.txt", b"e2(E)\n# caf\xe9\na4(E)\n");
    let err = failure(&["replay", "pikemen", path.to_str().unwrap()]);
    assert!(err.contains("line 2") && err.contains("UTF-8"), "{err}");
}

#[test]
fn a_dash_reads_standard_input() {
    let file = temp_file("two.txt", "e2(E)\na4(E)\n");
    assert_eq!(
        typed_into(&["replay", "pikemen", "-"], "e2(E)\na4(E)\n"),
        stdout(&["replay", "pikemen", file.to_str().unwrap()])
    );
    assert_eq!(
        typed_into(&["legal", "pikemen", "--moves", "-"], "e2(E)\n"),
        stdout(&[
            "legal",
            "pikemen",
            "--moves",
            temp_file("one.txt", "e2(E)\n").to_str().unwrap()
        ])
    );
}

#[test]
fn errors_name_the_file_line_and_the_ply() {
    let path = temp_file("commented.txt", "# a game\n\ne2(E)\ne2(N)\n");
    let name = path.to_str().unwrap();
    for cmd in ["replay", "legal"] {
        let err = if cmd == "replay" {
            failure(&["replay", "pikemen", name])
        } else {
            failure(&["legal", "pikemen", "--moves", name])
        };
        assert!(err.contains(&format!("{name} line 4, ply 2")), "{err}");
    }
}

#[test]
fn control_characters_are_shown_escaped() {
    let path = temp_file("nul.txt", "e2(E)\u{0}\u{1b}[2J\n");
    let err = failure(&["replay", "pikemen", path.to_str().unwrap()]);
    assert!(!err.contains('\0') && !err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("e2(E)\\0\\u{1b}[2J"), "{err}");
}

#[test]
fn a_counter_over_its_limit_is_refused() {
    let two = "8/8/8/8/8/8/8/S1NE6S2U 1 0,0 12";
    for counter in ["9/5", "5/4"] {
        let err = failure(&[
            "legal",
            "pikemen",
            "--position",
            &format!("{two} @ {counter}"),
        ]);
        assert!(err.contains("over the limit"), "{counter}: {err}");
    }
}

/// Records are read a line at a time: a command stops at the first bad move while the rest is
/// still being written (a whole-file read would wait for the end of the input).
#[test]
fn records_are_read_as_a_stream() {
    for args in [
        &["replay", "pikemen", "-"][..],
        &["legal", "pikemen", "--moves", "-"],
        &["render", "pikemen", "--moves", "-"],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_agame"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        input.write_all(b"e2(E)\ne2(E)\n").unwrap();
        input.flush().unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("{args:?} waited for the end of its input");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        drop(input);
        assert!(!status.success(), "{args:?}");
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        assert!(err.contains("line 2, ply 2"), "{args:?}: {err}");
    }
}

#[test]
fn a_record_line_over_the_limit_is_refused_with_its_number() {
    let mut text = b"e2(E)\n".to_vec();
    text.extend(std::iter::repeat_n(b'a', 2 << 20));
    text.push(b'\n');
    let path = temp_file("long-line.txt", text);
    let err = failure(&["replay", "pikemen", path.to_str().unwrap()]);
    assert!(
        err.contains("line 2: the line is too long (2097152 bytes; at most 1048576)"),
        "{}",
        &err[..err.len().min(300)]
    );
    assert!(err.len() < 300, "{} bytes", err.len());
}
