//! Hand-made positions, one or more per rule. Expected move sets and outcomes are worked out
//! by hand from `docs/rules.md`, never copied from the engine's output.

use abstract_game::{Game, LimitConfig, MoveError, MoveLimit, PlayerId, Status};
use pikemen_core::{
    Config, ConfigError, IllegalMove, Move, Pikemen, PositionError, Size, Square, State,
};

fn pos(text: &str) -> Pikemen {
    text.parse()
        .unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn seat(n: u8) -> PlayerId {
    PlayerId::from_number(n).unwrap()
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Sorted texts of the legal moves of the piece on `from` that leave its square.
fn charges_from(g: &Pikemen, from: &str) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves()
        .iter()
        .filter(|m| m.from() == sq(from) && !m.is_reorient())
        .map(ToString::to_string)
        .collect();
    v.sort();
    v
}

/// The nine texts of a charge to one destination: plain (keep the state) and the eight others.
fn nine(from: &str, sep: char, to: &str, own: State) -> Vec<String> {
    let mut v = vec![format!("{from}{sep}{to}")];
    for s in State::ALL {
        if s != own {
            v.push(format!("{from}{sep}{to}({s})"));
        }
    }
    v
}

fn expect_charges(g: &Pikemen, from: &str, own: State, dests: &[(&str, char)]) {
    let mut want: Vec<String> = dests
        .iter()
        .flat_map(|&(to, sep)| nine(from, sep, to, own))
        .collect();
    want.sort();
    assert_eq!(charges_from(g, from), want, "charges of {from} in {g}");
}

fn illegal(g: &Pikemen, text: &str) -> IllegalMove {
    match g.check_move(mv(text)) {
        Err(MoveError::Illegal(e)) => e,
        other => panic!("{text} in {g}: expected illegal, got {other:?}"),
    }
}

// ---- capture by size and stance ---------------------------------------------------------

#[test]
fn upright_same_size_is_safe() {
    // Medium of seat 1 on d1 pointing north; upright medium of seat 2 on d5.
    let g = pos("8/8/8/3M2U4/8/8/8/3M1N4 1 0,0 12");
    expect_charges(&g, "d1", State::N, &[("d2", '-'), ("d3", '-'), ("d4", '-')]);
    assert_eq!(illegal(&g, "d1xd5"), IllegalMove::CannotCapture(sq("d5")));
    // 8 reorientations + 3 destinations x 9 states.
    assert_eq!(g.count_moves(), 8 + 27);
    // Small against upright small: same.
    let g = pos("8/8/8/3S2U4/8/8/8/3S1N4 1 0,0 12");
    assert_eq!(illegal(&g, "d1xd5"), IllegalMove::CannotCapture(sq("d5")));
}

#[test]
fn upright_smaller_falls_to_a_larger_piece() {
    // Large against upright medium, medium against upright small.
    let g = pos("8/8/8/3M2U4/8/8/8/3L1N4 1 0,0 12");
    expect_charges(
        &g,
        "d1",
        State::N,
        &[("d2", '-'), ("d3", '-'), ("d4", '-'), ("d5", 'x')],
    );
    let g = pos("8/8/8/3S2U4/8/8/8/3M1N4 1 0,0 12");
    assert!(g.is_legal(mv("d1xd5(U)")));
}

#[test]
fn upright_large_is_immune() {
    let g = pos("8/8/8/3L2U4/8/8/8/3L1N4 1 0,0 12");
    expect_charges(&g, "d1", State::N, &[("d2", '-'), ("d3", '-'), ("d4", '-')]);
    assert_eq!(illegal(&g, "d1xd5"), IllegalMove::CannotCapture(sq("d5")));
}

#[test]
fn lying_large_falls_to_a_small() {
    // A large of seat 2 lying (pointing east) on d5; a small of seat 1 charges it.
    let mut g = pos("8/8/8/3L2E4/8/8/8/3S1N4 1 0,0 12");
    expect_charges(
        &g,
        "d1",
        State::N,
        &[("d2", '-'), ("d3", '-'), ("d4", '-'), ("d5", 'x')],
    );
    g.apply(mv("d1xd5(U)")).unwrap();
    assert_eq!(g.score(seat(1)), 3);
    let p = g.piece_at(sq("d5")).unwrap();
    assert_eq!(
        (p.owner, p.size, p.state),
        (seat(1), Size::Small, State::Up)
    );
    assert_eq!(g.piece_at(sq("d1")), None);
    // Seat 2 has no piece left. 3 points are far from 12, but the last player with pieces
    // wins.
    assert_eq!(g.status().outcome().unwrap().winner(), Some(seat(1)));
}

#[test]
fn capture_must_be_written_with_x_and_only_on_an_enemy() {
    let g = pos("8/8/8/3L2E4/8/8/8/3S1N4 1 0,0 12");
    assert_eq!(illegal(&g, "d1-d5"), IllegalMove::MissingCapture);
    assert_eq!(
        illegal(&g, "d1xd4"),
        IllegalMove::NothingToCapture(sq("d4"))
    );
}

// ---- charging ------------------------------------------------------------------------------

#[test]
fn a_charge_may_stop_short_and_ends_on_capture() {
    // Small of seat 1 on a1 pointing NE; lying enemy small on e5, another one on g7 behind it.
    let g = pos("8/6S2N1/8/4S2W3/8/8/8/S1NE7 1 0,0 12");
    expect_charges(
        &g,
        "a1",
        State::NE,
        &[("b2", '-'), ("c3", '-'), ("d4", '-'), ("e5", 'x')],
    );
    assert_eq!(illegal(&g, "a1xg7"), IllegalMove::Blocked);
}

#[test]
fn a_charge_runs_to_the_edge_over_empty_squares() {
    // Alone in its direction: every square to the edge (a2..a8).
    let g = pos("8/8/8/8/8/8/8/S1N6S2U 1 0,0 12");
    let dests: Vec<(String, char)> = (2..=8).map(|r| (format!("a{r}"), '-')).collect();
    let dests: Vec<(&str, char)> = dests.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    expect_charges(&g, "a1", State::N, &dests);
    // Pointing off the board: no charge at all.
    let g = pos("8/8/8/8/8/8/8/S1S6S2U 1 0,0 12");
    assert!(charges_from(&g, "a1").is_empty());
    assert_eq!(g.count_moves(), 8);
}

#[test]
fn blocked_by_own_piece() {
    // Seat 1: small on d1 pointing N, own upright small on d3.
    let g = pos("8/8/8/8/8/3S1U4/8/3S1N3S2U 1 0,0 12");
    expect_charges(&g, "d1", State::N, &[("d2", '-')]);
    assert_eq!(illegal(&g, "d1-d3"), IllegalMove::OwnPiece(sq("d3")));
    assert_eq!(illegal(&g, "d1xd3"), IllegalMove::OwnPiece(sq("d3")));
    assert_eq!(illegal(&g, "d1-d4"), IllegalMove::Blocked);
}

#[test]
fn blocked_by_a_non_capturable_enemy() {
    // Upright enemy large on d3 blocks; a lying enemy on d6 behind it is out of reach.
    let g = pos("8/8/3S2E4/8/8/3L2U4/8/3M1N4 1 0,0 12");
    expect_charges(&g, "d1", State::N, &[("d2", '-')]);
    assert_eq!(illegal(&g, "d1xd6"), IllegalMove::Blocked);
    assert_eq!(illegal(&g, "d1-d4"), IllegalMove::Blocked);
}

#[test]
fn no_charge_from_upright() {
    let g = pos("8/8/8/8/8/8/8/3M1U3S2U 1 0,0 12");
    assert_eq!(illegal(&g, "d1-d2"), IllegalMove::Upright);
    assert!(charges_from(&g, "d1").is_empty());
    assert_eq!(g.count_moves(), 8);
}

#[test]
fn charge_off_its_line_is_rejected() {
    let g = pos("8/8/8/8/8/8/8/3M1N3S2U 1 0,0 12");
    assert_eq!(illegal(&g, "d1-e2"), IllegalMove::NotInDirection(sq("e2")));
    assert_eq!(illegal(&g, "e1(U)"), IllegalMove::NoPiece(sq("e1")));
    assert_eq!(illegal(&g, "h1(N)"), IllegalMove::NotYourPiece(sq("h1")));
}

#[test]
fn reorient_to_the_same_state_is_rejected() {
    let g = pos("8/8/8/8/8/8/8/3M1N3S2U 1 0,0 12");
    assert_eq!(illegal(&g, "d1(N)"), IllegalMove::SameState);
    let reorients: Vec<String> = g
        .legal_moves()
        .iter()
        .filter(|m| m.is_reorient())
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        reorients,
        [
            "d1(U)", "d1(NE)", "d1(E)", "d1(SE)", "d1(S)", "d1(SW)", "d1(W)", "d1(NW)"
        ]
    );
    let g = pos("8/8/8/8/8/8/8/3M1U3S2U 1 0,0 12");
    assert_eq!(illegal(&g, "d1(U)"), IllegalMove::SameState);
}

