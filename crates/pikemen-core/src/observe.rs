//! Observation planes, from a seat's point of view.

use crate::Pikemen;
use crate::board::{cell_owner, cell_size, cell_state};
use crate::symmetry::{SQUARES, STATES};
use abstract_game::{Observe, PlayerId, byte_entries};

/// Points are scaled by the pips of a two-player army, so that values stay near `0..1`.
const POINT_SCALE: f32 = 30.0;

/// The first state plane: after one plane per (seat, size).
pub(crate) const fn state_planes(players: u8) -> usize {
    3 * players as usize
}

impl Observe for Pikemen {
    /// `5 * players + 11` planes of 8 x 8 (row = rank, column = file, in the observer's frame:
    /// seat 2 of a two-player game sees the board turned half a turn). Seats are counted from
    /// the observer (0 = the observer, 1 = the next seat to play, ...):
    ///
    /// - `3 * seat + size - 1`: that seat's pieces of that size (1 small, 2 medium, 3 large);
    /// - `3 * players + state`: the pieces in that state (0 upright, 1..=8 N, NE, ... NW,
    ///   directions in the observer's frame);
    /// - `3 * players + 9 + seat`: that seat's points / 30, on every square;
    /// - `4 * players + 9`: the target / 30;
    /// - `4 * players + 10 + seat`: 1 on every square if that seat is to move (after the end:
    ///   would have moved);
    /// - `5 * players + 10`: 1 on every square if a charging piece must change its state (the
    ///   seed's rule, [`Config::charge_keeps_state`](crate::Config::charge_keeps_state) false).
    ///
    /// ```
    /// use abstract_game::{Game, Observe, PlayerId};
    /// use pikemen_core::Pikemen;
    /// let g = Pikemen::new(&Default::default()).unwrap();
    /// assert_eq!(g.observation_shape(), [21, 8, 8]);
    /// let mut planes = vec![0.0; g.observation_len()];
    /// g.observe(PlayerId::FIRST, &mut planes).unwrap();
    /// assert_eq!(planes[2 * 64 + 7], 1.0); // my large piece on h1 (plane 2, square 7)
    /// g.observe(PlayerId::SECOND, &mut planes).unwrap();
    /// assert_eq!(planes[2 * 64 + 7], 1.0); // seat 2's own large piece on a8, seen turned
    /// ```
    fn observation_shape(&self) -> [usize; 3] {
        [5 * usize::from(self.players) + 11, 8, 8]
    }

    /// Every entry, each plane whole: the pieces' planes from bitboards built in the
    /// observer's frame, eight squares (a rank) at a time.
    fn write_observation(&self, player: PlayerId, out: &mut [f32]) {
        let n = self.players;
        let me = player.index() as u8;
        let relative = |seat: u8| usize::from((seat + n - me) % n);
        let states = state_planes(n);
        let boards = self.piece_boards(me);
        for (plane, board) in boards[..states + 9].iter().enumerate() {
            for rank in 0..8 {
                let at = plane * 64 + 8 * rank;
                out[at..at + 8].copy_from_slice(byte_entries((board >> (8 * rank)) as u8));
            }
        }
        let mut fill = |plane: usize, v: f32| out[plane * 64..(plane + 1) * 64].fill(v);
        let on = |set: bool| if set { 1.0 } else { 0.0 };
        let n = usize::from(n);
        for seat in 0..n {
            let points = f32::from(self.scores[seat]) / POINT_SCALE;
            fill(states + 9 + relative(seat as u8), points);
        }
        // Targets beyond 2^24 lose precision; nobody plays to such targets.
        fill(4 * n + 9, self.target as f32 / POINT_SCALE);
        let to_move = relative(self.to_move);
        for seat in 0..n {
            fill(4 * n + 10 + seat, on(seat == to_move));
        }
        // Under the seed's rule the same board has other moves, so the rule is part of it.
        fill(5 * n + 10, on(!self.charge_keeps_state));
    }

