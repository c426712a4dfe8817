//! The picture of a position: the hexagonal board with its dots, the pieces, the reserves,
//! whose decision it is and the rows waiting for removal.

use crate::SpotSet;
use crate::board::{Dot, Spot, bits};
use crate::float::hypot;
use crate::moves::{Decision, Push, Turn};
use crate::rules::{Gipf, Phase};
use crate::turns::GipfTurns;
use abstract_game::svg::{Num, SvgWriter, colours};
use abstract_game::{Game, PlayerId, Status, ToSvg};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

/// What the last move did, for the picture of the position after it: the push (with the spot
/// its line of moved pieces reached) and the spots emptied by removals. [`ToSvg::last_move`]
/// builds it from the position before the move.
///
/// ```
/// use abstract_game::{Game, ToSvg};
/// use gipf_core::{Gipf, SvgOptions};
/// let start = Gipf::new(&Default::default()).unwrap();
/// let push = start.parse_move("e1-e2").unwrap();
/// let last = start.last_move(push).unwrap();
/// assert_eq!(last.push.unwrap().1.to_string(), "e3"); // e2's piece moved on to e3
/// let svg = start.after(push).unwrap().to_svg(&SvgOptions { last_move: Some(last), ..Default::default() });
/// assert!(svg.contains(r#"class="last-move push" data-dot="e1" data-spot="e3""#));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LastMove {
    /// The push, and the spot where the line of pieces it moved ends.
    pub push: Option<(Push, Spot)>,
    /// Spots emptied by removals in the move (of both players).
    pub removed: SpotSet,
}

/// The options of GIPF's pictures (for [`Gipf`] and [`GipfTurns`] alike): the last move is a
/// [`LastMove`], highlights are [`Spot`]s.
pub type SvgOptions = abstract_game::SvgOptions<LastMove, Spot>;

/// Distance between neighbouring points, in drawing units.
const STEP: f64 = 44.0;
/// Horizontal distance between columns.
const COLUMN: f64 = STEP * 0.866_025_403_784_438_6;
/// Radius of a piece.
const PIECE: f64 = STEP * 0.4;
/// The centre of the board (spot e5) in the picture.
const CX: f64 = 4.0 * COLUMN + 40.0;
const CY: f64 = 4.0 * STEP + 62.0;
/// Width of the board part and of the panel beside it.
const BOARD_WIDTH: f64 = 8.0 * COLUMN + 80.0;
const PANEL_WIDTH: f64 = 200.0;
const HEIGHT: f64 = 8.0 * STEP + 118.0;

const OUTLINE: &str = "#222222";
const BOARD: &str = "#F3EBD8";
const LINE: &str = "#8C7B5E";
const WHITE_PIECE: &str = "#FFFFFF";
const BLACK_PIECE: &str = "#262626";

/// Position of the point in column `col` (0 = a) with number `number`, seen with White at
/// the bottom (or turned half round with Black at the bottom).
fn point(col: u8, number: u8, turned: bool) -> (f64, f64) {
    let dc = f64::from(col) - 4.0;
    let x = dc * COLUMN;
    let y = (4.0 - f64::from(number - 1) - dc.abs() / 2.0) * STEP;
    if turned {
        (CX - x, CY - y)
    } else {
        (CX + x, CY + y)
    }
}

fn spot_point(s: Spot, turned: bool) -> (f64, f64) {
    let (c, n) = s.coords();
    point(c, n, turned)
}

/// The 24 dots with their column and number.
fn dots() -> Vec<(Dot, u8, u8)> {
    let mut out = Vec::new();
    for col in 0..9u8 {
        for number in 1..=9u8 {
            let name = format!("{}{number}", char::from(b'a' + col));
            if let Ok(d) = name.parse::<Dot>() {
                out.push((d, col, number));
            }
        }
    }
    out
}

fn colour_name(seat: PlayerId) -> &'static str {
    if seat == PlayerId::FIRST {
        "White"
    } else {
        "Black"
    }
}