#[test]
fn charge_that_keeps_its_direction_is_accepted_once() {
    let mut g = pos("8/8/8/8/8/8/8/3M1N3S2U 1 0,0 12");
    // Written without suffix; the suffixed form naming the same state is not a second move.
    assert_eq!(illegal(&g, "d1-d4(N)"), IllegalMove::RedundantState);
    g.apply(mv("d1-d4")).unwrap();
    assert_eq!(g.piece_at(sq("d4")).unwrap().state, State::N);
    assert_eq!(g.to_move(), Some(seat(2)));
    // Any other state may be set, upright included.
    let mut g = pos("8/8/8/8/8/8/8/3M1N3S2U 1 0,0 12");
    g.apply(mv("d1-d4(U)")).unwrap();
    assert_eq!(g.piece_at(sq("d4")).unwrap().state, State::Up);
}

/// The seed's rule (`--after-charge must-change`): the charging piece must end in a new state,
/// so each stop gives 8 moves, not 9; reorientations are as before.
#[test]
fn under_must_change_a_charge_takes_a_new_state() {
    // d1 medium pointing N; d5 an enemy lying small (capturable).
    let g = pos("8/8/8/3S2E4/8/8/8/3M1N3S2U 1 0,0 12 must-change");
    assert_eq!(illegal(&g, "d1-d3"), IllegalMove::MustChangeState);
    assert_eq!(illegal(&g, "d1-d3(N)"), IllegalMove::MustChangeState);
    assert_eq!(illegal(&g, "d1xd5"), IllegalMove::MustChangeState);
    assert!(g.is_legal(mv("d1-d3(U)")));
    assert!(g.is_legal(mv("d1xd5(S)")));
    assert!(g.is_legal(mv("d1(U)")));
    // Stops d2 d3 d4 and the capture on d5: 4 x 8 charges.
    assert_eq!(charges_from(&g, "d1").len(), 4 * 8);
    let keep = pos("8/8/8/3S2E4/8/8/8/3M1N3S2U 1 0,0 12");
    assert_eq!(charges_from(&keep, "d1").len(), 4 * 9);
    // The rule is kept by the states it leads to.
    let after = g.after(mv("d1xd5(E)")).unwrap();
    assert!(!after.config().charge_keeps_state);
    assert!(after.to_string().ends_with(" must-change"));
}

