//! Perft: leaf counts of the move tree, the standard check of a move generator.

use abstract_game::{Game, perft, perft_full};
use pikemen_core::{Config, Pikemen, Square, State};

fn start(players: u8) -> Pikemen {
    Pikemen::new(&Config {
        players,
        target: 12,
        ..Config::default()
    })
    .unwrap()
}

/// The counts given by the issue and the rules research (computed there independently):
/// 120 = 15 pieces x 8 new states; 14,400 = 120 x 120 (seat 2's pieces are all still upright,
/// whatever seat 1 did); 1,800,216 at depth 3 (the oracle records agree at their first plies).
#[test]
fn two_player_start() {
    let g = start(2);
    assert_eq!(perft(&g, 1), 120);
    assert_eq!(perft(&g, 2), 14_400);
    assert_eq!(perft(&g, 3), 1_800_216);
}

#[test]
fn bulk_counting_agrees_with_full_perft() {
    for players in 2..=4 {
        let g = start(players);
        assert_eq!(perft(&g, 3), perft_full(&g, 3), "{players} players");
    }
}

#[test]
fn perft_file() {
    let text = include_str!("perft.txt");
    let checked = abstract_game_testkit::check_perft_file::<Pikemen>(text, 300_000_000);
    assert!(checked >= 40, "{checked}");
}

#[test]
#[ignore = "deep: run with --ignored in release"]
fn two_player_start_depth_4() {
    let g = start(2);
    assert_eq!(perft(&g, 4), perft_full(&g, 4));
}

/// Start positions of 3 and 4 players: until seat 1 moves again every mover has only upright
/// pieces, so each ply multiplies by (pieces x 8): 96 for 3 players, 72 for 4.
#[test]
fn three_and_four_player_starts_by_hand() {
    let g = start(3);
    assert_eq!(perft(&g, 1), 96);
    assert_eq!(perft(&g, 2), 96 * 96);
    assert_eq!(perft(&g, 3), 96 * 96 * 96);
    let g = start(4);
    assert_eq!(perft(&g, 3), 72 * 72 * 72);
    assert_eq!(perft(&g, 4), 72 * 72 * 72 * 72);
}

/// The seed's rule (a charge must change the state) from the 2-player start. Depths 1 and 2
/// are all reorientations (every piece is upright until its owner moves it), so they are
/// 120 and 120 x 120 as under the default rules; depth 3 is where charges, 8 per stop
/// instead of 9, first appear, checked with the naive generator.
#[test]
fn must_change_from_the_start() {
    let g = Pikemen::new(&Config {
        charge_keeps_state: false,
        ..Config::default()
    })
    .unwrap();
    assert_eq!(perft(&g, 1), 120);
    assert_eq!(perft(&g, 2), 14_400);
    let three = naive_perft(&g, 3);
    assert_eq!(perft(&g, 3), three);
    assert_eq!(perft_full(&g, 3), three);
    assert!(three < 1_800_216, "{three}");
    println!("must-change perft(3) = {three}");
}

/// Deeper must-change counts against the naive generator (slow in a debug build).
#[test]
#[ignore = "deep: run with --ignored"]
fn must_change_depth_4_naive() {
    for players in 2..=4 {
        let g = Pikemen::new(&Config {
            players,
            charge_keeps_state: false,
            ..Config::default()
        })
        .unwrap();
        let n = naive_perft(&g, 4);
        assert_eq!(perft(&g, 4), n, "{players} players");
        println!("{players} players, must-change perft(4) = {n}");
    }
}

/// More legal moves than `MoveList`'s inline capacity: the buffer spills to the heap (it
/// allocates, once per buffer) and generation, counting and perft still agree with the naive
/// generator. Seat 1's 15 pieces all lie with long charges: a1..h1 point north (6 empty
/// squares ahead, and h1 may also capture the lying h8), a8..g8 point south (6 each). By hand:
/// 15 x 8 reorientations + 91 charge stops x 9 end states = 939, or x 8 = 848 when a charge
/// must change the state. Random games stay below 430.
#[test]
fn more_moves_than_the_inline_capacity() {
    use abstract_game::smallvec::Array;
    let crowded = "L1SL1SM1SM1SS1SS1SS1SS2N/8/8/8/8/8/8/L1NL1NL1NM1NM1NM1NS1NS1N 1 0,0 12";
    for (text, n) in [
        (crowded.to_string(), 939),
        (format!("{crowded} must-change"), 848),
    ] {
        let g: Pikemen = text.parse().unwrap();
        let moves = g.legal_moves();
        assert!(moves.spilled());
        assert!(moves.len() > <Pikemen as Game>::MoveArray::size());
        assert_eq!(moves.len(), n);
        assert_eq!(g.count_moves(), n);
        assert_eq!(naive_perft(&g, 2), perft(&g, 2), "{g}");
        assert_eq!(perft_full(&g, 2), perft(&g, 2));
        abstract_game_testkit::check_position(&g).unwrap();
    }
}

