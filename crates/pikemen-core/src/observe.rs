//! Observation planes, from a seat's point of view.

use crate::Pikemen;
use crate::board::{cell_owner, cell_size, cell_state};
use crate::symmetry::{SQUARES, STATES};
use abstract_game::{Observe, PlayerId};

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

    fn write_observation(&self, player: PlayerId, out: &mut [f32]) {
        let n = self.players;
        let me = player.index() as u8;
        let relative = |seat: u8| usize::from((seat + n - me) % n);
        let states = state_planes(n);
        self.set_pieces(me, out, 1.0);
        let n = usize::from(n);
        let mut fill = |plane: usize, v: f32| out[plane * 64..(plane + 1) * 64].fill(v);
        for seat in 0..n {
            let points = f32::from(self.scores[seat]) / POINT_SCALE;
            fill(states + 9 + relative(seat as u8), points);
        }
        // Targets beyond 2^24 lose precision; nobody plays to such targets.
        fill(4 * n + 9, self.target as f32 / POINT_SCALE);
        fill(4 * n + 10 + relative(self.to_move), 1.0);
        // Under the seed's rule the same board has other moves, so the rule is part of it.
        if !self.charge_keeps_state {
            fill(5 * n + 10, 1.0);
        }
    }

    /// Zeroes the two entries of each piece and the filled planes (scores, target, seat to
    /// move, rule), not the whole buffer.
    fn clear_observation(&self, player: PlayerId, out: &mut [f32]) {
        let n = self.players;
        let states = state_planes(n);
        self.set_pieces(player.index() as u8, out, 0.0);
        // Planes `states + 9 ..= 5 * n + 10`: points, target, seat to move, rule.
        let n = usize::from(n);
        out[(states + 9) * 64..(5 * n + 11) * 64].fill(0.0);
    }
}

impl Pikemen {
    /// Sets the two entries of each piece as seat `me` sees it (its size plane of its owner,
    /// its state plane) to `value`: what an observation writes of the pieces, and what a
    /// clear zeroes.
    fn set_pieces(&self, me: u8, out: &mut [f32], value: f32) {
        let n = self.players;
        let frame = self.frame(me);
        let states = state_planes(n);
        // The first size plane of each owner, seats counted from `me`: worked out once, not
        // a remainder per piece.
        let mut first = [0usize; 4];
        for (seat, plane) in (0..n).zip(first.iter_mut()) {
            *plane = 3 * usize::from((seat + n - me) % n);
        }
        // The occupied squares only, not all 64.
        let mut occupied = self.occ;
        while occupied != 0 {
            let sq = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let c = self.cells[sq];
            debug_assert!(c != 0, "square {sq} is marked occupied but empty");
            let at = usize::from(SQUARES[frame][sq]);
            let size = usize::from(cell_size(c)) - 1;
            out[(first[usize::from(cell_owner(c)) & 3] + size) * 64 + at] = value;
            let state = usize::from(STATES[frame][usize::from(cell_state(c))]);
            out[(states + state) * 64 + at] = value;
        }
    }
}
