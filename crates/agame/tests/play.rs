//! `agame play` with standard input from a pipe, as a script or a person at a terminal would.

mod common;

use common::{agame, fed, temp_path, typed_into};

/// Runs `agame play ARGS` with `input` on standard input; its standard output.
fn play(args: &[&str], input: &str) -> String {
    typed_into(&[&["play"], args].concat(), input)
}

#[test]
fn hot_seat_moves_mistakes_undo_and_save() {
    let file = temp_path("hot-seat.txt");
    let input = format!(
        "a1-a3\n?\nzz\na2-a4\nh8-h4\nh8-h6\nundo\nundo\nundo\na1-a3\n\ng8-g6\nsave {}\nquit\n",
        file.display()
    );
    let s = play(&["epaminondas", "--board", "8x8", "--bot", "none"], &input);
    // A diagram before each decision: the start, after each move and after each undo.
    assert_eq!(s.matches("    a b c d e f g h\n").count(), 7, "{s}");
    assert!(s.contains("1. player 1: a1-a3\n"), "{s}");
    assert!(s.contains("move 2: player 2 to decide\n"), "{s}");
    assert!(s.contains(" legal moves:\n"), "{s}");
    assert!(s.contains("cannot read 'zz' as a move"), "{s}");
    assert!(s.contains("illegal move 'a2-a4'"), "{s}");
    assert!(s.contains("illegal move 'h8-h4'"), "{s}");
    assert!(
        !s.contains("': illegal move:"),
        "the reason says it once: {s}"
    );
    assert!(s.contains("2. player 2: h8-h6\n"), "{s}");
    assert_eq!(s.matches("took back 1 move\n").count(), 2, "{s}");
    assert!(s.contains("nothing to undo"), "{s}");
    assert!(s.contains("2. player 2: g8-g6\n"), "{s}");
    assert!(s.contains("saved 2 moves"), "{s}");
    assert!(s.contains("quit after 2 moves"), "{s}");
    assert!(!s.contains("> "), "prompts only on a terminal: {s}");

    let record = std::fs::read_to_string(&file).unwrap();
    assert!(
        record.starts_with(
            "# agame play record; replay with: agame replay epaminondas --board 8x8 FILE\n"
        ),
        "{record}"
    );
    let moves: Vec<&str> = record.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(moves, ["a1-a3", "g8-g6"]);
    let out = agame(&[
        "replay",
        "epaminondas",
        "--board",
        "8x8",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("after 2 moves"));
}

#[test]
fn the_end_shows_the_outcome_and_scores() {
    let s = play(
        &["pikemen", "--max-plies", "2", "--bot", "none"],
        "e2(NW)\na4(E)\n",
    );
    assert!(
        s.contains(
            "after 2 moves; scores: player 1: 0, player 2: 0\noutcome: draw (move limit reached)\n"
        ),
        "{s}"
    );
}

#[test]
fn a_game_from_a_position_text_plays_to_its_end_and_saves_from_it() {
    let text = "S2U7/8/8/8/8/8/8/L1N7 1 11,0 12";
    let file = temp_path("from-position.txt");
    let input = format!("position\na1(E)\nsave {}\nundo\na1xa8\n", file.display());
    let s = play(&["pikemen", "--position", text, "--bot", "none"], &input);
    assert!(s.contains(&format!("\n{text}\n")), "{s}");
    assert!(s.contains("1. player 1: a1xa8\n"), "{s}");
    assert!(
        s.contains("scores: player 1: 12, player 2: 0\noutcome: winner 1 (target reached)\n"),
        "{s}"
    );
    // The record names the position it starts from, and replays from it.
    let record = std::fs::read_to_string(&file).unwrap();
    let replay = format!("agame replay pikemen --position '{text}' FILE\n");
    assert!(
        record.starts_with(&format!("# agame play record; replay with: {replay}")),
        "{record}"
    );
    let out = agame(&[
        "replay",
        "pikemen",
        "--position",
        text,
        file.to_str().unwrap(),
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("after 1 moves"));
}

#[test]
fn the_end_of_input_leaves_the_game() {
    let s = play(&["gipf", "--bot", "none"], "a1-b2\n");
    assert!(
        s.ends_with("end of input: the game is left unfinished\n"),
        "{s}"
    );
}

#[test]
fn the_bot_answers_and_undo_takes_its_move_back_too() {
    let s = play(
        &["pikemen", "--bot", "alphabeta:depth=2"],
        "e2(NW)\nhint\nundo\nposition\nquit\n",
    );
    assert!(s.contains("1. player 1: e2(NW)\n"), "{s}");
    let lines: Vec<&str> = s.lines().collect();
    let bot = lines
        .iter()
        .position(|l| l.starts_with("2. player 2 (bot): "))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(
        lines[bot + 1].starts_with("   thinking: depth 2, ") && lines[bot + 1].contains(" value "),
        "{s}"
    );
    assert!(lines[bot + 2].starts_with("   expected: "), "{s}");
    assert!(s.contains("move 3: player 1 (you) to decide"), "{s}");
    let hint = lines
        .iter()
        .position(|l| l.starts_with("hint: "))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(lines[hint + 1].starts_with("   thinking: depth 2, "), "{s}");
    // The bot's move is marked on the board shown next, and said under it.
    let mark = lines
        .iter()
        .position(|l| l.starts_with("marked with >: what move 2 (player 2: "))
        .unwrap_or_else(|| panic!("{s}"));
    let board = &lines[bot..mark];
    assert!(board.iter().any(|l| l.contains('>')), "{s}");
    assert!(s.contains("took back 2 moves\n"), "{s}");
    // Back at the start.
    assert!(s.contains("L2UL2UL2UM2US2U3/L2UM2UM2US2U4/L2UM2US2U5/M2US2U5S1U/S2U5S1UM1U/5S1UM1UL1U/4S1UM1UM1UL1U/3S1UM1UL1UL1UL1U 1 0,0 12\n"), "{s}");
}

/// Every game, variant and player count: a person's move, the bot's replies (several seats
/// in 3-4 player games; the bot moves first when the person takes seat 2).
#[test]
fn every_game_plays_against_a_bot() {
    let games: &[&[&str]] = &[
        &["pikemen"],
        &["pikemen", "--players", "3"],
        &["pikemen", "--players", "4"],
        &["gipf", "--variant", "basic"],
        &["gipf"],
        &["gipf", "--variant", "tournament"],
        &["gipf", "--turns"],
        &["epaminondas"],
        &["epaminondas", "--board", "8x8", "--stones"],
        &["epaminondas", "--board", "10x8", "--mirror", "off"],
    ];
    for args in games {
        let mut legal = vec!["legal"];
        legal.extend_from_slice(args);
        let first = String::from_utf8(agame(&legal).stdout).unwrap();
        let first = first.lines().next().unwrap();
        let mut with_bot = args.to_vec();
        with_bot.extend_from_slice(&["--bot", "alphabeta:depth=1"]);
        let s = play(&with_bot, &format!("{first}\nquit\n"));
        assert!(
            s.contains(&format!("1. player 1: {first}\n")),
            "{args:?}: {s}"
        );
        let seats: u8 = if args.contains(&"3") {
            3
        } else if args.contains(&"4") {
            4
        } else {
            2
        };
        for seat in 2..=seats {
            assert!(
                s.contains(&format!(". player {seat} (bot): ")),
                "{args:?}: {s}"
            );
        }
        with_bot.extend_from_slice(&["--seat", "2"]);
        let s = play(&with_bot, "quit\n");
        assert!(s.contains("1. player 1 (bot): "), "{args:?}: {s}");
        assert!(s.contains(": player 2 (you) to decide"), "{args:?}: {s}");
    }
}

#[test]
fn bad_options_are_refused() {
    for args in [
        &["play", "pikemen", "--bot", "minimax"][..],
        &["play", "pikemen", "--seat", "3"],
        &["play", "pikemen", "--bot", "none", "--seat", "2"],
        &["play", "pikemen", "--seat", "0"],
    ] {
        let out = agame(args);
        assert!(!out.status.success(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let out = agame(&["play", "pikemen", "--bot", "minimax"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("mcts") && err.contains("alphabeta"), "{err}");
}

#[test]
fn help_lists_the_commands_and_bot_specs() {
    let out = agame(&["play", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    for word in [
        "? or moves",
        "undo",
        "hint",
        "save FILE",
        "quit",
        "--bot",
        "--seat",
        "alphabeta:depth=5",
        "mcts:ms=100",
        "none",
    ] {
        assert!(help.contains(word), "{word}: {help}");
    }
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_game_goes_on() {
    let out = fed(
        &["play", "pikemen", "--bot", "none"],
        b"\xff\xfe\ne2(NW)\nquit\n",
        60,
    );
    assert!(out.status.success());
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(
        s.contains("refused that line: not UTF-8 text (bad byte at column 1); type it again"),
        "{s}"
    );
    assert!(s.contains("1. player 1: e2(NW)\n"), "{s}");
    assert!(s.contains("quit after 1 moves"), "{s}");
}

/// A GIPF game up to White's choice between two removals of one row: with or without the
/// GIPF-piece on b5 (the row b5 c6 d7 e8; moves of `agame demo --game gipf`).
const GIPF_TO_A_REMOVAL: &str = "f1-f2\nh1-h2\ni4-h5\nd8-d7\nd8-d7\nh6-g6\ni2-h3\ne9-e8\n\
                                 b6-c6\nh6-h5\nd1-d2\nf8-f7\nd8-e8\n";

#[test]
fn a_removal_is_named_by_any_one_spot_that_tells_it_apart() {
    let input = format!("{GIPF_TO_A_REMOVAL}xe2\nxc6\nxb5\nquit\n");
    let s = play(&["gipf", "--bot", "none"], &input);
    // The rows waiting for removal are marked on the board.
    let at = s.find("move 14: player 1 to decide").unwrap();
    let board = &s[s[..at].rfind("e9").unwrap()..at];
    let board = &board[..board.find("  a   b   c").unwrap()];
    assert_eq!(
        board.matches("(w)").count() + board.matches("(W)").count(),
        4,
        "{board}"
    );
    assert!(
        s[..at].ends_with(
            "player 1 (White) to remove a row (standard)\n\
             marked with >: what move 13 (player 1: d8-e8) changed\n"
        ),
        "{s}"
    );
    assert!(
        s.contains("no row to remove holds xe2; name a row by any one of its spots: "),
        "{s}"
    );
    assert!(s.contains("xc6 is in more than one removal: "), "{s}");
    assert!(s.contains("14. player 1: xb5,c6,d7,e8\n"), "{s}");
}
