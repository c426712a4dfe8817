//! Observation planes, from a seat's point of view.

use crate::Epaminondas;
use abstract_game::{Observe, PlayerId};

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
        let me = player.index() as u8 & 1;
        let cells = usize::from(self.geo.width) * usize::from(self.geo.height);
        self.set_pieces(me, out, 1.0);
        let flags = [self.to_move == me, self.mirror, self.stones_variant];
        for (k, on) in flags.into_iter().enumerate() {
            if on {
                out[(3 + k) * cells..(4 + k) * cells].fill(1.0);
            }
        }
    }

    /// Zeroes the squares of the pieces (and stones) and the three flag planes, not the whole
    /// buffer.
    fn clear_observation(&self, player: PlayerId, out: &mut [f32]) {
        let me = player.index() as u8 & 1;
        let cells = usize::from(self.geo.width) * usize::from(self.geo.height);
        self.set_pieces(me, out, 0.0);
        out[3 * cells..6 * cells].fill(0.0);
    }
}

impl Epaminondas {
    /// Sets the square of each piece of `me`, of the other side and of each stone, as `me`
    /// sees them (planes 0, 1, 2), to `value`: what an observation writes of the board, and
    /// what a clear zeroes.
    fn set_pieces(&self, me: u8, out: &mut [f32], value: f32) {
        let cells = usize::from(self.geo.width) * usize::from(self.geo.height);
        let w = usize::from(self.geo.width);
        let layers = [
            self.pieces[usize::from(me)],
            self.pieces[usize::from(1 - me)],
            self.stones,
        ];
        // Bit `i` is on rank `i / s`, file `i % s` (`s` = width + 1); `i / s` as a multiply
        // and shift, exact for every bit index below 65536 / s (the error of the rounded
        // reciprocal, at most `i * s / 65536 / s`, stays under `1 / s`), instead of two
        // divisions by a number known only at run time.
        let s = w + 1;
        let inv = (1 << 16) / s + 1;
        let last = usize::from(self.geo.height) - 1;
        for (plane, bits) in layers.into_iter().enumerate() {
            for i in bits.iter() {
                let rank = (i * inv) >> 16;
                let file = i - rank * s;
                // The second player's frame turns the board upside down (`in_frame`).
                let rank = if me == 0 { rank } else { last - rank };
                debug_assert_eq!(
                    self.in_frame(me, self.geo.square(i)),
                    crate::board::Square::new(file as u8, rank as u8).unwrap()
                );
                out[plane * cells + rank * w + file] = value;
            }
        }
    }
}
