//! A uniformly random legal move without generating the others: count the moves of each
//! direction on the board's lines, pick an index, then walk the heads of its direction to the
//! move.

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
        let per_direction = self.lines.count(p);
        let total: u32 = per_direction.iter().sum();
        if total == 0 {
            return None;
        }
        self.piece_move(&per_direction, rng.below(total as usize) as u32)
    }

    /// Piece move number `i` in generation order, given the moves per direction.
    fn piece_move(&self, per_direction: &[u32; 8], mut i: u32) -> Option<Move> {
        for (d, &n) in per_direction.iter().enumerate() {
            if i < n {
                let p = self.to_move as usize;
                return self.lines.nth_in_direction(p, &self.geo, d, i);
            }
            i -= n;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::lines::Lines;
    use crate::{Config, Epaminondas};
    use abstract_game::{Game, MoveList, SeededRng};

    /// On boards of every shape (16 files, 16 ranks, 2 files), along random games: the lines
    /// kept by `apply` equal lines made from scratch, the count per direction adds up to the
    /// generated list, and move number i by lines is the generated list's move i.
    #[test]
    fn lines_agree_with_generation() {
        let mut rng = SeededRng::new(5);
        for (width, height) in crate::board::TEST_SHAPES {
            for mirror in [false, true] {
                let config = Config {
                    width,
                    height,
                    mirror,
                    stones: height >= 7,
                };
                let mut g = Epaminondas::new(&config).unwrap();
                let mut moves = MoveList::<Epaminondas>::new();
                for _ in 0..400 {
                    assert_eq!(g.lines, Lines::new(&g.geo, &g.pieces, g.stones), "{g}");
                    moves.clear();
                    g.generate_moves(&mut moves);
                    assert_eq!(g.count_moves(), moves.len(), "{g}");
                    if !g.placing_stones() && !g.mirror_may_bite() && !g.mover_wins() {
                        let per_direction = g.lines.count(g.to_move as usize);
                        for (i, &mv) in moves.iter().enumerate() {
                            assert_eq!(g.piece_move(&per_direction, i as u32), Some(mv), "{g}");
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
