//! The network file reader (docs/model-format.md) and the `zero` bot.
#![cfg(feature = "zero")]

use abstract_game::toy::Subtraction;
use abstract_game::{Actions, Game, Observe};
use abstract_game_search::network::{Network, NetworkError};
use abstract_game_search::{BotSpec, Limits};
use std::sync::Arc;

/// A safetensors file written by hand: `(name, shape, f32 entries)` tensors and metadata.
fn file(tensors: &[(&str, Vec<usize>, Vec<f32>)], metadata: &[(&str, &str)]) -> Vec<u8> {
    let mut header = serde_json::Map::new();
    let meta: serde_json::Map<String, serde_json::Value> = metadata
        .iter()
        .map(|(k, v)| ((*k).to_string(), serde_json::Value::from(*v)))
        .collect();
    header.insert("__metadata__".into(), meta.into());
    let mut data = Vec::new();
    for (name, shape, values) in tensors {
        let start = data.len();
        for v in values {
            data.extend_from_slice(&v.to_le_bytes());
        }
        header.insert(
            (*name).to_string(),
            serde_json::json!({"dtype": "F32", "shape": shape, "data_offsets": [start, data.len()]}),
        );
    }
    let text = serde_json::to_vec(&header).unwrap();
    let mut out = (text.len() as u64).to_le_bytes().to_vec();
    out.extend_from_slice(&text);
    out.extend_from_slice(&data);
    out
}

const META: [(&str, &str); 7] = [
    ("format", "agame-zero"),
    ("format_version", "1"),
    ("game", "subtraction"),
    ("options", "{}"),
    ("observation_shape", "3,1,1"),
    ("num_actions", "3"),
    ("architecture", "mlp"),
];

/// Observation 3 -> hidden 2 -> policy 3 and value 1, with small known weights.
fn tiny() -> Vec<(&'static str, Vec<usize>, Vec<f32>)> {
    vec![
        (
            "trunk.0.weight",
            vec![2, 3],
            vec![0.1, -0.2, 0.3, 0.5, 0.25, -1.0],
        ),
        ("trunk.0.bias", vec![2], vec![0.05, -0.1]),
        (
            "policy.weight",
            vec![3, 2],
            vec![1.0, 0.0, 0.0, 1.0, -1.0, 2.0],
        ),
        ("policy.bias", vec![3], vec![0.0, 0.5, -0.5]),
        ("value.weight", vec![1, 2], vec![0.7, -0.3]),
        ("value.bias", vec![1], vec![0.1]),
    ]
}

#[test]
fn the_forward_pass_is_the_documented_computation() {
    let net = Network::from_bytes(&file(&tiny(), &META)).unwrap();
    assert_eq!(net.game(), "subtraction");
    assert_eq!(net.observation_shape(), [3, 1, 1]);
    assert_eq!(net.hidden(), vec![2]);
    assert_eq!(net.parameters(), 6 + 2 + 6 + 3 + 2 + 1);
    let x = [2.0f32, 1.0, -1.0];
    // By hand: h = relu(W x + b).
    let h0 = (0.1f32 * 2.0 - 0.2 * 1.0 - 0.3 + 0.05).max(0.0);
    let h1 = (0.5f32 * 2.0 + 0.25 * 1.0 + 1.0 - 0.1).max(0.0);
    let logits = [h0, h1 + 0.5, -h0 + 2.0 * h1 - 0.5];
    let value = (0.7 * h0 - 0.3 * h1 + 0.1f32).tanh();
    let (mut l, mut v) = ([0.0f32; 3], [0.0f32; 1]);
    net.forward(&x, &mut l, &mut v).unwrap();
    for (a, b) in l.iter().zip(logits) {
        assert!((a - b).abs() < 1e-6, "{l:?} {logits:?}");
    }
    assert!((v[0] - value).abs() < 1e-6);
    // Two rows at once give each row's own result.
    let (mut l2, mut v2) = ([0.0f32; 6], [0.0f32; 2]);
    net.forward(&[0.0, 0.0, 0.0, 2.0, 1.0, -1.0], &mut l2, &mut v2)
        .unwrap();
    assert_eq!(&l2[3..], &l[..]);
    assert_eq!(v2[1], v[0]);
    assert!(net.forward(&x, &mut [0.0; 2], &mut v).is_err());
}

