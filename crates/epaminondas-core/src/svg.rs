//! The picture of a position: the board of its size, the home rows, pieces and stones, and
//! the state of the mirror rule.

use crate::{Content, Epaminondas, Move, STONE_COUNT, Square};
use abstract_game::svg::{Num, SvgWriter, colours, squares_between};
use abstract_game::{Game, PlayerId, Status, ToSvg};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The options of [`Epaminondas`]'s pictures: the last move is a [`Move`], highlights are
/// [`Square`]s.
///
/// ```
/// use abstract_game::{Game, ToSvg};
/// use epaminondas_core::{Epaminondas, SvgOptions};
/// let start = Epaminondas::new(&Default::default()).unwrap();
/// let mv = start.parse_move("a1-a4").unwrap();
/// let svg = start.after(mv).unwrap().to_svg(&SvgOptions {
///     last_move: start.last_move(mv),
///     ..Default::default()
/// });
/// assert!(svg.contains(r#"class="piece white seat-1" data-square="a4""#));
/// assert!(svg.contains(r#"class="last-move target" data-square="a4""#));
/// ```
pub type SvgOptions = abstract_game::SvgOptions<Move, Square>;

/// Side of a square in drawing units.
const CELL: f64 = 40.0;
const TOP: f64 = 40.0;
/// Room for coordinates left of and below the board.
const COORDS: f64 = 22.0;
/// Room right of the board, for the home-row markers.
const RIGHT: f64 = 28.0;
/// Height of the text lines under the board.
const BOTTOM: f64 = 80.0;
const EDGE: f64 = 8.0;

const OUTLINE: &str = "#222222";
const SQUARE: &str = "#E9E4D8";
const HOME_ROW: &str = "#C9D9E8";
const GRID: &str = "#A59F90";
const WHITE_PIECE: &str = "#FFFFFF";
const BLACK_PIECE: &str = "#262626";
const STONE: &str = "#8A8A8A";

struct Frame {
    left: f64,
    top: f64,
    width: u8,
    height: u8,
    /// Turned half round: Black's side at the bottom.
    turned: bool,
}

impl Frame {
    /// Top-left corner of a square.
    fn corner(&self, sq: Square) -> (f64, f64) {
        let (mut c, mut r) = (sq.file(), self.height - 1 - sq.rank());
        if self.turned {
            (c, r) = (self.width - 1 - c, self.height - 1 - r);
        }
        (
            self.left + f64::from(c) * CELL,
            self.top + f64::from(r) * CELL,
        )
    }

    fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (x + CELL / 2.0, y + CELL / 2.0)
    }

    fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).filter_map(move |f| Square::new(f, r)))
    }
}

fn colour_name(seat: PlayerId) -> &'static str {
    if seat == PlayerId::FIRST {
        "White"
    } else {
        "Black"
    }
}

fn square_mark(w: &mut SvgWriter, frame: &Frame, sq: Square, class: &str, opacity: f64) {
    w.square_mark(frame.corner(sq), CELL, &sq, class, opacity);
}

/// The last move: the moving group's rear square, the squares it crossed, where its front
/// landed; or the square of a stone just placed.
fn last_move(w: &mut SvgWriter, frame: &Frame, mv: Move) {
    let to = mv.dest();
    match mv.from() {
        None => square_mark(w, frame, to, "last-move place", 0.8),
        Some(from) => {
            square_mark(w, frame, from, "last-move origin", 0.45);
            let coords = |sq: Square| (sq.file(), sq.rank());
            let path = squares_between(coords(from), coords(to));
            for sq in path.filter_map(|(f, r)| Square::new(f, r)) {
                square_mark(w, frame, sq, "last-move path", 0.3);
            }
            let class = if mv.is_capture() {
                "last-move target capture"
            } else {
                "last-move target"
            };
            square_mark(w, frame, to, class, 0.8);
        }
    }
}

fn coordinates(w: &mut SvgWriter, frame: &Frame) {
    let bottom = frame.top + f64::from(frame.height) * CELL;
    for f in 0..frame.width {
        if let Some(sq) = Square::new(f, 0) {
            let (x, _) = frame.centre(sq);
            w.coordinate((x, bottom + 16.0), 13, &char::from(b'a' + f).to_string());
        }
    }
    for r in 0..frame.height {
        if let Some(sq) = Square::new(0, r) {
            let (_, y) = frame.centre(sq);
            w.coordinate(
                (frame.left - COORDS / 2.0, y + 4.5),
                13,
                &(r + 1).to_string(),
            );
        }
    }
}

