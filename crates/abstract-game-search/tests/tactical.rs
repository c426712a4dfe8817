//! The games mark exactly their captures (Pikemen, Epaminondas) and row removals (GIPF) as
//! tactical, the moves alpha-beta's quiescence search follows.

use abstract_game::{Evaluate, Game, SeededRng};

/// Over seeded random games, `is_tactical` agrees with `expected` (read from the move text)
/// on every legal move; returns how many tactical moves were seen.
fn agrees<G: Evaluate>(start: &G, expected: impl Fn(&str) -> bool) -> usize {
    let mut seen = 0;
    for seed in 0..6 {
        let mut rng = SeededRng::new(seed);
        let mut state = start.clone();
        for _ in 0..300 {
            let moves = state.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let text = mv.to_string();
                assert_eq!(state.is_tactical(mv), expected(&text), "{text} in {state}");
                seen += usize::from(expected(&text));
            }
            state.apply_unchecked(moves[rng.below(moves.len())]);
        }
    }
    seen
}

#[test]
fn captures_and_removals_are_tactical() {
    let pikemen = pikemen_core::Pikemen::new(&Default::default()).unwrap();
    assert!(agrees(&pikemen, |t| t.contains('x')) > 0);
    let epaminondas = epaminondas_core::Epaminondas::new(&epaminondas_core::Config {
        width: 8,
        height: 8,
        ..Default::default()
    })
    .unwrap();
    assert!(agrees(&epaminondas, |t| t.contains('x')) > 0);
    let gipf = gipf_core::Gipf::new(&Default::default()).unwrap();
    assert!(agrees(&gipf, |t| t.starts_with('x') || t.starts_with('k')) > 0);
}
