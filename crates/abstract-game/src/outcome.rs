//! The end of a game: a ranking of the seats, with ties.

use crate::{MAX_PLAYERS, OutOfRange, PlayerId, PlayerSet};
use core::fmt;

/// How a finished game ranks the seats: rank 0 is best, equal ranks are ties.
///
/// One type covers a two-player win, a draw (everyone shares rank 0) and the finishing order of a
/// many-player game. Ranks are dense: they run `0..=k` with no gap. Every constructor checks its
/// seat count (1 to [`MAX_PLAYERS`]) and seats, and returns [`OutOfRange`] otherwise.
///
/// ```
/// use abstract_game::{OutOfRange, Outcome, PlayerId};
/// let o = Outcome::win(2, PlayerId::SECOND)?;
/// assert_eq!(o.winner(), Some(PlayerId::SECOND));
/// assert_eq!(o.rank(PlayerId::FIRST), 1);
/// assert!(Outcome::draw(2)?.is_draw());
/// assert_eq!(Outcome::draw(9), Err(OutOfRange));
/// # Ok::<(), OutOfRange>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    ranks: [u8; MAX_PLAYERS as usize],
    players: u8,
}

/// Whether `player_count` seats fit an outcome.
const fn seats_ok(player_count: u8) -> bool {
    player_count >= 1 && player_count <= MAX_PLAYERS
}

impl Outcome {
    /// `winner` first, every other seat second. [`OutOfRange`] unless `player_count` is
    /// 1..=[`MAX_PLAYERS`] and `winner` is one of its seats.
    pub fn win(player_count: u8, winner: PlayerId) -> Result<Outcome, OutOfRange> {
        if !seats_ok(player_count) || winner.index() >= usize::from(player_count) {
            return Err(OutOfRange);
        }
        let mut ranks = [1; MAX_PLAYERS as usize];
        ranks[winner.index()] = 0;
        Ok(Outcome::from_ranks_unchecked(player_count, ranks))
    }

    /// Everyone shares first place. [`OutOfRange`] unless `player_count` is
    /// 1..=[`MAX_PLAYERS`].
    pub fn draw(player_count: u8) -> Result<Outcome, OutOfRange> {
        if !seats_ok(player_count) {
            return Err(OutOfRange);
        }
        Ok(Outcome::from_ranks_unchecked(
            player_count,
            [0; MAX_PLAYERS as usize],
        ))
    }

    /// `winner` first; the others ranked after it by `scores` (higher is better, equal scores
    /// share a rank). `scores` has one entry per seat (1 to [`MAX_PLAYERS`] of them) and
    /// `winner` is one of those seats; otherwise [`OutOfRange`].
    ///
    /// ```
    /// use abstract_game::{Outcome, PlayerId};
    /// let o = Outcome::winner_then_scores(PlayerId::new(2).unwrap(), &[5, 7, 3, 5]).unwrap();
    /// assert_eq!((0..4).map(|i| o.rank(PlayerId::new(i).unwrap())).collect::<Vec<_>>(), [2, 1, 0, 2]);
    /// ```
    pub fn winner_then_scores(winner: PlayerId, scores: &[i32]) -> Result<Outcome, OutOfRange> {
        let n = scores.len();
        if n == 0 || n > MAX_PLAYERS as usize || winner.index() >= n {
            return Err(OutOfRange);
        }
        let mut ranks = [0; MAX_PLAYERS as usize];
        for i in 0..n {
            if i == winner.index() {
                continue;
            }
            // 1 + number of distinct better scores among the other losers.
            let mut better: [i32; MAX_PLAYERS as usize] = [i32::MIN; MAX_PLAYERS as usize];
            let mut k = 0;
            for j in 0..n {
                if j != winner.index() && scores[j] > scores[i] && !better[..k].contains(&scores[j])
                {
                    better[k] = scores[j];
                    k += 1;
                }
            }
            ranks[i] = 1 + k as u8;
        }
        Ok(Outcome::from_ranks_unchecked(n as u8, ranks))
    }

