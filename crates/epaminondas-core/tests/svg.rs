//! The pictures: every random position drawn with exactly its pieces and stones, golden start
//! pictures (regenerate with `UPDATE_GOLDEN=1 cargo test -p epaminondas-core --test svg`),
//! home rows, the mirror rule, the last move, orientation.

use abstract_game::{Game, PlayerId, ToSvg};
use abstract_game_testkit::{KitOptions, check_golden, check_pictures};
use epaminondas_core::{Config, Content, Epaminondas, Square, SvgOptions};

/// Every piece's and stone's square and the class its element must have, from `at`.
fn pieces(g: &Epaminondas) -> Vec<(Square, String)> {
    let mut out = Vec::new();
    for r in 0..g.height() {
        for f in 0..g.width() {
            let s = Square::new(f, r).unwrap();
            let class = match g.at(s) {
                None | Some(Content::Empty) => continue,
                Some(Content::Stone) => "piece stone".to_string(),
                Some(Content::Piece(PlayerId::FIRST)) => "piece white seat-1".to_string(),
                Some(Content::Piece(p)) => format!("piece black seat-{p}"),
            };
            out.push((s, class));
        }
    }
    out
}

/// The element of class `class` on `square`, with the attribute `attr`.
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

fn piece_y(svg: &str, square: &str) -> f64 {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let g = doc
        .descendants()
        .find(|n| n.attribute("data-square") == Some(square) && n.tag_name().name() == "g")
        .unwrap();
    let c = g
        .children()
        .find(|c| c.tag_name().name() == "circle")
        .unwrap();
    c.attribute("cy").unwrap().parse().unwrap()
}

fn configs() -> [Config; 3] {
    [
        Config::default(),
        Config {
            width: 8,
            height: 8,
            stones: true,
            mirror: true,
        },
        Config {
            width: 10,
            height: 8,
            stones: false,
            mirror: false,
        },
    ]
}

#[test]
fn every_random_position_shows_exactly_its_pieces() {
    let opts = KitOptions {
        games: 6,
        max_plies: 150,
        ..KitOptions::default()
    };
    for config in configs() {
        let start = Epaminondas::new(&config).unwrap();
        assert!(check_pictures(&start, &opts, pieces) > 100);
    }
}

#[test]
fn start_pictures_match_the_golden_files() {
    for config in configs() {
        let start = Epaminondas::new(&config).unwrap();
        let path = format!(
            "{}/tests/golden/start-{}x{}{}.svg",
            env!("CARGO_MANIFEST_DIR"),
            config.width,
            config.height,
            if config.stones { "-stones" } else { "" }
        );
        check_golden(path, &start.to_svg(&SvgOptions::default()));
    }
}

#[test]
fn the_mirror_rule_and_what_it_forbids_are_shown() {
    // docs/rules.md: Black to move; d2-d1 would make the board its own
    // colour-swapped reflection.
    let text = "22.1..../......../......../......../......../......../...2..../11...... 2";
    let on: Epaminondas = format!("{text} mirror:on stones:off").parse().unwrap();
    let svg = on.to_svg(&SvgOptions::default());
    assert!(svg.contains(r#"data-mirror="on" data-forbidden="d2-d1""#));
    assert!(svg.contains("mirror rule on: it forbids d2-d1 here"));
    let off: Epaminondas = format!("{text} mirror:off stones:off").parse().unwrap();
    let svg = off.to_svg(&SvgOptions::default());
    assert!(svg.contains(r#"data-mirror="off" data-forbidden="""#));
    let start = Epaminondas::new(&Config::default()).unwrap();
    assert!(
        start
            .to_svg(&SvgOptions::default())
            .contains(r#"data-mirror="on" data-forbidden="""#)
    );
}

#[test]
fn home_rows_stones_and_captions() {
    let start = Epaminondas::new(&Config::default()).unwrap();
    let svg = start.to_svg(&SvgOptions::default());
    assert!(svg.contains(r#"class="home-row seat-1" data-rank="1""#));
    assert!(svg.contains(r#"class="home-row seat-2" data-rank="12""#));
    assert!(svg.contains("Epaminondas 14x12 · White to move"));
    assert!(svg.contains("<title>white piece on a1</title>"));
    let stones = Epaminondas::new(&configs()[1]).unwrap();
    let placed = stones.after(stones.parse_move("d5").unwrap()).unwrap();
    let svg = placed.to_svg(&SvgOptions {
        last_move: stones.last_move(stones.parse_move("d5").unwrap()),
        ..SvgOptions::default()
    });
    assert_eq!(
        attribute(&svg, "piece", "d5", "class").unwrap(),
        "piece stone"
    );
    assert!(attribute(&svg, "place", "d5", "class").is_some());
    assert!(svg.contains("Black places stone 2 of 3"));
}

#[test]
fn the_last_move_marks_the_group_path() {
    let start = Epaminondas::new(&Config::default()).unwrap();
    let mv = start.parse_move("a1-a4").unwrap();
    let svg = start.after(mv).unwrap().to_svg(&SvgOptions {
        last_move: start.last_move(mv),
        highlights: vec!["c3".parse().unwrap()],
        ..SvgOptions::default()
    });
    assert!(attribute(&svg, "origin", "a1", "class").is_some());
    for s in ["a2", "a3"] {
        assert!(attribute(&svg, "path", s, "class").is_some(), "{s}");
    }
    assert_eq!(
        attribute(&svg, "target", "a4", "class").unwrap(),
        "last-move target"
    );
    assert!(attribute(&svg, "highlight", "c3", "class").is_some());
    assert_eq!(start.last_move(start.parse_move("a1-a5").unwrap()), None);
}

#[test]
fn black_at_the_bottom_turns_the_board() {
    let start = Epaminondas::new(&Config::default()).unwrap();
    let svg = start.to_svg(&SvgOptions::default());
    assert!(piece_y(&svg, "a1") > piece_y(&svg, "a12"));
    let svg = start.to_svg(&SvgOptions {
        bottom: PlayerId::SECOND,
        coordinates: false,
        ..SvgOptions::default()
    });
    assert!(piece_y(&svg, "a1") < piece_y(&svg, "a12"));
    assert!(!svg.contains("coordinate"));
}
