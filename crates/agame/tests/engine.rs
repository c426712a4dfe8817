//! `agame engine`, driven over pipes by a scripted client, and two engines playing each other.

#[path = "../examples/engine_duel/client.rs"]
mod client;

mod common;

use client::Engine;
use common::{fed, stdout, typed_into};
use std::path::Path;

fn agame() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_agame"))
}

/// Every game, variant and player count: the `game` command and the same options for the CLI.
const GAMES: &[(&str, &[&str])] = &[
    ("pikemen", &["pikemen"]),
    ("pikemen players=3", &["pikemen", "--players", "3"]),
    (
        "pikemen players=4 target=8",
        &["pikemen", "--players", "4", "--target", "8"],
    ),
    ("gipf variant=basic", &["gipf", "--variant", "basic"]),
    ("gipf", &["gipf"]),
    (
        "gipf variant=tournament",
        &["gipf", "--variant", "tournament"],
    ),
    (
        "gipf variant=basic turns",
        &["gipf", "--variant", "basic", "--turns"],
    ),
    ("epaminondas board=8x8", &["epaminondas", "--board", "8x8"]),
    ("epaminondas", &["epaminondas"]),
    (
        "epaminondas board=10x8 stones",
        &["epaminondas", "--board", "10x8", "--stones"],
    ),
    (
        "epaminondas board=8x8 mirror=off",
        &["epaminondas", "--board", "8x8", "--mirror", "off"],
    ),
];

/// The one reply line to a command that answers with one line.
fn ask(engine: &mut Engine, command: &str, reply: &str) -> String {
    engine.send(command).unwrap();
    let lines = engine.until(reply).unwrap();
    assert_eq!(lines.len(), 1, "{command}: {lines:?}");
    lines[0].clone()
}

#[test]
fn handshake_names_the_program_games_and_options() {
    let mut e = Engine::start(agame()).unwrap();
    e.send("agame").unwrap();
    let lines = e.until("agameok").unwrap();
    assert!(lines[0].starts_with("id name agame "), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    for game in ["pikemen", "gipf", "epaminondas"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("game {game} "))),
            "{game}"
        );
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name bot type string default "))
    );
    assert_eq!(ask(&mut e, "isready", "readyok"), "readyok");
    e.quit().unwrap();
}

#[test]
fn bad_commands_get_an_error_and_the_engine_goes_on() {
    let mut e = Engine::start(agame()).unwrap();
    for command in [
        "legal",
        "flip the board",
        "game chess",
        "game pikemen players=5",
        "game pikemen board=8x8",
        "game epaminondas mirror=maybe",
        "setoption name bot value minimax",
        "setoption name hash value 64",
    ] {
        let reply = ask(&mut e, command, "error");
        assert!(reply.len() > "error ".len(), "{command}: {reply}");
    }
    let reply = ask(&mut e, "setoption name bot value minimax", "error");
    assert!(
        reply.contains("alphabeta") && reply.contains("mcts"),
        "{reply}"
    );
    e.setup(&["game pikemen"]).unwrap();
    for command in [
        "position",
        "position startpos moves e2(NW) e2(NW)",
        "position startpos moves zz",
        "position text nonsense",
        "go depth",
        "go nodes 5",
        "go movetime soon",
    ] {
        let reply = ask(&mut e, command, "error");
        assert!(reply.len() > "error ".len(), "{command}: {reply}");
    }
    // The failed positions left the start in place.
    let legal = ask(&mut e, "legal", "legal");
    assert_eq!(
        legal.split(' ').count() - 1,
        stdout(&["legal", "pikemen"]).lines().count()
    );
    e.quit().unwrap();
}

#[test]
fn positions_moves_and_legal_lists_agree_with_the_cli() {
    let record = std::env::temp_dir().join(format!("agame-engine-{}.txt", std::process::id()));
    std::fs::write(&record, "a1-a3\nh8-h6\n").unwrap();
    let mut e = Engine::start(agame()).unwrap();
    e.setup(&[
        "game epaminondas board=8x8",
        "position startpos moves a1-a3 h8-h6",
    ])
    .unwrap();
    let legal = ask(&mut e, "legal", "legal");
    let expected = stdout(&[
        "legal",
        "epaminondas",
        "--board",
        "8x8",
        "--moves",
        record.to_str().unwrap(),
    ]);
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(legal, format!("legal {}", expected.join(" ")));

    // `show` prints the position text, which `position text` takes back.
    e.send("show").unwrap();
    let shown = e.until("status").unwrap();
    assert!(shown.iter().any(|l| l.starts_with("board ")));
    assert_eq!(shown.last().unwrap(), "status tomove 1");
    let text = shown
        .iter()
        .find_map(|l| l.strip_prefix("position "))
        .unwrap()
        .to_string();
    e.setup(&[
        "newgame",
        &format!("position text {text} moves {}", expected[0]),
    ])
    .unwrap();
    e.send("show").unwrap();
    assert_eq!(
        e.until("status").unwrap().last().unwrap(),
        "status tomove 2"
    );

    // `newgame` goes back to the start.
    e.setup(&["newgame"]).unwrap();
    let start = ask(&mut e, "legal", "legal");
    assert_eq!(start.split(' ').count() - 1, 60);

    // GIPF complete turns are single words with `_` for their spaces.
    e.setup(&["game gipf turns"]).unwrap();
    let turns = ask(&mut e, "legal", "legal");
    assert_eq!(turns.split(' ').count() - 1, 42);
    e.quit().unwrap();
}