// ---- a naive generator, written from the rules with the public API only ----------------------

fn step(s: State) -> (i8, i8) {
    match s {
        State::Up => (0, 0),
        State::N => (0, 1),
        State::NE => (1, 1),
        State::E => (1, 0),
        State::SE => (1, -1),
        State::S => (0, -1),
        State::SW => (-1, -1),
        State::W => (-1, 0),
        State::NW => (-1, 1),
    }
}

fn naive_moves(g: &Pikemen) -> Vec<String> {
    let mut out = Vec::new();
    let Some(me) = g.to_move() else {
        return out;
    };
    for i in 0..64 {
        let from = Square::new(i).unwrap();
        let Some(p) = g.piece_at(from) else { continue };
        if p.owner != me {
            continue;
        }
        for s in State::ALL {
            if s != p.state {
                out.push(format!("{from}({s})"));
            }
        }
        if p.state == State::Up {
            continue;
        }
        let (df, dr) = step(p.state);
        let (mut f, mut r) = (from.file() as i8, from.rank() as i8);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let to = Square::from_coords(f as u8, r as u8).unwrap();
            let sep = match g.piece_at(to) {
                None => '-',
                Some(q) if q.owner != me && (q.state != State::Up || p.size > q.size) => 'x',
                Some(_) => break,
            };
            if g.config().charge_keeps_state {
                out.push(format!("{from}{sep}{to}"));
            }
            for s in State::ALL {
                if s != p.state {
                    out.push(format!("{from}{sep}{to}({s})"));
                }
            }
            if sep == 'x' {
                break;
            }
        }
    }
    out.sort();
    out
}

/// Perft with the naive generator, checking at every inner node that it lists exactly the
/// engine's moves.
fn naive_perft(g: &Pikemen, depth: u32) -> u64 {
    let moves = naive_moves(g);
    let mut ours: Vec<String> = g.legal_moves().iter().map(ToString::to_string).collect();
    ours.sort();
    assert_eq!(ours, moves, "at {g}");
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| naive_perft(&g.after(m.parse().unwrap()).unwrap(), depth - 1))
        .sum()
}

fn positions() -> Vec<Pikemen> {
    include_str!("positions.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.parse().unwrap())
        .collect()
}

#[test]
fn naive_generator_agrees_on_starts_and_midgames() {
    for players in 2..=4 {
        let g = start(players);
        assert_eq!(naive_perft(&g, 2), perft(&g, 2));
    }
    for g in positions() {
        assert_eq!(naive_perft(&g, 2), perft(&g, 2), "{g}");
        assert_eq!(perft_full(&g, 3), perft(&g, 3), "{g}");
        let must: Pikemen = format!("{g} must-change").parse().unwrap();
        assert_eq!(naive_perft(&must, 2), perft(&must, 2), "{must}");
        assert_eq!(perft_full(&must, 3), perft(&must, 3), "{must}");
    }
}

/// Prints perft counts of the midgame positions (to write `perft.txt`; each number is also
/// checked against `perft_full` and the naive generator above).
#[test]
#[ignore = "tool: prints counts"]
fn print_counts() {
    for g in positions() {
        for d in 1..=3 {
            let n = perft(&g, d);
            assert_eq!(n, perft_full(&g, d));
            if d <= 2 {
                assert_eq!(n, naive_perft(&g, d));
            }
            println!("{g} / {d} / {n}");
        }
    }
}

/// Prints deeper start counts (release build advised), each checked against `perft_full`.
#[test]
#[ignore = "tool: prints counts"]
fn print_start_counts() {
    for (players, depth) in [(2u8, 4u32), (3, 4), (4, 5)] {
        let g = start(players);
        let t = std::time::Instant::now();
        let n = perft(&g, depth);
        let bulk = t.elapsed();
        assert_eq!(n, perft_full(&g, depth));
        println!("{g} / {depth} / {n}   (bulk {bulk:?})");
    }
}