#[test]
fn files_that_do_not_fit_are_refused_with_the_reason() {
    let good = file(&tiny(), &META);
    let with = |key: &str, value: &str| {
        let meta: Vec<(&str, &str)> = META
            .iter()
            .map(|&(k, v)| if k == key { (k, value) } else { (k, v) })
            .collect();
        file(&tiny(), &meta)
    };
    let without = |name: &str| {
        let t: Vec<_> = tiny().into_iter().filter(|(n, _, _)| *n != name).collect();
        file(&t, &META)
    };
    let mut extra = tiny();
    extra.push(("trunk.5.weight", vec![1, 1], vec![0.0]));
    let mut nan = tiny();
    nan[1].2[0] = f32::NAN;
    let mut misshapen = tiny();
    misshapen[2].1 = vec![2, 3];
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (Vec::new(), "not a readable network file"),
        (
            good[..good.len() - 3].to_vec(),
            "not a readable network file",
        ),
        (
            b"\x10\0\0\0\0\0\0\0{not json at all}".to_vec(),
            "not a readable network file",
        ),
        (with("format", "onnx"), "format is 'onnx'"),
        (with("format_version", "2"), "format_version 2"),
        (with("architecture", "resnet"), "architecture 'resnet'"),
        (with("options", "[1]"), "options is not a JSON object"),
        (with("observation_shape", "3,1"), "observation_shape"),
        (with("num_actions", "4"), "policy.weight"),
        (without("value.bias"), "value.bias: missing"),
        (without("trunk.0.weight"), "trunk.0.weight: missing"),
        (file(&extra, &META), "trunk.5.weight: not a tensor"),
        (file(&nan, &META), "trunk.0.bias: entry 0 is NaN"),
        (file(&misshapen, &META), "policy.weight: shape [2, 3]"),
    ];
    for (bytes, needle) in cases {
        let e = Network::from_bytes(&bytes).unwrap_err().to_string();
        assert!(e.contains(needle), "{needle}: {e}");
    }
    let net = Network::from_bytes(&good).unwrap();
    assert!(net.check_fits("subtraction", &[], [3, 1, 1], 3).is_ok());
    let e = net.check_fits("gipf", &[], [3, 1, 1], 3).unwrap_err();
    assert!(matches!(e, NetworkError::Mismatch(_)));
    assert!(e.to_string().contains("trained for subtraction, not gipf"));
    let e = net
        .check_fits(
            "subtraction",
            &[("max_take", "3".to_string())],
            [3, 1, 1],
            3,
        )
        .unwrap_err();
    assert!(e.to_string().contains("options {}"), "{e}");
    assert!(net.check_fits("subtraction", &[], [3, 1, 1], 4).is_err());
}

#[test]
fn half_precision_files_read_as_their_values() {
    // value.bias as F16 0x3c00 (1.0) and BF16 0x3f80 (1.0): replace the F32 tensor by hand.
    for (dtype, bits) in [("F16", 0x3c00u16), ("BF16", 0x3f80u16)] {
        let mut t = tiny();
        t.retain(|(n, _, _)| *n != "value.bias");
        let mut bytes = file(&t, &META);
        // Rebuild the header with one more 2-byte tensor at the end of the data.
        let len = u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
        let mut header: serde_json::Value = serde_json::from_slice(&bytes[8..8 + len]).unwrap();
        let end = bytes.len() - 8 - len;
        header["value.bias"] =
            serde_json::json!({"dtype": dtype, "shape": [1], "data_offsets": [end, end + 2]});
        let text = serde_json::to_vec(&header).unwrap();
        let data = bytes.split_off(8 + len);
        let mut out = (text.len() as u64).to_le_bytes().to_vec();
        out.extend_from_slice(&text);
        out.extend_from_slice(&data);
        out.extend_from_slice(&bits.to_le_bytes());
        let net = Network::from_bytes(&out).unwrap();
        let (mut l, mut v) = ([0.0f32; 3], [0.0f32; 1]);
        net.forward(&[0.0; 3], &mut l, &mut v).unwrap();
        // h = relu(b) = [0.05, 0]; value = tanh(0.7 * 0.05 + 1.0).
        assert!(
            (v[0] - (0.035f32 + 1.0).tanh()).abs() < 1e-6,
            "{dtype}: {v:?}"
        );
    }
}

#[test]
fn the_zero_bot_finds_the_winning_take_and_plays_only_legal_moves() {
    // All weights zero: uniform priors and value 0, so the search learns from the true ends.
    let zeros: Vec<_> = tiny()
        .into_iter()
        .map(|(n, s, v)| (n, s, vec![0.0; v.len()]))
        .collect();
    let net = Arc::new(Network::from_bytes(&file(&zeros, &META)).unwrap());
    let start = Subtraction::new(&Default::default()).unwrap();
    assert!(
        net.check_fits(
            "subtraction",
            &[],
            start.observation_shape(),
            start.num_distinct_actions()
        )
        .is_ok()
    );
    let spec: BotSpec = "zero:model=unused:sims=400".parse().unwrap();
    let mut bot = spec.build_zero::<Subtraction>(net);
    let mut state = start;
    let (mv, info) = bot.choose(&state, &spec.limits()).unwrap();
    // From 21 tokens (take 1 to 3) the winning move leaves a multiple of 4.
    assert_eq!(mv.0, 1, "{info}");
    assert!(info.iterations >= 400);
    while state.to_move().is_some() {
        let (mv, _) = bot.choose(&state, &Limits::iterations(32)).unwrap();
        assert!(state.legal_moves().contains(&mv));
        state.apply_unchecked(mv);
    }
    assert!(bot.choose(&state, &Limits::iterations(32)).is_none());
}

