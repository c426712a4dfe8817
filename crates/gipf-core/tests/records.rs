//! Official game records: reading (last-spot and first-spot forms, removals before and after
//! the push, marks and counts checked) and writing (with marks and counts).

use abstract_game::Game;
use gipf_core::record::{RecordError, parse_record, write_record};
use gipf_core::{Config, GipfTurns, Spot, Turn};

fn pos(text: &str) -> GipfTurns {
    text.parse().unwrap()
}

fn texts(turns: &[Turn]) -> Vec<String> {
    turns.iter().map(ToString::to_string).collect()
}

fn spot(s: &str) -> Spot {
    s.parse().unwrap()
}

/// White's e1-e2 pushes e2-e4 up to e5 (last spot e5) and makes a Black row, which Black
/// removes (leaving its GIPF-piece e6, or taking it) before its own push.
const BLACK_ROW: &str = "standard W:Gb5 B:e2,e3,e4,Ge6 R:16/13 C:0/0 push:w";

#[test]
fn opponent_removals_come_before_the_next_push() {
    let start = pos(BLACK_ROW);
    let record = "e1-e5\nxe2,e3,e4,e5 ; a1-b2\n";
    let turns = parse_record(&start, record).unwrap();
    assert_eq!(texts(&turns), ["e1-e2 ; xe2,e3,e4,e5", "a1-b2"]);
    // Written with marks (e2 is White's piece: a capture) and reserves (White 16 - 1; Black
    // 13 + 3 taken back - 1).
    let written = "e1-e5 (15)\nxe2*,e3,e4,e5 ; a1-b2 (15)\n";
    assert_eq!(write_record(&start, &turns).unwrap(), written);
    assert_eq!(parse_record(&start, written).unwrap(), turns);
    // Same game: first-spot form, `/` separators, a comment, the count after the push.
    let loose = "# a game\ne1-e2 (15) / xe2*,e3,e4,e5 ; a1-b2";
    assert_eq!(parse_record(&start, loose).unwrap(), turns);
    // A record may end with the other player's removals (Black takes its last GIPF-piece,
    // and loses).
    let turns = parse_record(&start, "e1-e5\nxe2,e3,e4,e5,e6\n").unwrap();
    assert_eq!(texts(&turns), ["e1-e2 ; xe2,e3,e4,e5,e6"]);
    let written = "e1-e5 (15)\nxe2*,e3,e4,e5,Ge6 (18)\n";
    assert_eq!(write_record(&start, &turns).unwrap(), written);
    assert_eq!(parse_record(&start, written).unwrap(), turns);
}

#[test]
fn own_removals_follow_the_push() {
    let start = pos("standard W:c3,d4,Ge2,e5,h5 B:Ge8,f5 R:12/15 C:0/0 push:w");
    let turns = parse_record(&start, "a1-b2 ; xb2,c3,d4,e5,f5").unwrap();
    assert_eq!(texts(&turns), ["a1-b2 xb2,c3,d4,e5,f5"]);
    assert_eq!(
        write_record(&start, &turns).unwrap(),
        "a1-b2 ; xb2,c3,d4,e5,f5* (15)\n"
    );
}

#[test]
fn marks_are_checked_against_the_board() {
    let start = pos(BLACK_ROW);
    // The example: G marks on plain pieces.
    assert_eq!(
        parse_record(&start, "e1-e5\nxGe2,Ge3,e4*,e5* ; a1-b2"),
        Err(RecordError::Mark {
            index: 2,
            line: 2,
            spot: spot("e2")
        })
    );
    // `*` on the remover's own piece; the line counts comments and blank lines.
    assert_eq!(
        parse_record(&start, "# game\n\ne1-e5\nxe2*,e3*,e4,e5 ; a1-b2"),
        Err(RecordError::Mark {
            index: 2,
            line: 4,
            spot: spot("e3")
        })
    );
    // A mark on the pusher's own removals, after the push.
    let own = pos("standard W:c3,d4,Ge2,e5,h5 B:Ge8,f5 R:12/15 C:0/0 push:w");
    assert_eq!(
        parse_record(&own, "a1-b2 ; xb2,c3*,d4,e5,f5"),
        Err(RecordError::Mark {
            index: 1,
            line: 1,
            spot: spot("c3")
        })
    );
    assert!(parse_record(&own, "a1-b2 ; xb2,c3,d4,e5,f5*").is_ok());
    assert!(parse_record(&start, "e1-e5\nxe2*,e3,e4,e5,Ge6").is_ok());
}