/// The board: a hexagon with the lines between neighbouring points, the dots round it.
fn board(w: &mut SvgWriter, turned: bool) {
    w.open("g", &[("class", &"board")]);
    let corners = [(0, 1), (0, 5), (4, 9), (8, 5), (8, 1), (4, 1)];
    let outline: Vec<String> = corners
        .iter()
        .map(|&(c, n)| {
            let (x, y) = point(c, n, turned);
            format!("{},{}", Num(x), Num(y))
        })
        .collect();
    w.leaf(
        "polygon",
        &[
            ("points", &outline.join(" ")),
            ("fill", &BOARD),
            ("stroke", &LINE),
            ("stroke-width", &2),
            ("stroke-linejoin", &"round"),
        ],
    );
    let mut points: Vec<((f64, f64), bool)> =
        Spot::all().map(|s| (spot_point(s, turned), true)).collect();
    points.extend(
        dots()
            .into_iter()
            .map(|(_, c, n)| (point(c, n, turned), false)),
    );
    let mut path = String::new();
    for (i, &((x1, y1), spot1)) in points.iter().enumerate() {
        for &((x2, y2), spot2) in &points[i + 1..] {
            let d = hypot(x2 - x1, y2 - y1);
            if (spot1 || spot2) && (d - STEP).abs() < 1.0 {
                path.push_str(&format!("M{},{}L{},{}", Num(x1), Num(y1), Num(x2), Num(y2)));
            }
        }
    }
    w.leaf(
        "path",
        &[("d", &path), ("stroke", &LINE), ("stroke-width", &1.5)],
    );
    for (d, c, n) in dots() {
        let (x, y) = point(c, n, turned);
        w.leaf(
            "circle",
            &[
                ("class", &"dot"),
                ("data-dot", &d),
                ("cx", &Num(x)),
                ("cy", &Num(y)),
                ("r", &4.5),
                ("fill", &LINE),
            ],
        );
    }
    w.close();
}

/// Column letters under the board, numbers along its left side, and the name of every spot
/// (drawn under the pieces, so that the empty spots show theirs).
fn coordinates(w: &mut SvgWriter, turned: bool) {
    let label = |w: &mut SvgWriter, (x, y): (f64, f64), (dx, dy): (f64, f64), text: &str| {
        w.coordinate((x + dx * STEP, y + dy * STEP + 5.0), 14, text);
    };
    // Turned half round, the screen's bottom and left edges are the tops of the columns and
    // column i.
    for col in 0..9u8 {
        let lowest = match (turned, col) {
            (false, _) => 1,
            (true, c) if c <= 4 => c + 5,
            (true, c) => 13 - c,
        };
        let text = char::from(b'a' + col).to_string();
        label(w, point(col, lowest, turned), (0.0, 0.62), &text);
    }
    let left = if turned { 8 } else { 0 };
    for number in 1..=5u8 {
        label(
            w,
            point(left, number, turned),
            (-0.55, 0.0),
            &number.to_string(),
        );
    }
    for number in 6..=9u8 {
        let (col, dy) = if turned {
            (13 - number, 0.3)
        } else {
            (number - 5, -0.3)
        };
        label(
            w,
            point(col, number, turned),
            (-0.5, dy),
            &number.to_string(),
        );
    }
    for s in Spot::all() {
        let (x, y) = spot_point(s, turned);
        w.text(
            "text",
            &[
                ("class", &"spot-name"),
                ("x", &Num(x)),
                ("y", &Num(y + 4.0)),
                ("font-size", &11.5),
                ("text-anchor", &"middle"),
                ("fill", &"#7A6A4C"),
                ("stroke", &BOARD),
                ("stroke-width", &3),
                ("paint-order", &"stroke"),
            ],
            &s.to_string(),
        );
    }
}

