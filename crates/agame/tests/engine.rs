//! `agame engine`, driven over pipes by a scripted client, and two engines playing each other.

#[path = "../examples/engine_duel/client.rs"]
mod client;

mod common;

use client::Engine;
use common::{stdout, typed_into};
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
