//! Pictures of positions: the [`ToSvg`] extension trait, its [`SvgOptions`], and the small
//! SVG writer and colours the games share.
//!
//! A picture is one self-contained SVG document. Every piece is one element whose `class`
//! names it (`piece`, its kind, its owner as `seat-N`) and whose `data-square` or `data-spot`
//! attribute names its place, with a `<title>` for screen readers; highlights carry classes
//! and data attributes too, so that web pages can script the picture.

use crate::{Game, MoveLimit, PlayerId};
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Debug, Display, Write};

/// How to draw a position: size, coordinates, highlights and orientation.
///
/// `M` is what a highlighted last move shows ([`ToSvg::LastMove`]), `P` a place of the board
/// ([`ToSvg::Place`]). Each game crate names its own as `SvgOptions`.
///
/// ```
/// use abstract_game::{PlayerId, SvgOptions};
/// let o: SvgOptions<(), u8> = SvgOptions { size: 300, bottom: PlayerId::SECOND, ..Default::default() };
/// assert!(o.coordinates && o.last_move.is_none() && o.highlights.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SvgOptions<M, P> {
    /// Width of the picture in pixels (the height follows from the board's shape).
    pub size: u32,
    /// Whether to write the board's coordinates (file letters, rank or spot numbers).
    pub coordinates: bool,
    /// The seat whose side of the board is drawn at the bottom.
    pub bottom: PlayerId,
    /// The move that led to the position, to highlight (see [`ToSvg::last_move`]).
    pub last_move: Option<M>,
    /// Places to mark, for example the legal targets of a piece.
    pub highlights: Vec<P>,
}

impl<M, P> Default for SvgOptions<M, P> {
    /// 480 pixels wide, coordinates on, seat 1 at the bottom, nothing highlighted.
    fn default() -> Self {
        SvgOptions {
            size: 480,
            coordinates: true,
            bottom: PlayerId::FIRST,
            last_move: None,
            highlights: Vec::new(),
        }
    }
}

/// A game that draws its positions as SVG pictures.
///
/// ```
/// use abstract_game::{Game, SvgOptions, ToSvg, toy::Subtraction};
/// let g = Subtraction::new(&Default::default()).unwrap();
/// let mv = g.legal_moves()[0];
/// let last = g.last_move(mv);
/// let after = g.after(mv).unwrap();
/// let svg = after.to_svg(&SvgOptions { last_move: last, ..Default::default() });
/// assert!(svg.starts_with("<svg"));
/// ```
pub trait ToSvg: Game {
    /// A place of the board that can be highlighted (a square or a spot); its text is the
    /// value of the `data-square` or `data-spot` attributes.
    type Place: Copy + Eq + Debug + Display;
    /// What a highlighted last move shows, as [`ToSvg::last_move`] builds it.
    type LastMove: Clone + Debug;

    /// The picture of this position as a complete SVG document.
    #[must_use]
    fn to_svg(&self, options: &SvgOptions<Self::LastMove, Self::Place>) -> String;

    /// What to highlight in the picture of the position after `mv`, worked out here, in the
    /// position before it (where the move's effects can still be seen). `None` if `mv` is
    /// not legal here.
    #[must_use]
    fn last_move(&self, mv: Self::Move) -> Option<Self::LastMove>;
}

impl<G: ToSvg> ToSvg for MoveLimit<G> {
    type Place = G::Place;
    type LastMove = G::LastMove;

    /// The inner game's picture.
    fn to_svg(&self, options: &SvgOptions<G::LastMove, G::Place>) -> String {
        self.inner().to_svg(options)
    }

    fn last_move(&self, mv: G::Move) -> Option<G::LastMove> {
        if self.is_legal(mv) {
            self.inner().last_move(mv)
        } else {
            None
        }
    }
}

/// The Okabe-Ito colours, which people with the common forms of colour blindness can tell
/// apart.
pub mod colours {
    /// Orange.
    pub const ORANGE: &str = "#E69F00";
    /// Sky blue.
    pub const SKY_BLUE: &str = "#56B4E9";
    /// Bluish green.
    pub const GREEN: &str = "#009E73";
    /// Yellow.
    pub const YELLOW: &str = "#F0E442";
    /// Blue.
    pub const BLUE: &str = "#0072B2";
    /// Vermillion.
    pub const VERMILLION: &str = "#D55E00";
    /// Reddish purple.
    pub const PURPLE: &str = "#CC79A7";
    /// Black.
    pub const BLACK: &str = "#000000";
}

/// A number written with at most two decimals and no trailing zeros, for coordinates.
///
/// ```
/// use abstract_game::svg::Num;
/// assert_eq!(Num(12.0).to_string(), "12");
/// assert_eq!(Num(0.1 + 0.2).to_string(), "0.3");
/// assert_eq!(Num(-0.001).to_string(), "0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Num(pub f64);

