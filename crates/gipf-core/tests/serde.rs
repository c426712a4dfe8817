//! Serde: states and moves through their text forms, the config by derive.
#![cfg(feature = "serde")]

use abstract_game::Game;
use abstract_game_testkit::serde_roundtrip;
use gipf_core::{Config, Decision, Gipf, GipfTurns, Turn, Variant};

#[test]
fn serde_round_trips() {
    let g = Gipf::new(&Config::default()).unwrap();
    let json = serde_roundtrip(&g);
    assert_eq!(json, format!("\"{g}\""));
    serde_roundtrip(&GipfTurns::try_from(g).unwrap());
    let d: Decision = "xb2,c3,d4,e5".parse().unwrap();
    assert_eq!(serde_roundtrip(&d), "\"xb2,c3,d4,e5\"");
    let t: Turn = "e1-e2 ; xe3,f3,g3,h3".parse().unwrap();
    serde_roundtrip(&t);
    let c = Config {
        variant: Variant::Tournament,
    };
    assert_eq!(serde_roundtrip(&c), r#"{"variant":"tournament"}"#);
}
