//! Hand-made positions, one per rule. Expected move sets and outcomes are worked out by hand
//! from `shared/rules/epaminondas.md` (boards in position text, the top rank first).

use abstract_game::{Game, LimitConfig, MoveError, MoveLimit, Outcome, PlayerId};
use epaminondas_core::{Config, ConfigError, Content, Epaminondas, IllegalMove, Move, Square};

/// A position from its rows (top rank first), the player to move and the mirror switch.
fn pos(rows: &[&str], turn: u8, mirror: bool) -> Epaminondas {
    let text = format!(
        "{} {turn} mirror:{} stones:off",
        rows.join("/"),
        if mirror { "on" } else { "off" }
    );
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

/// Sorted legal moves whose tail is `from`.
fn moves_from(p: &Epaminondas, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .filter(|t| t.split(['-', 'x']).next() == Some(from) && t.len() > from.len())
        .collect();
    v.sort();
    v
}

/// Sorted legal moves whose tail is `from`, going in direction (file step, rank step).
fn moves_dir(p: &Epaminondas, from: &str, dir: (i32, i32)) -> Vec<String> {
    let f = sq(from);
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| match m.from() {
            Some(t) => {
                let to = m.dest();
                t == f
                    && (i32::from(to.file()) - i32::from(t.file())).signum() == dir.0
                    && (i32::from(to.rank()) - i32::from(t.rank())).signum() == dir.1
            }
            None => false,
        })
        .map(ToString::to_string)
        .collect();
    v.sort();
    v
}

const NORTH: (i32, i32) = (0, 1);

fn illegal(p: &Epaminondas, m: &str) -> IllegalMove {
    match p.check_move(mv(m)) {
        Err(MoveError::Illegal(e)) => e,
        other => panic!("{m}: expected an illegal move, got {other:?}"),
    }
}

fn white_at(p: &Epaminondas, s: &str) -> bool {
    p.at(sq(s)) == Some(Content::Piece(PlayerId::FIRST))
}

fn black_at(p: &Epaminondas, s: &str) -> bool {
    p.at(sq(s)) == Some(Content::Piece(PlayerId::SECOND))
}

#[test]
fn equal_size_head_on_is_blocked() {
    // White a2-a3 (two) faces Black a5-a6 (two) along the file: no capture.
    let p = pos(
        &[
            "......2.", "........", "2.......", "2.......", "........", "1.......", "1.......",
            ".......1",
        ],
        1,
        false,
    );
    assert_eq!(moves_dir(&p, "a2", NORTH), ["a2-a4"]);
    assert_eq!(moves_dir(&p, "a3", NORTH), ["a3-a4"]);
    assert_eq!(illegal(&p, "a2xa5"), IllegalMove::TooStrong);
    assert_eq!(illegal(&p, "a2-a5"), IllegalMove::EnemyThere);
}

#[test]
fn flank_hit_takes_one_piece() {
    // White c1-c3 moves up the file onto Black's horizontal line b5-d5: the enemy phalanx
    // along the movement is c5 alone, so it is taken and b5, d5 stay.
    let p = pos(
        &[
            "2.......", "........", "........", ".222....", "........", "..1.....", "..1.....",
            "..1.....",
        ],
        1,
        false,
    );
    assert_eq!(moves_dir(&p, "c1", NORTH), ["c1-c4", "c1xc5"]);
    assert!(p.is_legal(mv("c2xc5")));
    assert_eq!(illegal(&p, "c3xc5"), IllegalMove::TooFar);
    let q = p.after(mv("c1xc5")).unwrap();
    assert!(black_at(&q, "b5") && black_at(&q, "d5") && !black_at(&q, "c5"));
    assert!(white_at(&q, "c3") && white_at(&q, "c4") && white_at(&q, "c5") && !white_at(&q, "c1"));
    assert_eq!(q.piece_count(PlayerId::SECOND), 3);
    assert_eq!(q.score(PlayerId::FIRST), 16 - 3);
}

