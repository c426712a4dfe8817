//! The picture of a position: the 8x8 board, the pyramids seen from above, scores and target.

use crate::board::{Square, State, cell_owner, setup_cells};
use crate::{Move, Pikemen, Size};
use abstract_game::svg::{Num, SvgWriter, colours, squares_between};
use abstract_game::{Game, PlayerId, Status, ToSvg};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The options of [`Pikemen`]'s pictures: the last move is a [`Move`], highlights are
/// [`Square`]s.
///
/// ```
/// use abstract_game::{Game, ToSvg};
/// use pikemen_core::{Pikemen, Square, SvgOptions};
/// let start = Pikemen::new(&Default::default()).unwrap();
/// let mv = start.parse_move("e2(NW)").unwrap();
/// let options = SvgOptions {
///     last_move: start.last_move(mv),
///     highlights: vec![Square::parse("d3").unwrap()],
///     ..Default::default()
/// };
/// let svg = start.after(mv).unwrap().to_svg(&options);
/// assert!(svg.contains(r#"class="piece small lying seat-1" data-square="e2""#));
/// assert!(svg.contains(r#"class="highlight" data-square="d3""#));
/// ```
pub type SvgOptions = abstract_game::SvgOptions<Move, Square>;

/// Side of a square in drawing units.
const CELL: f64 = 60.0;
/// Height of the caption above the board.
const TOP: f64 = 40.0;
/// Height of the score line below the board (and its coordinates).
const BOTTOM: f64 = 44.0;
/// Room for coordinates left of and below the board.
const COORDS: f64 = 22.0;
/// Room on the sides without coordinates.
const EDGE: f64 = 8.0;

/// The seat colours, in seat order.
const SEAT_COLOURS: [&str; 4] = [
    colours::BLUE,
    colours::ORANGE,
    colours::GREEN,
    colours::PURPLE,
];
const LIGHT_SQUARE: &str = "#EDEDEA";
const DARK_SQUARE: &str = "#C4C4BE";
const OUTLINE: &str = "#222222";

/// Where the board sits in the picture and which way it is turned.
struct Frame {
    left: f64,
    top: f64,
    /// Quarter turns clockwise of the usual view (rank 1 at the bottom, file a on the left).
    turns: u8,
}

impl Frame {
    /// Screen column and row (0 = top) of a square.
    fn cell(&self, sq: Square) -> (u8, u8) {
        turn(self.turns, sq.file(), 7 - sq.rank())
    }

    /// Centre of a square in drawing units.
    fn centre(&self, sq: Square) -> (f64, f64) {
        let (c, r) = self.cell(sq);
        (
            self.left + (f64::from(c) + 0.5) * CELL,
            self.top + (f64::from(r) + 0.5) * CELL,
        )
    }

    /// Top-left corner of a square.
    fn corner(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.centre(sq);
        (x - CELL / 2.0, y - CELL / 2.0)
    }
}

/// A (column, row) of the usual view turned `turns` quarter turns clockwise.
const fn turn(turns: u8, c: u8, r: u8) -> (u8, u8) {
    match turns % 4 {
        0 => (c, r),
        1 => (7 - r, c),
        2 => (7 - c, 7 - r),
        _ => (r, 7 - c),
    }
}

/// The quarter turns that bring `seat`'s starting corner or side to the bottom (and, between
/// two such turns, to the right, where seat 1 starts in the usual view).
fn turns_for(players: u8, seat: PlayerId) -> u8 {
    let cells = setup_cells(players);
    let own: Vec<(u8, u8)> = squares()
        .filter(|sq| {
            let c = cells[sq.index()];
            c != 0 && usize::from(cell_owner(c)) == seat.index()
        })
        .map(|sq| (sq.file(), 7 - sq.rank()))
        .collect();
    (0..4u8)
        .max_by_key(|&t| {
            own.iter().fold((0u32, 0u32), |(rows, cols), &(c, r)| {
                let (c, r) = turn(t, c, r);
                (rows + u32::from(r), cols + u32::from(c))
            })
        })
        .unwrap_or(0)
}

/// Every square, a1 first.
fn squares() -> impl Iterator<Item = Square> {
    (0..64u8).filter_map(Square::new)
}

fn size_name(size: Size) -> &'static str {
    match size {
        Size::Small => "small",
        Size::Medium => "medium",
        Size::Large => "large",
    }
}

