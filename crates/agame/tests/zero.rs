//! The `zero` bot in `agame match`, `agame play` and `agame engine`, with network files made
//! here (untrained: the tests check that the bot is wired in and refuses what does not fit,
//! not its strength).

mod common;

use abstract_game::{Actions, Game as _, Observe};
use abstract_game_search::network::Network;
use agame_options::{Host, Spec};
use common::{failure, last_json, stdout, temp_path, typed_into};

/// An untrained network file for game `name` with its default options, written to a fresh
/// temporary path.
fn network_file<G: Actions + Observe>(name: &str, tag: &str) -> String {
    let spec = Spec::from_options::<&str>(name, [], Host::Python).unwrap();
    let state = G::new(&Default::default()).unwrap();
    let net = Network::untrained(
        name,
        &spec.options(Host::Python),
        state.observation_shape(),
        state.num_distinct_actions(),
        &[16],
        7,
    );
    let path = temp_path(&format!("zero-{tag}.safetensors"));
    std::fs::write(&path, net.to_bytes()).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn match_plays_whole_games_with_a_network() {
    let pikemen = network_file::<pikemen_core::Pikemen>("pikemen", "match-pikemen");
    let gipf = network_file::<gipf_core::Gipf>("gipf", "match-gipf");
    for (game, model) in [("pikemen", &pikemen), ("gipf", &gipf)] {
        let bots = format!("zero:model={model}:sims=16,random");
        let text = stdout(&[
            "match",
            game,
            "--bots",
            &bots,
            "--games",
            "2",
            "--max-plies",
            "60",
        ]);
        let json = last_json(&text);
        let b = &json["bots"][0];
        let played = b["wins"].as_u64().unwrap()
            + b["draws"].as_u64().unwrap()
            + b["losses"].as_u64().unwrap();
        assert_eq!(played, 2, "{game}: {text}");
    }
}

#[test]
fn a_network_trained_under_a_move_limit_plays_games_with_and_without_one() {
    // As `load_game("pikemen")` trains it: the limit's plane, and max_plies in the metadata.
    let spec = Spec::from_options::<&str>("pikemen", [], Host::Python).unwrap();
    let limited = abstract_game::MoveLimit::wrap(
        pikemen_core::Pikemen::new(&Default::default()).unwrap(),
        0,
        1000,
    );
    let mut net = Network::untrained(
        "pikemen",
        &spec.options(Host::Python),
        limited.observation_shape(),
        limited.num_distinct_actions(),
        &[16],
        3,
    );
    net.set_metadata("max_plies", "1000");
    let path = temp_path("zero-limited.safetensors");
    std::fs::write(&path, net.to_bytes()).unwrap();
    let bots = format!("zero:model={}:sims=16,random", path.display());
    for extra in [&["--max-plies", "40"][..], &[]] {
        let mut args = vec!["match", "pikemen", "--bots", &bots, "--games", "1"];
        args.extend(extra);
        if extra.is_empty() {
            // Without a limit a game could run long: one move in the engine instead.
            let out = typed_into(
                &["engine"],
                &format!(
                    "game pikemen\nsetoption name bot value {}\ngo iters 16\n",
                    &bots[..bots.len() - ",random".len()]
                ),
            );
            assert!(out.contains("bestmove "), "{out}");
        } else {
            let json = last_json(&stdout(&args));
            assert_eq!(json["games"], 1);
        }
    }
}

#[test]
fn networks_that_do_not_fit_are_refused_with_the_reason() {
    let gipf = network_file::<gipf_core::Gipf>("gipf", "refuse-gipf");
    let corrupt = temp_path("zero-corrupt.safetensors");
    let mut bytes = std::fs::read(&gipf).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&corrupt, &bytes).unwrap();
    let corrupt = corrupt.to_string_lossy().into_owned();
    let missing = temp_path("zero-missing.safetensors");
    let missing = missing.to_string_lossy().into_owned();
    let cases = [
        ("pikemen", gipf.as_str(), "trained for gipf, not pikemen"),
        ("gipf", corrupt.as_str(), "not a readable network file"),
        ("gipf", missing.as_str(), "model"),
    ];
    for (game, model, needle) in cases {
        let bots = format!("zero:model={model},random");
        let err = failure(&["match", game, "--bots", &bots, "--games", "1"]);
        assert!(err.contains(needle), "{game} {model}: {err}");
    }
    // GIPF by whole turns has no action numbers for a network.
    let bots = format!("zero:model={gipf},random");
    let err = failure(&["match", "gipf", "--turns", "--bots", &bots, "--games", "1"]);
    assert!(err.contains("decision by decision"), "{err}");
    // Other rules than the network's.
    let epa = network_file::<epaminondas_core::Epaminondas>("epaminondas", "refuse-epa");
    let bots = format!("zero:model={epa},random");
    let err = failure(&[
        "match",
        "epaminondas",
        "--board",
        "8x8",
        "--bots",
        &bots,
        "--games",
        "1",
    ]);
    assert!(err.contains("trained with options"), "{err}");
}

#[test]
fn play_and_the_engine_take_the_zero_bot() {
    let model = network_file::<pikemen_core::Pikemen>("pikemen", "play");
    let bot = format!("zero:model={model}:sims=8");
    // The bot opens for seat 1 in `agame play`, with its 8 simulations (two runs of 16).
    let out = typed_into(&["play", "pikemen", "--bot", &bot, "--seat", "2"], "quit\n");
    let opening = out
        .lines()
        .find_map(|l| l.strip_prefix("1. player 1 (bot): "))
        .unwrap_or_else(|| panic!("{out}"));
    let legal = stdout(&["legal", "pikemen"]);
    assert!(legal.lines().any(|l| l == opening), "{opening}");
    assert!(out.contains("16 iterations"), "{out}");
    // The engine: the spec as an option, then a search.
    let out = typed_into(
        &["engine"],
        &format!("game pikemen\nsetoption name bot value {bot}\ngo iters 8\n"),
    );
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(legal.lines().any(|l| l == best.replace('_', " ")), "{best}");
    let out = typed_into(
        &["engine"],
        "game pikemen\nsetoption name bot value zero:model=/nonexistent/net.safetensors\n",
    );
    assert!(
        out.contains("error") && out.contains("/nonexistent/net"),
        "{out}"
    );
}
