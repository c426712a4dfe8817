//! Property tests over random games (proptest choices driving `replay_choices`).

mod common;

use abstract_game::{Game, PlayerId, replay_choices};
use abstract_game_testkit::choices;
use common::Naive;
use epaminondas_core::{Config, Content, Epaminondas, Move, MoveKind, Square};
use proptest::prelude::*;

fn configs() -> impl Strategy<Value = Config> {
    prop_oneof![
        Just(Config::default()),
        Just(Config {
            mirror: false,
            ..Config::default()
        }),
        Just(Config {
            width: 8,
            height: 8,
            ..Config::default()
        }),
        Just(Config {
            width: 10,
            height: 8,
            ..Config::default()
        }),
        Just(Config {
            stones: true,
            ..Config::default()
        }),
        Just(Config {
            width: 6,
            height: 7,
            stones: true,
            ..Config::default()
        }),
    ]
}

fn sorted(state: &Epaminondas) -> Vec<String> {
    let mut v: Vec<String> = state
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    v.sort();
    v
}

fn owner(state: &Epaminondas, f: u8, r: u8) -> Option<Content> {
    state.at(Square::new(f, r).unwrap())
}

/// `mv` with both squares sent through `f` (a symmetry of the board, so lines stay lines).
fn map_move(mv: Move, f: impl Fn(Square) -> Square) -> Move {
    match (mv.kind(), mv.from()) {
        (MoveKind::Capture, Some(from)) => Move::capture(f(from), f(mv.dest())).unwrap(),
        (_, Some(from)) => Move::step(f(from), f(mv.dest())).unwrap(),
        (_, None) => Move::place(f(mv.dest())),
    }
}

/// Checks one applied move against the rules' description of its effect.
fn check_effect(before: &Epaminondas, mv: Move, after: &Epaminondas) -> Result<(), TestCaseError> {
    let me = before.to_move().unwrap();
    let them = me.next(2);
    let to = mv.dest();
    let from = match mv.from() {
        None => {
            prop_assert_eq!(after.at(to), Some(Content::Stone));
            prop_assert_eq!(after.piece_count(me), before.piece_count(me));
            prop_assert_eq!(after.piece_count(them), before.piece_count(them));
            return Ok(());
        }
        Some(from) => from,
    };
    let dx = (i32::from(to.file()) - i32::from(from.file())).signum();
    let dy = (i32::from(to.rank()) - i32::from(from.rank())).signum();
    // The enemy phalanx at the landing square, counted on the board before the move.
    let mut m = 0;
    if mv.is_capture() {
        loop {
            let (f, r) = (i32::from(to.file()) + m * dx, i32::from(to.rank()) + m * dy);
            if f < 0 || r < 0 || f >= i32::from(before.width()) || r >= i32::from(before.height()) {
                break;
            }
            if owner(before, f as u8, r as u8) != Some(Content::Piece(them)) {
                break;
            }
            m += 1;
        }
        prop_assert!(m >= 1);
    }
    prop_assert_eq!(after.piece_count(me), before.piece_count(me));
    prop_assert_eq!(after.piece_count(them) + m as u32, before.piece_count(them));
    // Every square whose content changed lies on the line of the move.
    for f in 0..before.width() {
        for r in 0..before.height() {
            if owner(before, f, r) != owner(after, f, r) {
                let (ex, ey) = (
                    i32::from(f) - i32::from(from.file()),
                    i32::from(r) - i32::from(from.rank()),
                );
                let on_line = (ex * dy == ey * dx) && (ex * dx >= 0) && (ey * dy >= 0);
                prop_assert!(
                    on_line,
                    "{mv}: square {}{} changed off the line",
                    char::from(b'a' + f),
                    r + 1
                );
            }
        }
    }
    prop_assert_eq!(owner(after, to.file(), to.rank()), Some(Content::Piece(me)));
    Ok(())
}

fn mirror_square(s: Square, width: u8) -> Square {
    Square::new(width - 1 - s.file(), s.rank()).unwrap()
}

fn mirror_move(mv: Move, width: u8) -> Move {
    map_move(mv, |s| mirror_square(s, width))
}