    /// From explicit ranks (one per seat, 0 best). Gaps are closed up so ranks stay dense.
    /// [`OutOfRange`] if there are no ranks or more than [`MAX_PLAYERS`].
    pub fn from_ranks(ranks: &[u8]) -> Result<Outcome, OutOfRange> {
        if ranks.is_empty() || ranks.len() > MAX_PLAYERS as usize {
            return Err(OutOfRange);
        }
        let mut dense = [0; MAX_PLAYERS as usize];
        for (i, &r) in ranks.iter().enumerate() {
            let mut distinct_better = 0u8;
            for (j, &s) in ranks.iter().enumerate() {
                if s < r && !ranks[..j].contains(&s) {
                    distinct_better += 1;
                }
            }
            dense[i] = distinct_better;
        }
        Ok(Outcome::from_ranks_unchecked(ranks.len() as u8, dense))
    }

    fn from_ranks_unchecked(players: u8, mut ranks: [u8; MAX_PLAYERS as usize]) -> Outcome {
        for r in ranks.iter_mut().skip(players as usize) {
            *r = 0;
        }
        Outcome { ranks, players }
    }

    /// Number of seats ranked.
    #[must_use]
    pub const fn player_count(&self) -> u8 {
        self.players
    }

    /// The rank of `p` (0 best); a seat outside the game ranks 0 like the unused slots.
    #[must_use]
    pub fn rank(&self, p: PlayerId) -> u8 {
        self.ranks[p.index()]
    }

    /// The seats ranked first.
    #[must_use]
    pub fn winners(&self) -> PlayerSet {
        PlayerId::all(self.players)
            .filter(|&p| self.rank(p) == 0)
            .collect()
    }

    /// The single winner, if exactly one seat is ranked first.
    #[must_use]
    pub fn winner(&self) -> Option<PlayerId> {
        let w = self.winners();
        if w.len() == 1 { w.iter().next() } else { None }
    }

    /// Whether every seat shares first place.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.winners().len() == self.players as usize
    }

    /// A zero-sum utility for search code: in a game of `n` seats ranked into groups, each seat
    /// gets `(seats ranked below it - seats ranked above it) / (n - 1)`. Two players: +1 win,
    /// -1 loss, 0 draw. The values of all seats sum to zero.
    #[must_use]
    pub fn returns(&self, p: PlayerId) -> f64 {
        if self.players < 2 {
            return 0.0;
        }
        let r = self.rank(p);
        let (mut below, mut above) = (0i32, 0i32);
        for q in PlayerId::all(self.players) {
            let s = self.rank(q);
            if s > r {
                below += 1;
            } else if s < r {
                above += 1;
            }
        }
        f64::from(below - above) / f64::from(self.players - 1)
    }
}

impl fmt::Debug for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Outcome")
            .field("ranks", &&self.ranks[..self.players as usize])
            .finish()
    }
}

impl fmt::Display for Outcome {
    /// `"winner 2"`, `"draw"`, or a ranking such as `"ranks 3,2,1,3"` (1 = first).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_draw() {
            return f.write_str("draw");
        }
        if let Some(w) = self.winner() {
            if self.players == 2 {
                return write!(f, "winner {w}");
            }
        }
        f.write_str("ranks ")?;
        for (i, p) in PlayerId::all(self.players).enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", self.rank(p) + 1)?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::Outcome;
    use alloc::vec::Vec;

    /// The ranks counted from 1, like seats and like `Display`: `[1, 2]` is a first-seat win.
    impl serde::Serialize for Outcome {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.ranks[..self.players as usize].iter().map(|r| r + 1))
        }
    }

    impl<'de> serde::Deserialize<'de> for Outcome {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let numbers = Vec::<u8>::deserialize(d)?;
            let bad = || serde::de::Error::custom("an outcome ranks 1 to 8 seats, from rank 1");
            let ranks: Vec<u8> = numbers
                .iter()
                .map(|&r| r.checked_sub(1).ok_or_else(bad))
                .collect::<Result<_, _>>()?;
            Outcome::from_ranks(&ranks).map_err(|_| bad())
        }
    }
}

