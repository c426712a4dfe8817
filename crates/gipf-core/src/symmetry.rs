//! The hexagon's twelve symmetries. The rules know only spots, lines and pieces, never a
//! direction or a side, so every rotation and reflection of any position is a position with
//! the same future, in every variant (the start positions need not be symmetric for that).

use crate::SpotSet;
use crate::board::{Board, LINES, N_LINES, N_PUSHES, PUSHES, bits};
use crate::moves::{Decision, Push};
use crate::rules::Gipf;
use abstract_game::{LearnError, Observe, Symmetric};

/// 6 rotations, each with or without a reflection.
pub(crate) const COUNT: usize = 12;

/// Symmetry `s` reflects (swapping the two grid axes) when `s >= 6`, then turns `s % 6`
/// sixths of a turn. Works on grid coordinates centred on e5.
const fn map_xy(s: usize, mut a: i32, mut b: i32) -> (i32, i32) {
    if s >= 6 {
        let t = a;
        a = b;
        b = t;
    }
    let mut k = 0;
    while k < s % 6 {
        let t = a;
        a = t - b;
        b = t;
        k += 1;
    }
    (a, b)
}

const fn build_spots() -> [[u8; 64]; COUNT] {
    let mut out = [[255u8; 64]; COUNT];
    let mut s = 0;
    while s < COUNT {
        let mut i = 0;
        while i < 64 {
            let (x, y) = ((i / 8) as i32, (i % 8) as i32);
            if crate::board::ALL_SPOTS >> i & 1 == 1 {
                let (a, b) = map_xy(s, x - 3, y - 3);
                out[s][i] = (8 * (a + 3) + (b + 3)) as u8;
            }
            i += 1;
        }
        s += 1;
    }
    out
}

/// `SPOTS[s][bit]`: the image of a spot under symmetry `s` (255 off the play area).
pub(crate) const SPOTS: [[u8; 64]; COUNT] = build_spots();

const fn map_bits(s: usize, mut m: u64) -> u64 {
    let mut out = 0u64;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        out |= 1 << SPOTS[s][i];
        m &= m - 1;
    }
    out
}

const fn build_lines() -> [[u8; N_LINES]; COUNT] {
    let mut out = [[0u8; N_LINES]; COUNT];
    let mut s = 0;
    while s < COUNT {
        let mut l = 0;
        while l < N_LINES {
            let image = map_bits(s, LINES[l].mask);
            let mut k = 0;
            while k < N_LINES {
                if LINES[k].mask == image {
                    out[s][l] = k as u8;
                }
                k += 1;
            }
            l += 1;
        }
        s += 1;
    }
    out
}

/// The grid step of a push, from its dot towards the board.
const fn push_step(i: usize) -> (i32, i32) {
    let (dx, dy) = match PUSHES[i].shift {
        1 => (0, 1),
        8 => (1, 0),
        _ => (1, 1),
    };
    if PUSHES[i].forward {
        (dx, dy)
    } else {
        (-dx, -dy)
    }
}

const fn build_pushes() -> [[u8; N_PUSHES]; COUNT] {
    let mut out = [[0u8; N_PUSHES]; COUNT];
    let mut s = 0;
    while s < COUNT {
        let mut i = 0;
        while i < N_PUSHES {
            let entry = SPOTS[s][PUSHES[i].entry as usize];
            let (dx, dy) = push_step(i);
            let step = map_xy(s, dx, dy);
            let mut j = 0;
            while j < N_PUSHES {
                let other = push_step(j);
                if PUSHES[j].entry == entry && other.0 == step.0 && other.1 == step.1 {
                    out[s][i] = j as u8;
                }
                j += 1;
            }
            i += 1;
        }
        s += 1;
    }
    out
}

/// `LINES_MAP[s][line]`: the image of a line.
pub(crate) const LINES_MAP: [[u8; N_LINES]; COUNT] = build_lines();
/// `PUSHES_MAP[s][push]`: the image of a push (dot and direction).
pub(crate) const PUSHES_MAP: [[u8; N_PUSHES]; COUNT] = build_pushes();

/// The line direction (0: along a column, 1: the a5-i1 family, 2: the a1-i5 family, the
/// order of [`crate::board::DIRS`]) of the image of direction `k` under `s`.
pub(crate) const fn map_direction(s: usize, k: usize) -> usize {
    // The line of direction k through the centre e5 (bit 27), and the shift of its image.
    let image = LINES_MAP[s][crate::board::LINE_OF[k][27] as usize] as usize;
    match LINES[image].shift {
        1 => 0,
        8 => 1,
        _ => 2,
    }
}

const fn inverse(s: usize) -> usize {
    if s >= 6 { s } else { (6 - s) % 6 }
}

