//! The pictures: every random position drawn with exactly its pieces, golden start pictures
//! (regenerate with `UPDATE_GOLDEN=1 cargo test -p gipf-core --test svg`), rows waiting for
//! removal, the last push and removals, whose decision, reserves, orientation.

use abstract_game::{Game, PlayerId, ToSvg};
use abstract_game_testkit::{KitOptions, check_golden, check_pictures};
use gipf_core::{Config, Gipf, GipfTurns, Spot, SvgOptions, Variant};

/// Every piece's spot and the class its element must have, from `piece_at`.
fn pieces(g: &Gipf) -> Vec<(Spot, String)> {
    Spot::all()
        .filter_map(|s| {
            let (seat, gipf) = g.piece_at(s)?;
            let kind = if gipf { "gipf" } else { "single" };
            let colour = if seat == PlayerId::FIRST {
                "white"
            } else {
                "black"
            };
            Some((s, format!("piece {kind} {colour} seat-{seat}")))
        })
        .collect()
}

/// The elements of class `class`, as (data-spot, data-dot, data-spots) triples.
fn marks(svg: &str, class: &str) -> Vec<(String, String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|c| c == class))
        })
        .map(|n| {
            let a = |name| n.attribute(name).unwrap_or_default().to_string();
            (a("data-spot"), a("data-dot"), a("data-spots"))
        })
        .collect()
}

/// Where a piece is drawn: the centre of its first disc.
fn piece_y(svg: &str, spot: &str) -> f64 {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let piece = doc
        .descendants()
        .find(|n| n.attribute("data-spot") == Some(spot) && n.tag_name().name() == "g")
        .unwrap();
    let disc = piece
        .children()
        .find(|c| c.tag_name().name() == "circle")
        .unwrap();
    disc.attribute("cy").unwrap().parse().unwrap()
}

const ROW_SOON: &str = "standard W:b2,b3,Gb4,Ge2,Gh5 B:Gc2,Ge8,Gh2 R:10/12 C:0/0 push:w";

#[test]
fn every_random_position_shows_exactly_its_pieces() {
    let opts = KitOptions {
        games: 6,
        max_plies: 150,
        ..KitOptions::default()
    };
    for variant in [Variant::Basic, Variant::Standard, Variant::Tournament] {
        let start = Gipf::new(&Config { variant }).unwrap();
        assert!(check_pictures(&start, &opts, pieces) > 100);
    }
    let turns = GipfTurns::new(&Config::default()).unwrap();
    let opts = KitOptions {
        games: 3,
        max_plies: 60,
        ..KitOptions::default()
    };
    assert!(check_pictures(&turns, &opts, |t: &GipfTurns| pieces(t.inner())) > 30);
}

#[test]
fn start_pictures_match_the_golden_files() {
    for variant in [Variant::Basic, Variant::Standard, Variant::Tournament] {
        let start = Gipf::new(&Config { variant }).unwrap();
        let path = format!(
            "{}/tests/golden/start-{variant}.svg",
            env!("CARGO_MANIFEST_DIR")
        );
        check_golden(path, &start.to_svg(&SvgOptions::default()));
    }
}

