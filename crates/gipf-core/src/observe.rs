//! Observation planes, from a player's point of view.

use crate::Variant;
use crate::board::{ALL_SPOTS, LINES, bits};
use crate::rules::{Gipf, Phase};
use abstract_game::{Game, Observe, PlayerId};

/// Cells of a plane: the 7 x 7 grid that holds the 37 spots.
pub(crate) const CELLS: usize = 49;
/// The first of the three planes of lines already decided this turn, one per direction.
pub(crate) const HANDLED: usize = 4;
const PLANES: usize = 24;
/// Reserves and captures are scaled by the pieces of one player.
const PIECE_SCALE: f32 = 18.0;

/// The cell of spot bit `8 * x + y`: row `x` (columns b..h), column `y`.
pub(crate) const fn cell(bit: usize) -> usize {
    bit / 8 * 7 + bit % 8
}

impl Observe for Gipf {
    /// 24 planes of 7 x 7: row `x` is the board's column `x + 1` (b..h) and column `y` the
    /// spot's place along it from the bottom (`e5` is row 3, column 3); the 12 cells that
    /// are no spot stay 0. "Mine" is the observer's colour. Constant planes fill the 37 spots.
    ///
    /// - 0-3: my pieces, my GIPF-pieces, the opponent's pieces, their GIPF-pieces;
    /// - 4-6: the lines whose row was decided this turn and still stands (kept
    ///   GIPF-pieces), one plane per line direction (along a column, the a5-i1 family, the
    ///   a1-i5 family);
    /// - 7: every spot; 8: I decide now;
    /// - 9-14: the phase: I must push, they must push, I pushed and removals are pending,
    ///   they pushed and removals are pending, I won, they won (by a last GIPF-piece lost);
    /// - 15-18: my reserve, theirs, my pieces captured, theirs, each / 18;
    /// - 19-20: I may still bring in GIPF-pieces, they may;
    /// - 21-23: the variant: basic, standard, tournament.
    ///
    /// ```
    /// use abstract_game::{Game, Observe, PlayerId};
    /// use gipf_core::Gipf;
    /// let g = Gipf::new(&Default::default()).unwrap();
    /// assert_eq!(g.observation_shape(), [24, 7, 7]);
    /// let mut planes = vec![0.0; g.observation_len()];
    /// g.observe(PlayerId::FIRST, &mut planes).unwrap();
    /// let e2 = 3 * 7; // column e (row 3), first spot (column 0)
    /// assert_eq!((planes[e2], planes[49 + e2]), (1.0, 1.0)); // White's GIPF-piece
    /// ```
    fn observation_shape(&self) -> [usize; 3] {
        [PLANES, 7, 7]
    }

    fn write_observation(&self, player: PlayerId, out: &mut [f32]) {
        self.set_planes(player, out, 1.0);
    }

    /// Zeroes what [`Observe::write_observation`] wrote: the same entries, set to 0.
    fn clear_observation(&self, player: PlayerId, out: &mut [f32]) {
        self.set_planes(player, out, 0.0);
    }
}

impl Gipf {
    /// Writes the observation of `player` with every entry it sets multiplied by `on`: 1 to
    /// write it, 0 to clear it again (one routine, so a clear touches exactly what the write
    /// set). Planes that fill every spot are written as whole planes from [`SPOT_CELLS`]
    /// (the 12 cells that are no spot get 0, which they hold anyway).
    fn set_planes(&self, player: PlayerId, out: &mut [f32], on: f32) {
        let me = player.index() & 1;
        let b = &self.board;
        let layers = [
            b.colour(me),
            b.colour(me) & b.gipf,
            b.colour(1 - me),
            b.colour(1 - me) & b.gipf,
        ];
        for (plane, m) in layers.into_iter().enumerate() {
            fill_spots(out, plane, m, on);
        }
        for l in bits(u64::from(self.handled)) {
            let line = &LINES[usize::from(l)];
            let k = match line.shift {
                1 => 0,
                8 => 1,
                _ => 2,
            };
            fill_spots(out, HANDLED + k, line.mask, on);
        }
        let mine = |c: u8| usize::from(usize::from(c) != me);
        let phase = match self.phase {
            Phase::Push(c) => 9 + mine(c),
            Phase::Removing(c) => 11 + mine(c),
            Phase::Won(c) => 13 + mine(c),
        };
        let decides = self.to_move() == Some(player);
        let flags = [(7, true), (8, decides), (phase, true)];
        for (plane, set) in flags {
            if set {
                fill(out, plane, on);
            }
        }
        let counts = [
            self.reserve[me],
            self.reserve[1 - me],
            self.captured[me],
            self.captured[1 - me],
        ];
        for (k, n) in counts.into_iter().enumerate() {
            fill(out, 15 + k, f32::from(n) / PIECE_SCALE * on);
        }
        for (k, set) in [self.can_gipf[me], self.can_gipf[1 - me]]
            .into_iter()
            .enumerate()
        {
            if set {
                fill(out, 19 + k, on);
            }
        }
        let variant = match self.variant {
            Variant::Basic => 21,
            Variant::Standard => 22,
            Variant::Tournament => 23,
        };
        fill(out, variant, on);
    }
}

/// 1 at the cells of the 37 spots of a plane, 0 at the 12 others.
const SPOT_CELLS: [f32; CELLS] = {
    let mut t = [0.0; CELLS];
    let mut bit = 0;
    while bit < 64 {
        if ALL_SPOTS >> bit & 1 == 1 {
            t[cell(bit)] = 1.0;
        }
        bit += 1;
    }
    t
};

/// Sets every spot of `plane` to `v` (and its other cells to 0), as one whole plane.
fn fill(out: &mut [f32], plane: usize, v: f32) {
    let plane = &mut out[plane * CELLS..(plane + 1) * CELLS];
    for (o, &t) in plane.iter_mut().zip(&SPOT_CELLS) {
        *o = t * v;
    }
}

fn fill_spots(out: &mut [f32], plane: usize, m: u64, v: f32) {
    for s in bits(m & ALL_SPOTS) {
        out[plane * CELLS + cell(usize::from(s))] = v;
    }
}
