//! Observation planes, from a seat's point of view.

use crate::Epaminondas;
use abstract_game::{Observe, PlayerId, byte_entries};

/// Planes: the observer's pieces, the opponent's, the stones, and three constant planes.
const PLANES: usize = 6;

impl Observe for Epaminondas {
    /// 6 planes of `height` rows x `width` columns, in the observer's frame (row 0 is the
    /// observer's home row: the second player sees the board upside down):
    ///
    /// 0. the observer's pieces; 1. the opponent's; 2. the stones;
    /// 3. 1 everywhere if the observer is to move;
    /// 4. 1 everywhere with the mirror rule; 5. 1 everywhere in the stumbling-blocks variant.
    ///
    /// The rules treat both colours alike, so which colour the observer plays is not shown.
    ///
    /// ```
    /// use abstract_game::{Game, Observe, PlayerId};
    /// use epaminondas_core::Epaminondas;
    /// let g = Epaminondas::new(&Default::default()).unwrap();
    /// assert_eq!(g.observation_shape(), [6, 12, 14]);
    /// let mut planes = vec![0.0; g.observation_len()];
    /// g.observe(PlayerId::SECOND, &mut planes).unwrap();
    /// assert_eq!(planes[0], 1.0); // seat 2's own piece on a12, its home corner
    /// ```
    fn observation_shape(&self) -> [usize; 3] {
        [
            PLANES,
            usize::from(self.geo.height),
            usize::from(self.geo.width),
        ]
    }

    fn write_observation(&self, player: PlayerId, out: &mut [f32]) {
        let me = player.index() & 1;
        let (w, h) = (usize::from(self.geo.width), usize::from(self.geo.height));
        let cells = w * h;
        // Each rank is written eight entries at a time from a table, the last eight running
        // past the rank into the next (rewritten next) or, after plane 2, into the flags
        // (filled last): fixed-size copies, where copying exactly `w` entries calls memmove.
        // Boards of fewer than six squares have no room for that and go square by square.
        let spill = cells >= 6;
        for (plane, who) in [me, 1 - me, 2].into_iter().enumerate() {
            for frame_rank in 0..h {
                // The second player's frame turns the board upside down (`in_frame`).
                let r = if me == 0 {
                    frame_rank
                } else {
                    h - 1 - frame_rank
                };
                let bits = self.lines.rank_row(who, r);
                let at = plane * cells + frame_rank * w;
                if spill {
                    for k in (0..w).step_by(8) {
                        let byte = (bits >> k) as u8;
                        out[at + k..at + k + 8].copy_from_slice(byte_entries(byte));
                    }
                } else {
                    for (f, x) in out[at..at + w].iter_mut().enumerate() {
                        *x = (bits >> f & 1) as f32;
                    }
                }
            }
        }
        let flags = [
            self.to_move as usize == me,
            self.mirror,
            self.stones_variant,
        ];
        for (k, on) in flags.into_iter().enumerate() {
            out[(3 + k) * cells..(4 + k) * cells].fill(if on { 1.0 } else { 0.0 });
        }
    }

    /// Nothing: [`Observe::write_observation`] sets every entry, so the next write needs no
    /// clearing.
    fn clear_observation(&self, _: PlayerId, _: &mut [f32]) {}
}

#[cfg(test)]
mod tests {
    use crate::board::{Content, Square, TEST_SHAPES};
    use crate::{Config, Epaminondas};
    use abstract_game::{Game, Observe, PlayerId, SeededRng};

    /// On boards of every shape, with and without stones, along seeded random games, for both
    /// seats and over a buffer holding another observation: each entry is the content of its
    /// square read one by one, the board turned for the second seat, and the flags.
    #[test]
    fn observations_are_the_squares_read_one_by_one() {
        let mut rng = SeededRng::new(29);
        for (width, height) in TEST_SHAPES {
            for stones in [false, height >= 7] {
                let config = Config {
                    width,
                    height,
                    mirror: stones,
                    stones,
                };
                let mut g = Epaminondas::new(&config).unwrap();
                let (w, h) = (usize::from(width), usize::from(height));
                let cells = w * h;
                let mut out = vec![0.0; g.observation_len()];
                for _ in 0..120 {
                    for seat in [PlayerId::FIRST, PlayerId::SECOND] {
                        let mut expected = vec![0.0; g.observation_len()];
                        for r in 0..h {
                            for f in 0..w {
                                let sq = Square::new(f as u8, r as u8).unwrap();
                                let frame = g.in_frame(seat.index() as u8, sq);
                                let at = usize::from(frame.rank()) * w + usize::from(frame.file());
                                let plane = match g.at(sq).unwrap() {
                                    Content::Empty => continue,
                                    Content::Piece(p) if p == seat => 0,
                                    Content::Piece(_) => 1,
                                    Content::Stone => 2,
                                };
                                expected[plane * cells + at] = 1.0;
                            }
                        }
                        // The side to move of the record, also once the game is over.
                        let flags = [
                            g.to_move == seat.index() as u8,
                            config.mirror,
                            config.stones,
                        ];
                        for (k, on) in flags.into_iter().enumerate() {
                            if on {
                                expected[(3 + k) * cells..(4 + k) * cells].fill(1.0);
                            }
                        }
                        // Over the last observation written, cleared by its own position.
                        g.write_observation(seat, &mut out);
                        let bad: Vec<usize> =
                            (0..out.len()).filter(|&i| out[i] != expected[i]).collect();
                        assert!(bad.is_empty(), "{g} seen by {seat}: {bad:?}");
                        g.clear_observation(seat, &mut out);
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
