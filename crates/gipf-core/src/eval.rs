//! Game knowledge for search: [`Evaluate`] for [`Gipf`] and [`GipfTurns`].
//!
//! A colour's strength counts what keeps it alive: pieces in reserve (a player who must push
//! with none loses) and, for almost as much, its pieces on the board (they come back when it
//! makes a row; a captured piece never does). On top: pieces in the centre and the ring around
//! it (they lie on the long lines, take part in many rows and are hard to push out; this term
//! won most against GF1), rows of three (one push from a row of four), and GIPF-pieces
//! (standard and tournament: losing the last one loses the game, so a single one left is a
//! danger). While removals are pending, the rows standing on the board are counted as
//! already taken. The difference of the two strengths, squashed by `tanh`, is the value.
//! The reasoning and the matches that set the weights are in `docs/strength.md`.

use crate::board::{ALL_SPOTS, Board, DIRS, bits};
use crate::float::tanh;
use crate::moves::{Decision, Push, Turn};
use crate::rules::{Gipf, Phase};
use crate::{GipfTurns, Variant};
use abstract_game::{Evaluate, Game, PlayerId, Status};

/// Strength per piece on the board, relative to one in reserve: close to one, so that a
/// capture (a piece lost for good) costs far more than a piece of one's own still standing.
const ON_BOARD: f64 = 0.8;
/// Strength per row of three, for the player to push and for the other one.
const THREE_TO_PUSH: f64 = 0.3;
const THREE_WAITING: f64 = 0.2;
/// Strength per piece on the centre spot and its six neighbours, and per piece on the ring
/// of twelve spots around them.
const CENTRE: f64 = 1.0;
const RING: f64 = 0.4;
/// Strength of a GIPF-piece on the board beyond its material, and the penalty for being
/// down to the last one.
const GIPF_PIECE: f64 = 0.5;
const LAST_GIPF: f64 = 3.0;
/// Penalty per piece below three in reserve: the end is near.
const LOW_RESERVE: f64 = 2.0;
/// Strength difference that makes the value `tanh(1)`.
const SCALE: f64 = 6.0;

/// e5 and its six neighbours (bit 27 in the board's grid layout).
const CENTRE_SPOTS: u64 = {
    let e5 = 1u64 << 27;
    let mut m = e5;
    let mut k = 0;
    while k < 3 {
        m |= e5 << DIRS[k] | e5 >> DIRS[k];
        k += 1;
    }
    m & ALL_SPOTS
};

/// The twelve spots around [`CENTRE_SPOTS`].
const RING_SPOTS: u64 = {
    let mut m = CENTRE_SPOTS;
    let mut k = 0;
    while k < 3 {
        m |= CENTRE_SPOTS << DIRS[k] | CENTRE_SPOTS >> DIRS[k];
        k += 1;
    }
    m & ALL_SPOTS & !CENTRE_SPOTS
};

/// Three pieces of `m` in a row along a line, counted once per three.
fn threes(m: u64) -> u32 {
    DIRS.iter()
        .map(|&d| (m & m >> d & m >> (2 * d)).count_ones())
        .sum()
}

/// The union of the runs of every row of colour `c` standing on `board`.
fn row_runs(board: &Board, c: usize) -> u64 {
    bits(u64::from(board.row_lines(c)))
        .map(|l| board.row_run(usize::from(l), c))
        .fold(0, |a, r| a | r)
}