fn direction_name(state: State) -> &'static str {
    match state {
        State::Up => "up",
        State::N => "north",
        State::NE => "north-east",
        State::E => "east",
        State::SE => "south-east",
        State::S => "south",
        State::SW => "south-west",
        State::W => "west",
        State::NW => "north-west",
    }
}

/// Width of a pyramid's base, by size.
fn base(size: Size) -> f64 {
    CELL * match size {
        Size::Small => 0.42,
        Size::Medium => 0.56,
        Size::Large => 0.7,
    }
}

/// The pips of a piece: `count` small dots in a row centred on (0, `y`).
fn pips(w: &mut SvgWriter, count: u8, y: f64) {
    for i in 0..count {
        let x = (f64::from(i) - f64::from(count - 1) / 2.0) * 7.0;
        w.leaf(
            "circle",
            &[
                ("cx", &Num(x)),
                ("cy", &Num(y)),
                ("r", &2.4),
                ("fill", &"#FFFFFF"),
                ("stroke", &OUTLINE),
                ("stroke-width", &0.8),
            ],
        );
    }
}

/// A polygon of `points` (drawing units, local to the piece).
fn polygon(w: &mut SvgWriter, points: &[(f64, f64)], fill: &str, opacity: f64) {
    let mut list = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        if i > 0 {
            list.push(' ');
        }
        list.push_str(&format!("{},{}", Num(*x), Num(*y)));
    }
    w.leaf(
        "polygon",
        &[
            ("points", &list),
            ("fill", &fill),
            ("fill-opacity", &Num(opacity)),
        ],
    );
}

/// An upright pyramid from above: a square split into four shaded faces, pips on the face
/// towards the viewer.
fn upright(w: &mut SvgWriter, size: Size, colour: &str) {
    let h = base(size) / 2.0;
    w.leaf(
        "rect",
        &[
            ("x", &Num(-h)),
            ("y", &Num(-h)),
            ("width", &Num(2.0 * h)),
            ("height", &Num(2.0 * h)),
            ("fill", &colour),
        ],
    );
    // Light from the top left: lighter faces there, darker ones opposite.
    let o = (0.0, 0.0);
    polygon(w, &[(-h, -h), (h, -h), o], "#FFFFFF", 0.35);
    polygon(w, &[(-h, -h), (-h, h), o], "#FFFFFF", 0.15);
    polygon(w, &[(h, -h), (h, h), o], "#000000", 0.12);
    polygon(w, &[(-h, h), (h, h), o], "#000000", 0.25);
    w.leaf(
        "path",
        &[
            (
                "d",
                &format_args!(
                    "M{a},{a}H{b}V{b}H{a}ZL{b},{b}M{b},{a}L{a},{b}",
                    a = Num(-h),
                    b = Num(h)
                ),
            ),
            ("fill", &"none"),
            ("stroke", &OUTLINE),
            ("stroke-width", &1.2),
            ("stroke-linejoin", &"round"),
        ],
    );
    pips(w, size.points(), h * 0.62);
}

/// A lying pyramid from above, pointing up (the caller turns it): a triangle, its two
/// visible faces shaded apart, pips near the base.
fn lying(w: &mut SvgWriter, size: Size, colour: &str) {
    let h = base(size) / 2.0;
    let tip = -base(size) * 0.6;
    let back = base(size) * 0.44;
    polygon(w, &[(0.0, tip), (h, back), (-h, back)], colour, 1.0);
    polygon(w, &[(0.0, tip), (0.0, back), (-h, back)], "#FFFFFF", 0.3);
    polygon(w, &[(0.0, tip), (h, back), (0.0, back)], "#000000", 0.12);
    w.leaf(
        "path",
        &[
            (
                "d",
                &format_args!(
                    "M0,{t}L{h},{b}H{m}ZM0,{t}V{b}",
                    t = Num(tip),
                    h = Num(h),
                    m = Num(-h),
                    b = Num(back)
                ),
            ),
            ("fill", &"none"),
            ("stroke", &OUTLINE),
            ("stroke-width", &1.2),
            ("stroke-linejoin", &"round"),
        ],
    );
    pips(w, size.points(), back - 5.5);
}