fn map_decision(s: usize, d: Decision) -> Decision {
    match d {
        Decision::Push(p) => Decision::Push(Push::from_table(
            PUSHES_MAP[s][usize::from(p.index())].into(),
            p.is_gipf(),
        )),
        Decision::Remove(m) => Decision::Remove(SpotSet::from_mask(map_bits(s, m.bits()))),
        Decision::Keep(m) => Decision::Keep(SpotSet::from_mask(map_bits(s, m.bits()))),
    }
}

impl Symmetric for Gipf {
    /// The hexagon's 12: symmetry `s` reflects the board across the line a1-e5-i5 when
    /// `s >= 6`, then turns it `s % 6` sixths of a turn counter-clockwise about e5.
    ///
    /// ```
    /// use abstract_game::{Game, Symmetric};
    /// use gipf_core::Gipf;
    /// let g = Gipf::new(&Default::default()).unwrap();
    /// assert_eq!(g.symmetry_count(), 12);
    /// // The standard start is symmetric under every rotation, with the colours kept.
    /// assert_eq!(g.transformed(2).unwrap(), g);
    /// let mv = "a1-b2".parse().unwrap();
    /// assert_eq!(g.transform_move(0, mv).unwrap(), mv);
    /// ```
    fn symmetry_count(&self) -> usize {
        COUNT
    }

    fn inverse_symmetry(&self, sym: usize) -> Result<usize, LearnError> {
        LearnError::check_symmetry(sym, COUNT).map(|()| inverse(sym))
    }

    fn transformed(&self, sym: usize) -> Result<Self, LearnError> {
        LearnError::check_symmetry(sym, COUNT)?;
        let mut g = self.clone();
        g.board = Board {
            white: map_bits(sym, self.board.white),
            black: map_bits(sym, self.board.black),
            gipf: map_bits(sym, self.board.gipf),
        };
        g.handled = bits(u64::from(self.handled))
            .map(|l| 1u32 << LINES_MAP[sym][usize::from(l)])
            .fold(0, |a, b| a | b);
        g.hash = g.compute_hash();
        Ok(g)
    }

    fn transform_move(&self, sym: usize, mv: Decision) -> Result<Decision, LearnError> {
        LearnError::check_symmetry(sym, COUNT).map(|()| map_decision(sym, mv))
    }

    fn transform_observation(
        &self,
        sym: usize,
        input: &[f32],
        out: &mut [f32],
    ) -> Result<(), LearnError> {
        LearnError::check_symmetry(sym, COUNT)?;
        let len = self.observation_len();
        LearnError::check_length(len, input.len())?;
        LearnError::check_length(len, out.len())?;
        out.fill(0.0);
        for (plane, cells) in input.chunks_exact(crate::observe::CELLS).enumerate() {
            let to = match plane.checked_sub(crate::observe::HANDLED) {
                Some(k) if k < 3 => crate::observe::HANDLED + map_direction(sym, k),
                _ => plane,
            };
            for spot in bits(crate::board::ALL_SPOTS) {
                let (from, image) = (
                    usize::from(spot),
                    usize::from(SPOTS[sym][usize::from(spot)]),
                );
                out[to * crate::observe::CELLS + crate::observe::cell(image)] =
                    cells[crate::observe::cell(from)];
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_the_hexagon_group() {
        for s in 0..COUNT {
            assert_eq!(
                map_bits(s, crate::board::ALL_SPOTS),
                crate::board::ALL_SPOTS
            );
            for spot in bits(crate::board::ALL_SPOTS) {
                let back = SPOTS[inverse(s)][usize::from(SPOTS[s][usize::from(spot)])];
                assert_eq!(back, spot, "symmetry {s}");
            }
            let mut lines: Vec<u8> = LINES_MAP[s].to_vec();
            lines.sort_unstable();
            assert_eq!(lines, (0..N_LINES as u8).collect::<Vec<_>>());
            let mut pushes: Vec<u8> = PUSHES_MAP[s].to_vec();
            pushes.sort_unstable();
            assert_eq!(pushes, (0..N_PUSHES as u8).collect::<Vec<_>>());
        }
        // Six sixths make a full turn; the centre e5 stays.
        let e5: crate::Spot = "e5".parse().unwrap();
        assert_eq!(SPOTS[1][usize::from(e5.index())], e5.index());
        let b2: crate::Spot = "b2".parse().unwrap();
        let orbit: std::collections::BTreeSet<u8> =
            (0..6).map(|s| SPOTS[s][usize::from(b2.index())]).collect();
        assert_eq!(orbit.len(), 6, "the corners b2, b5, e8, h5, h2, e2");
    }
}