proptest! {
    /// Every value the public constructors return prints a text that reads back as itself.
    #[test]
    fn every_constructed_move_round_trips(a in 0u8..=255, b in 0u8..=255, kind in 0u8..3) {
        let sq = |c: u8| Square::new(c & 15, c >> 4).unwrap();
        let built = match kind {
            0 => Move::step(sq(a), sq(b)),
            1 => Move::capture(sq(a), sq(b)),
            _ => Ok(Move::place(sq(a))),
        };
        if let Ok(mv) = built {
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            prop_assert_eq!(format!("{mv:?}"), format!("Move({mv})"));
        }
        let s = sq(a);
        prop_assert_eq!(s.to_string().parse::<Square>(), Ok(s));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn moves_conserve_pieces_and_stay_on_their_line(config in configs(), ch in choices(250)) {
        let start = Epaminondas::new(&config).unwrap();
        let (_, moves) = replay_choices(&start, ch);
        let mut state = start;
        for mv in moves {
            let next = state.after(mv).unwrap();
            check_effect(&state, mv, &next)?;
            state = next;
        }
    }

    #[test]
    fn left_right_mirror_commutes_with_generation(config in configs(), ch in choices(200)) {
        let start = Epaminondas::new(&config).unwrap();
        let (_, moves) = replay_choices(&start, ch);
        let mut state = start;
        for mv in moves.into_iter().chain(core::iter::once(Move::place(Square::new(0, 0).unwrap()))) {
            let mirrored = state.mirrored_files();
            let mut a: Vec<String> = state.legal_moves().iter().map(|&m| mirror_move(m, state.width()).to_string()).collect();
            a.sort();
            prop_assert_eq!(a, sorted(&mirrored));
            prop_assert_eq!(state.status(), mirrored.status());
            match state.after(mv) { Ok(n) => state = n, Err(_) => break }
        }
    }

    #[test]
    fn agrees_with_the_naive_generator(config in configs(), ch in choices(150)) {
        let start = Epaminondas::new(&config).unwrap();
        let (_, moves) = replay_choices(&start, ch);
        let mut state = start;
        for mv in moves.into_iter().map(Some).chain(core::iter::once(None)) {
            let naive = Naive::parse(&state.to_string());
            let mut theirs: Vec<String> = naive.moves().into_iter().map(|(t, _)| t).collect();
            theirs.sort();
            prop_assert_eq!(sorted(&state), theirs, "{}", state);
            prop_assert_eq!(state.count_moves(), state.legal_moves().len());
            let ours = state.status().outcome().and_then(|o| o.winner()).map(|p| p.number());
            prop_assert_eq!(ours, naive.winner());
            if let Some(mv) = mv { state = state.after(mv).unwrap(); }
        }
    }

    /// Copycat games: Black answers every White move with its reflection across the middle
    /// line when legal, which makes mirror-symmetric boards and crossings that the mirror rule
    /// forbids. The engine must agree with the naive generator throughout.
    #[test]
    fn copycat_games_agree_with_the_naive_generator(small in any::<bool>(), ch in choices(120)) {
        let config = if small { Config { width: 6, height: 6, ..Config::default() } } else { Config { width: 8, height: 8, ..Config::default() } };
        let mut state = Epaminondas::new(&config).unwrap();
        let h = state.height();
        let reflect = |s: Square| Square::new(s.file(), h - 1 - s.rank()).unwrap();
        let mut last: Option<Move> = None;
        for c in ch {
            let naive = Naive::parse(&state.to_string());
            let mut theirs: Vec<String> = naive.moves().into_iter().map(|(t, _)| t).collect();
            theirs.sort();
            prop_assert_eq!(sorted(&state), theirs, "{}", state);
            prop_assert_eq!(state.count_moves(), state.legal_moves().len());
            let legal = state.legal_moves();
            if legal.is_empty() { break; }
            let copy = last.take().filter(|m| m.from().is_some()).map(|m| map_move(m, reflect));
            let mv = match copy {
                Some(m) if state.is_legal(m) => m,
                _ => legal[c as usize % legal.len()],
            };
            if state.to_move() == Some(PlayerId::FIRST) { last = Some(mv); }
            state = state.after(mv).unwrap();
        }
    }
}

/// Deterministic copycat games on small boards: the mirror rule must actually bite (some
/// positions lose moves to it), and the engine agrees with the naive generator everywhere.
#[test]
fn copycat_games_meet_the_mirror_rule() {
    let mut bites = 0;
    let mut positions = 0;
    for seed in 0..300u64 {
        let (w, h) = if seed % 2 == 0 { (6, 6) } else { (8, 8) };
        let mut state = Epaminondas::new(&Config {
            width: w,
            height: h,
            ..Config::default()
        })
        .unwrap();
        let mut rng = abstract_game::SeededRng::new(seed);
        let reflect = |s: Square| Square::new(s.file(), h - 1 - s.rank()).unwrap();
        let mut last: Option<Move> = None;
        for _ in 0..200 {
            positions += 1;
            let naive = Naive::parse(&state.to_string());
            let mut theirs: Vec<String> = naive.moves().into_iter().map(|(t, _)| t).collect();
            theirs.sort();
            assert_eq!(sorted(&state), theirs, "{state}");
            assert_eq!(state.count_moves(), theirs.len(), "{state}");
            let off: Epaminondas = state
                .to_string()
                .replace("mirror:on", "mirror:off")
                .parse()
                .unwrap();
            if off.count_moves() != state.count_moves() {
                bites += 1;
            }
            let legal = state.legal_moves();
            if legal.is_empty() {
                break;
            }
            let copy = last
                .take()
                .filter(|m| m.from().is_some())
                .map(|m| map_move(m, reflect));
            let mv = match copy {
                Some(m) if state.is_legal(m) => m,
                _ => legal[rng.below(legal.len())],
            };
            if state.to_move() == Some(PlayerId::FIRST) {
                last = Some(mv);
            }
            state = state.after(mv).unwrap();
        }
    }
    println!("copycat games: {positions} positions, the mirror rule removed moves in {bites}");
    assert!(
        bites > 10,
        "only {bites} positions where the mirror rule bites"
    );
}