fn square_mark(w: &mut SvgWriter, frame: &Frame, sq: Square, class: &str, opacity: f64) {
    w.square_mark(frame.corner(sq), CELL, &sq, class, opacity);
}

/// The last move: origin and target squares tinted, the squares crossed dotted, an arrow
/// along the charge.
fn last_move(w: &mut SvgWriter, frame: &Frame, mv: Move) {
    if mv.is_reorient() {
        square_mark(w, frame, mv.from(), "last-move turn", 0.75);
        return;
    }
    square_mark(w, frame, mv.from(), "last-move origin", 0.45);
    let target = if mv.is_capture() {
        "last-move target capture"
    } else {
        "last-move target"
    };
    square_mark(w, frame, mv.to(), target, 0.8);
    let coords = |sq: Square| (sq.file(), sq.rank());
    let path = squares_between(coords(mv.from()), coords(mv.to()));
    for sq in path.filter_map(|(f, r)| Square::from_coords(f, r)) {
        let (x, y) = frame.centre(sq);
        w.leaf(
            "circle",
            &[
                ("class", &"last-move path"),
                ("data-square", &sq),
                ("cx", &Num(x)),
                ("cy", &Num(y)),
                ("r", &7),
                ("fill", &colours::YELLOW),
                ("stroke", &OUTLINE),
                ("stroke-width", &0.8),
            ],
        );
    }
}

fn highlight(w: &mut SvgWriter, frame: &Frame, sq: Square) {
    let (x, y) = frame.corner(sq);
    w.leaf(
        "rect",
        &[
            ("class", &"highlight"),
            ("data-square", &sq),
            ("x", &Num(x + 3.0)),
            ("y", &Num(y + 3.0)),
            ("width", &Num(CELL - 6.0)),
            ("height", &Num(CELL - 6.0)),
            ("rx", &6),
            ("fill", &"none"),
            ("stroke", &colours::VERMILLION),
            ("stroke-width", &4),
        ],
    );
}

fn coordinates(w: &mut SvgWriter, frame: &Frame) {
    for i in 0..8u8 {
        // Along the bottom edge the squares of a screen column share a file or a rank,
        // whichever way the board is turned; the same for the left edge and screen rows.
        let at = |c: u8, r: u8| squares().find(|&sq| frame.cell(sq) == (c, r));
        if let (Some(a), Some(b)) = (at(i, 7), at(i, 0)) {
            let text = if a.file() == b.file() {
                char::from(b'a' + a.file()).to_string()
            } else {
                (a.rank() + 1).to_string()
            };
            let x = frame.left + (f64::from(i) + 0.5) * CELL;
            w.coordinate((x, frame.top + 8.0 * CELL + 17.0), 14, &text);
        }
        if let (Some(a), Some(b)) = (at(0, i), at(7, i)) {
            let text = if a.rank() == b.rank() {
                (a.rank() + 1).to_string()
            } else {
                char::from(b'a' + a.file()).to_string()
            };
            let y = frame.top + (f64::from(i) + 0.5) * CELL + 5.0;
            w.coordinate((frame.left - COORDS / 2.0, y), 14, &text);
        }
    }
}

/// The caption above the board: who moves, or who won.
fn caption(g: &Pikemen) -> String {
    match g.status() {
        Status::Ongoing(p) => format!(
            "Pikemen · seat {p} to move · first to {} points wins",
            g.target
        ),
        Status::Finished(o) => match o.winner() {
            Some(p) => format!("Pikemen · seat {p} wins"),
            None => "Pikemen · game over".to_string(),
        },
    }
}

/// The score line: a chip in each seat's colour with its points; the seat to move marked.
fn scores(w: &mut SvgWriter, g: &Pikemen, left: f64, y: f64) {
    let to_move = g.to_move();
    for seat in PlayerId::all(g.players) {
        let x = left + f64::from(seat.index() as u8) * 120.0;
        let mine = to_move == Some(seat);
        w.open(
            "g",
            &[
                ("class", &format_args!("score seat-{seat}")),
                ("data-seat", &seat),
                ("data-score", &g.score(seat)),
            ],
        );
        w.leaf(
            "rect",
            &[
                ("x", &Num(x)),
                ("y", &Num(y - 13.0)),
                ("width", &16),
                ("height", &16),
                ("fill", &SEAT_COLOURS[seat.index() & 3]),
                ("stroke", &OUTLINE),
            ],
        );
        let text = format!(
            "{}seat {seat}: {}",
            if mine { "▶ " } else { "" },
            g.score(seat)
        );
        w.text(
            "text",
            &[
                ("x", &Num(x + 22.0)),
                ("y", &Num(y)),
                ("font-size", &15),
                ("font-weight", &if mine { "bold" } else { "normal" }),
            ],
            &text,
        );
        w.close();
    }
}

