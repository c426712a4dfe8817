//! Move generation of the decision view: pushes and removal decisions.

use crate::SpotSet;
use crate::board::bits;
use crate::moves::{Decision, Push};
use crate::rules::Gipf;
use abstract_game::MoveList;

impl Gipf {
    /// Calls `f` with every legal push of player `c`, in table order (GIPF-piece first).
    #[inline]
    pub(crate) fn push_options(&self, c: usize, mut f: impl FnMut(Push)) {
        if !self.can_push(c) {
            return;
        }
        let gipf_ok = self.can_gipf[c] && self.reserve[c] >= 2;
        let single_ok = !self.must_gipf(c);
        for i in bits(self.board.open_pushes()) {
            let i = usize::from(i);
            if gipf_ok {
                f(Push::from_table(i, true));
            }
            if single_ok {
                f(Push::from_table(i, false));
            }
        }
    }

    /// Number of legal pushes of player `c`.
    pub(crate) fn push_count(&self, c: usize) -> usize {
        if !self.can_push(c) {
            return 0;
        }
        let kinds =
            usize::from(self.can_gipf[c] && self.reserve[c] >= 2) + usize::from(!self.must_gipf(c));
        self.board.open_pushes().count_ones() as usize * kinds
    }

    /// Appends the removal decisions of player `c` (each distinct once).
    pub(crate) fn removal_options(&self, c: usize, out: &mut MoveList<Gipf>) {
        let lines = self.offered(c);
        let several = lines.count_ones() > 1;
        for l in bits(u64::from(lines)) {
            let run = self.board.row_run(l as usize, c);
            let singles = run & !self.board.gipf;
            let gp = run & self.board.gipf;
            let mut t = 0u64;
            loop {
                let d = if singles | t == 0 {
                    Decision::Keep(SpotSet::from_mask(run))
                } else {
                    Decision::Remove(SpotSet::from_mask(singles | t))
                };
                if !several || !out.contains(&d) {
                    out.push(d);
                }
                t = t.wrapping_sub(gp) & gp;
                if t == 0 {
                    break;
                }
            }
        }
    }

    /// Number of removal options of player `c` (before merging equal ones).
    pub(crate) fn option_count(&self, c: usize) -> u32 {
        let mut n = 0u32;
        for l in bits(u64::from(self.offered(c))) {
            let run = self.board.row_run(l as usize, c);
            n += 1 << (run & self.board.gipf).count_ones();
        }
        n
    }
}
