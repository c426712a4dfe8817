//! A uniformly random legal move without generating most of the others: count the moves of
//! each direction with the bulk counter, pick an index, then generate only its direction.

use crate::bits::Bits;
use crate::board::DIRS;
use crate::moves::Move;
use crate::rules::Epaminondas;
use abstract_game::{MoveList, SeededRng};

impl Epaminondas {
    /// Legal move number `rng.below(count)` in generation order.
    pub(crate) fn pick_random(&self, rng: &mut SeededRng) -> Option<Move> {
        if self.mover_wins() {
            return None;
        }
        if self.placing_stones() || self.mirror_may_bite() {
            // Rare positions: generate them all (the counter itself does so when the mirror
            // rule may bite).
            let mut moves = MoveList::<Self>::new();
            self.generate(&mut moves);
            return (!moves.is_empty()).then(|| moves[rng.below(moves.len())]);
        }
        let p = self.to_move as usize;
        let (me, them, empty) = (self.pieces[p], self.pieces[1 - p], self.empty_squares());
        let mut f = [Bits::EMPTY; 18];
        let mut per_direction = [0usize; DIRS.len()];
        for (d, n) in per_direction.iter_mut().enumerate() {
            *n = self.count_direction(p, me, them, empty, d, &mut f) as usize;
        }
        let total: usize = per_direction.iter().sum();
        if total == 0 {
            return None;
        }
        let mut i = rng.below(total);
        for (d, &n) in per_direction.iter().enumerate() {
            if i < n {
                let mut moves = MoveList::<Self>::new();
                self.generate_direction(d, false, &mut moves);
                return moves.get(i).copied();
            }
            i -= n;
        }
        None
    }
}