// ---- winning -------------------------------------------------------------------------------

#[test]
fn win_exactly_at_the_target_two_players() {
    // Seat 1 holds 10; a lying medium is worth exactly the 2 missing points.
    let g = pos("8/8/8/3M2E4/8/8/8/3L1N3L2U 1 10,0 12");
    let won = g.after(mv("d1xd5")).unwrap();
    let o = won.status().outcome().expect("target reached");
    assert_eq!(o.winner(), Some(seat(1)));
    assert_eq!(won.legal_moves().len(), 0);
    assert_eq!(won.check_move(mv("h1(N)")), Err(MoveError::GameOver));
    // One point short goes on.
    let g = pos("8/8/8/3S2E4/8/8/8/3L1N3L2U 1 10,0 12");
    let on = g.after(mv("d1xd5")).unwrap();
    assert_eq!(on.score(seat(1)), 11);
    assert_eq!(on.status(), Status::Ongoing(seat(2)));
}

#[test]
fn win_exactly_at_the_target_three_players() {
    // Seat 1 (10 points) captures a lying medium of seat 2: 12. Seats 2 and 3 have 0 and 1.
    let g = pos("7S3U/8/8/8/3M2E4/8/8/3L1N3M2U 1 10,0,1 12");
    let won = g.after(mv("d1xd4(U)")).unwrap();
    let o = won.status().outcome().unwrap();
    assert_eq!(o.winner(), Some(seat(1)));
    // Losers ranked by points: seat 3 (1 point) before seat 2 (0).
    assert_eq!(
        [o.rank(seat(1)), o.rank(seat(2)), o.rank(seat(3))],
        [0, 2, 1]
    );
    // A target of 13 is not reached by the same capture.
    let g = pos("7S3U/8/8/8/3M2E4/8/8/3L1N3M2U 1 10,0,1 13");
    assert!(!g.after(mv("d1xd4(U)")).unwrap().status().is_finished());
}