impl Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Whole hundredths, so that pictures are byte-for-byte stable and short.
        let hundredths = round(self.0 * 100.0);
        let (sign, abs) = if hundredths < 0 {
            ("-", hundredths.unsigned_abs())
        } else {
            ("", hundredths.unsigned_abs())
        };
        let (whole, frac) = (abs / 100, abs % 100);
        match frac {
            0 => write!(f, "{sign}{whole}"),
            _ if frac % 10 == 0 => write!(f, "{sign}{whole}.{}", frac / 10),
            _ => write!(f, "{sign}{whole}.{frac:02}"),
        }
    }
}

/// `x` rounded to the nearest whole number, halves away from zero (`core` has no `round`).
fn round(x: f64) -> i64 {
    if x < 0.0 {
        -((0.5 - x) as i64)
    } else {
        (x + 0.5) as i64
    }
}

/// Writes what it is given with the XML special characters escaped.
struct Escaped<'a>(&'a mut String);

impl Write for Escaped<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            match c {
                '&' => self.0.push_str("&amp;"),
                '<' => self.0.push_str("&lt;"),
                '>' => self.0.push_str("&gt;"),
                '"' => self.0.push_str("&quot;"),
                '\'' => self.0.push_str("&apos;"),
                c => self.0.push(c),
            }
        }
        Ok(())
    }
}

/// An attribute: its name and its value (anything `Display`, escaped when written).
pub type Attr<'a> = (&'a str, &'a dyn Display);

/// A tiny SVG writer: elements one per line, indented, attribute values and text escaped.
///
/// ```
/// use abstract_game::svg::{Num, SvgWriter};
/// let mut w = SvgWriter::new(200, 100.0, 50.0);
/// w.open("g", &[("class", &"piece seat-1"), ("data-square", &"a1")]);
/// w.text("title", &[], "Seat 1 <small>");
/// w.leaf("circle", &[("cx", &Num(10.0)), ("cy", &Num(10.5)), ("r", &5)]);
/// w.close();
/// let svg = w.finish();
/// assert!(svg.contains(r#"<circle cx="10" cy="10.5" r="5"/>"#));
/// assert!(svg.contains("<title>Seat 1 &lt;small&gt;</title>"));
/// assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100""#));
/// ```
#[derive(Debug)]
pub struct SvgWriter {
    out: String,
    open: Vec<&'static str>,
}

impl SvgWriter {
    /// Starts a document `width` pixels wide whose drawing units span `view_width` by
    /// `view_height` (the pixel height keeps that shape).
    #[must_use]
    pub fn new(width: u32, view_width: f64, view_height: f64) -> SvgWriter {
        let height = round(f64::from(width) * view_height / view_width) as u32;
        let mut w = SvgWriter {
            out: String::new(),
            open: Vec::new(),
        };
        w.open(
            "svg",
            &[
                ("xmlns", &"http://www.w3.org/2000/svg"),
                ("width", &width),
                ("height", &height),
                (
                    "viewBox",
                    &format_args!("0 0 {} {}", Num(view_width), Num(view_height)),
                ),
                ("font-family", &"DejaVu Sans, Verdana, sans-serif"),
            ],
        );
        w
    }

    fn indent(&mut self) {
        for _ in 0..self.open.len() {
            self.out.push_str("  ");
        }
    }

    fn start_tag(&mut self, tag: &str, attrs: &[Attr<'_>]) {
        self.indent();
        self.out.push('<');
        self.out.push_str(tag);
        for (name, value) in attrs {
            self.out.push(' ');
            self.out.push_str(name);
            self.out.push_str("=\"");
            // Writing into a String cannot fail.
            let _ = write!(Escaped(&mut self.out), "{value}");
            self.out.push('"');
        }
    }

    /// Opens an element that will hold others; [`SvgWriter::close`] ends it.
    pub fn open(&mut self, tag: &'static str, attrs: &[Attr<'_>]) {
        self.start_tag(tag, attrs);
        self.out.push_str(">\n");
        self.open.push(tag);
    }

    /// Closes the element opened last (never the document itself: [`SvgWriter::finish`]
    /// does that).
    pub fn close(&mut self) {
        if self.open.len() > 1 {
            if let Some(tag) = self.open.pop() {
                self.indent();
                self.out.push_str("</");
                self.out.push_str(tag);
                self.out.push_str(">\n");
            }
        }
    }

