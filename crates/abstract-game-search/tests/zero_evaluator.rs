//! `NetworkEvaluator` (the sparse first layer, the policy rows of the legal actions only)
//! against the reference computed from `Network::forward`'s full logits: priors
//! `exp(logit - max legal logit)` on the legal actions and 0 elsewhere, values as they are.
#![cfg(feature = "zero")]

use abstract_game::{Actions, Game, MoveLimit, Observe, random_playout};
use abstract_game_batch::Evaluator;
use abstract_game_search::network::{Network, NetworkEvaluator};
use std::sync::Arc;

/// Positions at every fourth ply of seeded random games, with their observations (from the
/// seat to move) and legal-action masks.
fn positions<G: Actions + Observe>(start: &G) -> Vec<(Vec<f32>, Vec<bool>)> {
    let mut out = Vec::new();
    for seed in 0..4 {
        let game = random_playout(start, seed, 120);
        let mut state = start.clone();
        for (ply, &mv) in game.moves.iter().enumerate() {
            if ply % 4 == 0 {
                let mut obs = vec![0.0; state.observation_len()];
                state.observe_to_move(&mut obs).unwrap();
                let mut mask = vec![false; state.num_distinct_actions()];
                state.legal_action_mask(&mut mask).unwrap();
                assert!(mask.contains(&true));
                out.push((obs, mask));
            }
            state.apply_unchecked(mv);
        }
    }
    out
}

fn close(found: f32, expected: f32) -> bool {
    (found - expected).abs() <= 1e-5 * expected.abs() + f32::MIN_POSITIVE
}

/// Batches of 1 to 8 positions (the search's sizes), evaluated by one evaluator in turn.
fn check(net: Network, positions: &[(Vec<f32>, Vec<bool>)]) {
    let net = Arc::new(net);
    let mut evaluator = NetworkEvaluator::new(Arc::clone(&net));
    let actions = net.num_actions();
    let mut start = 0;
    for size in (1..=8).cycle() {
        if start >= positions.len() {
            break;
        }
        let batch = &positions[start..(start + size).min(positions.len())];
        start += size;
        let n = batch.len();
        let obs: Vec<f32> = batch.iter().flat_map(|(o, _)| o.iter().copied()).collect();
        let mask: Vec<bool> = batch.iter().flat_map(|(_, m)| m.iter().copied()).collect();
        let (mut logits, mut values) = (vec![0.0; n * actions], vec![0.0; n]);
        net.forward(&obs, &mut logits, &mut values).unwrap();
        // Leftovers of another batch must not show through.
        let (mut priors, mut got) = (vec![7.0; n * actions], vec![7.0; n]);
        evaluator
            .evaluate(&obs, &mask, &mut priors, &mut got)
            .unwrap();
        // The search's call, told the legal actions: the same numbers at those, nothing
        // written elsewhere.
        let legal: Vec<Vec<u32>> = batch
            .iter()
            .map(|(_, m)| (0..actions as u32).filter(|&a| m[a as usize]).collect())
            .collect();
        let (mut sparse, mut sparse_values) = (vec![7.0; n * actions], vec![7.0; n]);
        evaluator
            .evaluate_legal(&obs, &mask, &legal, &mut sparse, &mut sparse_values)
            .unwrap();
        assert_eq!(sparse_values, got, "{}", net.game());
        for (k, (&s, &p)) in sparse.iter().zip(&priors).enumerate() {
            let expected = if mask[k] { p } else { 7.0 };
            assert_eq!(s.to_bits(), expected.to_bits(), "{}: entry {k}", net.game());
        }
        for i in 0..n {
            assert!(
                close(got[i], values[i]),
                "{}: value {} {}",
                net.game(),
                got[i],
                values[i]
            );
            let row = i * actions..(i + 1) * actions;
            let (l, m, p) = (&logits[row.clone()], &mask[row.clone()], &priors[row]);
            let top = (0..actions)
                .filter(|&a| m[a])
                .map(|a| l[a])
                .fold(f32::NEG_INFINITY, f32::max);
            for a in 0..actions {
                let expected = if m[a] { (l[a] - top).exp() } else { 0.0 };
                assert!(
                    close(p[a], expected),
                    "{}: leaf {i} action {a}: prior {} where {expected}",
                    net.game(),
                    p[a]
                );
            }
        }
    }
}

/// A network file of the repository's models/, or empty outside the repository (a packaged
/// copy of the crate has no models/: the checks of shipped files are skipped there).
fn shipped(name: &str) -> Vec<u8> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../models");
    if !dir.is_dir() {
        return Vec::new();
    }
    std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("models/{name}: {e}"))
}

fn check_game<G: Actions + Observe>(name: &str, start: &G, model: &[u8]) {
    if model.is_empty() {
        return;
    }
    let mut positions = positions(start);
    assert!(positions.len() > 20, "{name}");
    // A dense observation (no zero entry), as no game makes: the first layer's dense product.
    let dense: Vec<f32> = (0..start.observation_len())
        .map(|j| 0.25 + (j % 7) as f32 / 8.0)
        .collect();
    let mask = positions[0].1.clone();
    positions.insert(3, (dense, mask));
    let shipped = Network::from_bytes(model).unwrap();
    assert_eq!(shipped.observation_len(), start.observation_len(), "{name}");
    assert_eq!(
        shipped.num_actions(),
        start.num_distinct_actions(),
        "{name}"
    );
    check(shipped, &positions);
    for (hidden, seed) in [(&[64usize, 32][..], 1), (&[40, 24][..], 2), (&[7][..], 3)] {
        let net = Network::untrained(
            name,
            &[],
            start.observation_shape(),
            start.num_distinct_actions(),
            hidden,
            seed,
        );
        check(net, &positions);
    }
}

#[test]
fn evaluate_gives_the_priors_and_values_of_the_full_forward_pass() {
    let gipf = gipf_core::Gipf::new(&Default::default()).unwrap();
    check_game("gipf", &gipf, &shipped("gipf.safetensors"));
    let pikemen = MoveLimit::wrap(
        pikemen_core::Pikemen::new(&Default::default()).unwrap(),
        0,
        1000,
    );
    check_game("pikemen", &pikemen, &shipped("pikemen.safetensors"));
    let epaminondas = MoveLimit::wrap(
        epaminondas_core::Epaminondas::new(&epaminondas_core::Config {
            width: 8,
            height: 8,
            ..Default::default()
        })
        .unwrap(),
        0,
        1000,
    );
    check_game(
        "epaminondas",
        &epaminondas,
        &shipped("epaminondas.safetensors"),
    );
    let epaminondas = MoveLimit::wrap(
        epaminondas_core::Epaminondas::new(&Default::default()).unwrap(),
        0,
        1000,
    );
    check_game(
        "epaminondas 14x12",
        &epaminondas,
        &shipped("epaminondas-14x12.safetensors"),
    );
}
