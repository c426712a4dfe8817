//! Perft from the start positions (counts given by the rules file and the issue) and the
//! perft file of further positions.

use abstract_game::{Game, perft, perft_full};
use epaminondas_core::{Config, Epaminondas};

fn start(width: u8, height: u8, mirror: bool) -> Epaminondas {
    Epaminondas::new(&Config {
        width,
        height,
        mirror,
        ..Config::default()
    })
    .unwrap()
}

#[test]
fn perft_standard_start() {
    for mirror in [true, false] {
        let s = start(14, 12, mirror);
        assert_eq!(perft(&s, 1), 114);
        assert_eq!(perft(&s, 2), 12_996);
        assert_eq!(perft(&s, 3), 1_787_292);
    }
}

#[test]
fn perft_8x8_start() {
    let s = start(8, 8, true);
    assert_eq!(perft(&s, 1), 60);
    assert_eq!(perft(&s, 2), 3_600);
    assert_eq!(perft(&s, 3), 269_278);
}

#[test]
fn bulk_count_agrees_with_full_perft() {
    let s = start(14, 12, true);
    assert_eq!(perft_full(&s, 3), 1_787_292);
    let s = start(10, 8, true);
    assert_eq!(perft(&s, 3), perft_full(&s, 3));
}

/// More positions (game positions from the records, other starts, a mirror-rule case), counts
/// from the naive generator of `tests/common`.
#[test]
fn perft_file() {
    let text = include_str!("perft.txt");
    let checked = abstract_game_testkit::check_perft_file::<Epaminondas>(text, 10_000_000);
    assert_eq!(checked, 66);
}

/// The whole perft file, deep lines included (about 10 s in release).
#[test]
#[ignore = "deep perft"]
fn perft_file_deep() {
    let text = include_str!("perft.txt");
    let checked = abstract_game_testkit::check_perft_file::<Epaminondas>(text, u64::MAX);
    assert_eq!(checked, 68);
}

/// perft(4) from the start, timed, checked against the full (apply every leaf) count:
/// `cargo test -p epaminondas-core --release --test perft -- --ignored --nocapture perft_4`.
#[test]
#[ignore = "deep perft"]
fn perft_4_standard_start() {
    let s = start(14, 12, true);
    let t = std::time::Instant::now();
    let bulk = perft(&s, 4);
    let bulk_time = t.elapsed();
    let t = std::time::Instant::now();
    let full = perft_full(&s, 4);
    let full_time = t.elapsed();
    println!("perft(4) = {bulk} in {bulk_time:?} (bulk counting); perft_full in {full_time:?}");
    assert_eq!(bulk, full);
}

mod common;

/// Writes perft-file lines for the positions in `EPAM_POSITIONS` (a file of `# comment` and
/// position lines) with counts from the naive generator of `tests/common`, independent of the
/// engine. Run by hand: `EPAM_POSITIONS=... cargo test --release --test perft -- --ignored
/// --nocapture naive_perft_lines`.
#[test]
#[ignore = "generates the perft file with the naive generator"]
fn naive_perft_lines() {
    let Ok(path) = std::env::var("EPAM_POSITIONS") else {
        return;
    };
    let depth: u32 = std::env::var("EPAM_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            println!("{line}");
            continue;
        }
        let naive = common::Naive::parse(line);
        for d in 1..=depth {
            println!("{line} / {d} / {}", naive.perft(d));
        }
    }
}

/// More legal moves than `MoveList`'s inline capacity: the buffer spills to the heap (it
/// allocates, once per buffer) and generation, counting and perft still agree with the naive
/// generator. White's 28 pieces in one block in the middle of the board (found by
/// `cargo run -p benches --example branching -- climb`); random games stay below 300.
#[test]
fn more_moves_than_the_inline_capacity() {
    use abstract_game::smallvec::Array;
    let block = "2............2/............../............../.....1111...../....111111..../\
                 ....111111..../....111111..../....111111..../............../............../\
                 ............../..............";
    for mirror in ["off", "on"] {
        let text = format!("{block} 1 mirror:{mirror} stones:off");
        let g: Epaminondas = text.parse().unwrap();
        let moves = g.legal_moves();
        assert!(moves.spilled());
        assert!(moves.len() > <Epaminondas as Game>::MoveArray::size());
        assert_eq!(moves.len(), 554);
        assert_eq!(g.count_moves(), 554);
        let naive = common::Naive::parse(&text);
        let mut expected: Vec<String> = naive.moves().into_iter().map(|(m, _)| m).collect();
        let mut ours: Vec<String> = moves.iter().map(ToString::to_string).collect();
        expected.sort();
        ours.sort();
        assert_eq!(ours, expected);
        assert_eq!(perft(&g, 2), naive.perft(2));
        assert_eq!(perft_full(&g, 2), perft(&g, 2));
        abstract_game_testkit::check_position(&g).unwrap();
    }
}
