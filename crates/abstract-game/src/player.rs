//! Seats and sets of seats.

use core::fmt;

/// The largest player count any game of this workspace may declare.
pub const MAX_PLAYERS: u8 = 8;

/// A seat at the table: index `0..player_count`, shown 1-based (`"1"` is the first seat).
///
/// ```
/// use abstract_game::PlayerId;
/// let p = PlayerId::new(0).unwrap();
/// assert_eq!(p.to_string(), "1");
/// assert_eq!(PlayerId::from_number(2), PlayerId::new(1));
/// assert_eq!(PlayerId::new(8), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct PlayerId(u8);

impl PlayerId {
    /// Seat 1 (index 0).
    pub const FIRST: PlayerId = PlayerId(0);
    /// Seat 2 (index 1).
    pub const SECOND: PlayerId = PlayerId(1);

    /// The seat with 0-based `index`, if `index < MAX_PLAYERS`.
    #[must_use]
    pub const fn new(index: u8) -> Option<PlayerId> {
        if index < MAX_PLAYERS {
            Some(PlayerId(index))
        } else {
            None
        }
    }

    /// The seat with 1-based `number` (as people and records count seats).
    #[must_use]
    pub const fn from_number(number: u8) -> Option<PlayerId> {
        if number == 0 {
            None
        } else {
            PlayerId::new(number - 1)
        }
    }

    /// The 0-based index, for use as an array index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 1-based seat number.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The next seat in a game of `player_count` seats, wrapping around to the first seat.
    /// Total: a count that does not hold this seat (0 included) also gives the first seat.
    ///
    /// ```
    /// use abstract_game::PlayerId;
    /// assert_eq!(PlayerId::FIRST.next(2), PlayerId::SECOND);
    /// assert_eq!(PlayerId::SECOND.next(2), PlayerId::FIRST);
    /// assert_eq!(PlayerId::SECOND.next(0), PlayerId::FIRST);
    /// ```
    #[must_use]
    pub const fn next(self, player_count: u8) -> PlayerId {
        if self.0 + 1 < player_count {
            PlayerId(self.0 + 1)
        } else {
            PlayerId::FIRST
        }
    }

    /// Every seat of a game with `player_count` seats, in order.
    pub fn all(player_count: u8) -> impl Iterator<Item = PlayerId> {
        (0..player_count.min(MAX_PLAYERS)).map(PlayerId)
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl From<PlayerId> for u8 {
    /// The 1-based seat number.
    fn from(p: PlayerId) -> u8 {
        p.number()
    }
}

impl TryFrom<u8> for PlayerId {
    type Error = crate::OutOfRange;
    /// From the 1-based seat number.
    fn try_from(number: u8) -> Result<Self, Self::Error> {
        PlayerId::from_number(number).ok_or(crate::OutOfRange)
    }
}

/// A set of seats (a bit per seat), for example the winners of a game.
///
/// ```
/// use abstract_game::{PlayerId, PlayerSet};
/// let mut s = PlayerSet::EMPTY;
/// s.insert(PlayerId::SECOND);
/// assert!(s.contains(PlayerId::SECOND));
/// assert_eq!(s.iter().collect::<Vec<_>>(), vec![PlayerId::SECOND]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// No seat.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The set holding only `p`.
    #[must_use]
    pub const fn single(p: PlayerId) -> PlayerSet {
        PlayerSet(1 << p.0)
    }

    /// Adds `p`.
    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= 1 << p.0;
    }

    /// Removes `p`.
    pub fn remove(&mut self, p: PlayerId) {
        self.0 &= !(1 << p.0);
    }

    /// Whether `p` is in the set.
    #[must_use]
    pub const fn contains(self, p: PlayerId) -> bool {
        self.0 & (1 << p.0) != 0
    }

    /// Number of seats in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = PlayerId> {
        (0..MAX_PLAYERS)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(PlayerId)
    }
}

impl FromIterator<PlayerId> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = PlayerId>>(iter: I) -> Self {
        let mut s = PlayerSet::EMPTY;
        for p in iter {
            s.insert(p);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_wraps_and_never_divides_by_zero() {
        let last = PlayerId::new(MAX_PLAYERS - 1).unwrap();
        assert_eq!(last.next(MAX_PLAYERS), PlayerId::FIRST);
        assert_eq!(PlayerId::SECOND.next(3), PlayerId::new(2).unwrap());
        for count in 0..=u8::MAX {
            for p in PlayerId::all(MAX_PLAYERS) {
                let n = p.next(count);
                assert!(n.index() < usize::from(count.max(1)), "{p} in {count}");
            }
        }
    }
}