#[test]
fn gap_in_enemy_line_limits_the_capture() {
    // White a1-a4 (four); Black a5, a6, gap at a7, a8: the phalanx hit is a5-a6 (two).
    let p = pos(
        &[
            "2......2", "........", "2.......", "2.......", "1.......", "1.......", "1.......",
            "1.......",
        ],
        1,
        false,
    );
    assert!(p.is_legal(mv("a1xa5")));
    assert!(p.is_legal(mv("a2xa5"))); // three beat two
    assert_eq!(illegal(&p, "a3xa5"), IllegalMove::TooStrong); // two do not
    let q = p.after(mv("a1xa5")).unwrap();
    assert!(!black_at(&q, "a5") && !black_at(&q, "a6") && black_at(&q, "a8"));
    assert_eq!(q.piece_count(PlayerId::SECOND), 2);
    for s in ["a2", "a3", "a4", "a5"] {
        assert!(white_at(&q, s), "{s}");
    }
}

#[test]
fn capture_at_a_distance_shorter_than_n_and_declined() {
    // White b1-b4 (four), b5 empty, lone Black piece on b6 (distance 2 < 4).
    let p = pos(
        &[
            "......2.", "........", ".2......", "........", ".1......", ".1......", ".1......",
            ".1......",
        ],
        1,
        false,
    );
    assert_eq!(moves_dir(&p, "b1", NORTH), ["b1-b5", "b1xb6"]);
    assert_eq!(moves_dir(&p, "b2", NORTH), ["b2-b5", "b2xb6"]);
    assert_eq!(moves_dir(&p, "b3", NORTH), ["b3-b5", "b3xb6"]);
    assert_eq!(moves_dir(&p, "b4", NORTH), ["b4-b5"]);
    // Capture is optional: the plain step is there, and after it nothing is captured.
    let q = p.after(mv("b1-b5")).unwrap();
    assert_eq!(q.piece_count(PlayerId::SECOND), 2);
    assert!(black_at(&q, "b6"));
    // A plain move cannot land on the enemy piece.
    assert_eq!(illegal(&p, "b1-b6"), IllegalMove::EnemyThere);
    let r = p.after(mv("b1xb6")).unwrap();
    assert!(white_at(&r, "b6") && white_at(&r, "b3") && !white_at(&r, "b2"));
    assert_eq!(r.piece_count(PlayerId::SECOND), 1);
}

#[test]
fn lone_piece_cannot_capture() {
    let p = pos(
        &[
            "......2.", "........", "........", "...2....", "...1....", "........", "........",
            "1.......",
        ],
        1,
        false,
    );
    assert_eq!(illegal(&p, "d4xd5"), IllegalMove::TooStrong);
    assert!(!p.legal_moves().iter().any(|m| m.is_capture()));
    assert_eq!(moves_from(&p, "d4").len(), 7); // every neighbour but d5
}

#[test]
fn moving_the_front_three_of_five() {
    let p = pos(
        &[
            "2.......", "........", "........", "..1.....", "..1.....", "..1.....", "..1.....",
            "..1.....",
        ],
        1,
        false,
    );
    assert_eq!(moves_dir(&p, "c3", NORTH), ["c3-c6", "c3-c7", "c3-c8"]);
    let q = p.after(mv("c3-c7")).unwrap();
    let white: Vec<bool> = ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"]
        .iter()
        .map(|s| white_at(&q, s))
        .collect();
    assert_eq!(white, [true, true, false, false, true, true, true, false]);
    // The whole line of five may move up to three squares here (the board ends at c8).
    assert_eq!(moves_dir(&p, "c1", NORTH), ["c1-c6", "c1-c7", "c1-c8"]);
    assert_eq!(illegal(&p, "c3-c4"), IllegalMove::InsideGroup);
    assert_eq!(illegal(&p, "c4-c8"), IllegalMove::TooFar);
}

