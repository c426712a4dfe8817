//! Observation planes, from a player's point of view.

use crate::Variant;
use crate::board::{ALL_SPOTS, LINES, bits};
use crate::rules::{Gipf, Phase};
use abstract_game::{Game, Observe, PlayerId, byte_entries};

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

    /// Every entry, each plane whole: the spots' planes row by row from the bitboards.
    fn write_observation(&self, player: PlayerId, out: &mut [f32]) {
        let me = player.index() & 1;
        let b = &self.board;
        let mut handled = [0u64; 3];
        for l in bits(u64::from(self.handled)) {
            let line = &LINES[usize::from(l)];
            let k = match line.shift {
                1 => 0,
                8 => 1,
                _ => 2,
            };
            handled[k] |= line.mask;
        }
        let spots = [
            b.colour(me),
            b.colour(me) & b.gipf,
            b.colour(1 - me),
            b.colour(1 - me) & b.gipf,
            handled[0],
            handled[1],
            handled[2],
        ];
        for (plane, m) in spots.into_iter().enumerate() {
            spots_plane(out, plane, m);
        }
        let mine = |c: u8| usize::from(usize::from(c) != me);
        let phase = match self.phase {
            Phase::Push(c) => 9 + mine(c),
            Phase::Removing(c) => 11 + mine(c),
            Phase::Won(c) => 13 + mine(c),
        };
        let on = |set: bool| if set { 1.0 } else { 0.0 };
        fill(out, 7, 1.0);
        fill(out, 8, on(self.to_move() == Some(player)));
        for plane in 9..15 {
            fill(out, plane, on(plane == phase));
        }
        let counts = [
            self.reserve[me],
            self.reserve[1 - me],
            self.captured[me],
            self.captured[1 - me],
        ];
        for (k, n) in counts.into_iter().enumerate() {
            fill(out, 15 + k, f32::from(n) / PIECE_SCALE);
        }
        fill(out, 19, on(self.can_gipf[me]));
        fill(out, 20, on(self.can_gipf[1 - me]));
        let variant = match self.variant {
            Variant::Basic => 21,
            Variant::Standard => 22,
            Variant::Tournament => 23,
        };
        for plane in 21..24 {
            fill(out, plane, on(plane == variant));
        }
    }

    /// Nothing: [`Observe::write_observation`] sets every entry.
    fn clear_observation(&self, _: PlayerId, _: &mut [f32]) {}
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

/// Writes `plane` from the spots of `m` (1 on a spot in `m`, 0 elsewhere): row `x` is the
/// byte of bits `8 * x..8 * x + 7`, its seven cells copied from a table.
fn spots_plane(out: &mut [f32], plane: usize, m: u64) {
    let m = m & ALL_SPOTS;
    for x in 0..7 {
        let at = plane * CELLS + 7 * x;
        out[at..at + 7].copy_from_slice(&byte_entries((m >> (8 * x)) as u8)[..7]);
    }
}

#[cfg(test)]
mod tests {
    use super::{CELLS, PIECE_SCALE};
    use crate::board::{LINES, bits};
    use crate::rules::Phase;
    use crate::{Config, Gipf, Spot, Variant};
    use abstract_game::{Game, Observe, PlayerId, SeededRng};

    /// The observation entry by entry from the position's public reading (`piece_at`,
    /// reserves, captures) and its phase and decided lines, as the documentation of
    /// [`Observe::observation_shape`] lays it out.
    fn expected(g: &Gipf, seat: PlayerId) -> Vec<f32> {
        let mut out = vec![0.0; 24 * CELLS];
        let me = seat.index();
        // Row: the column (b..h); column: the spot's place on the axial grid, its bit 8x + y.
        let cell = |spot: Spot| {
            let (column, _) = spot.coords();
            (usize::from(column) - 1) * 7 + usize::from(spot.index() % 8)
        };
        let spots: Vec<Spot> = Spot::all().collect();
        for &spot in &spots {
            if let Some((owner, gipf)) = g.piece_at(spot) {
                let theirs = 2 * usize::from(owner != seat);
                out[theirs * CELLS + cell(spot)] = 1.0;
                if gipf {
                    out[(theirs + 1) * CELLS + cell(spot)] = 1.0;
                }
            }
        }
        for l in bits(u64::from(g.handled)) {
            let line = &LINES[usize::from(l)];
            let plane = 4 + [1, 8].iter().position(|&s| s == line.shift).unwrap_or(2);
            for &spot in spots.iter().filter(|s| line.mask & s.bit() != 0) {
                out[plane * CELLS + cell(spot)] = 1.0;
            }
        }
        let them = PlayerId::new(1 - me as u8).unwrap();
        let mine = |c: u8| usize::from(usize::from(c) != me);
        let phase = match g.phase {
            Phase::Push(c) => 9 + mine(c),
            Phase::Removing(c) => 11 + mine(c),
            Phase::Won(c) => 13 + mine(c),
        };
        let variant = 21 + g.variant() as usize;
        let mut planes = vec![(7, 1.0), (phase, 1.0), (variant, 1.0)];
        if g.to_move() == Some(seat) {
            planes.push((8, 1.0));
        }
        for (k, player) in [seat, them].into_iter().enumerate() {
            planes.push((15 + k, g.reserve(player) as f32 / PIECE_SCALE));
            planes.push((17 + k, g.captured(player) as f32 / PIECE_SCALE));
            if g.can_bring_gipf(player) {
                planes.push((19 + k, 1.0));
            }
        }
        for (plane, v) in planes {
            for &spot in &spots {
                out[plane * CELLS + cell(spot)] = v;
            }
        }
        out
    }

    /// Along seeded random games from the start of every variant and from the midgame
    /// positions of the tests (some with removal choices), for both seats, each written over
    /// the last observation (cleared by its own position): every entry is the expected one.
    #[test]
    fn observations_are_the_spots_read_one_by_one() {
        let mut rng = SeededRng::new(31);
        let mut starts: Vec<Gipf> = [Variant::Basic, Variant::Standard, Variant::Tournament]
            .into_iter()
            .map(|variant| Gipf::new(&Config { variant }).unwrap())
            .collect();
        starts.extend(
            include_str!("../tests/positions.txt")
                .lines()
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| l.parse::<Gipf>().unwrap()),
        );
        for start in starts {
            for _ in 0..4 {
                let mut g = start.clone();
                let mut out = vec![0.0; g.observation_len()];
                for _ in 0..400 {
                    // Lines decided earlier in a turn are rare in random play: the position
                    // also with a random set of them.
                    let mut decided = g.clone();
                    decided.handled = rng.next_u64() as u32 & ((1 << LINES.len()) - 1);
                    for g in [&g, &decided] {
                        for seat in [PlayerId::FIRST, PlayerId::SECOND] {
                            g.write_observation(seat, &mut out);
                            assert_eq!(out, expected(g, seat), "{g} seen by {seat}");
                            g.clear_observation(seat, &mut out);
                        }
                    }
                    let Some(mv) = g.random_move(&mut rng) else {
                        break;
                    };
                    g.apply_unchecked(mv);
                }
            }
        }
    }
}
