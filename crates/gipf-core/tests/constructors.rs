//! Every value a public constructor returns prints a text that reads back to it, with
//! `FromStr` and with `parse_move` in a position.

use abstract_game::Game;
use gipf_core::{Config, Decision, Gipf, GipfTurns, Push, Spot, SpotSet, Turn, Variant};
use proptest::prelude::*;

fn positions() -> Vec<GipfTurns> {
    [Variant::Basic, Variant::Standard, Variant::Tournament]
        .into_iter()
        .map(|variant| GipfTurns::new(&Config { variant }).unwrap())
        .collect()
}

proptest! {
    #[test]
    fn constructed_values_round_trip(
        a in any::<u64>(),
        b in any::<u64>(),
        i in any::<u8>(),
        g in any::<bool>(),
    ) {
        if let Some(s) = Spot::from_index(i) {
            prop_assert_eq!(s.to_string().parse::<Spot>(), Ok(s));
        }
        // Raw bits become a set only when every bit is a spot; masking makes one.
        prop_assert_eq!(SpotSet::from_bits(a).is_some(), a & !SpotSet::ALL.bits() == 0);
        let (a, b) = (a & SpotSet::ALL.bits(), b & SpotSet::ALL.bits());
        let (sa, sb) = (SpotSet::from_bits(a).unwrap(), SpotSet::from_bits(b).unwrap());
        prop_assert_eq!(sa.to_string().parse::<SpotSet>(), Ok(sa));
        prop_assert_eq!(sa.iter().collect::<SpotSet>(), sa);
        let Some(push) = Push::new(i, g) else {
            prop_assert!(i >= 42);
            return Ok(());
        };
        prop_assert_eq!(push.to_string().parse::<Push>(), Ok(push));
        let decision_states = [Gipf::new(&Config::default()).unwrap()];
        for d in [Decision::Push(push), Decision::Remove(sa), Decision::Keep(sb)] {
            prop_assert_eq!(d.to_string().parse::<Decision>(), Ok(d));
            for s in &decision_states {
                prop_assert_eq!(s.parse_move(&d.to_string()), Ok(d));
            }
        }
        for (x, y) in [(sa, sb), (sa - sb, sb), (SpotSet::EMPTY, sb), (sa, SpotSet::EMPTY)] {
            match Turn::new(push, x, y) {
                Ok(t) => {
                    prop_assert!(x.is_disjoint(y));
                    prop_assert_eq!(t.to_string().parse::<Turn>(), Ok(t));
                    for s in positions() {
                        prop_assert_eq!(s.parse_move(&t.to_string()), Ok(t));
                    }
                }
                Err(_) => prop_assert!(!x.is_disjoint(y)),
            }
        }
    }
}