#[test]
fn rear_part_moves_backward_middle_cannot_move_alone() {
    // White b4-f4 on a rank. Westward the head is b4; every tail moves its part one square.
    let p = pos(
        &[
            "2.......", "........", "........", "........", ".11111..", "........", "........",
            "........",
        ],
        1,
        false,
    );
    let west: Vec<String> = p
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .filter(|m| m.ends_with("-a4"))
        .collect();
    let mut west = west;
    west.sort();
    assert_eq!(west, ["b4-a4", "c4-a4", "d4-a4", "e4-a4", "f4-a4"]);
    let q = p.after(mv("c4-a4")).unwrap();
    for (s, w) in [
        ("a4", true),
        ("b4", true),
        ("c4", false),
        ("d4", true),
        ("e4", true),
        ("f4", true),
    ] {
        assert_eq!(white_at(&q, s), w, "{s}");
    }
    // Eastward from the same tail, the group is c4 and everything ahead of it (four pieces):
    // a middle part never moves alone.
    assert_eq!(moves_dir(&p, "c4", (1, 0)), ["c4-g4", "c4-h4"]);
    let r = p.after(mv("c4-g4")).unwrap();
    for (s, w) in [
        ("b4", true),
        ("c4", false),
        ("d4", true),
        ("e4", true),
        ("f4", true),
        ("g4", true),
    ] {
        assert_eq!(white_at(&r, s), w, "{s}");
    }
}

#[test]
fn head_at_the_edge_cannot_move_outward() {
    let p = pos(
        &[
            "2.......", "........", "........", "........", "........", "......11", "........",
            "........",
        ],
        1,
        false,
    );
    // East: the group g3-h3 has its head on the edge, so no eastward move at all.
    assert_eq!(
        moves_from(&p, "g3"),
        [
            "g3-f2", "g3-f3", "g3-f4", "g3-g2", "g3-g4", "g3-h2", "g3-h4"
        ]
    );
    assert_eq!(
        moves_from(&p, "h3"),
        ["h3-e3", "h3-f3", "h3-g2", "h3-g4", "h3-h2", "h3-h4"]
    );
}

#[test]
fn win_is_tested_only_for_the_player_to_move() {
    // Black has a piece on rank 1 (White's home row), White none on rank 8.
    let rows = [
        "2.......", "........", "........", "........", "........", "........", ".1......",
        "2......1",
    ];
    let white_to_move = pos(&rows, 1, false);
    assert_eq!(white_to_move.status().to_move(), Some(PlayerId::FIRST));
    let black_to_move = pos(&rows, 2, false);
    assert_eq!(
        black_to_move.status().outcome(),
        Outcome::win(2, PlayerId::SECOND).ok()
    );
    assert!(black_to_move.legal_moves().is_empty());
    assert_eq!(
        black_to_move.check_move(mv("a1-a2")),
        Err(MoveError::GameOver)
    );
    // White may answer: b2 cannot capture a1 alone, so White plays on and Black then wins.
    let next = white_to_move.after(mv("b2-b3")).unwrap();
    assert_eq!(
        next.status().outcome(),
        Outcome::win(2, PlayerId::SECOND).ok()
    );
}

#[test]
fn equal_home_row_counts_go_on() {
    let rows = [
        "2..1....", "........", "........", "........", "........", "........", "........",
        "1..2....",
    ];
    for turn in [1, 2] {
        let p = pos(&rows, turn, false);
        assert!(!p.status().is_finished(), "turn {turn}");
        assert_eq!(p.on_enemy_home_row(PlayerId::FIRST), 1);
        assert_eq!(p.on_enemy_home_row(PlayerId::SECOND), 1);
    }
}

#[test]
fn no_legal_move_loses() {
    // White's lone piece a1 is boxed in by Black pieces on a2, b1, b2 (a lone piece cannot
    // capture), and nobody has crossed.
    let p = pos(
        &[
            "....2...", "........", "........", "........", "........", "........", "22......",
            "12......",
        ],
        1,
        false,
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.count_moves(), 0);
    assert_eq!(p.status().outcome(), Outcome::win(2, PlayerId::SECOND).ok());
    // No pieces at all: also a loss.
    let q = pos(
        &[
            "....2...", "........", "........", "........", "........", "........", "........",
            "........",
        ],
        1,
        false,
    );
    assert_eq!(q.status().outcome(), Outcome::win(2, PlayerId::SECOND).ok());
    // The home-row win comes first: boxed in, but with a piece on the enemy home row, White wins.
    let r = pos(
        &[
            "2122....", "222.....", "........", "........", "........", "........", "........",
            "........",
        ],
        1,
        false,
    );
    assert_eq!(r.status().outcome(), Outcome::win(2, PlayerId::FIRST).ok());
    assert!(!r.has_move_ignoring_win());
}

