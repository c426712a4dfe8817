//! `agame render`, run as a user would, and the pictures of `docs/img/` it keeps up to date:
//! `UPDATE_GOLDEN=1 cargo test -p agame --test render` regenerates them.

mod common;

use abstract_game::{Game, PlayerId, ToSvg};
use abstract_game_testkit::check_golden;
use common::{failure, root, stdout, temp_file, temp_path};

/// The pictures of the README and docs: file name and the `agame` arguments that draw it.
const DOCS_PICTURES: [(&str, &[&str]); 6] = [
    ("pikemen-start.svg", &["render", "pikemen"]),
    (
        "pikemen-midgame.svg",
        &[
            "render",
            "pikemen",
            "--moves",
            "docs/img/pikemen-midgame.moves",
            "--last-move",
        ],
    ),
    ("gipf-start.svg", &["render", "gipf"]),
    (
        "gipf-midgame.svg",
        &[
            "render",
            "gipf",
            "--turns",
            "--moves",
            "docs/img/gipf-midgame.moves",
            "--last-move",
        ],
    ),
    ("epaminondas-start.svg", &["render", "epaminondas"]),
    (
        "epaminondas-midgame.svg",
        &[
            "render",
            "epaminondas",
            "--moves",
            "docs/img/epaminondas-midgame.moves",
            "--last-move",
        ],
    ),
];

#[test]
fn the_pictures_of_the_docs_are_up_to_date() {
    for (name, args) in DOCS_PICTURES {
        let svg = stdout(args);
        check_golden(root().join("docs/img").join(name), &svg);
    }
}

#[test]
fn render_draws_what_the_library_draws() {
    let start = pikemen_core::Pikemen::new(&Default::default()).unwrap();
    assert_eq!(
        stdout(&["render", "pikemen"]),
        start.to_svg(&Default::default())
    );
    // Moves, a ply, the last move, size, coordinates and the bottom seat.
    let moves = temp_file(
        "render-moves.txt",
        "# three moves, two played\na1-a3\n\na8-a6\nb1-b3\n",
    );
    let moves_arg = moves.to_str().unwrap();
    let svg = stdout(&[
        "render",
        "epaminondas",
        "--board",
        "10x8",
        "--moves",
        moves_arg,
        "--ply",
        "2",
        "--last-move",
        "--size",
        "320",
        "--no-coordinates",
        "--bottom",
        "2",
    ]);
    let config = epaminondas_core::Config {
        width: 10,
        height: 8,
        ..Default::default()
    };
    let g = epaminondas_core::Epaminondas::new(&config).unwrap();
    let first = g.after(g.parse_move("a1-a3").unwrap()).unwrap();
    let mv = first.parse_move("a8-a6").unwrap();
    let expected = first
        .after(mv)
        .unwrap()
        .to_svg(&epaminondas_core::SvgOptions {
            size: 320,
            coordinates: false,
            bottom: PlayerId::SECOND,
            last_move: first.last_move(mv),
            highlights: Vec::new(),
        });
    assert_eq!(svg, expected);
    // -o writes the file and nothing to standard output.
    let file = temp_path("render-out.svg");
    let out = stdout(&[
        "render",
        "gipf",
        "--variant",
        "basic",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.is_empty());
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.starts_with("<svg") && written.contains("GIPF (basic) · White to push"));
}

#[test]
fn render_refuses_what_it_cannot_draw() {
    assert!(failure(&["render", "pikemen", "--last-move"]).contains("no move was played"));
    assert!(failure(&["render", "gipf", "--bottom", "3"]).contains("seats 1 to 2"));
    assert!(
        failure(&["render", "pikemen", "--players", "4", "--bottom", "5"]).contains("seats 1 to 4")
    );
    assert!(
        failure(&[
            "render",
            "pikemen",
            "--moves",
            "docs/img/pikemen-midgame.moves",
            "--ply",
            "999"
        ])
        .contains("--ply 999")
    );
    assert!(failure(&["render", "gipf", "--position", "nonsense"]).contains("--position"));
}