#[test]
fn a_networks_own_c_puct_is_the_bots_default_and_a_spec_c_overrides_it() {
    let with_c = |c: &str| {
        let mut meta = META.to_vec();
        meta.push(("c_puct", c));
        Network::from_bytes(&file(&tiny(), &meta)).unwrap()
    };
    assert_eq!(with_c("2.5").c_puct(), Some(2.5));
    for bad in ["nan", "-1", "inf", "101", "x", ""] {
        assert_eq!(with_c(bad).c_puct(), None, "{bad:?}");
    }
    let plain = Arc::new(Network::from_bytes(&file(&tiny(), &META)).unwrap());
    assert_eq!(plain.c_puct(), None);
    // Each bot's moves from every position of a game, at a few simulations a move.
    let moves = |net: &Arc<Network>, spec: &str| {
        let spec: BotSpec = spec.parse().unwrap();
        let mut state = Subtraction::new(&Default::default()).unwrap();
        let mut out = Vec::new();
        while state.to_move().is_some() {
            let mut bot = spec.build_zero::<Subtraction>(Arc::clone(net));
            let (mv, _) = bot.choose(&state, &Limits::iterations(6)).unwrap();
            out.push(mv);
            state.apply_unchecked(mv);
        }
        out
    };
    for c in ["0", "3"] {
        let own = Arc::new(with_c(c));
        let by_spec = moves(&plain, &format!("zero:model=x:c={c}"));
        assert_eq!(moves(&own, "zero:model=x"), by_spec, "c {c}");
        // The spec's c wins over the network's.
        assert_eq!(
            moves(&own, "zero:model=x:c=1.25"),
            moves(&plain, "zero:model=x")
        );
    }
    assert_ne!(
        moves(&plain, "zero:model=x:c=0"),
        moves(&plain, "zero:model=x:c=3"),
        "the test needs positions where c changes the move"
    );
}

#[test]
fn a_networks_own_value_mix_is_the_bots_default_and_a_spec_mix_overrides_it() {
    // Uniform priors; every leaf valued as won by its seat to move (so every move looks
    // equally bad): values that tell the search nothing.
    let mut blind = tiny();
    for (name, _, values) in &mut blind {
        values.fill(if *name == "value.bias" { 3.0 } else { 0.0 });
    }
    let with_mix = |w: &str| {
        let mut meta = META.to_vec();
        meta.push(("value_mix", w));
        Network::from_bytes(&file(&blind, &meta)).unwrap()
    };
    assert_eq!(with_mix("0.8").value_mix(), Some(0.8));
    for bad in ["nan", "-0.5", "1.5", "inf", "x", ""] {
        assert_eq!(with_mix(bad).value_mix(), None, "{bad:?}");
    }
    let plain = Arc::new(Network::from_bytes(&file(&blind, &META)).unwrap());
    assert_eq!(plain.value_mix(), None);
    // The bot's moves for both seats through a game from 21 tokens.
    let moves = |net: &Arc<Network>, spec: &str| {
        let spec: BotSpec = spec.parse().unwrap();
        let mut bot = spec.build_zero::<Subtraction>(Arc::clone(net));
        let mut state = Subtraction::new(&Default::default()).unwrap();
        let mut out = Vec::new();
        while state.to_move().is_some() {
            let (mv, _) = bot.choose(&state, &Limits::iterations(200)).unwrap();
            out.push(mv.0);
            state.apply_unchecked(mv);
        }
        out
    };
    // With the evaluation alone (the toy's is its exact theory) the first player keeps
    // leaving a multiple of 4, whatever the network's values say.
    let perfect = moves(&plain, "zero:model=x:mix=1");
    let mut pile = 21;
    for (ply, taken) in perfect.iter().enumerate() {
        pile -= taken;
        if ply % 2 == 0 {
            assert_eq!(pile % 4, 0, "{perfect:?}");
        }
    }
    assert_ne!(
        moves(&plain, "zero:model=x"),
        perfect,
        "the test needs a network whose values do not lead to the win"
    );
    let own = Arc::new(with_mix("1"));
    assert_eq!(moves(&own, "zero:model=x"), perfect);
    // The spec's mix wins over the network's.
    assert_eq!(
        moves(&own, "zero:model=x:mix=0"),
        moves(&plain, "zero:model=x")
    );
}
