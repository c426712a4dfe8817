//! A uniformly random decision without generating the others: a push is found from the mask
//! of open lines (21 lines, two pushes each); removal decisions (rare) are generated.

use crate::board::{N_LINES, N_PUSHES, PUSHES};
use crate::moves::{Decision, Push};
use crate::rules::{Gipf, Phase};
use abstract_game::{Game, MoveList, SeededRng};

/// Each line's spots and the two pushes along it (bits of push indices): a line is open for
/// both of its pushes or for neither.
const LINE_PUSHES: [(u64, u64); N_LINES] = {
    let mut t = [(0, 0); N_LINES];
    let mut i = 0;
    while i < N_PUSHES {
        let l = PUSHES[i].line as usize;
        t[l].0 = PUSHES[i].line_mask;
        t[l].1 |= 1 << i;
        i += 1;
    }
    t
};

impl Gipf {
    /// Legal decision number `rng.below(count)` in generation order (see `movegen`).
    pub(crate) fn pick_random(&self, rng: &mut SeededRng) -> Option<Decision> {
        let Phase::Push(c) = self.phase else {
            let mut moves = MoveList::<Self>::new();
            self.generate_moves(&mut moves);
            return (!moves.is_empty()).then(|| moves[rng.below(moves.len())]);
        };
        let c = usize::from(c);
        if !self.can_push(c) {
            return None;
        }
        let gipf_ok = self.can_gipf[c] && self.reserve[c] >= 2;
        let single_ok = !self.must_gipf(c);
        let kinds = usize::from(gipf_ok) + usize::from(single_ok);
        let occ = self.board.occupied();
        let mut open = 0u64;
        for &(line, pushes) in &LINE_PUSHES {
            if line & !occ != 0 {
                open |= pushes;
            }
        }
        let total = open.count_ones() as usize * kinds;
        if total == 0 {
            return None;
        }
        // Each open push is listed once per kind, the GIPF-piece first.
        let i = rng.below(total);
        let (mut nth, kind) = (i / kinds, i % kinds);
        while nth > 0 {
            open &= open - 1;
            nth -= 1;
        }
        let index = open.trailing_zeros() as usize;
        Some(Decision::Push(Push::from_table(
            index,
            gipf_ok && kind == 0,
        )))
    }
}