/// A piece: a disc, or for a GIPF-piece two discs stacked with a ring on top.
fn piece(w: &mut SvgWriter, s: Spot, seat: PlayerId, gipf: bool, turned: bool) {
    let (x, y) = spot_point(s, turned);
    let (colour, name) = if seat == PlayerId::FIRST {
        ("white", WHITE_PIECE)
    } else {
        ("black", BLACK_PIECE)
    };
    let kind = if gipf { "gipf" } else { "single" };
    w.open(
        "g",
        &[
            ("class", &format_args!("piece {kind} {colour} seat-{seat}")),
            ("data-spot", &s),
        ],
    );
    let what = if gipf { "GIPF-piece" } else { "piece" };
    w.text("title", &[], &format!("{colour} {what} on {s}"));
    let disc = |w: &mut SvgWriter, cx: f64, cy: f64| {
        w.leaf(
            "circle",
            &[
                ("cx", &Num(cx)),
                ("cy", &Num(cy)),
                ("r", &Num(PIECE)),
                ("fill", &name),
                ("stroke", &OUTLINE),
                ("stroke-width", &1.8),
            ],
        );
    };
    if gipf {
        disc(w, x + 2.5, y + 4.5);
        disc(w, x - 1.0, y - 1.5);
        let ring = if seat == PlayerId::FIRST {
            BLACK_PIECE
        } else {
            WHITE_PIECE
        };
        w.leaf(
            "circle",
            &[
                ("cx", &Num(x - 1.0)),
                ("cy", &Num(y - 1.5)),
                ("r", &Num(PIECE * 0.5)),
                ("fill", &"none"),
                ("stroke", &ring),
                ("stroke-width", &2.2),
            ],
        );
    } else {
        disc(w, x, y);
    }
    w.close();
}

/// The rows waiting for removal, as wide bands under their pieces.
fn pending_rows(w: &mut SvgWriter, g: &Gipf, turned: bool) {
    if !matches!(g.phase, Phase::Removing(_)) {
        return;
    }
    for c in 0..2usize {
        for line in bits(u64::from(g.offered(c))) {
            let run = g.board.row_run(line as usize, c);
            let (Some(first), Some(last)) = (
                Spot::from_index(run.trailing_zeros() as u8),
                Spot::from_index(63 - run.leading_zeros() as u8),
            ) else {
                continue;
            };
            let (x1, y1) = spot_point(first, turned);
            let (x2, y2) = spot_point(last, turned);
            let seat = crate::rules::seat(c);
            w.leaf(
                "path",
                &[
                    ("class", &format_args!("pending-row seat-{seat}")),
                    ("data-spots", &SpotSet::from_mask(run)),
                    (
                        "d",
                        &format_args!("M{},{}L{},{}", Num(x1), Num(y1), Num(x2), Num(y2)),
                    ),
                    ("stroke", &colours::VERMILLION),
                    ("stroke-opacity", &0.55),
                    ("stroke-width", &Num(2.0 * PIECE + 12.0)),
                    ("stroke-linecap", &"round"),
                ],
            );
        }
    }
}

