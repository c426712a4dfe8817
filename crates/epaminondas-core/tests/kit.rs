//! The workspace conformance kit over the standard board, 8x8, 10x8, stones, mirror rule on
//! and off, and from a position where the mirror rule bites.

use abstract_game_testkit::{
    KitOptions, check_position, check_random_games, check_random_games_from,
};
use epaminondas_core::{Config, Epaminondas};

fn kit(config: Config, games: usize, max_plies: usize) {
    let report = check_random_games::<Epaminondas>(
        &config,
        &KitOptions {
            games,
            max_plies,
            seed: 11,
            ..KitOptions::default()
        },
    );
    println!("{config:?}: {report:?}");
    assert_eq!(report.games, games);
}

#[test]
fn kit_standard_mirror_on() {
    kit(Config::default(), 6, 600);
}

#[test]
fn kit_standard_mirror_off() {
    kit(
        Config {
            mirror: false,
            ..Config::default()
        },
        4,
        600,
    );
}

#[test]
fn kit_8x8() {
    kit(
        Config {
            width: 8,
            height: 8,
            ..Config::default()
        },
        20,
        400,
    );
}

#[test]
fn kit_10x8() {
    kit(
        Config {
            width: 10,
            height: 8,
            ..Config::default()
        },
        15,
        400,
    );
}

#[test]
fn kit_stones() {
    kit(
        Config {
            stones: true,
            ..Config::default()
        },
        4,
        600,
    );
    kit(
        Config {
            width: 8,
            height: 8,
            stones: true,
            mirror: false,
        },
        15,
        400,
    );
}

#[test]
fn kit_small_boards() {
    // 2 x 4: White to move is blocked at once (no empty square, equal phalanxes) and loses.
    kit(
        Config {
            width: 2,
            height: 4,
            ..Config::default()
        },
        3,
        10,
    );
    kit(
        Config {
            width: 4,
            height: 5,
            ..Config::default()
        },
        20,
        200,
    );
    kit(
        Config {
            width: 3,
            height: 6,
            mirror: false,
            ..Config::default()
        },
        20,
        200,
    );
    kit(
        Config {
            width: 16,
            height: 15,
            ..Config::default()
        },
        2,
        300,
    );
}

#[test]
fn kit_from_a_mirror_position() {
    let p: Epaminondas = "22.1..../......../......../......../......../......../...2..../11...... 2 mirror:on stones:off".parse().unwrap();
    check_position(&p).unwrap();
    let report = check_random_games_from(
        &p,
        &KitOptions {
            games: 30,
            max_plies: 200,
            seed: 5,
            ..KitOptions::default()
        },
    );
    assert_eq!(report.games, 30);
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips() {
    use abstract_game::Game;
    use abstract_game_testkit::serde_roundtrip;
    let s = Epaminondas::new(&Config {
        stones: true,
        ..Config::default()
    })
    .unwrap();
    assert!(serde_roundtrip(&s).contains("mirror:on stones:on"));
    assert_eq!(
        serde_roundtrip(&"c2xc5".parse::<epaminondas_core::Move>().unwrap()),
        "\"c2xc5\""
    );
    serde_roundtrip(&Config::default());
    let bad: Result<Epaminondas, _> = serde_json::from_str("\"nonsense\"");
    assert!(bad.is_err());
}
