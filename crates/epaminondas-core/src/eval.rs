//! Game knowledge for search: [`Evaluate`] for Epaminondas.
//!
//! A side's strength counts its pieces (material), how far they have come (progress, growing
//! with the square of the distance so that pieces near the enemy home row weigh most), its
//! pieces on the enemy home row (the crossing rule: more there than the opponent has on yours
//! wins at the start of your turn) and how many of its pieces stand next to a friend (a lone
//! piece cannot move far and falls to any pair). A side to move that faces more crossed
//! enemies than it has crossed itself must answer at once, which costs it. The difference of
//! the two strengths, squashed into (-1, 1), is the value. The reasoning is in
//! `docs/strength.md`.

use crate::Move;
use crate::bits::Bits;
use crate::board::DIRS;
use crate::rules::Epaminondas;
use abstract_game::{Evaluate, Game, PlayerId, Status};

/// Strength per piece.
const MATERIAL: f64 = 1.0;
/// Strength of a piece one rank from the enemy home row (less, quadratically, further back).
const PROGRESS: f64 = 1.5;
/// Strength per piece on the enemy home row.
const CROSSED: f64 = 3.0;
/// Strength per piece with an own neighbour.
const SUPPORTED: f64 = 0.2;
/// Cost for the side to move of facing a crossing it has not matched.
const MUST_ANSWER: f64 = 3.0;
/// Strength difference that makes the value 1/2.
const SCALE: f64 = 8.0;

impl Epaminondas {
    /// The strength of side `p` (0 or 1).
    fn strength(&self, p: usize) -> f64 {
        let me = self.pieces[p];
        let h = self.geo.height;
        let span = f64::from(h - 2).max(1.0);
        let mut progress = 0.0;
        // Ranks strictly between the own home row and the enemy's.
        for r in 1..h - 1 {
            let n = (me & self.geo.row(r)).count();
            if n != 0 {
                let advanced = f64::from(if p == 0 { r } else { h - 1 - r });
                let a = advanced / span;
                progress += f64::from(n) * a * a;
            }
        }
        let crossed = (me & self.geo.home[1 - p]).count();
        let mut friends = Bits::EMPTY;
        for d in 0..DIRS.len() {
            friends |= me.shift(self.geo.delta(d));
        }
        let supported = (me & friends).count();
        MATERIAL * f64::from(me.count())
            + PROGRESS * progress
            + CROSSED * f64::from(crossed)
            + SUPPORTED * f64::from(supported)
    }

    /// Pieces of the side to move's opponent standing on the mover's home row.
    fn crossed_in(&self) -> u32 {
        let p = usize::from(self.to_move);
        (self.pieces[1 - p] & self.geo.home[p]).count()
    }
}

impl Evaluate for Epaminondas {
    /// Captures: quiescence search follows them past the depth limit.
    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    /// Material, progress, crossings and support; see the module docs.
    ///
    /// ```
    /// use abstract_game::{Evaluate, Game, PlayerId};
    /// use epaminondas_core::Epaminondas;
    /// let start = Epaminondas::new(&Default::default()).unwrap();
    /// assert!(start.evaluate(PlayerId::FIRST).abs() < 1e-9);
    /// ```
    fn evaluate(&self, player: PlayerId) -> f64 {
        match self.status() {
            Status::Finished(o) => o.returns(player),
            Status::Ongoing(_) => {
                let p = usize::from(self.to_move);
                let (mine, theirs) = self.crossings();
                let mut d = self.strength(p) - self.strength(1 - p);
                if theirs > mine {
                    d -= MUST_ANSWER;
                }
                // `d / (SCALE + |d|)`: tanh-like and strictly inside (-1, 1), without `std`.
                let v = d / (SCALE + d.abs());
                if player.index() == p { v } else { -v }
            }
        }
    }

    /// Captures first, by pieces taken (crossed pieces taken back count most), then steps
    /// onto the enemy home row, then steps by distance gained toward it.
    fn move_priority(&self, mv: Move) -> i32 {
        let p = usize::from(self.to_move);
        let Ok(Some(l)) = self.locate(mv) else {
            return 0;
        };
        let delta = self.geo.delta(l.dir);
        let dest = l.tail as i32 + (l.n as i32 - 1 + l.k as i32) * delta;
        let mut score = 0;
        if l.m > 0 {
            let mut taken = Bits::EMPTY;
            for i in 0..l.m as i32 {
                taken.set((dest + i * delta) as usize);
            }
            let defended = (taken & self.geo.home[p]).count() as i32;
            score += 10_000 + 1_000 * l.m as i32 + 5_000 * defended;
            if self.crossed_in() > 0 && defended == 0 {
                score -= 2_000;
            }
        }
        let dest_sq = self.geo.square(dest as usize);
        if dest_sq.rank() == self.enemy_home_rank(self.to_move) {
            score += 3_000;
        }
        let forward = i32::from(DIRS[l.dir].1) * if p == 0 { 1 } else { -1 };
        score + 10 * forward * l.k as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;

    fn eval(text: &str) -> f64 {
        text.parse::<Epaminondas>()
            .unwrap()
            .evaluate(PlayerId::FIRST)
    }

    #[test]
    fn the_start_is_even_on_every_board() {
        for (width, height) in [(14, 12), (10, 8), (8, 8)] {
            let g = Epaminondas::new(&Config {
                width,
                height,
                ..Config::default()
            })
            .unwrap();
            assert!(g.evaluate(PlayerId::FIRST).abs() < 1e-9);
        }
    }

    #[test]
    fn more_material_evaluates_higher() {
        let even = "....../.2.2../....../....../.1.1../...... 1 mirror:off stones:off";
        let ahead = "....../.2.2../....../....../.111../...... 1 mirror:off stones:off";
        assert!(eval(even).abs() < 0.05);
        assert!(eval(ahead) > eval(even) + 0.05);
    }

    #[test]
    fn progress_evaluates_higher() {
        let back = "....../.2.2../....../....../.1.1../...... 1 mirror:off stones:off";
        let forward = "....../.2.2../.1.1../....../....../...... 1 mirror:off stones:off";
        assert!(eval(forward) > eval(back));
    }

    #[test]
    fn a_crossing_must_be_answered() {
        // Black has crossed to rank 1 and White has not: bad for White, to move.
        let text = "....../.2.2../....../....../.1.1../2..... 1 mirror:off stones:off";
        assert!(eval(text) < -0.2);
    }

    #[test]
    fn capturing_the_crossed_piece_ranks_first() {
        // White's pair a2-a3 can take back Black's crossed piece on a1 (a3xa1).
        let g: Epaminondas = "....../...2../....../1...2./1...../2..... 1 mirror:off stones:off"
            .parse()
            .unwrap();
        let moves = g.legal_moves();
        let best = moves.iter().max_by_key(|&&m| g.move_priority(m)).unwrap();
        assert_eq!(best.to_string(), "a3xa1");
    }
}
