//! Checks of the pictures of [`ToSvg`] games, and golden files.

use crate::KitOptions;
use abstract_game::{PlayerId, SeededRng, SvgOptions, ToSvg};
use std::path::Path;

/// The attributes that name a place in a picture.
const PLACE_ATTRIBUTES: [&str; 2] = ["data-square", "data-spot"];

fn has_class(node: roxmltree::Node<'_, '_>, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|c| c == class))
}

fn place_of<'a>(node: roxmltree::Node<'a, '_>) -> Option<&'a str> {
    PLACE_ATTRIBUTES.iter().find_map(|a| node.attribute(*a))
}

/// Checks one picture: well-formed XML with an `<svg>` root that has a size and a view box;
/// exactly one element of class `piece` per expected `(place, class)` pair, each with its
/// place in `data-square` or `data-spot` and a non-empty `<title>`; an element of class
/// `highlight` on every place in `highlights`; and numbers that are numbers.
pub fn check_picture(
    svg: &str,
    expected: &[(String, String)],
    highlights: &[String],
) -> Result<(), String> {
    let doc = roxmltree::Document::parse(svg).map_err(|e| format!("not well-formed XML: {e}"))?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg"
        || root.tag_name().namespace() != Some("http://www.w3.org/2000/svg")
    {
        return Err("the root element is not an SVG <svg>".into());
    }
    for a in ["width", "height", "viewBox"] {
        if root.attribute(a).is_none() {
            return Err(format!("the <svg> element has no {a}"));
        }
    }
    if svg.contains("NaN") || svg.contains("inf") {
        return Err("a number is NaN or infinite".into());
    }
    let mut shown = Vec::new();
    for node in root.descendants().filter(|n| has_class(*n, "piece")) {
        let place = place_of(node)
            .ok_or_else(|| format!("a piece without data-square or data-spot: {node:?}"))?;
        let titled = node.children().any(|c| {
            c.tag_name().name() == "title" && c.text().is_some_and(|t| !t.trim().is_empty())
        });
        if !titled {
            return Err(format!("the piece on {place} has no <title>"));
        }
        shown.push((
            place.to_string(),
            node.attribute("class").unwrap_or_default().to_string(),
        ));
    }
    let mut want = expected.to_vec();
    want.sort();
    shown.sort();
    if shown != want {
        return Err(format!(
            "pieces shown {shown:?}\n  pieces on the board {want:?}"
        ));
    }
    for h in highlights {
        let found = root
            .descendants()
            .any(|n| has_class(n, "highlight") && place_of(n) == Some(h.as_str()));
        if !found {
            return Err(format!("no highlight on {h}"));
        }
    }
    Ok(())
}