#[test]
fn go_answers_a_legal_move_within_each_budget() {
    let mut e = Engine::start(agame()).unwrap();
    e.setup(&[
        "setoption name bot value alphabeta",
        "game pikemen players=3",
    ])
    .unwrap();
    let legal = ask(&mut e, "legal", "legal");
    for budget in [
        "depth 2",
        "iters 300",
        "movetime 50",
        "",
        "depth 1 movetime 1000",
    ] {
        e.send(&format!("go {budget}")).unwrap();
        let reply = e.until("bestmove").unwrap();
        assert_eq!(reply.len(), 2, "{budget}: {reply:?}");
        assert!(reply[0].starts_with("info depth "), "{reply:?}");
        assert!(
            reply[0].contains(" value ") && reply[0].contains(" time "),
            "{reply:?}"
        );
        let best = reply[1].strip_prefix("bestmove ").unwrap();
        assert!(
            legal.split(' ').skip(1).any(|m| m == best),
            "{best} not legal"
        );
    }
    // MCTS has no depth: its spec's budget applies (an unbounded search would never answer).
    e.setup(&["setoption name bot value mcts:iters=100"])
        .unwrap();
    e.send("go depth 2").unwrap();
    let reply = e.until("bestmove").unwrap();
    assert!(reply[0].contains(" iters 100 "), "{reply:?}");
    // An iteration budget is deterministic.
    e.setup(&["setoption name bot value mcts:seed=4", "newgame"])
        .unwrap();
    let mut runs = Vec::new();
    for _ in 0..2 {
        e.setup(&["newgame"]).unwrap();
        e.send("go iters 200").unwrap();
        runs.push(e.until("bestmove").unwrap().pop().unwrap());
    }
    assert_eq!(runs[0], runs[1]);
    e.quit().unwrap();
}

#[test]
fn stop_ends_an_infinite_search_and_isready_answers_while_searching() {
    let mut e = Engine::start(agame()).unwrap();
    e.setup(&["setoption name bot value mcts", "game gipf"])
        .unwrap();
    e.send("go infinite").unwrap();
    assert_eq!(ask(&mut e, "isready", "readyok"), "readyok");
    let busy = ask(&mut e, "legal", "error");
    assert!(busy.contains("busy"), "{busy}");
    std::thread::sleep(std::time::Duration::from_millis(100));
    e.send("stop").unwrap();
    let reply = e.until("bestmove").unwrap();
    assert!(reply[0].starts_with("info "), "{reply:?}");
    assert_ne!(reply[1], "bestmove none");
    // After the search, commands work again.
    assert!(ask(&mut e, "legal", "legal").starts_with("legal "));
    e.quit().unwrap();
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut e = Engine::start(agame()).unwrap();
    e.setup(&["game pikemen max-plies=1", "position startpos moves e2(NW)"])
        .unwrap();
    e.send("show").unwrap();
    let shown = e.until("status").unwrap();
    assert_eq!(
        shown[shown.len() - 2..],
        ["end move limit reached", "status over draw"]
    );
    assert_eq!(ask(&mut e, "legal", "legal"), "legal");
    e.send("go").unwrap();
    assert_eq!(e.until("bestmove").unwrap(), ["bestmove none"]);
    e.quit().unwrap();
}

#[test]
fn the_end_of_input_lets_a_search_finish() {
    let text = typed_into(
        &["engine"],
        "setoption name bot value mcts:iters=300\ngame gipf\ngo\n",
    );
    assert!(
        text.starts_with("info depth ") && text.contains(" iters 300 "),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );
}

#[test]
fn the_end_of_input_ends_the_engine() {
    assert_eq!(typed_into(&["engine"], "isready\n"), "readyok\n");
}