impl ToSvg for Pikemen {
    type Place = Square;
    type LastMove = Move;

    /// The board with seat `bottom`'s starting side at the bottom; each pyramid one `<g>`
    /// (`class="piece large up seat-1"`, `data-square="h1"`) in its seat's colour, an upright
    /// one as a square with its pips, a lying one as a triangle pointing its way; the last
    /// move (`last-move origin`, `path`, `target`, `turn`) and highlights (`highlight`) as
    /// marks on their squares; the scores and the target.
    fn to_svg(&self, options: &SvgOptions) -> String {
        let margin = if options.coordinates { COORDS } else { EDGE };
        let width = margin + 8.0 * CELL + EDGE;
        let height = TOP + 8.0 * CELL + if options.coordinates { COORDS } else { 0.0 } + BOTTOM;
        let frame = Frame {
            left: margin,
            top: TOP,
            turns: turns_for(self.players, options.bottom),
        };
        let mut w = SvgWriter::new(options.size, width, height);
        let caption = caption(self);
        w.background(&caption, width, height);
        w.caption((margin, 26.0), 17, &caption);
        w.open("g", &[("class", &"board")]);
        for sq in squares() {
            let (x, y) = frame.corner(sq);
            let dark = (sq.file() + sq.rank()) % 2 == 0;
            w.leaf(
                "rect",
                &[
                    ("x", &Num(x)),
                    ("y", &Num(y)),
                    ("width", &CELL),
                    ("height", &CELL),
                    ("fill", &if dark { DARK_SQUARE } else { LIGHT_SQUARE }),
                ],
            );
        }
        w.leaf(
            "rect",
            &[
                ("x", &Num(frame.left)),
                ("y", &Num(frame.top)),
                ("width", &Num(8.0 * CELL)),
                ("height", &Num(8.0 * CELL)),
                ("fill", &"none"),
                ("stroke", &OUTLINE),
                ("stroke-width", &1.5),
            ],
        );
        w.close();
        if options.coordinates {
            coordinates(&mut w, &frame);
        }
        if let Some(mv) = options.last_move {
            last_move(&mut w, &frame, mv);
        }
        for &sq in &options.highlights {
            highlight(&mut w, &frame, sq);
        }
        for sq in squares() {
            let Some(p) = self.piece_at(sq) else {
                continue;
            };
            let (x, y) = frame.centre(sq);
            let state = if p.state.is_lying() { "lying" } else { "up" };
            // Upright pieces show their pips to the viewer whichever way the board is turned.
            let angle = match p.state {
                State::Up => 0,
                s => ((s as u32 - 1) * 45 + u32::from(frame.turns) * 90) % 360,
            };
            w.open(
                "g",
                &[
                    (
                        "class",
                        &format_args!("piece {} {state} seat-{}", size_name(p.size), p.owner),
                    ),
                    ("data-square", &sq),
                    (
                        "transform",
                        &format_args!("translate({} {}) rotate({angle})", Num(x), Num(y)),
                    ),
                ],
            );
            let how = match p.state {
                State::Up => "upright".to_string(),
                s => format!("lying, pointing {}", direction_name(s)),
            };
            w.text(
                "title",
                &[],
                &format!(
                    "seat {} {} pyramid ({} pips), {how}, on {sq}",
                    p.owner,
                    size_name(p.size),
                    p.size.points()
                ),
            );
            let colour = SEAT_COLOURS[p.owner.index() & 3];
            if p.state.is_lying() {
                lying(&mut w, p.size, colour);
            } else {
                upright(&mut w, p.size, colour);
            }
            w.close();
        }
        let score_y = TOP + 8.0 * CELL + if options.coordinates { COORDS } else { 0.0 } + 30.0;
        scores(&mut w, self, margin, score_y);
        w.finish()
    }

    fn last_move(&self, mv: Move) -> Option<Move> {
        self.is_legal(mv).then_some(mv)
    }
}