/// Plays `opts.games` seeded random games from `start` and checks the picture of every
/// position with [`check_picture`], against the pieces that `pieces` lists for it (each
/// piece's place and the `class` its element must have, worked out from the game's own
/// accessors). The pictures take turns between the default options, the last move with two
/// highlighted places, and the other seat at the bottom, small and without coordinates.
/// Panics with the seed, the moves and the position on the first bad picture; returns the
/// number of pictures checked.
pub fn check_pictures<G: ToSvg>(
    start: &G,
    opts: &KitOptions,
    pieces: impl Fn(&G) -> Vec<(G::Place, String)>,
) -> usize {
    let mut checked = 0;
    for i in 0..opts.games {
        let seed = opts.seed.wrapping_add(i as u64);
        let mut rng = SeededRng::new(seed);
        let mut state = start.clone();
        let mut path: Vec<String> = Vec::new();
        let mut last = None;
        loop {
            let on_board = pieces(&state);
            let expected: Vec<(String, String)> = on_board
                .iter()
                .map(|(p, c)| (p.to_string(), c.clone()))
                .collect();
            let mut options = SvgOptions::default();
            match path.len() % 3 {
                0 => {}
                1 => {
                    options.last_move = last.clone();
                    options.highlights = on_board.iter().take(2).map(|(p, _)| *p).collect();
                }
                _ => {
                    options.bottom = PlayerId::new(1).unwrap_or(PlayerId::FIRST);
                    options.coordinates = false;
                    options.size = 200;
                }
            }
            let highlights: Vec<String> =
                options.highlights.iter().map(ToString::to_string).collect();
            let svg = state.to_svg(&options);
            if let Err(e) = check_picture(&svg, &expected, &highlights) {
                panic!(
                    "{}: bad picture: {e}\n  seed: {seed}\n  position: {state}\n  path: {}",
                    G::NAME,
                    path.join(" ")
                );
            }
            checked += 1;
            let moves = state.legal_moves();
            if moves.is_empty() || path.len() >= opts.max_plies {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            last = state.last_move(mv);
            if last.is_none() {
                panic!(
                    "{}: no last-move highlight for the legal move {mv}\n  position: {state}",
                    G::NAME
                );
            }
            path.push(mv.to_string());
            state.apply_unchecked(mv);
        }
    }
    checked
}

/// Compares `actual` with the golden file at `path`; with the environment variable
/// `UPDATE_GOLDEN=1` writes `actual` there instead. Panics on a difference, naming the file
/// and how to update it.
pub fn check_golden(path: impl AsRef<Path>, actual: &str) {
    let path = path.as_ref();
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(path, actual).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let golden = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (create it with UPDATE_GOLDEN=1 cargo test)",
            path.display()
        )
    });
    if golden != actual {
        let line = golden
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .map_or(golden.lines().count().min(actual.lines().count()), |n| n)
            + 1;
        panic!(
            "{} differs from the output, first at line {line}; if the change is intended, \
             regenerate it with UPDATE_GOLDEN=1 cargo test",
            path.display()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstract_game::Game;
    use abstract_game::toy::Subtraction;

    fn tokens(g: &Subtraction) -> Vec<(u8, String)> {
        let pile: u8 = g
            .to_string()
            .split(' ')
            .next()
            .and_then(|t| t.parse().ok())
            .unwrap_or(0);
        (1..=pile).map(|n| (n, "piece token".to_string())).collect()
    }

    #[test]
    fn the_toy_pictures_pass() {
        let start = Subtraction::new(&Default::default()).unwrap();
        let n = check_pictures(&start, &KitOptions::default(), tokens);
        assert!(n > 30);
    }

    #[test]
    fn bad_pictures_are_caught() {
        let ok = r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" viewBox="0 0 1 1"><g class="piece x" data-square="a1"><title>x</title></g><rect class="highlight" data-square="b2"/></svg>"#;
        let want = vec![("a1".to_string(), "piece x".to_string())];
        assert_eq!(check_picture(ok, &want, &["b2".to_string()]), Ok(()));
        assert!(check_picture(ok, &want, &["c3".to_string()]).is_err());
        assert!(check_picture(&ok.replace("</svg>", ""), &want, &[]).is_err());
        assert!(check_picture(&ok.replace("a1", "a2"), &want, &[]).is_err());
        assert!(check_picture(&ok.replace("<title>x</title>", ""), &want, &[]).is_err());
        let twice = ok.replace(
            "</svg>",
            r#"<g class="piece x" data-square="a1"><title>x</title></g></svg>"#,
        );
        assert!(check_picture(&twice, &want, &[]).is_err());
        assert!(check_picture(&ok.replace("viewBox", "viewbox"), &want, &[]).is_err());
    }

    #[test]
    fn golden_files_compare() {
        let dir = std::env::temp_dir().join(format!("kit-golden-{}", std::process::id()));
        let file = dir.join("a.svg");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&file, "same\n").unwrap();
        if std::env::var_os("UPDATE_GOLDEN").is_none() {
            check_golden(&file, "same\n");
            let differs = std::panic::catch_unwind(|| check_golden(&file, "other\n"));
            assert!(differs.is_err());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