/// Two engine processes play whole games of every game, variant and player count; the moves
/// replay with `agame replay`, and typed into `agame play`, to the same end.
#[test]
fn two_engines_play_whole_games_of_every_kind() {
    for (game, args) in GAMES {
        let command = format!("game {game} max-plies=300");
        let duel = client::duel(
            agame(),
            &command,
            ["alphabeta:depth=1", "mcts:iters=40"],
            "",
        )
        .unwrap_or_else(|e| panic!("{game}: {e}"));
        let outcome = duel
            .status
            .strip_prefix("status over ")
            .unwrap_or_else(|| panic!("{duel:?}"));
        assert!(!duel.moves.is_empty(), "{game}");

        let record = std::env::temp_dir().join(format!("agame-duel-{}.txt", std::process::id()));
        let text: Vec<String> = duel.moves.iter().map(|m| m.replace('_', " ")).collect();
        std::fs::write(&record, text.join("\n")).unwrap();
        let mut replay = vec!["replay"];
        replay.extend_from_slice(args);
        replay.extend_from_slice(&["--max-plies", "300", record.to_str().unwrap()]);
        let summary = stdout(&replay);
        // And people typing the same moves into `agame play` reach the same end.
        let mut play = vec!["play"];
        play.extend_from_slice(args);
        play.extend_from_slice(&["--max-plies", "300", "--bot", "none"]);
        let typed = typed_into(&play, &text.join("\n"));
        assert!(
            typed.contains(&format!("outcome: {outcome} (")),
            "{game}: {typed}"
        );
        assert!(
            summary.contains(&format!("outcome: {outcome} (")),
            "{game}: {outcome} vs {summary}"
        );
    }
}

#[test]
fn quit_during_a_search_answers_it_and_ends() {
    let mut e = Engine::start(agame()).unwrap();
    e.setup(&["game epaminondas board=8x8"]).unwrap();
    e.send("go infinite").unwrap();
    e.send("quit").unwrap();
    let reply = e.until("bestmove").unwrap();
    assert!(reply[0].starts_with("info "), "{reply:?}");
}

#[test]
fn help_lists_the_commands() {
    let help = stdout(&["engine", "--help"]);
    for command in [
        "agame",
        "isready",
        "setoption",
        "game",
        "newgame",
        "position",
        "legal",
        "show",
        "go",
        "stop",
        "quit",
    ] {
        assert!(
            help.contains(&format!("\n  {command}")),
            "{command}: {help}"
        );
    }
}

/// An engine fed raw bytes, its replies read on a thread so that a missing reply is a test
/// failure after a timeout, not a hang.
struct Raw {
    child: std::process::Child,
    input: std::process::ChildStdin,
    replies: std::sync::mpsc::Receiver<String>,
}

impl Raw {
    fn start() -> Raw {
        use std::io::BufRead as _;
        let mut child = std::process::Command::new(agame())
            .arg("engine")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = std::io::BufReader::new(child.stdout.take().unwrap());
        let (send, replies) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in output.lines() {
                if send.send(line.unwrap()).is_err() {
                    return;
                }
            }
        });
        Raw {
            child,
            input,
            replies,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        use std::io::Write as _;
        self.input.write_all(bytes).unwrap();
        self.input.flush().unwrap();
    }

    /// The next reply line, within 30 seconds.
    fn reply(&self) -> String {
        self.replies
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("a reply within 30 s")
    }

    /// Whether a reply line arrives within `ms` milliseconds.
    fn quiet_for(&self, ms: u64) -> bool {
        self.replies
            .recv_timeout(std::time::Duration::from_millis(ms))
            .is_err()
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_line_that_is_not_utf8_gets_an_error_and_the_engine_goes_on() {
    let out = fed(&["engine"], b"game pikemen\n\xff\nisready\nshow\n", 30);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0], "error not UTF-8 text (bad byte at column 1)",
        "{text}"
    );
    assert_eq!(lines[1], "readyok", "{text}");
    assert!(lines[2].starts_with("board "), "{text}");
    assert_eq!(*lines.last().unwrap(), "status tomove 1", "{text}");
}

#[test]
fn a_bad_line_during_an_infinite_search_leaves_stop_and_quit_readable() {
    let mut e = Raw::start();
    e.send(b"setoption name bot value mcts\ngame pikemen\ngo infinite\n\xfe\xff junk\n");
    assert!(e.reply().starts_with("error not UTF-8"));
    e.send(b"isready\n");
    assert_eq!(e.reply(), "readyok");
    e.send(b"stop\n");
    assert!(e.reply().starts_with("info "));
    assert!(e.reply().starts_with("bestmove "));
    e.send(b"quit\n");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn the_end_of_input_stops_an_infinite_search_and_quits() {
    let out = fed(&["engine"], b"game pikemen\ngo infinite\n", 60);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("bestmove ") && last != "bestmove none",
        "{text}"
    );
}