impl Gipf {
    /// White's strength minus Black's.
    fn strength_difference(&self) -> f64 {
        let mut reserve = self.reserve.map(f64::from);
        let mut board = self.board;
        if matches!(self.phase, Phase::Removing(_)) {
            // Pending rows count as taken: own singles back, the other colour's pieces
            // captured, own GIPF-pieces left standing (what their owner usually chooses).
            for (c, r) in reserve.iter_mut().enumerate() {
                let taken = row_runs(&board, c) & !(board.gipf & board.colour(c));
                *r += f64::from(board.material(c, taken));
                board.remove(taken);
            }
        }
        // Who pushes next: the player to push, or after pending removals the other one.
        let to_push = match self.phase {
            Phase::Push(c) | Phase::Won(c) => usize::from(c),
            Phase::Removing(pusher) => 1 - usize::from(pusher),
        };
        let gipf_matters = self.variant != Variant::Basic;
        let mut s = [0.0; 2];
        for c in 0..2 {
            let mine = board.colour(c);
            let gipfs = (mine & board.gipf).count_ones();
            let mut v = reserve[c] + ON_BOARD * f64::from(board.material(c, ALL_SPOTS));
            let three = if c == to_push {
                THREE_TO_PUSH
            } else {
                THREE_WAITING
            };
            v += three * f64::from(threes(mine));
            v += CENTRE * f64::from((mine & CENTRE_SPOTS).count_ones());
            v += RING * f64::from((mine & RING_SPOTS).count_ones());
            if gipf_matters && !self.can_gipf[c] {
                v += GIPF_PIECE * f64::from(gipfs);
                if gipfs == 1 {
                    v -= LAST_GIPF;
                }
            }
            if reserve[c] < 3.0 {
                v -= LOW_RESERVE * (3.0 - reserve[c]);
            }
            s[c] = v;
        }
        s[0] - s[1]
    }

    fn value(&self, player: PlayerId) -> f64 {
        match self.status() {
            Status::Finished(o) => o.returns(player),
            Status::Ongoing(_) => {
                let v = tanh(self.strength_difference() / SCALE).clamp(-0.999, 0.999);
                if player.index() == 0 { v } else { -v }
            }
        }
    }

    /// What a push promises: rows of its colour it completes, minus rows it hands the other
    /// colour, plus a little for entering toward the centre. Also returns the board after it.
    fn push_promise(&self, c: usize, push: Push) -> (i32, Board) {
        let mut b = self.board;
        let Some((run, _)) = b.push_run(push.geom()) else {
            return (i32::MIN / 2, b);
        };
        b.apply_push(push.geom(), run, c, push.is_gipf());
        let made = b.row_lines(c).count_ones() as i32;
        let given = b.row_lines(1 - c).count_ones() as i32;
        let centre = (b.colour(c) & CENTRE_SPOTS).count_ones() as i32
            - (self.board.colour(c) & CENTRE_SPOTS).count_ones() as i32;
        (1000 * made - 800 * given + 10 * centre, b)
    }

    /// The worth of removing `mask` from `board` for `c`: captures count triple.
    fn removal_promise(board: &Board, c: usize, mask: u64) -> i32 {
        (3 * board.material(1 - c, mask) + board.material(c, mask)) as i32
    }
}

impl Evaluate for Gipf {
    /// Row removals (and keeps): a pending removal is settled before the position is judged.
    fn is_tactical(&self, mv: Decision) -> bool {
        !matches!(mv, Decision::Push(_))
    }

    /// Reserve, material, rows of three, centre and GIPF-pieces; see the module docs.
    ///
    /// ```
    /// use abstract_game::{Evaluate, Game, PlayerId};
    /// use gipf_core::Gipf;
    /// let start = Gipf::new(&Default::default()).unwrap();
    /// assert!(start.evaluate(PlayerId::FIRST).abs() < 0.2);
    /// ```
    fn evaluate(&self, player: PlayerId) -> f64 {
        self.value(player)
    }

    /// Pushes that make rows first (and those that make rows for the other colour last);
    /// removals by what they capture.
    fn move_priority(&self, mv: Decision) -> i32 {
        let Some(c) = self.to_move().map(|p| p.index() & 1) else {
            return 0;
        };
        match mv {
            Decision::Push(p) => self.push_promise(c, p).0,
            Decision::Remove(set) => Gipf::removal_promise(&self.board, c, set.bits()),
            Decision::Keep(_) => 0,
        }
    }
}

impl Evaluate for GipfTurns {
    /// The decision view's evaluation of the same position.
    fn evaluate(&self, player: PlayerId) -> f64 {
        self.inner().value(player)
    }

