//! Property tests over random games (driven by `choices()` + `replay_choices`).

use abstract_game::{Game, PlayerId, replay_choices};
use abstract_game_testkit::choices;
use pikemen_core::{Config, Move, Pikemen, Square, State};
use proptest::prelude::*;

fn start(players: u8, target: u32) -> Pikemen {
    Pikemen::new(&Config {
        players,
        target,
        ..Config::default()
    })
    .unwrap()
}

/// (owner, size) counts of the pieces on the board.
fn census(g: &Pikemen) -> [[u32; 3]; 4] {
    let mut c = [[0; 3]; 4];
    for i in 0..64 {
        if let Some(p) = g.piece_at(Square::new(i).unwrap()) {
            c[p.owner.index()][p.size.points() as usize - 1] += 1;
        }
    }
    c
}

fn check_game(players: u8, target: u32, picks: &[u32]) -> Result<(), TestCaseError> {
    check_from(start(players, target), picks)
}

fn check_from(start: Pikemen, picks: &[u32]) -> Result<(), TestCaseError> {
    let players = start.player_count();
    let (_, moves) = replay_choices(&start, picks.iter().copied());
    // Value of the enemy pieces each seat captured, tallied independently of the engine
    // (starting from the points the position already gives).
    let mut captured = [0i32; 4];
    for p in PlayerId::all(players) {
        captured[p.index()] = start.score(p);
    }
    let mut g = start;
    for mv in moves {
        let me = g.to_move().unwrap();
        let before = g.clone();
        g.apply(mv).unwrap();

        // Only the moved piece changes: every other square keeps its content.
        for i in 0..64 {
            let s = Square::new(i).unwrap();
            if s != mv.from() && s != mv.to() {
                prop_assert_eq!(before.piece_at(s), g.piece_at(s));
            }
        }
        let moved = before.piece_at(mv.from()).unwrap();
        let landed = g.piece_at(mv.to()).unwrap();
        prop_assert_eq!((landed.owner, landed.size), (moved.owner, moved.size));
        if !mv.is_reorient() {
            prop_assert_eq!(g.piece_at(mv.from()), None);
        }
        if let Some(victim) = before.piece_at(mv.to()).filter(|_| !mv.is_reorient()) {
            prop_assert!(victim.owner != me);
            captured[me.index()] += i32::from(victim.size.points());
        }

        // No piece is ever created: every (owner, size) count only goes down, by at most one
        // piece in total.
        let (a, b) = (census(&before), census(&g));
        let mut lost = 0;
        for o in 0..4 {
            for s in 0..3 {
                prop_assert!(b[o][s] <= a[o][s]);
                lost += a[o][s] - b[o][s];
            }
        }
        prop_assert!(lost <= 1);

        // Points equal the value of the enemy pieces captured.
        for p in PlayerId::all(players) {
            prop_assert_eq!(g.score(p), captured[p.index()]);
        }
        // Hashing stays incremental.
        prop_assert_eq!(g.hash64(), g.hash64_from_scratch());
    }
    Ok(())
}

proptest! {
    /// Every value the public constructors return prints a text that reads back as itself.
    #[test]
    fn every_constructed_move_and_square_round_trips(a in 0u8..64, b in 0u8..64, s in 0usize..10, kind in 0u8..3) {
        let (from, to) = (Square::new(a).unwrap(), Square::new(b).unwrap());
        prop_assert_eq!(Square::parse(&from.to_string()), Some(from));
        prop_assert_eq!(format!("{from:?}"), format!("Square({from})"));
        let state = State::ALL.get(s).copied();
        let built = match kind {
            0 => Some(Move::reorient(from, state.unwrap_or(State::Up))),
            1 => Move::charge(from, to, state),
            _ => Move::capture(from, to, state),
        };
        prop_assert_eq!(built.is_none(), kind > 0 && a == b);
        if let Some(mv) = built {
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            prop_assert_eq!(format!("{mv:?}"), format!("Move({mv})"));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn two_players(picks in choices(400)) {
        check_game(2, 12, &picks)?;
    }

    #[test]
    fn three_players(picks in choices(400)) {
        check_game(3, 12, &picks)?;
    }

    #[test]
    fn four_players(picks in choices(400)) {
        check_game(4, 15, &picks)?;
    }

    /// From the midgame positions, where captures come sooner.
    #[test]
    fn from_midgames(index in 0..10usize, picks in choices(300)) {
        let texts: Vec<&str> = include_str!("positions.txt")
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        check_from(texts[index % texts.len()].parse().unwrap(), &picks)?;
    }

    /// Any text is either refused with an error or read into a state that prints back the
    /// same way (never a panic).
    #[test]
    fn position_text_never_panics(text in "[LMS1-8/ UNESW,0-9]{0,80}") {
        if let Ok(g) = text.parse::<Pikemen>() {
            prop_assert_eq!(g.to_string().parse::<Pikemen>().unwrap(), g);
        }
    }

    #[test]
    fn move_text_never_panics(text in "[a-i0-9x()UNESW-]{0,12}") {
        if let Ok(m) = text.parse::<pikemen_core::Move>() {
            prop_assert_eq!(m.to_string(), text);
        }
    }
}