#[test]
fn reserve_counts_are_checked() {
    let start = pos(BLACK_ROW);
    assert_eq!(
        parse_record(&start, "e1-e5 (99)\nxe2,e3,e4,e5 ; a1-b2"),
        Err(RecordError::ReserveCount {
            index: 1,
            line: 1,
            written: 99,
            actual: 15
        })
    );
    assert_eq!(
        parse_record(&start, "e1-e5 (15)\nxe2,e3,e4,e5 ; a1-b2 (12)"),
        Err(RecordError::ReserveCount {
            index: 2,
            line: 2,
            written: 12,
            actual: 15
        })
    );
    assert_eq!(
        parse_record(&start, "e1-e5\nxe2,e3,e4,e5,e6 (17)"),
        Err(RecordError::ReserveCount {
            index: 2,
            line: 2,
            written: 17,
            actual: 18
        })
    );
    // Two counts, or a count too long to be one, are malformed.
    assert_eq!(
        parse_record(&start, "e1-e5 (15) ; xe2 (15)"),
        Err(RecordError::Structure { index: 1, line: 1 })
    );
    assert_eq!(
        parse_record(&start, "e1-e5 (99999999999)"),
        Err(RecordError::Structure { index: 1, line: 1 })
    );
}

#[test]
fn removals_in_another_order_read_as_the_listed_turn() {
    // After h1-h2 White's GIPF-pieces d6 and e7 stand in rows of both players.
    let start = pos(
        "tournament W:Gb4,Gc5,Gd6,Ge7 B:Gd2,Gd3,Gd4,Gd5,Ge3,Ge4,Ge5,Ge6 R:10/2 C:0/0 push:w G:-",
    );
    let listed: Turn = "h1-h2 xd6 ; xe7".parse().unwrap();
    assert!(start.is_legal(listed));
    let written = write_record(&start, &[listed]).unwrap();
    assert!(
        written.contains("xGd6") && written.contains("xGe7*"),
        "{written}"
    );
    let swapped = written
        .replace("Gd6", "@")
        .replace("Ge7", "Gd6")
        .replace('@', "Ge7");
    assert_eq!(parse_record(&start, &swapped), Ok(vec![listed]));
}

#[test]
fn bad_records_are_refused() {
    let start = GipfTurns::new(&Config::default()).unwrap();
    // e1-e4: the push e1-e2 ends on e3 here.
    assert!(matches!(
        parse_record(&start, "e1-e4"),
        Err(RecordError::Text {
            index: 1,
            line: 1,
            ..
        })
    ));
    assert_eq!(
        parse_record(&start, "xb2,c3,d4,e5 ; a1-b2"),
        Err(RecordError::Structure { index: 1, line: 1 })
    );
    assert_eq!(
        parse_record(&start, "a1-b2\na1-b2 ; xb2,c3,d4,e5"),
        Err(RecordError::Illegal { index: 2, line: 2 })
    );
    assert_eq!(
        parse_record(&start, "a1-b2 a2-b3"),
        Err(RecordError::Text {
            index: 1,
            line: 1,
            error: gipf_core::MoveParseError::Point(gipf_core::PointError::NoSuchPoint)
        })
    );
    let t: Turn = "a1-b2 xb2".parse().unwrap();
    assert_eq!(
        write_record(&start, &[t]),
        Err(RecordError::Illegal { index: 1, line: 1 })
    );
}
