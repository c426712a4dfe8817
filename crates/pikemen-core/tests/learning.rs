//! The conformance kit's learning checks (action numbers, observations, symmetries) for every
//! player count, with and without a move limit.

use abstract_game::{Actions, Game, LimitConfig, MoveLimit, Observe, PlayerId, Symmetric};
use abstract_game_testkit::{KitOptions, check_learning, check_learning_games};
use pikemen_core::{Config, Pikemen};

fn opts(games: usize, seed: u64) -> KitOptions {
    KitOptions {
        games,
        max_plies: 400,
        seed,
        ..KitOptions::default()
    }
}

#[test]
fn every_player_count() {
    for players in 2..=4 {
        for charge_keeps_state in [true, false] {
            let config = Config {
                players,
                charge_keeps_state,
                ..Config::default()
            };
            let report = check_learning_games::<Pikemen>(&config, &opts(3, u64::from(players)));
            assert!(report.finished > 0, "{config:?}: {report:?}");
        }
    }
}

#[test]
fn from_midgame_positions() {
    for text in include_str!("positions.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let start: Pikemen = text.parse().unwrap();
        check_learning(&start, &opts(1, 5)).unwrap_or_else(|f| panic!("{f}"));
    }
}

#[test]
fn with_a_move_limit() {
    let cfg = LimitConfig {
        inner: Config::default(),
        max_plies: 40,
    };
    let report = check_learning_games::<MoveLimit<Pikemen>>(&cfg, &opts(3, 9));
    assert_eq!(report.finished, 3);
    // The extra plane tells the remaining plies apart.
    let g = MoveLimit::<Pikemen>::new(&cfg).unwrap();
    assert_eq!(g.observation_shape(), [22, 8, 8]);
}

#[test]
fn numbering_is_the_documented_one() {
    let g = Pikemen::new(&Config::default()).unwrap();
    // h3 (square 23) is a large piece of seat 1; turning it east is slot 3.
    assert_eq!(
        g.action_of(g.parse_move("h3(E)").unwrap()),
        Some(23 * 72 + 3)
    );
    // Seat 2 sees the board turned: its a6 (square 40) is square 63 - 40 = 23 for it, and
    // pointing south is, for it, pointing north (slot 1).
    let g = g.after(g.parse_move("h3(E)").unwrap()).unwrap();
    assert_eq!(
        g.action_of(g.parse_move("a6(S)").unwrap()),
        Some(23 * 72 + 1)
    );
    // A charge: a1 pointing NE to c3 (2 squares), keeping its state NE (2): slot 9 + 9 + 2.
    let g: Pikemen = "8/8/8/4L2W3/8/8/8/S1NE7 1 10,0 12".parse().unwrap();
    assert_eq!(g.action_of(g.parse_move("a1-c3").unwrap()), Some(9 + 9 + 2));
    assert_eq!(g.move_of(9 + 9 + 2), g.parse_move("a1-c3").ok());
    // The capture on e5 (4 squares) ending upright: slot 9 + 27 + 0.
    assert_eq!(g.move_of(36).unwrap().to_string(), "a1xe5(U)");
    // Five squares would pass the piece on e5: no move.
    assert_eq!(g.move_of(9 + 9 * 4), None);
}

#[test]
fn symmetries_turn_pieces_and_directions() {
    let g: Pikemen = "8/8/8/4L2W3/8/8/8/S1NE7 1 10,0 12".parse().unwrap();
    // The reflection of files (4) takes a1 to h1 and north-east to north-west.
    let r = g.transformed(4).unwrap();
    assert_eq!(r.to_string(), "8/8/8/3L2E4/8/8/8/7S1NW 1 10,0 12");
    assert_eq!(g.inverse_symmetry(1), Ok(3));
    let mv = g.parse_move("a1xe5(U)").unwrap();
    assert_eq!(g.transform_move(4, mv).unwrap().to_string(), "h1xd5(U)");
    let a = g.action_of(mv).unwrap();
    assert_eq!(
        r.move_of(g.transform_action(4, a).unwrap())
            .unwrap()
            .to_string(),
        "h1xd5(U)"
    );
    let seat = PlayerId::FIRST;
    let (mut a, mut b) = (
        vec![0.0; g.observation_len()],
        vec![0.0; g.observation_len()],
    );
    g.observe(seat, &mut a).unwrap();
    g.transform_observation(4, &a.clone(), &mut b).unwrap();
    r.observe(seat, &mut a).unwrap();
    assert_eq!(a, b);
}

#[test]
fn the_after_charge_rule_is_observed() {
    let keep = Pikemen::new(&Config::default()).unwrap();
    let change = Pikemen::new(&Config {
        charge_keeps_state: false,
        ..Config::default()
    })
    .unwrap();
    // Same board, other moves: the observations must differ.
    let (mut a, mut b) = (
        vec![0.0; keep.observation_len()],
        vec![0.0; change.observation_len()],
    );
    keep.observe(PlayerId::FIRST, &mut a).unwrap();
    change.observe(PlayerId::FIRST, &mut b).unwrap();
    assert_ne!(a, b);
    assert!(a[20 * 64..].iter().all(|&v| v == 0.0));
    assert!(b[20 * 64..].iter().all(|&v| v == 1.0));
}
