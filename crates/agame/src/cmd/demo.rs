//! `agame demo`: a short seeded self-play game of each game, shown move by move, and on
//! request written as records that `agame replay` reads.

use super::common::{outcome_text, scores_line};
use super::{CmdResult, Failure};
use crate::GameName;
use abstract_game::{EndReason, Game, MoveLimit, PlayerId, SeededRng};
use std::fmt::Write as _;
use std::path::Path;

/// Who plays, as the header says; [`choose`] is that player.
const PLAYERS: &str = "two greedy players: each plays a move that gains it the most points, \
                       chosen at random (from the seed) among equals";

/// The demo's player: a move that gains the mover the most points, chosen at random among
/// equals (so games with points end in a watchable number of moves). The one place to change
/// to let other players play the demo.
fn choose<G: Game>(state: &G, mover: PlayerId, rng: &mut SeededRng) -> G::Move {
    let moves = state.legal_moves();
    let before = state.score(mover);
    let mut best = Vec::new();
    let mut best_gain = i32::MIN;
    for &mv in &moves {
        let mut child = state.clone();
        child.apply_unchecked(mv);
        let gain = child.score(mover) - before;
        if gain > best_gain {
            best_gain = gain;
            best.clear();
        }
        if gain == best_gain {
            best.push(mv);
        }
    }
    best[rng.below(best.len())]
}

/// One demo game: which game, under which name `agame` knows it, its title and what its
/// scores count.
struct Show<'a, G> {
    start: G,
    name: &'a str,
    title: &'a str,
    scores: &'a str,
}

/// Plays and prints the demo games (all, or only `only_game`); with `record`, also writes
/// each game to `record/<game>-seed<seed>.txt`.
pub fn run(
    seed: u64,
    only_game: Option<GameName>,
    max_plies: u32,
    record: Option<&Path>,
) -> CmdResult {
    if let Some(dir) = record {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::input(format!("{}: {e}", dir.display())))?;
    }
    let want = |g| only_game.is_none_or(|o| o == g);
    let mut out = format!(
        "Seeded self-play (seed {seed}) by {PLAYERS}.\n\
         Moves are numbered ply.seat: \"12.2:\" is the 12th move, made by player 2.\n"
    );
    let new = |e: &dyn std::fmt::Display| Failure::input(e.to_string());
    if want(GameName::Pikemen) {
        let show = Show {
            start: pikemen_core::Pikemen::new(&Default::default()).map_err(|e| new(&e))?,
            name: "pikemen",
            title: "Pikemen, 2 players, target 12",
            scores: "the points of the pieces each player captured, small 1, medium 2, large 3; \
                     12 points win",
        };
        out += &play(&show, seed, max_plies, record)?;
    }
    if want(GameName::Gipf) {
        let show = Show {
            start: gipf_core::Gipf::new(&Default::default()).map_err(|e| new(&e))?,
            name: "gipf",
            title: "GIPF, standard game; moves starting with x are row removals",
            scores: "the pieces of the other colour each player captured, a GIPF-piece counting 2; \
                     they decide nothing: a player loses with no piece left to push or no \
                     GIPF-piece left on the board",
        };
        out += &play(&show, seed, max_plies, record)?;
    }
    if want(GameName::Epaminondas) {
        let show = Show {
            start: epaminondas_core::Epaminondas::new(&Default::default()).map_err(|e| new(&e))?,
            name: "epaminondas",
            title: "Epaminondas, 14x12, mirror rule on",
            scores: "the enemy pieces each player captured; they decide nothing: a player wins \
                     by starting a turn with more pieces on the enemy home row than the other has \
                     on its own (the crossing), or when the other has no legal move left",
        };
        out += &play(&show, seed, max_plies, record)?;
    }
    print!("{out}");
    Ok(())
}

/// Plays one seeded game: its text for the screen, and the record file if asked for.
fn play<G: EndReason>(
    show: &Show<'_, G>,
    seed: u64,
    max_plies: u32,
    record: Option<&Path>,
) -> Result<String, Failure> {
    let mut state = MoveLimit::wrap(show.start.clone(), 0, max_plies);
    let mut rng = SeededRng::new(seed);
    let mut moves = Vec::new();
    while let Some(mover) = state.to_move() {
        let mv = choose(&state, mover, &mut rng);
        state.apply_unchecked(mv);
        moves.push((mover, mv));
    }
    let end = state.inner();
    let scores_meaning = show.scores;

    let mut s = format!(
        "\n=== {} ===\nStart:\n{}\n",
        show.title,
        show.start.diagram()
    );
    let mut line = String::new();
    for (ply, (mover, mv)) in moves.iter().enumerate() {
        let _ = write!(line, "{}.{mover}:{mv}  ", ply + 1);
        if line.len() > 80 {
            let _ = writeln!(s, "{}", line.trim_end());
            line.clear();
        }
    }
    if !line.is_empty() {
        let _ = writeln!(s, "{}", line.trim_end());
    }
    // The wrapped state, so that the diagram and the result name the move limit when it
    // ended the game.
    let _ = writeln!(s, "\n{}", state.diagram());
    let _ = writeln!(
        s,
        "Result after {} moves: {}.\n{} ({scores_meaning}).",
        moves.len(),
        outcome_text(&state),
        scores_line(end)
    );

    if let Some(dir) = record {
        let path = dir.join(format!("{}-seed{seed}.txt", show.name));
        let mut text = format!(
            "# agame demo --seed {seed}: {}.\n\
             # Played by {PLAYERS}.\n\
             # Read it back with: agame replay {} {}\n",
            show.title,
            show.name,
            path.display()
        );
        if !end.status().is_finished() {
            let _ = writeln!(
                text,
                "# Unfinished: stopped at the demo's limit of {max_plies} moves (add --max-plies {max_plies})."
            );
        }
        for (_, mv) in &moves {
            let _ = writeln!(text, "{mv}");
        }
        std::fs::write(&path, text)
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
        let _ = writeln!(s, "Record written to {}.", path.display());
    }
    Ok(s)
}