/// The last move: an arrow from the dot along the push to where its pieces ended, and the
/// spots emptied by removals.
fn last_move(w: &mut SvgWriter, last: &LastMove, turned: bool) {
    if let Some((push, end)) = last.push {
        let dot = push.geom().dot;
        let dot = dots().into_iter().find(|(d, ..)| *d == dot);
        if let Some((d, c, n)) = dot {
            let (x1, y1) = point(c, n, turned);
            let (x2, y2) = spot_point(end, turned);
            let len = hypot(x2 - x1, y2 - y1).max(1.0);
            let (ux, uy) = ((x2 - x1) / len, (y2 - y1) / len);
            // The arrow ends just short of the last piece's centre.
            let (tx, ty) = (x2 - ux * (PIECE + 2.0), y2 - uy * (PIECE + 2.0));
            let head = 12.0;
            let (bx, by) = (tx - ux * head, ty - uy * head);
            w.open(
                "g",
                &[
                    ("class", &"last-move push"),
                    ("data-dot", &d),
                    ("data-spot", &end),
                ],
            );
            w.leaf(
                "path",
                &[
                    (
                        "d",
                        &format_args!("M{},{}L{},{}", Num(x1), Num(y1), Num(bx), Num(by)),
                    ),
                    ("stroke", &colours::BLUE),
                    ("stroke-width", &5),
                    ("stroke-linecap", &"round"),
                ],
            );
            w.leaf(
                "polygon",
                &[
                    (
                        "points",
                        &format_args!(
                            "{},{} {},{} {},{}",
                            Num(tx),
                            Num(ty),
                            Num(bx - uy * 7.0),
                            Num(by + ux * 7.0),
                            Num(bx + uy * 7.0),
                            Num(by - ux * 7.0)
                        ),
                    ),
                    ("fill", &colours::BLUE),
                ],
            );
            w.close();
        }
    }
    for s in last.removed.iter() {
        let (x, y) = spot_point(s, turned);
        let r = PIECE * 0.6;
        w.leaf(
            "path",
            &[
                ("class", &"last-move removed"),
                ("data-spot", &s),
                (
                    "d",
                    &format_args!(
                        "M{},{}L{},{}M{},{}L{},{}",
                        Num(x - r),
                        Num(y - r),
                        Num(x + r),
                        Num(y + r),
                        Num(x - r),
                        Num(y + r),
                        Num(x + r),
                        Num(y - r)
                    ),
                ),
                ("stroke", &colours::VERMILLION),
                ("stroke-width", &4),
                ("stroke-linecap", &"round"),
            ],
        );
    }
}

fn highlight(w: &mut SvgWriter, s: Spot, turned: bool) {
    let (x, y) = spot_point(s, turned);
    w.leaf(
        "circle",
        &[
            ("class", &"highlight"),
            ("data-spot", &s),
            ("cx", &Num(x)),
            ("cy", &Num(y)),
            ("r", &Num(PIECE + 4.0)),
            ("fill", &"none"),
            ("stroke", &colours::VERMILLION),
            ("stroke-width", &4),
        ],
    );
}

/// Who decides, and what: push, removal, or the end.
fn caption(g: &Gipf) -> String {
    let variant = g.variant();
    match g.status() {
        Status::Finished(o) => match o.winner() {
            Some(p) => format!("GIPF ({variant}) · {} wins", colour_name(p)),
            None => format!("GIPF ({variant}) · game over"),
        },
        Status::Ongoing(p) if g.at_turn_start() => {
            format!("GIPF ({variant}) · {} to push", colour_name(p))
        }
        Status::Ongoing(p) => format!("GIPF ({variant}) · {} to remove a row", colour_name(p)),
    }
}

/// Each player's reserve, captures and GIPF-pieces, the player deciding marked.
fn panel(w: &mut SvgWriter, g: &Gipf) {
    let x = BOARD_WIDTH;
    let to_move = g.to_move();
    for seat in [PlayerId::FIRST, PlayerId::SECOND] {
        let y = 90.0 + f64::from(seat.index() as u8) * 130.0;
        let mine = to_move == Some(seat);
        let fill = if seat == PlayerId::FIRST {
            WHITE_PIECE
        } else {
            BLACK_PIECE
        };
        let on_board = Spot::all()
            .filter(|&s| g.piece_at(s) == Some((seat, true)))
            .count();
        w.open(
            "g",
            &[
                ("class", &format_args!("player seat-{seat}")),
                ("data-seat", &seat),
                ("data-reserve", &g.reserve(seat)),
                ("data-captured", &g.score(seat)),
            ],
        );
        w.leaf(
            "circle",
            &[
                ("cx", &Num(x + 12.0)),
                ("cy", &Num(y - 6.0)),
                ("r", &10),
                ("fill", &fill),
                ("stroke", &OUTLINE),
                ("stroke-width", &1.8),
            ],
        );
        let name = format!("{}{}", if mine { "▶ " } else { "" }, colour_name(seat));
        w.text(
            "text",
            &[
                ("x", &Num(x + 30.0)),
                ("y", &Num(y)),
                ("font-size", &18),
                ("font-weight", &if mine { "bold" } else { "normal" }),
            ],
            &name,
        );
        let mut lines = vec![
            format!("reserve: {}", g.reserve(seat)),
            format!("captured: {}", g.score(seat)),
        ];
        if g.variant() != crate::Variant::Basic {
            lines.push(format!("GIPF-pieces: {on_board}"));
        }
        if g.can_bring_gipf(seat) {
            lines.push("can add GIPF-pieces".to_string());
        }
        for (i, line) in lines.iter().enumerate() {
            w.text(
                "text",
                &[
                    ("x", &Num(x + 30.0)),
                    ("y", &Num(y + 24.0 + 20.0 * i as f64)),
                    ("font-size", &14),
                ],
                line,
            );
        }
        w.close();
    }
}

