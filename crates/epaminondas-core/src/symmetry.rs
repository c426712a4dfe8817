//! The left-right mirror: the rules never tell the files apart, so reflecting any position
//! (stones included) gives a position with the same future, for every size and variant.
//! (Swapping colours with an upside-down board changes nothing an observation shows, since
//! observations are already in the observer's frame, so it is not offered.)

use crate::Epaminondas;
use crate::moves::Move;
use abstract_game::{Actions, LearnError, Observe, Symmetric};

impl Epaminondas {
    fn mirror_move(&self, mv: Move) -> Move {
        let m = |sq| self.mirror_square(sq);
        // A mirror keeps lines lines.
        match mv.from() {
            Some(from) => Move::group_unchecked(mv.is_capture(), m(from), m(mv.dest())),
            None => Move::place(m(mv.dest())),
        }
    }
}

impl Symmetric for Epaminondas {
    /// 2: the identity and the mirror (file a <-> the last file).
    ///
    /// ```
    /// use abstract_game::{Game, Symmetric};
    /// use epaminondas_core::Epaminondas;
    /// let g = Epaminondas::new(&Default::default()).unwrap();
    /// let mv = "a1-a4".parse().unwrap();
    /// assert_eq!(g.transform_move(1, mv).unwrap().to_string(), "n1-n4");
    /// assert_eq!(g.transformed(1).unwrap(), g); // the start is symmetric
    /// ```
    fn symmetry_count(&self) -> usize {
        2
    }

    fn inverse_symmetry(&self, sym: usize) -> Result<usize, LearnError> {
        LearnError::check_symmetry(sym, 2).map(|()| sym)
    }

    fn transformed(&self, sym: usize) -> Result<Self, LearnError> {
        LearnError::check_symmetry(sym, 2)?;
        Ok(if sym == 1 {
            self.mirrored_files()
        } else {
            self.clone()
        })
    }

    fn transform_move(&self, sym: usize, mv: Move) -> Result<Move, LearnError> {
        LearnError::check_symmetry(sym, 2)?;
        Ok(if sym == 1 { self.mirror_move(mv) } else { mv })
    }

    /// Position-free: the move under the number is mirrored and numbered again.
    fn transform_action(&self, sym: usize, action: u32) -> Result<u32, LearnError> {
        LearnError::check_symmetry(sym, 2)?;
        let mv = self.move_of(action).ok_or(LearnError::Action(action))?;
        let image = self.transform_move(sym, mv)?;
        // Mirroring keeps the player to move, so the image is numbered in the same frame.
        self.encode(image).ok_or(LearnError::Action(action))
    }

    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), LearnError> {
        LearnError::check_symmetry(sym, 2)?;
        let len = self.observation_len();
        LearnError::check_length(len, input.len())?;
        LearnError::check_length(len, out.len())?;
        let w = usize::from(self.geo.width);
        for (row_in, row_out) in input.chunks_exact(w).zip(out.chunks_exact_mut(w)) {
            row_out.copy_from_slice(row_in);
            if sym == 1 {
                row_out.reverse();
            }
        }
        Ok(())
    }
}
