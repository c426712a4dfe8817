//! Property tests driven by random choice vectors (`replay_choices`).

use abstract_game::{Game, PlayerId, replay_choices};
use abstract_game_testkit::choices;
use gipf_core::record::{parse_record, write_record};
use gipf_core::{Config, Decision, Gipf, GipfTurns, Spot, Variant};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn variant_of(i: u8) -> Variant {
    [Variant::Basic, Variant::Standard, Variant::Tournament][usize::from(i % 3)]
}

/// Board (a GIPF-piece counts 2) + reserve + captured = 18 per colour (15 in basic), the
/// colours never share a spot, and at least one spot is always empty.
fn check_material(g: &Gipf) -> Result<(), TestCaseError> {
    let total = g.variant().pieces_per_player();
    let mut on_board = [0u32; 2];
    let mut occupied = 0;
    for s in Spot::all() {
        if let Some((p, gipf)) = g.piece_at(s) {
            on_board[p.index()] += if gipf { 2 } else { 1 };
            occupied += 1;
        }
    }
    for p in [PlayerId::FIRST, PlayerId::SECOND] {
        let sum = on_board[p.index()] + g.reserve(p) + g.captured(p);
        prop_assert_eq!(sum, total, "{} in {}", p, g);
    }
    prop_assert!(occupied <= 36, "{}", g);
    Ok(())
}

/// Every position reachable from a turn start by decisions, up to the next turn start (or
/// the end), as position texts.
fn by_decisions(g: &Gipf) -> BTreeSet<String> {
    fn walk(g: &Gipf, first: bool, out: &mut BTreeSet<String>) {
        if !first && g.at_turn_start() {
            out.insert(g.to_string());
            return;
        }
        for d in g.legal_moves() {
            walk(&g.after(d).unwrap(), false, out);
        }
    }
    let mut out = BTreeSet::new();
    walk(g, true, &mut out);
    out
}

fn by_turns(t: &GipfTurns) -> BTreeSet<String> {
    t.legal_moves()
        .iter()
        .map(|&m| t.after(m).unwrap().to_string())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn pieces_are_conserved(v in 0u8..3, path in choices(400)) {
        let start = Gipf::new(&Config { variant: variant_of(v) }).unwrap();
        let mut g = start.clone();
        check_material(&g)?;
        for c in path {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.apply(moves[c as usize % moves.len()]).unwrap();
            check_material(&g)?;
            prop_assert_eq!(g.hash64(), g.hash64_from_scratch());
        }
    }

    #[test]
    fn decision_and_turn_views_reach_the_same_positions(v in 0u8..3, path in choices(60)) {
        let start = GipfTurns::new(&Config { variant: variant_of(v) }).unwrap();
        let (end, turns) = replay_choices(&start, path);
        // Check every turn start along the game, not only the last one.
        let mut t = start.clone();
        for &m in &turns {
            prop_assert_eq!(by_decisions(t.inner()), by_turns(&t), "at {}", t);
            t.apply(m).unwrap();
        }
        prop_assert_eq!(t, end.clone());
        prop_assert_eq!(by_decisions(end.inner()), by_turns(&end), "at {}", end);
    }

    #[test]
    fn records_round_trip(v in 0u8..3, path in choices(120)) {
        let start = GipfTurns::new(&Config { variant: variant_of(v) }).unwrap();
        let (_, turns) = replay_choices(&start, path);
        let text = write_record(&start, &turns).unwrap();
        let back = parse_record(&start, &text).unwrap();
        prop_assert_eq!(back, turns);
    }

    #[test]
    fn decision_text_round_trips(path in choices(200)) {
        let start = Gipf::new(&Config::default()).unwrap();
        let (_, moves) = replay_choices(&start, path);
        for m in moves {
            prop_assert_eq!(m.to_string().parse::<Decision>().unwrap(), m);
        }
    }
}