/// A disc right of each home row in the colour of the player whose home it is.
fn home_markers(w: &mut SvgWriter, frame: &Frame) {
    for (seat, rank) in [(PlayerId::FIRST, 0), (PlayerId::SECOND, frame.height - 1)] {
        let Some(sq) = Square::new(frame.width - 1, rank) else {
            continue;
        };
        let (x, y) = frame.corner(sq);
        let (x, y) = if frame.turned {
            // Turned, the row's last file is on the left; the marker stays on the right.
            (
                frame.left + f64::from(frame.width) * CELL + RIGHT / 2.0,
                y + CELL / 2.0,
            )
        } else {
            (x + CELL + RIGHT / 2.0, y + CELL / 2.0)
        };
        let fill = if seat == PlayerId::FIRST {
            WHITE_PIECE
        } else {
            BLACK_PIECE
        };
        w.open(
            "g",
            &[
                ("class", &format_args!("home-row seat-{seat}")),
                ("data-rank", &(rank + 1)),
            ],
        );
        w.text("title", &[], &format!("{}'s home row", colour_name(seat)));
        w.leaf(
            "circle",
            &[
                ("cx", &Num(x)),
                ("cy", &Num(y)),
                ("r", &7),
                ("fill", &fill),
                ("stroke", &OUTLINE),
                ("stroke-width", &1.5),
            ],
        );
        w.close();
    }
}

/// Who moves and what, or who won.
fn caption(g: &Epaminondas) -> String {
    let size = format!("Epaminondas {}x{}", g.width(), g.height());
    match g.status() {
        Status::Finished(o) => match o.winner() {
            Some(p) => format!("{size} · {} wins", colour_name(p)),
            None => format!("{size} · game over"),
        },
        Status::Ongoing(p) if g.placing_stones() => format!(
            "{size} · {} places stone {} of {STONE_COUNT}",
            colour_name(p),
            g.stone_squares().len() + 1
        ),
        Status::Ongoing(p) => format!("{size} · {} to move", colour_name(p)),
    }
}

/// The moves the mirror rule forbids here: legal without the rule, not with it.
fn mirror_forbidden(g: &Epaminondas) -> Vec<Move> {
    if !g.mirror {
        return Vec::new();
    }
    let mut free = g.clone();
    free.mirror = false;
    let allowed = g.legal_moves();
    free.legal_moves()
        .into_iter()
        .filter(|m| !allowed.contains(m))
        .collect()
}

/// The lines under the board: captures and crossings, the mirror rule and what it forbids.
fn facts(w: &mut SvgWriter, g: &Epaminondas, x: f64, y: f64) {
    let (white, black) = (PlayerId::FIRST, PlayerId::SECOND);
    let lines = [
        format!(
            "captured: White {}, Black {}",
            g.score(white),
            g.score(black)
        ),
        format!(
            "on the enemy home row: White {}, Black {}",
            g.on_enemy_home_row(white),
            g.on_enemy_home_row(black)
        ),
    ];
    for (i, line) in lines.iter().enumerate() {
        w.text(
            "text",
            &[
                ("class", &"counts"),
                ("x", &Num(x)),
                ("y", &Num(y + 20.0 * i as f64)),
                ("font-size", &14),
            ],
            line,
        );
    }
    let forbidden = mirror_forbidden(g);
    let list: Vec<String> = forbidden.iter().map(ToString::to_string).collect();
    let mut rule = String::from(if g.mirror {
        "mirror rule on"
    } else {
        "mirror rule off"
    });
    if !list.is_empty() {
        rule.push_str(&format!(": it forbids {} here", list.join(", ")));
    }
    if g.stones_variant {
        rule.push_str(" · stumbling blocks");
    }
    w.text(
        "text",
        &[
            ("class", &"mirror-rule"),
            ("data-mirror", &if g.mirror { "on" } else { "off" }),
            ("data-forbidden", &list.join(" ")),
            ("x", &Num(x)),
            ("y", &Num(y + 40.0)),
            ("font-size", &14),
        ],
        &rule,
    );
}

impl ToSvg for Epaminondas {
    type Place = Square;
    type LastMove = Move;