/// UCI's rule: a `go infinite` search answers only after `stop`, even a bot that is done at
/// once (random, greedy) or an alpha-beta search that reached its depth cap.
#[test]
fn go_infinite_answers_only_after_stop() {
    for bot in ["random", "greedy", "alphabeta:depth=1"] {
        let mut e = Raw::start();
        e.send(format!("setoption name bot value {bot}\ngame gipf\ngo infinite\n").as_bytes());
        assert!(e.quiet_for(500), "{bot} answered before stop");
        e.send(b"isready\nlegal\n");
        assert_eq!(e.reply(), "readyok", "{bot}");
        assert!(e.reply().starts_with("error busy searching"), "{bot}");
        e.send(b"stop\n");
        let mut reply = e.reply();
        if reply.starts_with("info ") {
            reply = e.reply();
        }
        assert!(
            reply.starts_with("bestmove ") && reply != "bestmove none",
            "{bot}: {reply}"
        );
        // And a finite search still answers by itself.
        e.send(b"go depth 1\n");
        let mut reply = e.reply();
        if reply.starts_with("info ") {
            reply = e.reply();
        }
        assert!(reply.starts_with("bestmove "), "{bot}: {reply}");
    }
}

#[test]
fn long_lines_are_refused_and_echoed_bytes_are_escaped_and_cut() {
    let mut input = vec![b'a'; 3 << 20];
    input.extend_from_slice(b"\nisready\n\x00\x1b[2Jwipe\n");
    input.extend(std::iter::repeat_n(b'b', 500_000));
    input.extend_from_slice(b"\n");
    input.extend(b"setoption ".iter().chain(&b"x ".repeat(200_000)));
    input.extend_from_slice(b"\nisready\n");
    let out = fed(&["engine"], &input, 60);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "error the line is too long (3145728 bytes; at most 1048576)",
        "{}",
        &text[..text.len().min(300)]
    );
    assert_eq!(lines[1], "readyok");
    assert_eq!(lines[2], "error unknown command: \\u{0}\\u{1b}[2Jwipe");
    assert!(
        lines[3].starts_with("error unknown command: bbbb"),
        "{}",
        lines[3]
    );
    assert!(lines[3].ends_with("...(500000 bytes)"), "{}", lines[3]);
    assert!(lines[4].starts_with("error unknown option: x x x"));
    assert!(lines[4].len() < 1100, "{} bytes", lines[4].len());
    assert_eq!(lines[5], "readyok");
    assert_eq!(lines.len(), 6);
    assert!(!text.bytes().any(|b| b < b' ' && b != b'\n'));
}

#[test]
fn the_threads_option_is_announced_and_checked() {
    let mut e = Engine::start(agame()).unwrap();
    e.send("agame").unwrap();
    let lines = e.until("agameok").unwrap();
    assert!(
        lines.contains(&"option name threads type spin default 1 min 1 max 64".to_string()),
        "{lines:?}"
    );
    for bad in ["0", "65", "many"] {
        e.send(&format!("setoption name threads value {bad}"))
            .unwrap();
        let reply = e.until("error").unwrap();
        assert_eq!(reply, [format!("error threads: 1 to 64, not '{bad}'")]);
    }
    e.quit().unwrap();
}

#[test]
fn searches_on_two_threads_answer_legal_moves() {
    let mut e = Engine::start(agame()).unwrap();
    for bot in ["alphabeta", "mcts", "uct"] {
        e.setup(&[
            "setoption name threads value 2",
            &format!("setoption name bot value {bot}"),
            "game gipf",
        ])
        .unwrap();
        e.send("legal").unwrap();
        let legal = e.until("legal").unwrap().pop().unwrap();
        for budget in ["iters 3000", "movetime 50", "depth 2"] {
            e.send(&format!("go {budget}")).unwrap();
            let reply = e.until("bestmove").unwrap();
            assert_eq!(reply.len(), 2, "{bot} {budget}: {reply:?}");
            let best = reply[1].strip_prefix("bestmove ").unwrap();
            assert!(
                legal.split(' ').skip(1).any(|m| m == best),
                "{bot} {budget}: {best} not legal"
            );
            if budget == "depth 2" && bot == "alphabeta" {
                assert!(reply[0].starts_with("info depth 2 "), "{reply:?}");
            }
        }
    }
    e.quit().unwrap();
}
