//! `agame match`, run as a user would.

mod common;

use common::{agame, last_json, stdout, temp_path};

#[test]
fn two_bots_get_tallies_and_an_elo_line_last() {
    let args = [
        "match",
        "epaminondas",
        "--board",
        "8x8",
        "--bots",
        "alphabeta:depth=1,random",
        "--games",
        "2",
        "--seed",
        "3",
    ];
    let text = stdout(&args);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with(r#"{"games":2,"bots":[{"spec":"alphabeta:depth=1","wins":"#));
    let json = last_json(&text);
    for (i, spec) in ["alphabeta:depth=1", "random"].iter().enumerate() {
        let b = &json["bots"][i];
        assert_eq!(b["spec"], *spec);
        let played = b["wins"].as_u64().unwrap()
            + b["draws"].as_u64().unwrap()
            + b["losses"].as_u64().unwrap();
        assert_eq!(played, 2);
    }
    let (lo, d, hi) = (
        json["elo"]["low"].as_f64().unwrap(),
        json["elo"]["diff"].as_f64().unwrap(),
        json["elo"]["high"].as_f64().unwrap(),
    );
    assert!(lo <= d && d <= hi);
    assert!(text.contains("Elo of alphabeta:depth=1 over random"));
    // Threads change nothing but the speed.
    let mut with_jobs = args.to_vec();
    with_jobs.extend(["--jobs", "2"]);
    assert_eq!(last, stdout(&with_jobs).lines().last().unwrap());
}

#[test]
fn four_seats_take_four_bots_and_an_elo_only_against_a_field() {
    let mixed = stdout(&[
        "match",
        "pikemen",
        "--players",
        "4",
        "--bots",
        "greedy,random,greedy,random",
        "--games",
        "4",
    ]);
    assert!(last_json(&mixed).get("elo").is_none());
    let text = stdout(&[
        "match",
        "pikemen",
        "--players",
        "4",
        "--bots",
        "greedy,random,random,random",
        "--games",
        "4",
    ]);
    let json = last_json(&text);
    assert_eq!(json["games"], 4);
    assert_eq!(json["bots"].as_array().unwrap().len(), 4);
    assert!(text.contains("Elo of greedy over a field of 3 x random"));
    let (lo, d, hi) = (
        json["elo"]["low"].as_f64().unwrap(),
        json["elo"]["diff"].as_f64().unwrap(),
        json["elo"]["high"].as_f64().unwrap(),
    );
    assert!(lo <= d && d <= hi);
    let wins: u64 = (0..4)
        .map(|i| json["bots"][i]["wins"].as_u64().unwrap())
        .sum();
    let draws: u64 = (0..4)
        .map(|i| json["bots"][i]["draws"].as_u64().unwrap())
        .sum();
    // Each game has one winner, or a shared first place (draws).
    assert!(wins + draws >= 4, "{json}");
}

#[test]
fn bad_specs_and_seat_counts_are_clear_errors() {
    let out = agame(&["match", "gipf", "--bots", "minimax,random", "--games", "2"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for word in [
        "unknown bot 'minimax'",
        "random",
        "greedy",
        "mcts",
        "alphabeta",
        "iters=",
    ] {
        assert!(err.contains(word), "{err} lacks {word}");
    }
    let out = agame(&[
        "match",
        "pikemen",
        "--players",
        "3",
        "--bots",
        "random,random",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("3 seats"));
}

#[test]
fn help_documents_the_specs() {
    let text = stdout(&["match", "--help"]);
    for word in [
        "mcts:ms=100",
        "alphabeta:depth=5",
        "iters=N",
        "playout",
        "--jsonl",
        "elo",
    ] {
        assert!(text.contains(word), "help lacks {word}");
    }
}

/// Every game of a `--jsonl` file replays with `agame replay` to the recorded outcome and
/// end reason.
#[test]
fn jsonl_records_replay() {
    for (game, options) in [
        ("gipf", vec!["--variant", "basic"]),
        ("pikemen", vec!["--players", "3"]),
    ] {
        let file = temp_path(&format!("{game}.jsonl"));
        let mut args = vec!["match", game];
        args.extend(&options);
        let bots = if game == "pikemen" {
            "mcts:iters=20,greedy,random"
        } else {
            "mcts:iters=20,greedy"
        };
        args.extend(["--bots", bots, "--games", "2", "--max-plies", "300"]);
        args.extend(["--jsonl", file.to_str().unwrap()]);
        stdout(&args);
        let lines = std::fs::read_to_string(&file).unwrap();
        assert_eq!(lines.lines().count(), 2);
        for line in lines.lines() {
            let rec: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(rec["game"], game);
            assert!(rec["options"].as_str().unwrap().contains("--max-plies 300"));
            let moves: Vec<&str> = rec["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            assert_eq!(rec["plies"].as_u64().unwrap() as usize, moves.len());
            let record = temp_path(&format!("{game}.txt"));
            std::fs::write(&record, moves.join("\n")).unwrap();
            let mut replay = vec!["replay", game];
            replay.extend(&options);
            replay.extend(["--max-plies", "300", record.to_str().unwrap()]);
            let end = stdout(&replay);
            let outcome = rec["outcome"].as_str().unwrap();
            let why = rec["end"].as_str().unwrap();
            assert!(!why.is_empty(), "{line}");
            assert!(
                end.contains(&format!("outcome: {outcome} ({why})\n")),
                "{end} vs {outcome} ({why})"
            );
        }
    }
}

#[test]
fn absurd_game_and_job_counts_are_clear_errors() {
    for (games, jobs) in [
        ("18446744073709551615", "1"),
        ("1000000001", "1"),
        ("2", "100000"),
    ] {
        let out = agame(&[
            "match",
            "pikemen",
            "--bots",
            "random,random",
            "--games",
            games,
            "--jobs",
            jobs,
        ]);
        assert!(!out.status.success(), "{games} {jobs}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{err}");
        assert!(
            err.contains("--games") && err.contains("1 to 1000000000 games")
                || err.contains("--jobs 100000: at most 1024"),
            "{err}"
        );
    }
}

/// A long match holds no game it has counted: under a 2 GB address-space limit a match of
/// 100 million games runs, writing its records as the games end (one that reserved a slot per
/// game up front aborted at once).
#[cfg(target_os = "linux")]
#[test]
fn a_long_match_streams_its_results() {
    let jsonl = temp_path("long-match.jsonl");
    let command = format!(
        "ulimit -v 2000000; exec '{}' match pikemen --bots random,random --games 100000000 \
         --max-plies 10 --jsonl '{}'",
        env!("CARGO_BIN_EXE_agame"),
        jsonl.display()
    );
    let mut child = std::process::Command::new("sh")
        .args(["-c", &command])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let lines = loop {
        let lines = std::fs::read_to_string(&jsonl)
            .map(|t| t.lines().count())
            .unwrap_or(0);
        // The records are buffered: some thousands in, a block was written.
        if lines >= 10 || std::time::Instant::now() > deadline {
            break lines;
        }
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
            panic!("the match ended: {status}: {err}");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(running, "the match stopped");
    assert!(lines >= 10, "{lines} records after 60 s");
}

#[test]
fn bots_searching_on_two_threads_play_whole_games() {
    let text = stdout(&[
        "match",
        "gipf",
        "--variant",
        "basic",
        "--bots",
        "alphabeta:nodes=3000:threads=2,mcts:iters=200:threads=2",
        "--games",
        "2",
    ]);
    let json = last_json(&text);
    assert_eq!(json["bots"][0]["spec"], "alphabeta:nodes=3000:threads=2");
    assert_eq!(json["games"], 2);
}
