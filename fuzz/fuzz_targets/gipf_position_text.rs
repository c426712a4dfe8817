//! Position text: never panics; what parses re-displays to a text that parses equal and
//! displays the same; the kit's checks pass on it and on every position one legal move away
//! (so every child's text reads back too), and along a short walk the input's bytes choose.
#![no_main]

use abstract_game::Game;
use gipf_core::{Gipf, GipfTurns};
use libfuzzer_sys::fuzz_target;

/// Positions with more moves get the text round trip only: the kit checks every child and
/// every candidate, which takes minutes where a tournament position has 300,000 turns.
const MAX_CHECKED_MOVES: usize = 500;

fn check<G: Game>(g: &G, picks: &[u8]) {
    let again = g.to_string();
    let back: G = again.parse().unwrap();
    assert_eq!(&back, g);
    assert_eq!(back.to_string(), again);
    if g.count_moves() > MAX_CHECKED_MOVES {
        return;
    }
    if let Err(e) = abstract_game_testkit::check_position(g) {
        panic!("{g}: {e}");
    }
    if let Err(e) = abstract_game_testkit::check_walk(g, picks, 8) {
        panic!("{g}: {e}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The walk's choices: the text's own bytes, so inputs stay plain position texts.
    let picks: Vec<u8> = data.iter().rev().take(8).copied().collect();
    if let Ok(g) = text.parse::<Gipf>() {
        check(&g, &picks);
    }
    if let Ok(t) = text.parse::<GipfTurns>() {
        check(&t, &picks);
    }
});