impl Gipf {
    fn svg(&self, options: &SvgOptions) -> String {
        let turned = options.bottom == PlayerId::SECOND;
        let mut w = SvgWriter::new(options.size, BOARD_WIDTH + PANEL_WIDTH, HEIGHT);
        let caption = caption(self);
        w.background(&caption, BOARD_WIDTH + PANEL_WIDTH, HEIGHT);
        w.caption((16.0, 28.0), 18, &caption);
        board(&mut w, turned);
        if options.coordinates {
            coordinates(&mut w, turned);
        }
        pending_rows(&mut w, self, turned);
        for s in Spot::all() {
            if let Some((seat, gipf)) = self.piece_at(s) {
                piece(&mut w, s, seat, gipf, turned);
            }
        }
        if let Some(last) = &options.last_move {
            last_move(&mut w, last, turned);
        }
        for &s in &options.highlights {
            highlight(&mut w, s, turned);
        }
        panel(&mut w, self);
        w.finish()
    }

    /// Where the push ends in this position: the gap it fills.
    fn push_end(&self, push: Push) -> Option<(Push, Spot)> {
        let (_, gap) = self.board.push_run(push.geom())?;
        Some((push, Spot::from_index(gap.trailing_zeros() as u8)?))
    }
}

impl ToSvg for Gipf {
    type Place = Spot;
    type LastMove = LastMove;

    /// The board (White at the bottom unless `bottom` is seat 2) with its dots, each piece
    /// one `<g>` (`class="piece gipf white seat-1"`, `data-spot="e2"`), rows waiting for
    /// removal as bands (`pending-row`, `data-spots` in the removal's move text), the last move (`last-move push` arrow,
    /// `last-move removed` crosses), highlights (`highlight`), and beside the board each
    /// player's reserve and captures, with whose decision it is and of what kind.
    fn to_svg(&self, options: &SvgOptions) -> String {
        self.svg(options)
    }

    /// The push with where it ends, and every spot the move's removals (forced ones
    /// included) empty.
    fn last_move(&self, mv: Decision) -> Option<LastMove> {
        if !self.is_legal(mv) {
            return None;
        }
        let push = match mv {
            Decision::Push(p) => self.push_end(p),
            _ => None,
        };
        let mut after = self.clone();
        let mut removed = [0u64; 2];
        after.apply_logged(mv, &mut removed);
        Some(LastMove {
            push,
            removed: SpotSet::from_mask(removed[0] | removed[1]),
        })
    }
}

impl ToSvg for GipfTurns {
    type Place = Spot;
    type LastMove = LastMove;

    /// The same picture as [`Gipf`]'s.
    fn to_svg(&self, options: &SvgOptions) -> String {
        self.inner().svg(options)
    }

    fn last_move(&self, mv: Turn) -> Option<LastMove> {
        if !self.is_legal(mv) {
            return None;
        }
        Some(LastMove {
            push: self.inner().push_end(mv.push()),
            removed: mv.pusher_removed() | mv.other_removed(),
        })
    }
}
