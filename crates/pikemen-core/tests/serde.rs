//! `serde` feature: state and moves as their text forms, `Config` by derive.
#![cfg(feature = "serde")]

use abstract_game::Game;
use abstract_game_testkit::serde_roundtrip;
use pikemen_core::{Config, Move, Pikemen};

#[test]
fn round_trips() {
    let cfg = Config {
        players: 3,
        target: 15,
        ..Config::default()
    };
    assert_eq!(
        serde_roundtrip(&cfg),
        r#"{"players":3,"target":15,"charge_keeps_state":true}"#
    );
    // Configs written before the after-charge switch existed still read, as the default rule.
    let old: Config = serde_json::from_str(r#"{"players":3,"target":15}"#).unwrap();
    assert_eq!(old, cfg);
    let g = Pikemen::new(&cfg).unwrap();
    assert_eq!(serde_roundtrip(&g), format!("\"{g}\""));
    let m: Move = "a1xa4(SW)".parse().unwrap();
    assert_eq!(serde_roundtrip(&m), "\"a1xa4(SW)\"");
    assert!(serde_json::from_str::<Move>("\"a1xa4(Q)\"").is_err());
    assert!(serde_json::from_str::<Pikemen>("\"8/8\"").is_err());
}
