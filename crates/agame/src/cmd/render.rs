//! `agame render`: the picture of a position as an SVG document.

use super::common::{play_text, read_moves};
use super::{CmdResult, Failure, Job};
use abstract_game::{PlayerId, SvgOptions, ToSvg};
use std::path::PathBuf;

/// The options of `agame render`.
#[derive(Debug)]
pub struct Render {
    /// Moves to play first, one per line.
    pub moves: Option<PathBuf>,
    /// Play only this many of them.
    pub ply: Option<usize>,
    /// Highlight the last move played.
    pub last_move: bool,
    /// Where to write the picture (standard output without it).
    pub output: Option<PathBuf>,
    /// Width in pixels.
    pub size: u32,
    /// Leave the coordinates out.
    pub no_coordinates: bool,
    /// The seat (1-based) drawn at the bottom.
    pub bottom: u8,
}

impl Job for Render {
    fn run<G: ToSvg>(self, start: &G) -> CmdResult {
        let bottom = PlayerId::from_number(self.bottom)
            .filter(|p| p.number() <= start.player_count())
            .ok_or_else(|| {
                Failure::input(format!(
                    "--bottom {}: the game has seats 1 to {}",
                    self.bottom,
                    start.player_count()
                ))
            })?;
        let mut state = start.clone();
        let mut last = None;
        let mut played = 0;
        if let Some(path) = &self.moves {
            let mut file = read_moves(path)?;
            while self.ply.is_none_or(|n| played < n) {
                let Some((line, text)) = file.next().transpose()? else {
                    break;
                };
                let before = state.clone();
                played += 1;
                play_text(&mut state, &file.name, (line, played), &text)?;
                if self.last_move {
                    let mv = before
                        .parse_move(&text)
                        .map_err(|e| Failure::input(format!("ply {played}: {e}")))?;
                    last = before.last_move(mv);
                }
            }
        }
        if let Some(n) = self.ply.filter(|&n| n > played) {
            return Err(Failure::input(format!(
                "--ply {n}: only {played} moves to play"
            )));
        }
        if self.last_move && played == 0 {
            return Err(Failure::input("--last-move: no move was played"));
        }
        let svg = state.to_svg(&SvgOptions {
            size: self.size,
            coordinates: !self.no_coordinates,
            bottom,
            last_move: last,
            highlights: Vec::new(),
        });
        match &self.output {
            Some(path) => std::fs::write(path, svg)
                .map_err(|e| Failure::input(format!("{}: {e}", path.display()))),
            None => {
                print!("{svg}");
                Ok(())
            }
        }
    }
}
