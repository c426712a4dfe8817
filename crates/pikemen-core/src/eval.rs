//! Game knowledge for search: [`Evaluate`] for Pikemen.
//!
//! Each seat gets a strength on a logit scale from its points (the race to the target), its
//! pips on the board (material: what it can still lose before it is out, and what it captures
//! with), its threats (the best capture its lying pieces have now, credited mostly to the
//! seat to move, which can take it at once; with two players the other seat is also credited a
//! second threat on another victim, since one move parries only one) and the range of its
//! lying pieces (mobility). Strengths become win chances by a softmax, and
//! chances become values on the returns scale, so the seats' values always sum to zero, for
//! any player count. The reasoning is in `docs/strength.md`.

use crate::Pikemen;
use crate::board::{cell_owner, cell_size, cell_state, first_blocker, pieces_per_size, with_state};
use crate::float::exp;
use crate::movegen::charge_targets;
use abstract_game::{Evaluate, Game, PlayerId, Status};

/// Logit per target's worth of points.
const POINTS: f64 = 4.0;
/// Logit per army's worth of pips on the board.
const MATERIAL: f64 = 3.0;
/// Share of its best capture credited to the seat to move, and to the others (the mover may
/// dodge or take first).
const MOVER_THREAT: f64 = 0.8;
const OTHER_THREAT: f64 = 0.25;
/// Share of its second capture (on another victim) credited to the seat not to move in a
/// two-player game: the mover owns both victims and can parry only one threat. (With more
/// seats the victims may belong to seats that move later; there it is not credited.)
const FORK_THREAT: f64 = 0.4;
/// Logit per square a seat's lying pieces may charge to (mobility: attacking range).
const MOBILITY: f64 = 0.01;
/// Extra logit for a mover that can reach the target with one capture.
const WINNING_CAPTURE: f64 = 6.0;
/// Strength of a seat without pieces: it can only come last.
const ELIMINATED: f64 = -12.0;

impl Pikemen {
    /// Every seat's strength (logit scale), index = 0-based seat.
    fn strengths(&self) -> [f64; 4] {
        let n = usize::from(self.players);
        let mut pips = [0u32; 4];
        // Per seat: the best capture's gain and victim square, and the best on another victim.
        let mut best_capture = [0u32; 4];
        let mut best_victim = [usize::MAX; 4];
        let mut second_capture = [0u32; 4];
        let mut range = [0u32; 4];
        let mut occ = self.occ;
        while occ != 0 {
            let sq = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            let c = self.cells[sq];
            let owner = usize::from(cell_owner(c)) & 3;
            pips[owner] += u32::from(cell_size(c));
            if cell_state(c) == 0 {
                continue;
            }
            let (empties, victim) = charge_targets(self, sq);
            range[owner] += empties;
            if let Some(victim) = victim {
                let gain = u32::from(cell_size(self.cells[victim]));
                if victim == best_victim[owner] {
                    continue;
                }
                if gain > best_capture[owner] {
                    second_capture[owner] = best_capture[owner];
                    best_capture[owner] = gain;
                    best_victim[owner] = victim;
                } else {
                    second_capture[owner] = second_capture[owner].max(gain);
                }
            }
        }
        let army = f64::from(pieces_per_size(self.players)) * 6.0;
        let target = f64::from(self.target.max(1));
        let mut s = [0.0; 4];
        for p in 0..n {
            if pips[p] == 0 {
                s[p] = ELIMINATED;
                continue;
            }
            let mover = p == usize::from(self.to_move);
            let threat = if mover {
                MOVER_THREAT * f64::from(best_capture[p])
            } else if n == 2 {
                OTHER_THREAT * f64::from(best_capture[p])
                    + FORK_THREAT * f64::from(second_capture[p])
            } else {
                OTHER_THREAT * f64::from(best_capture[p])
            };
            let points = f64::from(self.scores[p]) + threat;
            s[p] = POINTS * points.min(target) / target
                + MATERIAL * f64::from(pips[p]) / army
                + MOBILITY * f64::from(range[p]);
            if mover && u32::from(self.scores[p]) + best_capture[p] >= self.target {
                s[p] += WINNING_CAPTURE;
            }
        }
        s
    }

    /// The value gained by a lying piece (cell byte `c`) standing on `sq` with the board `occ`:
    /// the pips of the enemy it would then attack.
    fn threat_from(&self, sq: usize, c: u8, occ: u64) -> i32 {
        let state = cell_state(c);
        if state == 0 {
            return 0;
        }
        match first_blocker(sq, usize::from(state) - 1, occ) {
            Some(b) if self.capturable_by(c, b) => i32::from(cell_size(self.cells[b])),
            _ => 0,
        }
    }
}

/// Turns per-seat logits into values on the returns scale: softmax win chances `q`, then
/// `(n q - 1) / (n - 1)`, which sums to zero and lies in `(-1/(n-1), 1)`.
fn values(s: &[f64], player: usize) -> f64 {
    let n = s.len();
    let top = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let total: f64 = s.iter().map(|x| exp(x - top)).sum();
    let q = exp(s[player] - top) / total;
    (n as f64 * q - 1.0) / (n as f64 - 1.0)
}

impl Evaluate for Pikemen {
    /// Captures: quiescence search follows them past the depth limit.
    fn is_tactical(&self, mv: crate::Move) -> bool {
        mv.is_capture()
    }