#[test]
fn win_exactly_at_the_target_four_players() {
    // Target 15. Seat 3 to move with 12 points captures a lying large of seat 1: exactly 15.
    let g = pos("L4U7/8/8/8/8/2L3S5/8/2L1E2M2U2 3 0,2,12,2 15");
    let won = g.after(mv("c3xc1")).unwrap();
    assert_eq!(won.score(seat(3)), 15);
    let o = won.status().outcome().unwrap();
    assert_eq!(o.winner(), Some(seat(3)));
    // Seats 2 and 4 tie on 2 points, seat 1 last with 0.
    assert_eq!(
        [
            o.rank(seat(1)),
            o.rank(seat(2)),
            o.rank(seat(3)),
            o.rank(seat(4))
        ],
        [2, 1, 0, 1]
    );
}

#[test]
fn passing_the_target_also_wins() {
    let g = pos("8/8/8/3L2E4/8/8/8/3L1N3L2U 1 11,0 12");
    let won = g.after(mv("d1xd5")).unwrap();
    assert_eq!(won.score(seat(1)), 14);
    assert_eq!(won.status().outcome().unwrap().winner(), Some(seat(1)));
}

// ---- elimination and turn order ----------------------------------------------------------

#[test]
fn eliminated_players_are_skipped() {
    // 3 players: seat 1 captures the last piece of seat 2 (2 points, far from 12).
    let g = pos("7S3U/8/8/8/3M2E4/8/8/3L1N4 1 0,0,0 12");
    let g = g.after(mv("d1xd4")).unwrap();
    assert!(!g.has_pieces(seat(2)));
    assert_eq!(g.status(), Status::Ongoing(seat(3)));
    let g = g.after(mv("h8(S)")).unwrap();
    assert_eq!(g.status(), Status::Ongoing(seat(1)), "seat 2 is skipped");
    let g = g.after(mv("d4(E)")).unwrap();
    assert_eq!(g.status(), Status::Ongoing(seat(3)));
}

#[test]
fn turns_go_round_all_seats_in_order() {
    let mut g = Pikemen::new(&Config {
        players: 4,
        target: 12,
        ..Config::default()
    })
    .unwrap();
    for (m, next) in [("h1(W)", 2), ("a1(E)", 3), ("a8(E)", 4), ("h8(W)", 1)] {
        g.apply(mv(m)).unwrap();
        assert_eq!(g.to_move(), Some(seat(next)));
    }
}

#[test]
fn last_player_standing_wins() {
    // 3 players, seat 2 already out; seat 1 takes seat 3's last piece with only 1 point.
    let g = pos("8/8/8/8/3S3E4/8/8/3L1N4 1 0,0,5 12");
    let g = g.after(mv("d1xd4")).unwrap();
    assert_eq!(g.score(seat(1)), 1);
    let o = g.status().outcome().expect("only seat 1 has pieces");
    assert_eq!(o.winner(), Some(seat(1)));
    // Seat 3 (5 points) ranks before seat 2 (0).
    assert_eq!(
        [o.rank(seat(1)), o.rank(seat(2)), o.rank(seat(3))],
        [0, 2, 1]
    );
    // 4 players: same rule; ties share.
    let g = pos("8/8/8/8/3S4E4/8/8/3L1N4 1 0,0,0,0 12");
    let o = g.after(mv("d1xd4")).unwrap().status().outcome().unwrap();
    assert_eq!(
        [
            o.rank(seat(1)),
            o.rank(seat(2)),
            o.rank(seat(3)),
            o.rank(seat(4))
        ],
        [0, 1, 1, 1]
    );
}

