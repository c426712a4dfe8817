//! The check of a game's `Arbitrary` values (the games' `arbitrary` feature).

use crate::check_position;
use abstract_game::{Game, SeededRng};
use arbitrary::{Arbitrary, Unstructured};
use std::collections::HashSet;

/// What [`check_arbitrary`] saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArbitraryReport {
    /// Random inputs read.
    pub inputs: usize,
    /// Positions that got the full [`check_position`] (the others had more than `max_moves`
    /// legal moves and got the text round trip only).
    pub checked: usize,
    /// Distinct positions among them.
    pub distinct: usize,
    /// Positions that were already over.
    pub finished: usize,
    /// Arbitrary moves that were legal in the position read with them.
    pub legal_moves: usize,
}

/// Reads `inputs` random byte strings (seeded by `seed`, 0 to 1024 bytes each) as a
/// configuration, a position and a move of `G`, and checks that every value is valid:
///
/// 1. The configuration starts a game.
/// 2. The position's text reads back equal; a position with at most `max_moves` legal moves
///    also passes [`check_position`] (larger ones would take minutes: the kit checks every
///    child). The same bytes give the same position.
/// 3. The move's text reads back equal; the position accepts the move exactly when it
///    generates it, and a refused move leaves it unchanged.
///
/// Returns the first failure as text, with the position and the move.
///
/// ```
/// use abstract_game::toy::Subtraction;
/// let report = abstract_game_testkit::check_arbitrary::<Subtraction>(50, 1, 100).unwrap();
/// assert_eq!(report.checked, 50);
/// assert!(report.distinct > 25);
/// ```
pub fn check_arbitrary<G>(
    inputs: usize,
    seed: u64,
    max_moves: usize,
) -> Result<ArbitraryReport, String>
where
    G: Game + for<'a> Arbitrary<'a>,
    G::Config: for<'a> Arbitrary<'a>,
    G::Move: for<'a> Arbitrary<'a>,
{
    let mut rng = SeededRng::new(seed);
    let mut report = ArbitraryReport::default();
    let mut seen = HashSet::new();
    for input in 0..inputs {
        let len = rng.below(1025);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        check_one::<G>(&bytes, max_moves, &mut report, &mut seen)
            .map_err(|e| format!("input {input} (seed {seed}): {e}"))?;
    }
    report.distinct = seen.len();
    Ok(report)
}

/// The checks of [`check_arbitrary`] on one input: the body of every game's `arbitrary`
/// fuzz target.
///
/// ```
/// use abstract_game::{MoveLimit, toy::Subtraction};
/// use abstract_game_testkit::check_arbitrary_input;
/// assert_eq!(check_arbitrary_input::<MoveLimit<Subtraction>>(&[7, 1, 2, 3], 100), Ok(()));
/// ```
pub fn check_arbitrary_input<G>(bytes: &[u8], max_moves: usize) -> Result<(), String>
where
    G: Game + for<'a> Arbitrary<'a>,
    G::Config: for<'a> Arbitrary<'a>,
    G::Move: for<'a> Arbitrary<'a>,
{
    check_one::<G>(
        bytes,
        max_moves,
        &mut ArbitraryReport::default(),
        &mut HashSet::new(),
    )
}

fn check_one<G>(
    bytes: &[u8],
    max_moves: usize,
    report: &mut ArbitraryReport,
    seen: &mut HashSet<G>,
) -> Result<(), String>
where
    G: Game + for<'a> Arbitrary<'a>,
    G::Config: for<'a> Arbitrary<'a>,
    G::Move: for<'a> Arbitrary<'a>,
{
    report.inputs += 1;
    let mut u = Unstructured::new(bytes);
    let config = G::Config::arbitrary(&mut u).map_err(|e| format!("no configuration: {e}"))?;
    G::new(&config).map_err(|e| format!("configuration {config:?} refused: {e}"))?;
    let g = G::arbitrary(&mut u).map_err(|e| format!("no position: {e}"))?;
    let mv = G::Move::arbitrary(&mut u).map_err(|e| format!("no move (position {g}): {e}"))?;
    let mut u = Unstructured::new(bytes);
    let again = G::Config::arbitrary(&mut u).and_then(|_| G::arbitrary(&mut u));
    if again.as_ref() != Ok(&g) {
        let again = again.map_or_else(|e| e.to_string(), |a| a.to_string());
        return Err(format!("the same bytes gave {g} and {again}"));
    }
    let text = g.to_string();
    match text.parse::<G>() {
        Ok(back) if back == g => {}
        Ok(back) => return Err(format!("position {text} reads back as {back}")),
        Err(e) => return Err(format!("position {text} does not read back: {e}")),
    }
    if g.count_moves() <= max_moves {
        check_position(&g).map_err(|e| format!("position {text}: {e}"))?;
        report.checked += 1;
    }
    report.finished += usize::from(g.status().outcome().is_some());
    match mv.to_string().parse::<G::Move>() {
        Ok(back) if back == mv => {}
        _ => return Err(format!("move {mv} does not read back equal")),
    }
    let generated = g.legal_moves().contains(&mv);
    if g.is_legal(mv) != generated {
        return Err(format!(
            "position {text}: move {mv} is_legal {}, generated {generated}",
            !generated
        ));
    }
    report.legal_moves += usize::from(generated);
    if !generated {
        let mut h = g.clone();
        if h.apply(mv).is_ok() || h != g {
            return Err(format!("position {text}: refused move {mv} changed it"));
        }
    }
    seen.insert(g);
    Ok(())
}
