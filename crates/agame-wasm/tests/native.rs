//! The Rust side of the package, natively: options, errors that change nothing, pictures, bots,
//! action numbers and observations.

use abstract_game::SeededRng;
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

/// No network is registered.
fn none(name: &str) -> Result<std::sync::Arc<abstract_game_search::network::Network>, String> {
    Err(format!("no network '{name}'"))
}

#[test]
fn bots_choose_legal_moves() {
    let mut state = Spec::load("pikemen", &[]).unwrap().new_state().unwrap();
    let legal = state.legal_moves();
    for spec in ["mcts:iters=30", "alphabeta:depth=1", "random"] {
        let mv = state
            .bot_move(&spec.parse().unwrap(), &Limits::none(), &none)
            .unwrap();
        assert!(legal.contains(&mv), "{spec}: {mv}");
    }
    let one = state
        .bot_move(
            &"alphabeta:depth=1:threads=1".parse().unwrap(),
            &Limits::none(),
            &none,
        )
        .unwrap();
    assert!(legal.contains(&one));
    for spec in ["alphabeta:depth=1:threads=2", "mcts:iters=30:threads=4"] {
        let e = state
            .bot_move(&spec.parse().unwrap(), &Limits::none(), &none)
            .unwrap_err();
        assert!(
            e.contains("threads=") && e.contains("one thread"),
            "{spec}: {e}"
        );
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

/// Every configuration the tests play, as `loadGame` would read it.
fn configs() -> Vec<Spec> {
    let text = |s: &str| Value::Text(s.into());
    [
        ("pikemen", vec![]),
        ("pikemen", vec![opt("players", Value::Number(3.0))]),
        ("pikemen", vec![opt("players", Value::Number(4.0))]),
        ("gipf", vec![]),
        ("gipf", vec![opt("variant", text("basic"))]),
        ("gipf", vec![opt("variant", text("tournament"))]),
        ("epaminondas", vec![]),
        ("epaminondas", vec![opt("board", text("8x8"))]),
    ]
    .into_iter()
    .map(|(name, options)| Spec::load(name, &options).unwrap())
    .collect()
}

#[test]
fn action_numbers_agree_with_the_move_texts_along_random_games() {
    let mut rng = SeededRng::new(5);
    for spec in configs() {
        let mut state = spec.new_state().unwrap();
        let n = state.num_distinct_actions();
        let mut mask = vec![9; n];
        for ply in 0..300 {
            let moves = state.legal_moves();
            let actions = state.legal_actions().to_vec();
            assert_eq!(actions.len(), moves.len(), "{}", state.text());
            assert!(actions.windows(2).all(|w| w[0] < w[1]), "ascending");
            assert!(actions.iter().all(|&a| (a as usize) < n));
            let mut texts: Vec<String> = actions
                .iter()
                .map(|&a| state.action_to_string(a).unwrap())
                .collect();
            let mut sorted = moves.clone();
            texts.sort();
            sorted.sort();
            assert_eq!(texts, sorted);
            for m in &moves {
                assert!(actions.contains(&state.string_to_action(m).unwrap()), "{m}");
            }
            state.legal_mask(&mut mask).unwrap();
            let ones: Vec<u32> = (0..n as u32).filter(|&a| mask[a as usize] == 1).collect();
            assert_eq!(ones, actions);
            assert!(mask.iter().all(|&b| b <= 1));
            if actions.is_empty() {
                assert!(state.current().is_none());
                assert!(state.apply_action(0).unwrap_err().contains("game is over"));
                break;
            }
            // Half the plies by number, half by text (with and without the list at hand).
            let pick = rng.below(actions.len());
            let mut by_text = state.clone_box();
            let text = state.action_to_string(actions[pick]).unwrap();
            if ply % 2 == 0 {
                by_text.legal_moves();
            }
            by_text.play(&text).unwrap();
            state.apply_action(actions[pick]).unwrap();
            assert_eq!(state.text(), by_text.text());
        }
    }
}

#[test]
fn refused_actions_buffers_and_seats_change_nothing() {
    for spec in configs() {
        let mut state = spec.new_state().unwrap();
        let n = state.num_distinct_actions();
        let legal = state.legal_actions().to_vec();
        let illegal = (0..n as u32).find(|a| !legal.contains(a));
        let before = state.text();
        for action in illegal.into_iter().chain([n as u32, u32::MAX]) {
            let err = state.apply_action(action).unwrap_err();
            assert!(err.contains("not legal here"), "{err}");
        }
        assert!(state.action_to_string(u32::MAX).is_none());
        assert!(state.string_to_action("nonsense").is_err());
        let mut short = vec![7; n - 1];
        assert!(
            state
                .legal_mask(&mut short)
                .unwrap_err()
                .contains("entries")
        );
        assert!(short.iter().all(|&b| b == 7), "left as it was");
        let len: usize = state.observation_shape().iter().product();
        let mut planes = vec![5.0; len + 1];
        assert!(state.observe(0, &mut planes).is_err());
        assert!(planes.iter().all(|&x| x == 5.0));
        let mut planes = vec![5.0; len];
        let seats = state.player_count();
        assert!(
            state
                .observe(seats, &mut planes)
                .unwrap_err()
                .contains("no seat")
        );
        assert!(planes.iter().all(|&x| x == 5.0));
        state.observe(seats - 1, &mut planes).unwrap();
        assert_eq!(state.text(), before);
        assert_eq!(state.legal_actions(), legal);
    }
}

#[test]
fn observations_have_the_shape_and_follow_the_position() {
    for spec in configs() {
        let mut state = spec.new_state().unwrap();
        let len: usize = state.observation_shape().iter().product();
        let mut first = vec![0.0; len];
        state.observe(0, &mut first).unwrap();
        assert!(first.iter().any(|&x| x != 0.0));
        let mut again = vec![1.0; len];
        state.observe(0, &mut again).unwrap();
        assert_eq!(first, again, "deterministic, whatever the buffer held");
        let a = state.legal_actions()[0];
        state.apply_action(a).unwrap();
        state.observe(0, &mut again).unwrap();
        assert_ne!(first, again);
    }
}

#[test]
fn the_last_move_of_an_action_is_pictured() {
    let spec = Spec::load("gipf", &[]).unwrap();
    let mut state = spec.new_state().unwrap();
    let last = Picture {
        last_move: true,
        ..Picture::default()
    };
    let plain = state.svg(&Picture::default()).unwrap();
    assert_eq!(state.svg(&last).unwrap(), plain, "no move yet");
    let a = state.legal_actions()[0];
    state.apply_action(a).unwrap();
    assert_ne!(
        state.svg(&last).unwrap(),
        state.svg(&Picture::default()).unwrap()
    );
}

#[test]
fn move_texts_are_numbered_once_and_shared_by_copies() {
    let spec = Spec::load("epaminondas", &[opt("board", Value::Text("8x8".into()))]).unwrap();
    let mut state = spec.new_state().unwrap();
    // The strings JavaScript would hold, by number.
    let mut strings: Vec<String> = Vec::new();
    let mut new = String::new();
    let mut rng = SeededRng::new(3);
    for _ in 0..60 {
        let numbers = state.legal_move_numbers(&mut new).to_vec();
        strings.extend(new.lines().map(String::from));
        new.clear();
        let texts: Vec<String> = numbers
            .iter()
            .map(|&n| strings[n as usize].clone())
            .collect();
        assert_eq!(texts, state.legal_moves());
        if texts.is_empty() {
            break;
        }
        // A copy shares the numbering: it meets no move its original has met.
        let mut copy = state.clone_box();
        copy.legal_move_numbers(&mut new);
        assert!(new.is_empty(), "{new}");
        state.play(&texts[rng.below(texts.len())]).unwrap();
    }
    // A state from text shares it when told to.
    state.legal_move_numbers(&mut new);
    new.clear();
    let mut read = spec.state_from_text(&state.text()).unwrap();
    read.share_texts(&*state);
    read.legal_move_numbers(&mut new);
    assert!(new.is_empty());
}