#[test]
fn a_row_waiting_for_removal_is_marked_with_its_decider() {
    let before: Gipf = ROW_SOON.parse().unwrap();
    let push = before.parse_move("b6-b5").unwrap();
    let last = before.last_move(push).unwrap();
    let g = before.after(push).unwrap();
    let svg = g.to_svg(&SvgOptions {
        last_move: Some(last),
        ..SvgOptions::default()
    });
    assert!(svg.contains("White to remove a row"));
    let rows = marks(&svg, "pending-row");
    assert_eq!(rows.len(), 1);
    assert!(svg.contains(r#"class="pending-row seat-1" data-spots="b2,b3,b4,b5""#));
    assert_eq!(
        marks(&svg, "push"),
        [("b5".to_string(), "b6".to_string(), String::new())]
    );
    assert!(marks(&svg, "removed").is_empty());
    // White leaves b4 standing: three crosses, Black to push, the reserve back to 12.
    let removal = g.parse_move("xb2,b3,b5").unwrap();
    let last = g.last_move(removal).unwrap();
    let svg = g.after(removal).unwrap().to_svg(&SvgOptions {
        last_move: Some(last),
        ..SvgOptions::default()
    });
    let removed: Vec<String> = marks(&svg, "removed").into_iter().map(|m| m.0).collect();
    assert_eq!(removed, ["b2", "b3", "b5"]);
    assert!(marks(&svg, "pending-row").is_empty());
    assert!(svg.contains("Black to push"));
    assert!(svg.contains(r#"data-seat="1" data-reserve="12" data-captured="0""#));
}

#[test]
fn complete_turns_show_the_push_and_every_removal() {
    let before: GipfTurns = ROW_SOON.parse().unwrap();
    let turn = before.parse_move("b6-b5 xb2,b3,b4,b5").unwrap();
    let last = before.last_move(turn).unwrap();
    let svg = before.after(turn).unwrap().to_svg(&SvgOptions {
        last_move: Some(last),
        ..SvgOptions::default()
    });
    let removed: Vec<String> = marks(&svg, "removed").into_iter().map(|m| m.0).collect();
    assert_eq!(removed, ["b2", "b3", "b4", "b5"]);
    assert_eq!(marks(&svg, "push")[0].1, "b6");
    assert!(svg.contains(r#"data-seat="1" data-reserve="14""#));
}

#[test]
fn forced_removals_of_a_push_are_shown() {
    // Without a GIPF-piece in the run the removal is forced and made inside the push.
    let before: Gipf = "standard W:b2,b3,b4,Ge2,Gh5 B:Gc2,Ge8,Gh2 R:11/12 C:0/0 push:w"
        .parse()
        .unwrap();
    let push = before.parse_move("b6-b5").unwrap();
    let last = before.last_move(push).unwrap();
    assert!(before.after(push).unwrap().at_turn_start());
    let svg = before.after(push).unwrap().to_svg(&SvgOptions {
        last_move: Some(last),
        ..SvgOptions::default()
    });
    let removed: Vec<String> = marks(&svg, "removed").into_iter().map(|m| m.0).collect();
    assert_eq!(removed, ["b2", "b3", "b4", "b5"]);
}

#[test]
fn black_at_the_bottom_turns_the_board() {
    let g = Gipf::new(&Config::default()).unwrap();
    let svg = g.to_svg(&SvgOptions::default());
    // White starts on e2, Black on e8.
    assert!(piece_y(&svg, "e2") > piece_y(&svg, "e8"));
    let svg = g.to_svg(&SvgOptions {
        bottom: PlayerId::SECOND,
        ..SvgOptions::default()
    });
    assert!(piece_y(&svg, "e2") < piece_y(&svg, "e8"));
}

#[test]
fn pieces_dots_names_and_highlights() {
    let g = Gipf::new(&Config::default()).unwrap();
    let e5: Spot = "e5".parse().unwrap();
    let svg = g.to_svg(&SvgOptions {
        highlights: vec![e5],
        ..SvgOptions::default()
    });
    assert_eq!(marks(&svg, "dot").len(), 24);
    assert_eq!(marks(&svg, "spot-name").len(), 37);
    assert_eq!(marks(&svg, "gipf").len(), 6);
    assert_eq!(marks(&svg, "highlight")[0].0, "e5");
    assert!(svg.contains("<title>white GIPF-piece on e2</title>"));
    assert!(svg.contains("White to push"));
    let basic = Gipf::new(&Config {
        variant: Variant::Basic,
    })
    .unwrap();
    let svg = basic.to_svg(&SvgOptions {
        coordinates: false,
        ..SvgOptions::default()
    });
    assert_eq!(marks(&svg, "single").len(), 6);
    assert!(marks(&svg, "spot-name").is_empty());
    assert!(!svg.contains("coordinate"));
}
