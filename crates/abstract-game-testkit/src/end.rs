//! Checks of [`EndReason`] implementations over random games.

use crate::KitOptions;
use abstract_game::{EndReason, SeededRng};
use std::collections::BTreeSet;

/// Plays `opts.games` seeded random games from `start` and checks the end reason at every
/// position: there is one exactly when the game is finished; its text is one short line, not
/// empty, lower case at the start and without a full stop (it follows an outcome: "player 1
/// wins (crossing held)"); and a clone and the state read back from its text give the same
/// reason. Returns the texts of the reasons met, or the first failure with the position text.
///
/// ```
/// use abstract_game::{Game, toy::Subtraction};
/// use abstract_game_testkit::{KitOptions, check_end_reasons};
/// let start = Subtraction::new(&Default::default()).unwrap();
/// let met = check_end_reasons(&start, &KitOptions::default()).unwrap();
/// assert_eq!(met.into_iter().collect::<Vec<_>>(), ["last token taken"]);
/// ```
pub fn check_end_reasons<G: EndReason>(
    start: &G,
    opts: &KitOptions,
) -> Result<BTreeSet<String>, String> {
    let mut met = BTreeSet::new();
    for i in 0..opts.games {
        let seed = opts.seed.wrapping_add(i as u64);
        let mut rng = SeededRng::new(seed);
        let mut state = start.clone();
        for ply in 0..=opts.max_plies {
            let reason = check_position(&state).map_err(|e| {
                format!(
                    "{}: {e}\n  seed {seed}, ply {ply}\n  position: {state}",
                    G::NAME
                )
            })?;
            if let Some(text) = reason {
                met.insert(text);
            }
            let Some(mv) = state.random_move(&mut rng) else {
                break;
            };
            state.apply_unchecked(mv);
        }
    }
    Ok(met)
}

fn check_position<G: EndReason>(g: &G) -> Result<Option<String>, String> {
    let end = g.end();
    let finished = g.status().is_finished();
    if end.is_some() != finished {
        return Err(format!("end() is {end:?} but status() is {:?}", g.status()));
    }
    let read: G = g
        .to_string()
        .parse()
        .map_err(|e| format!("position text does not read back: {e}"))?;
    if g.clone().end() != end || read.end() != end {
        return Err(format!("end() = {end:?} differs between equal states"));
    }
    let Some(end) = end else {
        return Ok(None);
    };
    let text = end.to_string();
    let starts_lower = text.chars().next().is_some_and(char::is_lowercase);
    if !starts_lower || text.ends_with('.') || text.contains('\n') || text.len() > 60 {
        return Err(format!(
            "the reason {text:?} is not one short line starting in lower case without a full stop"
        ));
    }
    Ok(Some(text))
}
