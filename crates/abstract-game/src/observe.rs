//! Observation tensors for learning code: an optional extension trait that games implement.

use crate::{Game, LearnError, PlayerId};

/// What a seat sees, as `f32` planes of a fixed shape, for neural networks.
///
/// The shape `[planes, rows, cols]` depends only on the configuration. The planes are written
/// from the point of view of the observing seat (its pieces first, the board turned so that it
/// always sits on the same side), and hold everything that matters for the future: the board,
/// whose turn it is, scores, reserves, pending decisions and rule switches. Two positions with
/// different futures never share an observation (from the same seat).
///
/// Games supply [`Observe::observation_shape`] and [`Observe::write_observation`] (which
/// writes into a zeroed buffer); the checked [`Observe::observe`] comes for free.
///
/// ```
/// use abstract_game::{Game, Observe, PlayerId, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let mut planes = vec![0.0; g.observation_len()];
/// g.observe(PlayerId::FIRST, &mut planes).unwrap();
/// assert_eq!(g.observation_shape(), [3, 1, 1]);
/// assert_eq!(planes, [21.0, 3.0, 1.0]); // pile, most to take, "I am to move"
/// ```
pub trait Observe: Game {
    /// `[planes, rows, cols]`; the same for every position of a configuration.
    #[must_use]
    fn observation_shape(&self) -> [usize; 3];

    /// Writes the observation of `player` (a seat of this game) into `out`, which has
    /// [`Observe::observation_len`] entries, all `0.0`: only the non-zero entries need
    /// writing. Entry `(plane, row, col)` is at `(plane * rows + row) * cols + col`.
    fn write_observation(&self, player: PlayerId, out: &mut [f32]);

    /// Makes `out`, which holds exactly what [`Observe::write_observation`] of this position
    /// and `player` wrote, ready for the next write: afterwards, writing the observation of
    /// any position of this configuration, from any seat, into `out` gives what writing it
    /// into zeros gives. Batched environments call it instead of zeroing whole rows. The
    /// default zeroes everything; a game whose planes are sparse overrides it to zero only
    /// what it wrote, and a game whose `write_observation` sets every entry (zeros too) to
    /// do nothing.
    ///
    /// ```
    /// use abstract_game::{Game, Observe, PlayerId, toy::Subtraction};
    /// let g = Subtraction::new(&Default::default()).unwrap();
    /// let mut planes = [0.0; 3];
    /// g.observe(PlayerId::FIRST, &mut planes).unwrap();
    /// g.clear_observation(PlayerId::FIRST, &mut planes);
    /// assert_eq!(planes, [0.0; 3]);
    /// ```
    fn clear_observation(&self, player: PlayerId, out: &mut [f32]) {
        let _ = player;
        out.fill(0.0);
    }

    /// The number of `f32` entries of an observation: the product of the shape.
    #[must_use]
    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// Writes what `player` sees into `out`, which must have exactly
    /// [`Observe::observation_len`] entries; on an error `out` is left as it was.
    ///
    /// ```
    /// use abstract_game::{Game, LearnError, Observe, PlayerId, toy::Subtraction};
    /// let g = Subtraction::new(&Default::default()).unwrap();
    /// let mut planes = [0.0; 3];
    /// g.observe(PlayerId::SECOND, &mut planes).unwrap();
    /// assert_eq!(planes, [21.0, 3.0, 0.0]); // seat 2 is not to move
    /// let third = PlayerId::new(2).unwrap();
    /// assert_eq!(g.observe(third, &mut planes), Err(LearnError::Seat(third)));
    /// ```
    fn observe(&self, player: PlayerId, out: &mut [f32]) -> Result<(), LearnError> {
        LearnError::check_length(self.observation_len(), out.len())?;
        if player.index() >= usize::from(self.player_count()) {
            return Err(LearnError::Seat(player));
        }
        out.fill(0.0);
        self.write_observation(player, out);
        Ok(())
    }

    /// [`Observe::observe`] from the seat to move, or from seat 1 once the game is over.
    ///
    /// ```
    /// use abstract_game::{Game, Observe, toy::Subtraction};
    /// let g: Subtraction = "5 3 2".parse().unwrap(); // seat 2 to move
    /// let mut planes = [0.0; 3];
    /// g.observe_to_move(&mut planes).unwrap();
    /// assert_eq!(planes, [5.0, 3.0, 1.0]);
    /// ```
    fn observe_to_move(&self, out: &mut [f32]) -> Result<(), LearnError> {
        self.observe(self.to_move().unwrap_or(PlayerId::FIRST), out)
    }
}

/// The eight observation entries of eight squares held as the bits of `byte`: entry `i` is
/// `1.0` when bit `i` is set, `0.0` otherwise. A table, for games that write planes from
/// bitboards eight squares at a time (a fixed-size copy of 32 bytes instead of a branch or
/// a conversion per square).
///
/// ```
/// assert_eq!(abstract_game::byte_entries(0b101), &[1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
/// ```
#[must_use]
#[inline]
pub fn byte_entries(byte: u8) -> &'static [f32; 8] {
    &BYTE_ENTRIES[usize::from(byte)]
}

static BYTE_ENTRIES: [[f32; 8]; 256] = {
    let mut table = [[0.0; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 != 0 {
                table[b][i] = 1.0;
            }
            i += 1;
        }
        b += 1;
    }
    table
};