#[test]
fn mirror_rule_forbids_exactly_the_symmetric_crossing() {
    // White: a1, b1 and d8 (crossed). Black: a8, b8 and d2, to move. d2-d1 would make Black's
    // pieces the reflection of White's: forbidden with the rule, and only that move.
    let rows = [
        "22.1....", "........", "........", "........", "........", "........", "...2....",
        "11......",
    ];
    let on = pos(&rows, 2, true);
    let off = pos(&rows, 2, false);
    assert_eq!(illegal(&on, "d2-d1"), IllegalMove::MirrorRule);
    assert!(off.is_legal(mv("d2-d1")));
    let set = |p: &Epaminondas| {
        let mut v: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
        v.sort();
        v
    };
    let (a, b) = (set(&on), set(&off));
    let removed: Vec<&String> = b.iter().filter(|m| !a.contains(m)).collect();
    assert_eq!(removed, ["d2-d1"]);
    assert_eq!(a.len() + 1, b.len());
    assert_eq!(on.count_moves(), a.len());
    // Other crossings are allowed.
    assert!(on.is_legal(mv("d2-c1")) && on.is_legal(mv("d2-e1")));

    // A move along the home row that completes the reflection is not a move *onto* it.
    let rows = [
        "22.1....", "........", "........", "........", "........", "........", "........",
        "112.....",
    ];
    let p = pos(&rows, 2, true);
    assert!(p.is_legal(mv("c1-d1")));
}

#[test]
fn mirror_rule_on_a_capturing_crossing() {
    // Black's pair d3-d2 captures a lone White piece on d1 and lands on White's home row;
    // afterwards Black (a8, b8, d1, d2) mirrors White (a1, b1, d8, d7): forbidden.
    let rows = [
        "22.1....", "...1....", "........", "........", "........", "...2....", "...2....",
        "11.1....",
    ];
    let on = pos(&rows, 2, true);
    assert_eq!(illegal(&on, "d3xd1"), IllegalMove::MirrorRule);
    assert!(pos(&rows, 2, false).is_legal(mv("d3xd1")));
}

#[test]
fn stones_placement_then_black_moves_first() {
    let mut g = Epaminondas::new(&Config {
        stones: true,
        ..Config::default()
    })
    .unwrap();
    assert_eq!(g.legal_moves().len(), 14 * 6); // ranks 4-9
    assert!(g.legal_moves().iter().all(|m| m.from().is_none()));
    assert_eq!(illegal(&g, "a1-a3"), IllegalMove::PlacingStones);
    assert_eq!(illegal(&g, "a3"), IllegalMove::NotStoneRow);
    assert_eq!(illegal(&g, "a10"), IllegalMove::NotStoneRow);
    for (who, s) in [(1, "d6"), (2, "e6"), (1, "a7")] {
        assert_eq!(g.to_move().unwrap().number(), who);
        g.apply(mv(s)).unwrap();
    }
    assert_eq!(g.to_move(), Some(PlayerId::SECOND));
    assert!(!g.placing_stones());
    assert_eq!(illegal(&g, "b6"), IllegalMove::NoStoneToPlace);
    assert_eq!(g.legal_moves().len(), 114);
    // An occupied square cannot take a stone.
    let h = Epaminondas::new(&Config {
        stones: true,
        ..Config::default()
    })
    .unwrap();
    let h = h.after(mv("d6")).unwrap();
    assert_eq!(illegal(&h, "d6"), IllegalMove::Occupied);
}

