//! Action numbers of the decision view: pushes, then removal decisions as (line, the
//! GIPF-pieces of its run left standing).
//!
//! - Pushes `0..42` in the order of [`Push::index`] (single pieces); in the tournament game
//!   `42..84` are the same pushes with a GIPF-piece.
//! - Then one block per line (the 21 lines in table order), of `2^len` numbers for a line of
//!   `len` spots: number `block + kept`, where bit `i` of `kept` is the line's `i`-th spot
//!   (from its lowest bit) and marks a GIPF-piece of the row's run left standing. Keeping the
//!   whole run (a row of GIPF-pieces only) is the `Keep` decision. In the basic game nothing
//!   can stand, so each line has a single number.
//!
//! Basic: 42 + 21 = 63 numbers; standard: 42 + 1056 = 1098; tournament: 84 + 1056 = 1140.
//! (gipf-zero uses 42 + 21 x 128 = 2730 for the same decisions, most of them impossible.)

use crate::board::{LINES, N_LINES, N_PUSHES, bits};
use crate::moves::{Decision, Push};
use crate::rules::{Gipf, Phase};
use crate::{SpotSet, Variant};
use abstract_game::{Actions, generated_actions};

const fn build_spots() -> ([[u8; 7]; N_LINES], [u8; N_LINES]) {
    let mut spots = [[0u8; 7]; N_LINES];
    let mut len = [0u8; N_LINES];
    let mut l = 0;
    while l < N_LINES {
        let mut m = LINES[l].mask;
        while m != 0 {
            spots[l][len[l] as usize] = m.trailing_zeros() as u8;
            len[l] += 1;
            m &= m - 1;
        }
        l += 1;
    }
    (spots, len)
}

const LINE_SPOTS: ([[u8; 7]; N_LINES], [u8; N_LINES]) = build_spots();

/// The spots of `mask` on `line`, as bits in the line's order.
fn line_bits(line: usize, mask: u64) -> u32 {
    let (spots, len) = (&LINE_SPOTS.0[line], LINE_SPOTS.1[line]);
    (0..len)
        .filter(|&i| mask >> spots[usize::from(i)] & 1 == 1)
        .fold(0, |acc, i| acc | 1 << i)
}

/// The spots of line bits `b` on `line`.
fn spots_of(line: usize, b: u32) -> u64 {
    let (spots, len) = (&LINE_SPOTS.0[line], LINE_SPOTS.1[line]);
    (0..len)
        .filter(|&i| b >> i & 1 == 1)
        .fold(0, |acc, i| acc | 1 << spots[usize::from(i)])
}

impl Gipf {
    fn push_actions(&self) -> u32 {
        let n = N_PUSHES as u32;
        if self.variant == Variant::Tournament {
            2 * n
        } else {
            n
        }
    }

    /// Numbers in the block of `line`.
    fn block(&self, line: usize) -> u32 {
        if self.variant == Variant::Basic {
            1
        } else {
            1 << LINE_SPOTS.1[line]
        }
    }

    /// The line, among those the decider is offered, whose run this removal or keep decides
    /// (the lowest when several runs give the same decision), and the spots left standing.
    fn decided_line(&self, d: Decision) -> Option<(usize, u64)> {
        let c = self.decider()?;
        let gipf = self.board.gipf;
        crate::board::bits(u64::from(self.offered(c))).find_map(|l| {
            let run = self.board.row_run(usize::from(l), c);
            let kept = match d {
                Decision::Remove(m) if !m.is_empty() && m.bits() & !run == 0 => run & !m.bits(),
                Decision::Keep(m) if m.bits() == run => run,
                _ => return None,
            };
            (kept & !gipf == 0).then_some((usize::from(l), kept))
        })
    }
}

impl Actions for Gipf {
    /// 63 (basic), 1098 (standard) or 1140 (tournament); see [`crate::doc::notation`].
    ///
    /// ```
    /// use abstract_game::{Actions, Game};
    /// use gipf_core::{Config, Gipf, Variant};
    /// let g = Gipf::new(&Config { variant: Variant::Standard }).unwrap();
    /// assert_eq!(g.num_distinct_actions(), 1098);
    /// assert_eq!(g.action_of("a1-b2".parse().unwrap()), Some(0));
    /// ```
    fn num_distinct_actions(&self) -> usize {
        let lines: u32 = (0..N_LINES).map(|l| self.block(l)).sum();
        (self.push_actions() + lines) as usize
    }

    fn encode(&self, d: Decision) -> Option<u32> {
        if let Decision::Push(p) = d {
            return match (p.is_gipf(), self.variant) {
                (false, _) => Some(u32::from(p.index())),
                (true, Variant::Tournament) => Some(N_PUSHES as u32 + u32::from(p.index())),
                (true, _) => None,
            };
        }
        let (line, kept) = self.decided_line(d)?;
        let offset: u32 = (0..line).map(|l| self.block(l)).sum();
        let kept = line_bits(line, kept);
        (kept < self.block(line)).then(|| self.push_actions() + offset + kept)
    }

    /// Pushes (most positions) written straight from the open pushes, in ascending order:
    /// single pieces, then GIPF-pieces (tournament); removal decisions go the default way
    /// (generated, encoded and sorted).
    fn legal_actions(&self, out: &mut alloc::vec::Vec<u32>) {
        out.clear();
        match self.phase {
            Phase::Push(c) => {
                let c = usize::from(c);
                if !self.can_push(c) {
                    return;
                }
                let open = || bits(self.board.open_pushes()).map(u32::from);
                if !self.must_gipf(c) {
                    out.extend(open());
                }
                if self.can_gipf[c] && self.reserve[c] >= 2 {
                    // Only the tournament game lets GIPF-pieces in (`can_gipf`).
                    out.extend(open().map(|i| N_PUSHES as u32 + i));
                }
            }
            Phase::Removing(_) => generated_actions(self, out),
            Phase::Won(_) => {}
        }
    }

    fn decode(&self, action: u32) -> Option<Decision> {
        let pushes = self.push_actions();
        if action < pushes {
            let n = N_PUSHES as u32;
            return Push::new((action % n) as u8, action >= n).map(Decision::Push);
        }
        let mut rest = action - pushes;
        let line = (0..N_LINES).find(|&l| {
            let size = self.block(l);
            if rest < size {
                true
            } else {
                rest -= size;
                false
            }
        })?;
        let run = self.board.row_run(line, self.decider()?);
        let kept = spots_of(line, rest);
        if run == 0 || kept & !run != 0 {
            return None;
        }
        Some(if kept == run {
            Decision::Keep(SpotSet::from_mask(run))
        } else {
            Decision::Remove(SpotSet::from_mask(run & !kept))
        })
    }
}