    /// The board with White's home row at the bottom (Black's if `bottom` is seat 2), the
    /// home rows shaded and marked, each piece one `<g>` (`class="piece white seat-1"`,
    /// `data-square="a1"`; stones `class="piece stone"`), the last move (`last-move origin`,
    /// `path`, `target`, `place`) and highlights (`highlight`) on their squares, and under the
    /// board the captures, the crossings and the mirror rule with the moves it forbids here.
    fn to_svg(&self, options: &SvgOptions) -> String {
        let left = if options.coordinates { COORDS } else { EDGE };
        let below = if options.coordinates { COORDS } else { 0.0 };
        let frame = Frame {
            left,
            top: TOP,
            width: self.width(),
            height: self.height(),
            turned: options.bottom == PlayerId::SECOND,
        };
        let board_w = f64::from(frame.width) * CELL;
        let board_h = f64::from(frame.height) * CELL;
        // Wide enough for the caption and the lines under a narrow board.
        let width = (left + board_w + RIGHT).max(520.0);
        let height = TOP + board_h + below + BOTTOM;
        let mut w = SvgWriter::new(options.size, width, height);
        let caption = caption(self);
        w.background(&caption, width, height);
        w.caption((left, 26.0), 17, &caption);
        w.open("g", &[("class", &"board")]);
        for sq in frame.squares() {
            let (x, y) = frame.corner(sq);
            let home = sq.rank() == 0 || sq.rank() == frame.height - 1;
            w.leaf(
                "rect",
                &[
                    ("x", &Num(x)),
                    ("y", &Num(y)),
                    ("width", &CELL),
                    ("height", &CELL),
                    ("fill", &if home { HOME_ROW } else { SQUARE }),
                    ("stroke", &GRID),
                    ("stroke-width", &1),
                ],
            );
        }
        w.leaf(
            "rect",
            &[
                ("x", &Num(left)),
                ("y", &Num(TOP)),
                ("width", &Num(board_w)),
                ("height", &Num(board_h)),
                ("fill", &"none"),
                ("stroke", &OUTLINE),
                ("stroke-width", &1.5),
            ],
        );
        w.close();
        home_markers(&mut w, &frame);
        if options.coordinates {
            coordinates(&mut w, &frame);
        }
        if let Some(mv) = options.last_move {
            last_move(&mut w, &frame, mv);
        }
        for &sq in &options.highlights {
            let (x, y) = frame.corner(sq);
            w.leaf(
                "rect",
                &[
                    ("class", &"highlight"),
                    ("data-square", &sq),
                    ("x", &Num(x + 2.5)),
                    ("y", &Num(y + 2.5)),
                    ("width", &Num(CELL - 5.0)),
                    ("height", &Num(CELL - 5.0)),
                    ("rx", &5),
                    ("fill", &"none"),
                    ("stroke", &colours::VERMILLION),
                    ("stroke-width", &3.5),
                ],
            );
        }
        for sq in frame.squares() {
            let what = match self.at(sq) {
                None | Some(Content::Empty) => continue,
                Some(what) => what,
            };
            let (x, y) = frame.centre(sq);
            match what {
                Content::Piece(seat) => {
                    let (name, fill) = if seat == PlayerId::FIRST {
                        ("white", WHITE_PIECE)
                    } else {
                        ("black", BLACK_PIECE)
                    };
                    w.open(
                        "g",
                        &[
                            ("class", &format_args!("piece {name} seat-{seat}")),
                            ("data-square", &sq),
                        ],
                    );
                    w.text("title", &[], &format!("{name} piece on {sq}"));
                    w.leaf(
                        "circle",
                        &[
                            ("cx", &Num(x)),
                            ("cy", &Num(y)),
                            ("r", &Num(CELL * 0.38)),
                            ("fill", &fill),
                            ("stroke", &OUTLINE),
                            ("stroke-width", &1.8),
                        ],
                    );
                }
                // A stone (empty squares were skipped above).
                _ => {
                    w.open("g", &[("class", &"piece stone"), ("data-square", &sq)]);
                    w.text("title", &[], &format!("stone on {sq}"));
                    let h = CELL * 0.3;
                    w.leaf(
                        "rect",
                        &[
                            ("x", &Num(x - h)),
                            ("y", &Num(y - h)),
                            ("width", &Num(2.0 * h)),
                            ("height", &Num(2.0 * h)),
                            ("rx", &6),
                            ("fill", &STONE),
                            ("stroke", &OUTLINE),
                            ("stroke-width", &1.5),
                            (
                                "transform",
                                &format_args!("rotate(45 {} {})", Num(x), Num(y)),
                            ),
                        ],
                    );
                }
            }
            w.close();
        }
        facts(&mut w, self, left, TOP + board_h + below + 24.0);
        w.finish()
    }

    fn last_move(&self, mv: Move) -> Option<Move> {
        self.is_legal(mv).then_some(mv)
    }
}
