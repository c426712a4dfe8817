//! `agame playouts`, run as a user would.

mod common;

use common::agame;

fn playouts(args: &[&str]) -> (bool, String, String) {
    let out = agame(&[&["playouts"], args].concat());
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The last line's JSON object, checked for its documented keys in their order.
fn summary(stdout: &str) -> serde_json::Map<String, serde_json::Value> {
    let last = stdout.lines().last().expect("some output");
    let keys: Vec<usize> = [
        "\"games\"",
        "\"plies\"",
        "\"seconds\"",
        "\"plies_per_second\"",
    ]
    .iter()
    .map(|k| {
        last.find(k)
            .unwrap_or_else(|| panic!("{k} missing in {last}"))
    })
    .collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "key order in {last}");
    match serde_json::from_str(last).unwrap() {
        serde_json::Value::Object(m) => m,
        v => panic!("not an object: {v}"),
    }
}

#[test]
fn every_game_reports_its_games_and_speed() {
    for args in [
        &["pikemen", "--players", "3"][..],
        &["gipf", "--variant", "basic"],
        &["gipf", "--turns"],
        &["epaminondas", "--board", "8x8"],
    ] {
        let mut all = args.to_vec();
        all.extend(["--games", "4", "--seed", "9"]);
        let (ok, out, err) = playouts(&all);
        assert!(ok, "{all:?}: {err}");
        let m = summary(&out);
        assert_eq!(m["games"], 4);
        assert!(m["plies"].as_u64().unwrap() >= 4, "{out}");
        assert!(m["plies_per_second"].as_f64().unwrap() > 0.0);
        assert!(out.contains("wins: player 1 "), "{out}");
    }
}

#[test]
fn a_seed_fixes_the_games() {
    let plies = |seed: &str| {
        let (ok, out, _) = playouts(&["pikemen", "--games", "3", "--seed", seed]);
        assert!(ok);
        summary(&out)["plies"].as_u64().unwrap()
    };
    assert_eq!(plies("5"), plies("5"));
    assert_ne!(plies("5"), plies("6"));
}

#[test]
fn a_move_limit_ends_every_game_in_a_draw() {
    let (ok, out, _) = playouts(&["epaminondas", "--max-plies", "10", "--games", "6"]);
    assert!(ok);
    assert_eq!(summary(&out)["plies"], 60);
    assert!(out.contains("draws 6"), "{out}");
}

#[test]
fn options_of_another_game_are_refused() {
    let (ok, _, err) = playouts(&["gipf", "--players", "3"]);
    assert!(!ok);
    assert!(err.contains("--players"), "{err}");
}
