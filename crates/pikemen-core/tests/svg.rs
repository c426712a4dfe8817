//! The pictures: every random position drawn with exactly its pieces, golden start pictures
//! (regenerate with `UPDATE_GOLDEN=1 cargo test -p pikemen-core --test svg`), orientation,
//! directions, last move, highlights and scores.

use abstract_game::{Game, PlayerId, ToSvg};
use abstract_game_testkit::{KitOptions, check_golden, check_pictures};
use pikemen_core::{Config, Pikemen, Size, Square, SvgOptions};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Every piece's square and the class its element must have, from `piece_at`.
fn pieces(g: &Pikemen) -> Vec<(Square, String)> {
    (0..64u8)
        .filter_map(Square::new)
        .filter_map(|s| {
            let p = g.piece_at(s)?;
            let size = match p.size {
                Size::Small => "small",
                Size::Medium => "medium",
                Size::Large => "large",
            };
            let state = if p.state.is_lying() { "lying" } else { "up" };
            Some((s, format!("piece {size} {state} seat-{}", p.owner)))
        })
        .collect()
}

/// The attribute `attr` of the element of class `class` on `square`.
fn attribute(svg: &str, class: &str, square: &str, attr: &str) -> Option<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .find(|n| {
            n.attribute("data-square") == Some(square)
                && n.attribute("class")
                    .is_some_and(|c| c.split_whitespace().any(|c| c == class))
        })
        .and_then(|n| n.attribute(attr).map(str::to_string))
}