/// Whether a game goes on, and with whom.
///
/// With the `serde` feature the JSON counts seats and ranks from 1, as the text forms do:
/// `{"Ongoing":1}` is the first seat to decide, `{"Finished":[2,1]}` a second-seat win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The game goes on; this seat makes the next decision.
    Ongoing(PlayerId),
    /// The game is over.
    Finished(Outcome),
}

impl Status {
    /// The seat to decide, if the game goes on.
    #[must_use]
    pub fn to_move(self) -> Option<PlayerId> {
        match self {
            Status::Ongoing(p) => Some(p),
            Status::Finished(_) => None,
        }
    }

    /// The outcome, if the game is over.
    #[must_use]
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Status::Ongoing(_) => None,
            Status::Finished(o) => Some(o),
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_finished(self) -> bool {
        matches!(self, Status::Finished(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn p(i: u8) -> PlayerId {
        PlayerId::new(i).unwrap()
    }

    #[test]
    fn constructors_refuse_seats_out_of_range() {
        assert_eq!(Outcome::draw(9), Err(OutOfRange));
        assert_eq!(Outcome::draw(0), Err(OutOfRange));
        assert_eq!(Outcome::win(9, p(0)), Err(OutOfRange));
        assert_eq!(Outcome::win(2, p(2)), Err(OutOfRange));
        assert_eq!(Outcome::winner_then_scores(p(3), &[1, 2]), Err(OutOfRange));
        assert_eq!(Outcome::winner_then_scores(p(0), &[0; 9]), Err(OutOfRange));
        assert_eq!(Outcome::from_ranks(&[0; 9]), Err(OutOfRange));
        let eight = Outcome::win(8, p(7)).unwrap();
        assert_eq!(
            alloc::format!("{eight:?}"),
            "Outcome { ranks: [1, 1, 1, 1, 1, 1, 1, 0] }"
        );
        assert_eq!(eight.winner(), Some(p(7)));
    }

    #[test]
    fn ranks_are_dense_and_ties_share() {
        let o = Outcome::from_ranks(&[4, 0, 4, 9]).unwrap();
        assert_eq!(
            [o.rank(p(0)), o.rank(p(1)), o.rank(p(2)), o.rank(p(3))],
            [1, 0, 1, 2]
        );
        assert_eq!(o.winner(), Some(p(1)));
        assert_eq!(o.to_string(), "ranks 2,1,2,3");
    }

    #[test]
    fn returns_sum_to_zero() {
        for o in [
            Outcome::win(2, p(0)).unwrap(),
            Outcome::draw(3).unwrap(),
            Outcome::winner_then_scores(p(1), &[3, 0, 3, 1]).unwrap(),
        ] {
            let sum: f64 = PlayerId::all(o.player_count()).map(|q| o.returns(q)).sum();
            assert!(sum.abs() < 1e-9, "{o:?}");
        }
        assert_eq!(Outcome::win(2, p(0)).unwrap().returns(p(0)), 1.0);
        assert_eq!(Outcome::win(2, p(0)).unwrap().returns(p(1)), -1.0);
    }

    #[test]
    fn display_forms() {
        assert_eq!(Outcome::win(2, p(1)).unwrap().to_string(), "winner 2");
        assert_eq!(Outcome::draw(2).unwrap().to_string(), "draw");
        assert_eq!(Outcome::from_ranks(&[]), Err(OutOfRange));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn json_counts_seats_and_ranks_from_one() {
        let json = |s: Status| serde_json::to_string(&s).unwrap();
        assert_eq!(json(Status::Ongoing(p(0))), r#"{"Ongoing":1}"#);
        let second_wins = Outcome::win(2, p(1)).unwrap();
        assert_eq!(json(Status::Finished(second_wins)), r#"{"Finished":[2,1]}"#);
        let back: Status = serde_json::from_str(r#"{"Finished":[2,1]}"#).unwrap();
        assert_eq!(back, Status::Finished(second_wins));
        assert!(serde_json::from_str::<Outcome>("[0,1]").is_err());
        assert!(serde_json::from_str::<Outcome>("[1,1,1,1,1,1,1,1,1]").is_err());
    }
}
