//! Action numbers, per board size: rear square x direction x distance, then stone squares,
//! all seen from the mover's side.
//!
//! With `W` files, `H` ranks and `D = max(W, H) - 1`: a group move whose rear piece is on
//! file `f`, rank `r` and whose front piece lands `k` squares away in direction `d` (0 N,
//! 1 NE, ... 7 NW, clockwise) is `((r * W + f) * 8 + d) * D + k - 1`, capture or not; with
//! stumbling blocks, placing a stone on `(f, r)` is `W * H * 8 * D + r * W + f`. Ranks and
//! directions are read in the mover's frame: the second player sees the board upside down,
//! so that both move "north" towards the enemy.

use crate::Epaminondas;
use crate::board::{Content, DIRS, Square};
use crate::moves::Move;
use abstract_game::{Actions, generated_actions};

impl Epaminondas {
    /// Distances a group move can have on this board.
    fn max_distance(&self) -> u32 {
        u32::from(self.geo.width.max(self.geo.height)) - 1
    }

    fn group_actions(&self) -> u32 {
        u32::from(self.geo.width) * u32::from(self.geo.height) * 8 * self.max_distance()
    }

    /// `sq` seen by `seat` (0-based): turned upside down for the second player. Its own
    /// inverse.
    pub(crate) fn in_frame(&self, seat: u8, sq: Square) -> Square {
        if seat == 0 {
            sq
        } else {
            Square::from_code((self.geo.height - 1 - sq.rank()) << 4 | sq.file())
        }
    }

    /// `sq` mirrored left to right (file a <-> the last file).
    pub(crate) fn mirror_square(&self, sq: Square) -> Square {
        Square::from_code(sq.rank() << 4 | (self.geo.width - 1 - sq.file()))
    }

    fn cell(&self, sq: Square) -> Option<u32> {
        self.geo.index_of(sq)?;
        Some(u32::from(sq.rank()) * u32::from(self.geo.width) + u32::from(sq.file()))
    }
}

impl Actions for Epaminondas {
    /// `W * H * 8 * (max(W, H) - 1)` group moves, plus `W * H` stone placements with
    /// stumbling blocks (see [`crate::doc::notation`]).
    ///
    /// ```
    /// use abstract_game::{Actions, Game};
    /// use epaminondas_core::Epaminondas;
    /// let g = Epaminondas::new(&Default::default()).unwrap(); // 14 x 12
    /// assert_eq!(g.num_distinct_actions(), 14 * 12 * 8 * 13);
    /// // a1-a4: rear on a1 (cell 0), north (0), front lands 3 squares away.
    /// assert_eq!(g.action_of("a1-a4".parse().unwrap()), Some(2));
    /// ```
    fn num_distinct_actions(&self) -> usize {
        let stones = if self.stones_variant {
            u32::from(self.geo.width) * u32::from(self.geo.height)
        } else {
            0
        };
        (self.group_actions() + stones) as usize
    }

    fn encode(&self, mv: Move) -> Option<u32> {
        let frame = |sq| self.in_frame(self.to_move, sq);
        match mv.from() {
            Some(from) => {
                let (from, to) = (frame(from), frame(mv.dest()));
                let (d, k) = Move::line(from, to)?;
                let k = u32::from(k);
                if k > self.max_distance() {
                    return None;
                }
                let cell = self.cell(from)?;
                Some((cell * 8 + d as u32) * self.max_distance() + k - 1)
            }
            None if self.stones_variant => {
                Some(self.group_actions() + self.cell(frame(mv.dest()))?)
            }
            None => None,
        }
    }

    /// Written straight from the lines of the board in ascending order, without building
    /// or sorting moves (the default generates, encodes and sorts); stone placements and
    /// positions where the mirror rule may forbid a move go the default way.
    fn legal_actions(&self, out: &mut alloc::vec::Vec<u32>) {
        if self.mover_wins() {
            out.clear();
            return;
        }
        if self.placing_stones() || self.mirror_may_bite() {
            generated_actions(self, out);
        } else {
            // Written in the order of the numbers, so nothing needs sorting; the second
            // player's frame turns the board upside down.
            let (p, distances) = (self.to_move as usize, self.max_distance());
            if p == 1 {
                self.lines
                    .write_actions_by_rear::<true>(p, &self.geo, distances, out);
            } else {
                self.lines
                    .write_actions_by_rear::<false>(p, &self.geo, distances, out);
            }
        }
    }

    fn decode(&self, action: u32) -> Option<Move> {
        let (w, h) = (u32::from(self.geo.width), u32::from(self.geo.height));
        let square = |cell: u32| {
            let sq = Square::new((cell % w) as u8, (cell / w) as u8)?;
            Some(self.in_frame(self.to_move, sq))
        };
        if action >= self.group_actions() {
            let cell = action - self.group_actions();
            return (self.stones_variant && cell < w * h)
                .then(|| square(cell).map(Move::place))
                .flatten();
        }
        let dist = self.max_distance();
        let (cell, d, k) = (action / (8 * dist), (action / dist) % 8, action % dist + 1);
        let (df, dr) = DIRS[d as usize];
        let file = i64::from(cell % w) + i64::from(df) * i64::from(k);
        let rank = i64::from(cell / w) + i64::from(dr) * i64::from(k);
        if !(0..i64::from(w)).contains(&file) || !(0..i64::from(h)).contains(&rank) {
            return None;
        }
        let from = square(cell)?;
        let to = square(rank as u32 * w + file as u32)?;
        let enemy = 1 - self.to_move;
        let capture =
            matches!(self.at(to), Some(Content::Piece(p)) if p.index() == usize::from(enemy));
        Some(Move::group_unchecked(capture, from, to))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Config, Epaminondas};
    use abstract_game::{Actions, Game, SeededRng};

    /// On boards of every shape, both players, mirror rule on and off, along seeded random
    /// games: the list written from the lines is the generated moves, encoded and sorted.
    #[test]
    fn legal_actions_are_the_sorted_encoded_moves() {
        let mut rng = SeededRng::new(11);
        let mut listed = alloc::vec::Vec::new();
        for (width, height) in crate::board::TEST_SHAPES {
            // Stones (on boards of 7 ranks or more): placed by the default way, then
            // blocking squares in the lines.
            for (mirror, stones) in [(false, false), (true, false), (true, height >= 7)] {
                let config = Config {
                    width,
                    height,
                    mirror,
                    stones,
                };
                let mut g = Epaminondas::new(&config).unwrap();
                for _ in 0..300 {
                    let mut expected: alloc::vec::Vec<u32> = g
                        .legal_moves()
                        .iter()
                        .map(|&mv| g.encode(mv).unwrap())
                        .collect();
                    expected.sort_unstable();
                    g.legal_actions(&mut listed);
                    assert_eq!(listed, expected, "{g}");
                    let Some(mv) = g.random_move(&mut rng) else {
                        break;
                    };
                    g.apply_unchecked(mv);
                }
            }
        }
    }
}