    /// The push's promise plus what the turn's removals capture and take back.
    fn move_priority(&self, mv: Turn) -> i32 {
        let g = self.inner();
        let Some(c) = g.to_move().map(|p| p.index() & 1) else {
            return 0;
        };
        let (push, board) = g.push_promise(c, mv.push());
        let (mine, theirs) = mv.masks();
        push + 100 * Gipf::removal_promise(&board, c, mine)
            - 100 * Gipf::removal_promise(&board, 1 - c, theirs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> f64 {
        text.parse::<Gipf>().unwrap().evaluate(PlayerId::FIRST)
    }

    #[test]
    fn the_start_is_even() {
        for variant in [Variant::Basic, Variant::Standard, Variant::Tournament] {
            let g = Gipf::start(variant);
            assert!(g.evaluate(PlayerId::FIRST).abs() < 0.15, "{variant}");
            assert_eq!(g.evaluate(PlayerId::FIRST), -g.evaluate(PlayerId::SECOND));
        }
    }

    #[test]
    fn more_in_reserve_evaluates_higher() {
        let even = "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0 push:w";
        let ahead = "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/10 C:0/2 push:w";
        assert!(eval(ahead) > eval(even) + 0.1);
    }

    #[test]
    fn a_captured_piece_costs_far_more_than_one_standing() {
        // Two White pieces on the board, or the same two captured by Black.
        let standing = eval("standard W:Gb5,c3,d3,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:10/12 C:0/0 push:w");
        let captured = eval("standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:10/12 C:2/0 push:w");
        assert!(standing > captured + 0.2, "{standing} {captured}");
    }

    #[test]
    fn the_centre_is_worth_more_than_the_edge() {
        assert_eq!(CENTRE_SPOTS.count_ones(), 7);
        assert_eq!(RING_SPOTS.count_ones(), 12);
        let w = |spot: &str| {
            let mut pieces = ["Gb5", "Ge2", "Gh5", spot];
            pieces.sort_by_key(|p| p.trim_start_matches('G').to_string());
            let text = format!(
                "standard W:{} B:Gb2,Ge8,Gh2 R:11/12 C:0/0 push:b",
                pieces.join(",")
            );
            eval(&text)
        };
        let (centre, ring, edge) = (w("e5"), w("d3"), w("c2"));
        assert!(centre > ring && ring > edge, "{centre} {ring} {edge}");
    }

    #[test]
    fn a_last_gipf_piece_is_a_danger() {
        let three = "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0 push:w";
        let one = "standard W:Gb5 B:Gb2,Ge8,Gh2 R:12/12 C:4/0 push:w";
        assert!(eval(one) < eval(three));
    }

    #[test]
    fn a_row_of_three_is_a_threat_for_the_player_to_push() {
        let w = "standard W:b2,b3,b4,Ge2,Gh5 B:Gc2,Ge8,Gh2 R:10/12 C:1/0";
        let to_push = eval(&format!("{w} push:w"));
        let waiting = eval(&format!("{w} push:b"));
        assert!(to_push > waiting, "{to_push} {waiting}");
    }

    #[test]
    fn the_row_making_push_ranks_first() {
        // White's b2, b3, b4 and the push b6-b5 makes the row b2-b5.
        let g: Gipf = "standard W:b2,b3,b4,Ge2,Gh5 B:Gc2,Ge8,Gh2 R:10/12 C:1/0 push:w"
            .parse()
            .unwrap();
        let top = |ps: Vec<i32>| ps.into_iter().max().unwrap();
        let best = top(g
            .legal_moves()
            .iter()
            .map(|&m| g.move_priority(m))
            .collect());
        let row: Decision = "b6-b5".parse().unwrap();
        assert_eq!(g.move_priority(row), best);
        assert!(g.move_priority("e1-e2".parse().unwrap()) < best);
        // In the turn view, every best turn makes the row (b5 can be filled from three dots).
        let turns = GipfTurns::try_from(g).unwrap();
        let moves = turns.legal_moves();
        let best = top(moves.iter().map(|&t| turns.move_priority(t)).collect());
        for t in moves.iter().filter(|&&t| turns.move_priority(t) == best) {
            assert_eq!(t.pusher_removed().to_string(), "b2,b3,b4,b5", "{t}");
        }
    }

    #[test]
    fn pending_rows_count_as_taken() {
        let mut g: Gipf = "standard W:b2,b3,Gb4,Ge2,Gh5 B:Gc2,Ge8,Gh2 R:10/12 C:0/0 push:w"
            .parse()
            .unwrap();
        let before = g.evaluate(PlayerId::FIRST);
        g.apply("b6-b5".parse().unwrap()).unwrap();
        assert_eq!(g.to_move(), Some(PlayerId::FIRST));
        assert!(g.evaluate(PlayerId::FIRST) > before);
    }
}