    /// Points, material and threats, for any player count; see the module docs.
    ///
    /// ```
    /// use abstract_game::{Evaluate, Game, PlayerId};
    /// use pikemen_core::Pikemen;
    /// // Seat 1 leads 10-0 and attacks a lying large: clearly better for seat 1.
    /// let g: Pikemen = "8/8/8/4L2W3/8/8/8/S1NE7 1 10,0 12".parse().unwrap();
    /// assert!(g.evaluate(PlayerId::FIRST) > 0.9);
    /// assert!((g.evaluate(PlayerId::FIRST) + g.evaluate(PlayerId::SECOND)).abs() < 1e-9);
    /// ```
    fn evaluate(&self, player: PlayerId) -> f64 {
        match self.status() {
            Status::Finished(o) => o.returns(player),
            Status::Ongoing(_) => {
                let n = usize::from(self.players);
                if player.index() >= n {
                    return 0.0;
                }
                values(&self.strengths()[..n], player.index())
            }
        }
    }

    /// A winning capture first, then captures by victim size (smaller attacker first among
    /// equals), then moves that leave the piece attacking an enemy, then the rest.
    fn move_priority(&self, mv: crate::Move) -> i32 {
        let from = mv.origin_index();
        let to = mv.dest_index();
        let c = self.cells[from];
        let mut score = 0;
        if mv.is_capture() {
            let victim = i32::from(cell_size(self.cells[to]));
            let me = usize::from(self.to_move) & 3;
            if u32::from(self.scores[me]) + victim as u32 >= self.target {
                return 1_000_000;
            }
            score += 10_000 + 100 * victim - i32::from(cell_size(c));
        }
        let state = if mv.state_code() == crate::Move::keep_code() {
            cell_state(c)
        } else {
            mv.state_code()
        };
        let occ = (self.occ & !(1u64 << from)) | 1u64 << to;
        score + 10 * self.threat_from(to, with_state(c, state), occ)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, Move};

    fn p(i: u8) -> PlayerId {
        PlayerId::new(i).unwrap()
    }

    fn eval(text: &str, seat: u8) -> f64 {
        text.parse::<Pikemen>().unwrap().evaluate(p(seat))
    }

    #[test]
    fn the_start_is_even_for_every_player_count() {
        for players in 2..=4 {
            let g = Pikemen::new(&Config {
                players,
                ..Config::default()
            })
            .unwrap();
            let v: Vec<f64> = PlayerId::all(players).map(|s| g.evaluate(s)).collect();
            assert!(v.iter().all(|x| x.abs() < 1e-9), "{players}: {v:?}");
        }
    }

    #[test]
    fn more_material_evaluates_higher() {
        // The same upright armies, except that seat 2 lacks a large piece.
        let even = "L2U7/8/8/8/8/8/8/L1U7 1 0,0 12";
        let behind = "L2U7/8/8/8/8/8/8/L1UL1U6 1 0,0 12";
        assert!(eval(even, 0).abs() < 1e-9);
        assert!(eval(behind, 0) > 0.1);
        assert!(eval(behind, 1) < -0.1);
    }

    #[test]
    fn points_count_toward_the_target() {
        let low = "L2U7/8/8/8/8/8/8/L1U7 1 3,0 12";
        let high = "L2U7/8/8/8/8/8/8/L1U7 1 9,0 12";
        assert!(eval(high, 0) > eval(low, 0));
        assert!(eval(low, 0) > 0.0);
    }

    #[test]
    fn a_threat_is_worth_more_to_the_seat_to_move() {
        // Seat 1's small on a1 attacks seat 2's lying large on e5, which attacks nothing.
        let mine = "8/8/8/4L2W3/8/8/8/S1NE7 1 0,0 12";
        let theirs = "8/8/8/4L2W3/8/8/8/S1NE7 2 0,0 12";
        assert!(eval(mine, 0) > eval(theirs, 0));
    }

    #[test]
    fn two_threats_on_two_victims_are_worth_more_than_two_on_one() {
        // Seat 1's larges attack seat 2's upright mediums on e5 and h5 (a fork), or both
        // attack e5; seat 2 is to move and can save only one piece. Same material and range.
        let fork = "8/8/8/4M2U2M2U/8/8/8/L1NE6L1N 2 0,0 12";
        let one_victim = "8/8/8/4M2U2M2U/8/8/8/L1NE3L1N3 2 0,0 12";
        assert!(eval(fork, 0) > eval(one_victim, 0) + 0.02);
    }

    #[test]
    fn an_open_line_is_worth_more_than_a_blocked_one() {
        // Seat 1's large on a1 points up the open a-file, or into its own small on b2.
        let open = "7M2U/8/8/8/8/8/1S1U6/L1N7 2 0,0 12";
        let blocked = "7M2U/8/8/8/8/8/1S1U6/L1NE7 2 0,0 12";
        assert!(eval(open, 0) > eval(blocked, 0));
    }

    #[test]
    fn the_winning_capture_ranks_first_and_evaluates_near_a_win() {
        let g: Pikemen = "8/8/8/4L2W3/8/8/8/S1NE7 1 10,0 12".parse().unwrap();
        let win: Move = g.parse_move("a1xe5(U)").unwrap();
        let moves = g.legal_moves();
        let top = moves.iter().map(|&m| g.move_priority(m)).max().unwrap();
        assert_eq!(g.move_priority(win), top);
        // Only the capture on e5 (in each of its 9 end states) ranks that high.
        let firsts: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| g.move_priority(m) == top)
            .collect();
        assert_eq!(firsts.len(), 9);
        assert!(firsts.iter().all(|m| m.is_capture() && m.to() == win.to()));
        assert!(g.evaluate(p(0)) > 0.95);
    }

    #[test]
    fn seat_values_sum_to_zero_with_four_players() {
        let g = Pikemen::new(&Config {
            players: 4,
            ..Config::default()
        })
        .unwrap();
        let g = abstract_game::random_playout(&g, 3, 40).state;
        let sum: f64 = PlayerId::all(4).map(|s| g.evaluate(s)).sum();
        assert!(sum.abs() < 1e-9);
    }
}