    /// An element without content, such as `<circle .../>`.
    pub fn leaf(&mut self, tag: &str, attrs: &[Attr<'_>]) {
        self.start_tag(tag, attrs);
        self.out.push_str("/>\n");
    }

    /// An element holding only text, such as `<title>` or `<text>`.
    pub fn text(&mut self, tag: &str, attrs: &[Attr<'_>], text: &str) {
        self.start_tag(tag, attrs);
        self.out.push('>');
        let _ = Escaped(&mut self.out).write_str(text);
        self.out.push_str("</");
        self.out.push_str(tag);
        self.out.push_str(">\n");
    }

    /// The picture's `<title>` and a white background `width` by `height` units: how every
    /// picture of the workspace begins.
    pub fn background(&mut self, title: &str, width: f64, height: f64) {
        self.text("title", &[], title);
        self.leaf(
            "rect",
            &[
                ("width", &Num(width)),
                ("height", &Num(height)),
                ("fill", &"#FFFFFF"),
            ],
        );
    }

    /// A line of text of class `caption` (the line above a board) starting at `(x, y)`.
    pub fn caption(&mut self, (x, y): (f64, f64), font_size: u32, text: &str) {
        let attrs: [Attr<'_>; 4] = [
            ("class", &"caption"),
            ("x", &Num(x)),
            ("y", &Num(y)),
            ("font-size", &font_size),
        ];
        self.text("text", &attrs, text);
    }

    /// A board coordinate (class `coordinate`) centred on `x`, its baseline at `y`.
    pub fn coordinate(&mut self, (x, y): (f64, f64), font_size: u32, text: &str) {
        let attrs: [Attr<'_>; 6] = [
            ("class", &"coordinate"),
            ("x", &Num(x)),
            ("y", &Num(y)),
            ("font-size", &font_size),
            ("text-anchor", &"middle"),
            ("fill", &"#555555"),
        ];
        self.text("text", &attrs, text);
    }

    /// A square of a square board, `side` units wide with its top-left corner at `(x, y)`,
    /// tinted yellow (`opacity` from 0 to 1): the last-move marks (`class`) of the square
    /// boards, with the square's name in `data-square`.
    ///
    /// ```
    /// use abstract_game::svg::SvgWriter;
    /// let mut w = SvgWriter::new(100, 100.0, 100.0);
    /// w.square_mark((20.0, 40.0), 20.0, &"e4", "last-move target", 0.8);
    /// assert!(w.finish().contains(r#"<rect class="last-move target" data-square="e4" x="20" y="40""#));
    /// ```
    pub fn square_mark(
        &mut self,
        (x, y): (f64, f64),
        side: f64,
        square: &dyn Display,
        class: &str,
        opacity: f64,
    ) {
        self.leaf(
            "rect",
            &[
                ("class", &class),
                ("data-square", square),
                ("x", &Num(x)),
                ("y", &Num(y)),
                ("width", &Num(side)),
                ("height", &Num(side)),
                ("fill", &colours::YELLOW),
                ("fill-opacity", &Num(opacity)),
            ],
        );
    }

    /// Closes every element still open and returns the document.
    #[must_use]
    pub fn finish(mut self) -> String {
        while self.open.len() > 1 {
            self.close();
        }
        self.open.clear();
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// The `(file, rank)` squares strictly between two squares on one rank, file or diagonal,
/// from `a` towards `b` (the squares a move passed over).
///
/// ```
/// use abstract_game::svg::squares_between;
/// assert_eq!(squares_between((0, 0), (3, 3)).collect::<Vec<_>>(), [(1, 1), (2, 2)]);
/// assert_eq!(squares_between((4, 2), (4, 0)).collect::<Vec<_>>(), [(4, 1)]);
/// assert_eq!(squares_between((1, 1), (2, 2)).count(), 0);
/// ```
pub fn squares_between(a: (u8, u8), b: (u8, u8)) -> impl Iterator<Item = (u8, u8)> {
    let df = i16::from(b.0) - i16::from(a.0);
    let dr = i16::from(b.1) - i16::from(a.1);
    (1..df.abs().max(dr.abs())).filter_map(move |i| {
        let f = u8::try_from(i16::from(a.0) + df.signum() * i).ok()?;
        let r = u8::try_from(i16::from(a.1) + dr.signum() * i).ok()?;
        Some((f, r))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use alloc::string::ToString;

    #[test]
    fn escapes_attributes_and_text() {
        let mut w = SvgWriter::new(10, 1.0, 2.0);
        w.text("text", &[("data-x", &"a\"b&c<'>")], "x & y < z");
        let s = w.finish();
        assert!(
            s.contains(r#"data-x="a&quot;b&amp;c&lt;&apos;&gt;""#),
            "{s}"
        );
        assert!(s.contains(">x &amp; y &lt; z</text>"), "{s}");
        assert!(s.contains(r#"height="20""#), "{s}");
        assert!(s.ends_with("</svg>\n"), "{s}");
    }

    #[test]
    fn a_move_limit_draws_the_inner_game() {
        use crate::toy::{Subtraction, Take};
        let inner = Subtraction::new(&Default::default()).unwrap();
        let limited = MoveLimit::wrap(inner, 0, 1);
        let options = SvgOptions {
            last_move: Some(Take(2)),
            ..SvgOptions::default()
        };
        assert_eq!(limited.to_svg(&options), inner.to_svg(&options));
        assert_eq!(limited.last_move(Take(2)), Some(Take(2)));
        // Once the limit is reached no move is legal, so none has a highlight.
        let done = limited.after(Take(1)).unwrap();
        assert_eq!(done.last_move(Take(1)), None);
        assert_eq!(inner.last_move(Take(4)), None);
    }

    #[test]
    fn numbers_are_short_and_rounded() {
        for (x, t) in [
            (1.0, "1"),
            (1.5, "1.5"),
            (1.25, "1.25"),
            (-2.346, "-2.35"),
            (0.004, "0"),
            (100.999, "101"),
        ] {
            assert_eq!(Num(x).to_string(), t, "{x}");
        }
    }
}