    /// Nothing: [`Observe::write_observation`] sets every entry.
    fn clear_observation(&self, _: PlayerId, _: &mut [f32]) {}
}

impl Pikemen {
    /// The squares of the planes of the pieces as seat `me` sees them, one bitboard per
    /// plane (the size planes of each seat counted from `me`, then the state planes; the
    /// rest unused), built from the occupied squares only.
    fn piece_boards(&self, me: u8) -> [u64; 21] {
        let n = self.players;
        let frame = self.frame(me);
        let states = state_planes(n);
        // The first size plane of each owner, seats counted from `me`: worked out once, not
        // a remainder per piece.
        let mut first = [0usize; 4];
        for (seat, plane) in (0..n).zip(first.iter_mut()) {
            *plane = 3 * usize::from((seat + n - me) % n);
        }
        let mut boards = [0u64; 21];
        let mut occupied = self.occ;
        while occupied != 0 {
            let sq = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let c = self.cells[sq];
            debug_assert!(c != 0, "square {sq} is marked occupied but empty");
            let at = 1u64 << SQUARES[frame][sq];
            let size = usize::from(cell_size(c)) - 1;
            boards[first[usize::from(cell_owner(c)) & 3] + size] |= at;
            let state = usize::from(STATES[frame][usize::from(cell_state(c))]);
            boards[states + state] |= at;
        }
        boards
    }
}

#[cfg(test)]
mod tests {
    use super::POINT_SCALE;
    use crate::{Config, Pikemen, Square, State};
    use abstract_game::{Game, Observe, PlayerId, SeededRng};

    /// The observation entry by entry from `piece_at` on each square, as the documentation
    /// of [`Observe::observation_shape`] lays it out: the second of two seats sees the board
    /// turned half a turn, its directions too.
    fn expected(g: &Pikemen, seat: PlayerId) -> Vec<f32> {
        let n = usize::from(g.players);
        let me = seat.index();
        let relative = |s: usize| (s + n - me) % n;
        let turned = n == 2 && me == 1;
        let mut out = vec![0.0; g.observation_len()];
        for sq in 0..64u8 {
            let Some(piece) = g.piece_at(Square::new(sq).unwrap()) else {
                continue;
            };
            let at = usize::from(if turned { 63 - sq } else { sq });
            let mut state = piece.state as usize;
            if turned && state != State::Up as usize {
                state = (state - 1 + 4) % 8 + 1;
            }
            let size = piece.size as usize;
            out[(3 * relative(piece.owner.index()) + size - 1) * 64 + at] = 1.0;
            out[(3 * n + state) * 64 + at] = 1.0;
        }
        let mut planes = vec![(4 * n + 9, g.target() as f32 / POINT_SCALE)];
        for s in 0..n {
            let points = f32::from(g.scores[s]) / POINT_SCALE;
            planes.push((3 * n + 9 + relative(s), points));
        }
        planes.push((4 * n + 10 + relative(usize::from(g.to_move)), 1.0));
        if !g.charge_keeps_state {
            planes.push((5 * n + 10, 1.0));
        }
        for (plane, v) in planes {
            out[plane * 64..(plane + 1) * 64].fill(v);
        }
        out
    }

    /// Along seeded random games of two, three and four players, under both charge rules, for
    /// every seat, each written over the last observation (cleared by its own position).
    #[test]
    fn observations_are_the_squares_read_one_by_one() {
        let mut rng = SeededRng::new(37);
        for players in 2..=4 {
            for charge_keeps_state in [true, false] {
                let config = Config {
                    players,
                    charge_keeps_state,
                    ..Config::default()
                };
                let mut g = Pikemen::new(&config).unwrap();
                let mut out = vec![0.0; g.observation_len()];
                for _ in 0..300 {
                    for seat in PlayerId::all(players) {
                        g.write_observation(seat, &mut out);
                        assert_eq!(out, expected(&g, seat), "{g} seen by {seat}");
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