/// The (x, y) of a piece's `translate(x y)`.
fn piece_position(svg: &str, square: &str) -> (f64, f64) {
    let t = attribute(svg, "piece", square, "transform").unwrap();
    let inner = t
        .split_once("translate(")
        .unwrap()
        .1
        .split_once(')')
        .unwrap()
        .0;
    let (x, y) = inner.split_once(' ').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn every_random_position_shows_exactly_its_pieces() {
    let opts = KitOptions {
        games: 8,
        max_plies: 150,
        ..KitOptions::default()
    };
    for players in 2..=4 {
        let start = Pikemen::new(&Config {
            players,
            target: 12,
            ..Config::default()
        })
        .unwrap();
        assert!(check_pictures(&start, &opts, pieces) > 100);
    }
}

#[test]
fn start_pictures_match_the_golden_files() {
    for players in 2..=4 {
        let start = Pikemen::new(&Config {
            players,
            target: 12,
            ..Config::default()
        })
        .unwrap();
        let path = format!(
            "{}/tests/golden/start-{players}.svg",
            env!("CARGO_MANIFEST_DIR")
        );
        check_golden(path, &start.to_svg(&SvgOptions::default()));
    }
}

#[test]
fn lying_pieces_point_their_way_and_turn_with_the_board() {
    // a1: seat 1's small pointing north-east; e5: seat 2's large pointing west.
    let g: Pikemen = "8/8/8/4L2W3/8/8/8/S1NE7 1 10,0 12".parse().unwrap();
    let svg = g.to_svg(&SvgOptions::default());
    let rot = |svg: &str, s: &str| {
        let t = attribute(svg, "piece", s, "transform").unwrap();
        t.split_once("rotate(")
            .unwrap()
            .1
            .trim_end_matches(')')
            .to_string()
    };
    assert_eq!(rot(&svg, "a1"), "45");
    assert_eq!(rot(&svg, "e5"), "270");
    assert_eq!(
        attribute(&svg, "piece", "e5", "class").unwrap(),
        "piece large lying seat-2"
    );
    let turned = g.to_svg(&SvgOptions {
        bottom: PlayerId::SECOND,
        ..SvgOptions::default()
    });
    assert_eq!(rot(&turned, "a1"), "225");
    assert_eq!(rot(&turned, "e5"), "90");
}

#[test]
fn the_bottom_seat_starts_at_the_bottom() {
    let two = Pikemen::new(&Config::default()).unwrap();
    let normal = two.to_svg(&SvgOptions::default());
    let turned = two.to_svg(&SvgOptions {
        bottom: PlayerId::SECOND,
        ..SvgOptions::default()
    });
    // Seat 1 starts on h1, seat 2 on a8.
    let (h1, a8) = (piece_position(&normal, "h1"), piece_position(&normal, "a8"));
    assert!(h1.0 > a8.0 && h1.1 > a8.1, "{h1:?} {a8:?}");
    let (h1, a8) = (piece_position(&turned, "h1"), piece_position(&turned, "a8"));
    assert!(h1.0 < a8.0 && h1.1 < a8.1, "{h1:?} {a8:?}");
    // Four players: seat 2 starts on a1, which comes to the bottom right.
    let four = Pikemen::new(&Config {
        players: 4,
        target: 12,
        ..Config::default()
    })
    .unwrap();
    let svg = four.to_svg(&SvgOptions {
        bottom: PlayerId::SECOND,
        ..SvgOptions::default()
    });
    let a1 = piece_position(&svg, "a1");
    for s in ["h1", "a8", "h8"] {
        let other = piece_position(&svg, s);
        assert!(
            a1.0 >= other.0 && a1.1 >= other.1,
            "a1 {a1:?} {s} {other:?}"
        );
    }
}

#[test]
fn the_last_move_marks_origin_path_and_target() {
    let g: Pikemen = "8/8/8/4L2W3/8/8/8/S1NE7 1 10,0 12".parse().unwrap();
    let mv = g.parse_move("a1xe5(U)").unwrap();
    let options = SvgOptions {
        last_move: g.last_move(mv),
        highlights: vec![sq("h8")],
        ..SvgOptions::default()
    };
    let svg = g.after(mv).unwrap().to_svg(&options);
    assert!(attribute(&svg, "origin", "a1", "class").is_some());
    for s in ["b2", "c3", "d4"] {
        assert!(attribute(&svg, "path", s, "class").is_some(), "{s}");
    }
    assert_eq!(
        attribute(&svg, "target", "e5", "class").unwrap(),
        "last-move target capture"
    );
    assert!(attribute(&svg, "highlight", "h8", "class").is_some());
    assert!(attribute(&svg, "path", "e5", "class").is_none());
    // A reorientation marks its one square; an illegal move has no highlight.
    let turn = g.parse_move("a1(N)").unwrap();
    let svg = g.after(turn).unwrap().to_svg(&SvgOptions {
        last_move: g.last_move(turn),
        ..SvgOptions::default()
    });
    assert!(attribute(&svg, "turn", "a1", "class").is_some());
    assert_eq!(g.last_move(g.parse_move("a1-a2").unwrap()), None);
}

#[test]
fn scores_target_and_winner_are_written() {
    let g: Pikemen = "8/8/8/4L2W3/8/8/8/S1NE7 1 10,0 12".parse().unwrap();
    let svg = g.to_svg(&SvgOptions::default());
    assert!(svg.contains("seat 1 to move · first to 12 points wins"));
    assert!(svg.contains(r#"data-seat="1" data-score="10""#));
    assert!(svg.contains(r#"data-seat="2" data-score="0""#));
    let won = g.after(g.parse_move("a1xe5(U)").unwrap()).unwrap();
    let svg = won.to_svg(&SvgOptions::default());
    assert!(svg.contains("<title>Pikemen · seat 1 wins</title>"));
    assert!(svg.contains(r#"data-seat="1" data-score="13""#));
}

#[test]
fn size_and_coordinates_follow_the_options() {
    let g = Pikemen::new(&Config::default()).unwrap();
    let svg = g.to_svg(&SvgOptions {
        size: 300,
        coordinates: false,
        ..SvgOptions::default()
    });
    assert!(svg.contains(r#"width="300""#));
    assert!(!svg.contains("coordinate"));
    let svg = g.to_svg(&SvgOptions::default());
    assert!(svg.contains(r#"width="480""#));
    assert!(svg.contains(r#"class="coordinate""#));
    assert!(svg.contains("<title>seat 1 large pyramid (3 pips), upright, on h1</title>"));
}
