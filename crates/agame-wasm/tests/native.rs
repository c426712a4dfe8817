//! The Rust side of the package, natively: options, errors that change nothing, pictures, bots.

use abstract_game_search::Limits;
use agame_wasm::engine::Picture;
use agame_wasm::spec::{Load, Spec, Value};

fn opt(key: &str, v: Value) -> (String, Value) {
    (key.to_string(), v)
}

#[test]
fn options_are_read_and_checked() {
    let spec = Spec::load("pikemen", &[opt("players", Value::Number(3.0))]).unwrap();
    assert_eq!(spec.new_state().unwrap().player_count(), 3);
    assert_eq!(spec.max_plies, Some(1000));
    let spec = Spec::load("epaminondas", &[opt("maxPlies", Value::Null)]).unwrap();
    assert_eq!(spec.max_plies, None);
    for (name, key, v, reason) in [
        ("chess", "x", Value::Null, "unknown game"),
        ("gipf", "players", Value::Number(2.0), "no option 'players'"),
        ("pikemen", "players", Value::Number(2.5), "whole number"),
        ("pikemen", "players", Value::Number(9.0), "bad options"),
        ("epaminondas", "board", Value::Text("9".into()), "WxH"),
        ("epaminondas", "stones", Value::Number(1.0), "true/false"),
    ] {
        let err = Spec::load(name, &[opt(key, v)]).unwrap_err();
        assert!(err.contains(reason), "{err}");
    }
}

#[test]
fn a_bad_move_changes_nothing() {
    let spec = Spec::load("gipf", &[]).unwrap();
    let mut state = spec.new_state().unwrap();
    let before = state.text();
    assert!(state.play("nonsense").unwrap_err().contains("nonsense"));
    assert_eq!(state.text(), before);
    let first = state.legal_moves()[0].clone();
    state.play(&first).unwrap();
    assert_ne!(state.text(), before);
}

#[test]
fn pictures_show_the_last_move_and_highlights() {
    let spec = Spec::load("epaminondas", &[opt("board", Value::Text("8x8".into()))]);
    let mut state = spec.unwrap().new_state().unwrap();
    let first = state.legal_moves()[0].clone();
    state.play(&first).unwrap();
    let plain = state.svg(&Picture::default()).unwrap();
    let last = Picture {
        last_move: true,
        ..Picture::default()
    };
    assert_ne!(state.svg(&last).unwrap(), plain);
    let marked = Picture {
        highlights: vec!["d4".into()],
        ..Picture::default()
    };
    assert_ne!(state.svg(&marked).unwrap(), plain);
    let bad = Picture {
        highlights: vec!["q99".into()],
        ..Picture::default()
    };
    assert!(state.svg(&bad).is_err());
}

#[test]
fn bots_choose_legal_moves() {
    let state = Spec::load("pikemen", &[]).unwrap().new_state().unwrap();
    let legal = state.legal_moves();
    for spec in ["mcts:iters=30", "alphabeta:depth=1", "random"] {
        let mv = state
            .bot_move(&spec.parse().unwrap(), &Limits::none())
            .unwrap();
        assert!(legal.contains(&mv), "{spec}: {mv}");
    }
}

#[test]
fn a_finished_game_says_why_in_the_games_words() {
    for (name, text, why) in [
        (
            "pikemen",
            "L1U7/8/8/8/8/8/8/L2U7 2 12,0 12",
            "target reached",
        ),
        (
            "gipf",
            "basic W:b5,e2,h5 B:b2,e8,h2 R:0/12 C:12/0 push:w",
            "the other player has no piece left to push",
        ),
        (
            "epaminondas",
            "1...../....../....../..2.../....../....../....../...... 1 mirror:on stones:off",
            "crossing held",
        ),
    ] {
        let options = match name {
            "gipf" => vec![opt("variant", Value::Text("basic".into()))],
            "epaminondas" => vec![opt("board", Value::Text("6x8".into()))],
            _ => vec![],
        };
        let spec = Spec::load(name, &options).unwrap();
        assert_eq!(spec.new_state().unwrap().end_reason(), None);
        let state = spec.state_from_text(text).unwrap();
        assert_eq!(state.end_reason().as_deref(), Some(why), "{name}");
    }
    // The move limit's own reason, after the limit's last move.
    let spec = Spec::load("pikemen", &[opt("maxPlies", Value::Number(1.0))]).unwrap();
    let mut state = spec.new_state().unwrap();
    let first = state.legal_moves()[0].clone();
    state.play(&first).unwrap();
    assert_eq!(state.end_reason().as_deref(), Some("move limit reached"));
    assert!(state.truncated());
}