#[test]
fn stones_block_and_end_enemy_phalanxes() {
    // 14 x 12, stones on a7, b7 and n9. White a2-a4 faces Black a5, a6, stone a7, Black a8:
    // the phalanx hit is a5-a6 (two), so three pieces capture it.
    let rows = [
        "2.............",
        "..............",
        "..............",
        ".............X",
        "2.............",
        "XX............",
        "2.............",
        "2.............",
        "11............",
        "11............",
        "11............",
        "..............",
    ];
    let text = format!("{} 1 mirror:on stones:on", rows.join("/"));
    let p: Epaminondas = text.parse().unwrap();
    assert!(p.is_legal(mv("a2xa5")));
    assert_eq!(illegal(&p, "a3xa5"), IllegalMove::TooStrong);
    let q = p.after(mv("a2xa5")).unwrap();
    assert!(black_at(&q, "a8") && !black_at(&q, "a5") && !black_at(&q, "a6"));
    // b2-b4 and b3-b4 northward: b5, b6 free, then the stone on b7 blocks.
    assert_eq!(moves_dir(&p, "b3", NORTH), ["b3-b5", "b3-b6"]);
    assert_eq!(moves_dir(&p, "b2", NORTH), ["b2-b5", "b2-b6"]);
    assert_eq!(illegal(&p, "b2xb7"), IllegalMove::NothingToCapture);
    assert_eq!(illegal(&p, "b2-b7"), IllegalMove::Blocked);
    assert_eq!(illegal(&p, "b3-b7"), IllegalMove::TooFar);
}

#[test]
fn board_sizes() {
    let ok = |w, h| {
        Epaminondas::new(&Config {
            width: w,
            height: h,
            ..Config::default()
        })
    };
    assert_eq!(ok(8, 8).unwrap().legal_moves().len(), 60);
    assert!(ok(10, 8).is_ok() && ok(16, 15).is_ok() && ok(2, 4).is_ok());
    // 2 x 4: no empty square, and White's two-piece lines meet two-piece Black lines (or the
    // edge): White cannot move and loses at once.
    assert_eq!(
        ok(2, 4).unwrap().status().outcome(),
        Outcome::win(2, PlayerId::SECOND).ok()
    );
    assert_eq!(ok(1, 8), Err(ConfigError::Width(1)));
    assert_eq!(ok(17, 8), Err(ConfigError::Width(17)));
    assert_eq!(ok(8, 3), Err(ConfigError::Height(3)));
    assert_eq!(ok(8, 17), Err(ConfigError::Height(17)));
    assert_eq!(ok(16, 16), Err(ConfigError::TooLarge(16, 16)));
    let stones = |w, h| {
        Epaminondas::new(&Config {
            width: w,
            height: h,
            stones: true,
            mirror: true,
        })
    };
    assert_eq!(stones(8, 6), Err(ConfigError::NoStoneRows(8, 6)));
    assert_eq!(stones(8, 8).unwrap().legal_moves().len(), 16); // ranks 4 and 5
    assert_eq!(stones(2, 7), Err(ConfigError::NoStoneRows(2, 7))); // one row of two squares
    assert_eq!(stones(3, 7).unwrap().legal_moves().len(), 3);
}

#[test]
fn move_limit_wrapper_draws() {
    let cfg = LimitConfig {
        inner: Config::default(),
        max_plies: 3,
    };
    let mut g = MoveLimit::<Epaminondas>::new(&cfg).unwrap();
    for m in ["a1-a3", "a12-a10", "b1-b3"] {
        let mv = g.parse_move(m).unwrap();
        g.apply(mv).unwrap();
    }
    assert!(g.status().outcome().unwrap().is_draw());
    assert!(g.legal_moves().is_empty());
    let text = g.to_string();
    assert_eq!(text.parse::<MoveLimit<Epaminondas>>().unwrap(), g);
}

#[test]
fn diagram_and_score_of_a_small_position() {
    let p = pos(&["22..", "....", "...1", "1..."], 1, true);
    let expected = " 4  B B . .\n 3  . . . .\n 2  . . . W\n 1  W . . .\n    a b c d\n\
                    player 1 (W) to move; on the enemy home row: W 0, B 0; mirror rule on\n";
    assert_eq!(p.diagram(), expected);
    // Two of Black's eight starting pieces (2 rows of 4) remain: White has taken 6; White has
    // lost 6 as well.
    assert_eq!(p.score(PlayerId::FIRST), 6);
    assert_eq!(p.score(PlayerId::SECOND), 6);
}