#[test]
fn a_position_with_one_player_left_is_over() {
    let g = pos("8/8/8/8/8/8/8/3L1N4 1 0,0,0 12");
    assert_eq!(g.status().outcome().unwrap().winner(), Some(seat(1)));
    assert_eq!(g.count_moves(), 0);
}

// ---- setups --------------------------------------------------------------------------------

fn army(g: &Pikemen, owner: u8) -> [Vec<String>; 3] {
    let mut out: [Vec<String>; 3] = Default::default();
    for i in 0..64 {
        let s = Square::new(i).unwrap();
        if let Some(p) = g.piece_at(s) {
            assert_eq!(p.state, State::Up, "every piece starts upright");
            if p.owner == seat(owner) {
                out[3 - p.size.points() as usize].push(s.to_string());
            }
        }
    }
    for v in &mut out {
        v.sort();
    }
    out
}

fn sorted(names: &str) -> Vec<String> {
    let mut v: Vec<String> = names.split(' ').map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn setups_match_the_rules_file() {
    let two = Pikemen::new(&Config::default()).unwrap();
    assert_eq!(
        army(&two, 1),
        [
            sorted("h1 g1 f1 h2 h3"),
            sorted("e1 g2 f2 g3 h4"),
            sorted("d1 e2 f3 g4 h5")
        ]
    );
    assert_eq!(
        army(&two, 2),
        [
            sorted("a8 b8 c8 a7 a6"),
            sorted("d8 b7 c7 b6 a5"),
            sorted("e8 d7 c6 b5 a4")
        ]
    );
    let three = Pikemen::new(&Config {
        players: 3,
        target: 12,
        ..Config::default()
    })
    .unwrap();
    let want3 = [
        ["g4 h4 g5 h5", "g3 h3 g6 h6", "f3 f4 f5 f6"],
        ["a1 b1 a2 b2", "c1 c2 a3 b3", "d1 d2 c3 d3"],
        ["a8 b8 a7 b7", "c8 c7 a6 b6", "d8 d7 c6 d6"],
    ];
    for (i, w) in want3.iter().enumerate() {
        assert_eq!(army(&three, i as u8 + 1), w.map(sorted), "seat {}", i + 1);
    }
    let four = Pikemen::new(&Config {
        players: 4,
        target: 12,
        ..Config::default()
    })
    .unwrap();
    let want4 = [
        ["h1 g1 h2", "f1 g2 h3", "f2 g3 f3"],
        ["a1 b1 a2", "c1 b2 a3", "c2 b3 c3"],
        ["a8 b8 a7", "c8 b7 a6", "c7 b6 c6"],
        ["h8 g8 h7", "f8 g7 h6", "f7 g6 f6"],
    ];
    for (i, w) in want4.iter().enumerate() {
        assert_eq!(army(&four, i as u8 + 1), w.map(sorted), "seat {}", i + 1);
    }
}

#[test]
fn start_position_text() {
    let g = Pikemen::new(&Config::default()).unwrap();
    assert_eq!(
        g.to_string(),
        "L2UL2UL2UM2US2U3/L2UM2UM2US2U4/L2UM2US2U5/M2US2U5S1U/S2U5S1UM1U/5S1UM1UL1U/4S1UM1UM1UL1U/3S1UM1UL1UL1UL1U 1 0,0 12"
    );
}

// ---- configuration and position text errors ----------------------------------------------

#[test]
fn config_errors() {
    for players in [0, 1, 5, 255] {
        assert_eq!(
            Pikemen::new(&Config {
                players,
                target: 12,
                ..Config::default()
            }),
            Err(ConfigError::Players(players))
        );
    }
    assert_eq!(
        Pikemen::new(&Config {
            players: 2,
            target: 0,
            ..Config::default()
        }),
        Err(ConfigError::Target)
    );
    let g = Pikemen::new(&Config {
        players: 3,
        target: 20,
        ..Config::default()
    })
    .unwrap();
    assert_eq!(
        g.config(),
        Config {
            players: 3,
            target: 20,
            ..Config::default()
        }
    );
}

#[test]
fn inconsistent_positions_are_refused() {
    use PositionError as E;
    let cases: &[(&str, E)] = &[
        ("8/8/8/8/8/8/8/3M1N4", E::Fields),
        ("8/8/8/8/8/8/8/3M1N4 1 0,0 12 x", E::Fields),
        ("8/8/8/8/8/8/3M1N4 1 0,0 12", E::Board { rank: 8 }),
        ("8/8/8/8/8/8/8/3M1N5 1 0,0 12", E::Board { rank: 1 }),
        ("8/8/8/8/8/8/8/3M1N31 1 0,0 12", E::Board { rank: 1 }),
        ("8/8/8/8/8/8/8/3M1X4 1 0,0 12", E::Board { rank: 1 }),
        ("8/8/8/8/8/8/8/3M5N4 1 0,0 12", E::Board { rank: 1 }),
        ("8/8/8/8/8/8/8/3M1N3S2U 3 0,0 12", E::Seat),
        ("8/8/8/8/8/8/8/3M1N3S2U 1 0 12", E::Scores),
        ("8/8/8/8/8/8/8/3M1N3S2U 1 0,0,0,0,0 12", E::Scores),
        ("8/8/8/8/8/8/8/3M1N3S2U 1 0,01 12", E::Scores),
        ("8/8/8/8/8/8/8/3M1N3S2U 1 0,0 0", E::Target),
        ("8/8/8/8/8/8/8/3M1N3S2U 1 0,0 -1", E::Target),
        ("8/8/8/8/8/8/8/3M1N3S3U 1 0,0 12", E::Owner { seat: 3 }),
        (
            "8/8/8/8/8/8/8/S1US1US1US1U4 1 0,0,0,0 12",
            E::TooManyPieces {
                seat: 1,
                size: Size::Small,
            },
        ),
        ("8/8/8/8/8/8/8/3M1N3S2U 1 60,0 99", E::ScoresExceedCaptures),
        ("8/8/8/8/8/8/8/3M1N3S2U 1 12,12 12", E::SeveralAtTarget),
        ("8/8/8/8/8/8/8/3M1N4 2 0,0 12", E::SeatHasNoPieces),
    ];
    for (text, err) in cases {
        assert_eq!(text.parse::<Pikemen>(), Err(*err), "{text}");
    }
    // 4 players allow 3 smalls each, 2 players 5: the same row is fine with 2 players.
    assert!(
        "8/8/8/8/8/8/8/S1US1US1US1US2U3 1 0,0 12"
            .parse::<Pikemen>()
            .is_ok()
    );
}

// ---- move limit ------------------------------------------------------------------------------

#[test]
fn move_limit_draws_a_cycling_game() {
    let cfg = LimitConfig {
        inner: Config::default(),
        max_plies: 4,
    };
    let mut g = MoveLimit::<Pikemen>::new(&cfg).unwrap();
    for m in ["h1(N)", "a8(S)", "h1(U)", "a8(U)"] {
        assert!(!g.status().is_finished());
        g.apply(mv(m)).unwrap();
    }
    // Back at the start position, and the limit is reached: a draw.
    assert_eq!(*g.inner(), Pikemen::new(&Config::default()).unwrap());
    assert!(g.status().outcome().unwrap().is_draw());
    assert_eq!(g.legal_moves().len(), 0);
    let text = g.to_string();
    assert_eq!(text.parse::<MoveLimit<Pikemen>>().unwrap(), g);
}

#[test]
fn diagram_shows_board_scores_and_turn() {
    let g = pos("8/8/8/3L1E4/8/8/8/S2U7 2 3,0 12");
    let d = g.diagram();
    let lines: Vec<&str> = d.lines().collect();
    assert_eq!(lines.len(), 11);
    assert!(lines.iter().all(|l| !l.ends_with(' ')), "{d}");
    assert!(
        lines[3].starts_with("5 ") && lines[3].contains("L1E"),
        "{d}"
    );
    assert!(
        lines[7].starts_with("1 ") && lines[7].contains("S2U"),
        "{d}"
    );
    assert!(
        lines[8].contains("upright") && lines[8].contains("owner"),
        "{d}"
    );
    assert!(lines[9].contains("1=3") && lines[9].contains("2=0") && lines[9].contains("12"));
    assert!(lines[10].contains("player 2 to move"), "{d}");
}
