//! Complete turns are distinct by resulting position: one canonical text (the smallest) per
//! resulting position, and the other spellings of a turn still read, as the canonical one.

use abstract_game::Game;
use gipf_core::{Gipf, GipfTurns, Turn};
use std::collections::{BTreeMap, BTreeSet};

/// Two White GIPF-pieces (d6, e7) lie in both players' rows after `h1-h2`.
const BOTH_ROWS: &str = "tournament W:Gb4,Gc5,Gd6,Ge7 B:Gd2,Gd3,Gd4,Gd5,Ge3,Ge4,Ge5,Ge6 \
                         R:10/2 C:0/0 push:w G:-";

/// Every position reachable from a turn start by decisions, up to the next turn start.
fn results_by_decisions(g: &Gipf, out: &mut BTreeSet<String>) {
    for d in g.legal_moves() {
        let next = g.after(d).unwrap();
        if next.at_turn_start() {
            out.insert(next.to_string());
        } else {
            results_by_decisions(&next, out);
        }
    }
}

#[test]
fn one_turn_per_resulting_position() {
    let t: GipfTurns = BOTH_ROWS.parse().unwrap();
    let push = "h1-h2".parse().unwrap();
    let turns = t.turns_after(push);
    // The decision view, followed decision by decision.
    let mut pushed = t.inner().clone();
    pushed.apply(gipf_core::Decision::Push(push)).unwrap();
    let mut expected = BTreeSet::new();
    results_by_decisions(&pushed, &mut expected);
    assert_eq!(expected.len(), 7937);
    let mut results: BTreeMap<String, Turn> = BTreeMap::new();
    for &turn in &turns {
        // (`after` would check each turn, listing all of them each time.)
        let mut next = t.clone();
        next.apply_unchecked(turn);
        let after = next.to_string();
        if let Some(other) = results.insert(after, turn) {
            panic!("{other} and {turn} reach the same position");
        }
    }
    assert_eq!(results.keys().cloned().collect::<BTreeSet<_>>(), expected);
    assert_eq!(turns.len(), 7937);
    let all = t.legal_moves();
    assert_eq!(all.iter().filter(|m| m.push() == push).count(), 7937);
    assert_eq!(t.count_moves(), all.len());
    for &turn in turns.iter().step_by(997) {
        assert!(t.check_move(turn).is_ok(), "{turn}");
    }
}

#[test]
fn the_smallest_text_is_canonical_and_other_spellings_read() {
    let t: GipfTurns = BOTH_ROWS.parse().unwrap();
    let texts: Vec<String> = t.legal_moves().iter().map(Turn::to_string).collect();
    assert!(texts.contains(&"h1-h2 xd6 ; xe7".to_string()));
    assert!(!texts.contains(&"h1-h2 xe7 ; xd6".to_string()));
    // The other order reads, as the canonical turn, and plays to the same position.
    let other: Turn = "h1-h2 xe7 ; xd6".parse().unwrap();
    let canonical: Turn = "h1-h2 xd6 ; xe7".parse().unwrap();
    assert!(t.check_move(other).is_err()); // not listed, so not a move as it stands
    assert_eq!(t.parse_move("h1-h2 xe7 ; xd6"), Ok(canonical));
    assert_eq!(t.canonical(other), Some(canonical));
    assert_eq!(t.canonical(canonical), Some(canonical));
    assert_eq!(t.canonical("a1-b2 xb2".parse().unwrap()), None);
    // A listed turn reads as itself.
    for text in texts.iter().step_by(499) {
        let turn: Turn = text.parse().unwrap();
        assert_eq!(t.parse_move(text), Ok(turn));
    }
}
