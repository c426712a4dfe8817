//! The conformance kit's learning checks (action numbers, observations, symmetries) for the
//! board sizes and variants, with and without a move limit.

use abstract_game::{Actions, Game, LimitConfig, MoveLimit, Observe, PlayerId, Symmetric};
use abstract_game_testkit::{KitOptions, check_learning, check_learning_games};
use epaminondas_core::{Config, Epaminondas};

fn run(config: Config, games: usize, max_plies: usize) {
    let report = check_learning_games::<Epaminondas>(
        &config,
        &KitOptions {
            games,
            max_plies,
            seed: u64::from(config.width) * 100 + u64::from(config.height),
            ..KitOptions::default()
        },
    );
    assert_eq!(report.games, games, "{config:?}");
}

#[test]
fn standard_board_both_mirror_rules() {
    run(Config::default(), 2, 150);
    run(
        Config {
            mirror: false,
            ..Config::default()
        },
        1,
        150,
    );
}

#[test]
fn small_boards_and_stones() {
    for (width, height, stones) in [
        (8, 8, false),
        (10, 8, true),
        (4, 5, false),
        (3, 6, false),
        (2, 4, false),
        (6, 7, true),
    ] {
        run(
            Config {
                width,
                height,
                stones,
                ..Config::default()
            },
            4,
            200,
        );
    }
}

#[test]
fn from_a_mirror_position() {
    let p: Epaminondas = "22.1..../......../......../......../......../......../...2..../11...... 2 mirror:on stones:off".parse().unwrap();
    check_learning(
        &p,
        &KitOptions {
            games: 10,
            max_plies: 100,
            seed: 5,
            ..KitOptions::default()
        },
    )
    .unwrap_or_else(|f| panic!("{f}"));
}

#[test]
fn with_a_move_limit() {
    let cfg = LimitConfig {
        inner: Config {
            width: 8,
            height: 8,
            ..Config::default()
        },
        max_plies: 30,
    };
    let report = check_learning_games::<MoveLimit<Epaminondas>>(
        &cfg,
        &KitOptions {
            games: 3,
            max_plies: 100,
            seed: 2,
            ..KitOptions::default()
        },
    );
    assert_eq!(report.finished, 3);
}

#[test]
fn numbering_is_the_documented_one() {
    let cfg = Config {
        width: 8,
        height: 8,
        stones: true,
        ..Config::default()
    };
    let g = Epaminondas::new(&cfg).unwrap();
    // 8 x 8 x 8 directions x 7 distances, then 64 stone squares.
    assert_eq!(g.num_distinct_actions(), 8 * 8 * 8 * 7 + 64);
    // Placing a stone on d4 (file 3, rank 3): 3584 + 3 * 8 + 3.
    let stone = g.legal_moves()[0];
    assert_eq!(g.action_of("d4".parse().unwrap()), Some(3584 + 27));
    // The second player reads ranks upside down: its d5 is its d4.
    let g = g.after(stone).unwrap();
    assert_eq!(g.to_move(), Some(PlayerId::SECOND));
    assert_eq!(g.action_of("d5".parse().unwrap()), Some(3584 + 27));
    // Without stones, the second player's a8-a6 (south, 2 squares) is its a1-a3 (north).
    let g = Epaminondas::new(&Config::default()).unwrap();
    let g = g.after("a1-a3".parse().unwrap()).unwrap();
    let a = g.action_of("a12-a10".parse().unwrap()).unwrap();
    assert_eq!(a, 1); // rear on its a1 (cell 0), north (0), 2 squares: 0 * 13 + 2 - 1
    assert_eq!(g.move_of(a).unwrap().to_string(), "a12-a10");
}

#[test]
fn the_mirror_maps_states_moves_actions_observations() {
    let p: Epaminondas = "22.1..../......../......../......../......../......../...2..../11...... 2 mirror:on stones:off".parse().unwrap();
    let m = p.transformed(1).unwrap();
    assert_eq!(
        m.to_string(),
        "....1.22/......../......../......../......../......../....2.../......11 2 mirror:on stones:off"
    );
    let mut a = vec![0.0; p.observation_len()];
    let mut b = a.clone();
    p.observe(PlayerId::FIRST, &mut a).unwrap();
    p.transform_observation(1, &a.clone(), &mut b).unwrap();
    m.observe(PlayerId::FIRST, &mut a).unwrap();
    assert_eq!(a, b);
}
