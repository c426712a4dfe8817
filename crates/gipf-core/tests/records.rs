//! Official game records: reading (last-spot and first-spot forms, removals before and after
//! the push) and writing.

use abstract_game::Game;
use gipf_core::record::{RecordError, parse_record, write_record};
use gipf_core::{Config, GipfTurns, Turn};

fn pos(text: &str) -> GipfTurns {
    text.parse().unwrap()
}

fn texts(turns: &[Turn]) -> Vec<String> {
    turns.iter().map(ToString::to_string).collect()
}

#[test]
fn opponent_removals_come_before_the_next_push() {
    let start = pos("standard W:Gb5 B:e2,e3,e4,Ge6 R:16/13 C:0/0 push:w");
    // White's e1-e2 pushes e2-e4 up to e5 (last spot e5) and makes a Black row, which Black
    // removes (leaving its GIPF-piece e6) before its own push.
    let record = "e1-e5\nxe2,e3,e4,e5 ; a1-b2\n";
    let turns = parse_record(&start, record).unwrap();
    assert_eq!(texts(&turns), ["e1-e2 ; xe2,e3,e4,e5", "a1-b2"]);
    assert_eq!(write_record(&start, &turns).unwrap(), record);
    // Same game: first-spot form, `/` separators, a comment, a G mark and reserve counts.
    let loose = "# a game\ne1-e2 (15) / xGe2,e3,e4,e5 ; a1-b2 (12)";
    assert_eq!(parse_record(&start, loose).unwrap(), turns);
    // A record may end with the other player's removals.
    let turns = parse_record(&start, "e1-e5\nxe2,e3,e4,e5,e6\n").unwrap();
    assert_eq!(texts(&turns), ["e1-e2 ; xe2,e3,e4,e5,e6"]);
    assert_eq!(
        write_record(&start, &turns).unwrap(),
        "e1-e5\nxe2,e3,e4,e5,e6\n"
    );
}

#[test]
fn own_removals_follow_the_push() {
    let start = pos("standard W:c3,d4,Ge2,e5,h5 B:Ge8,f5 R:12/15 C:0/0 push:w");
    let turns = parse_record(&start, "a1-b2 ; xb2,c3,d4,e5,f5").unwrap();
    assert_eq!(texts(&turns), ["a1-b2 xb2,c3,d4,e5,f5"]);
    assert_eq!(
        write_record(&start, &turns).unwrap(),
        "a1-b2 ; xb2,c3,d4,e5,f5\n"
    );
}

#[test]
fn bad_records_are_refused() {
    let start = GipfTurns::new(&Config::default()).unwrap();
    // e1-e4: the push e1-e2 ends on e3 here.
    assert!(matches!(
        parse_record(&start, "e1-e4"),
        Err(RecordError::Text { index: 1, .. })
    ));
    assert_eq!(
        parse_record(&start, "xb2,c3,d4,e5 ; a1-b2"),
        Err(RecordError::Structure { index: 1 })
    );
    assert_eq!(
        parse_record(&start, "a1-b2 ; xb2,c3,d4,e5"),
        Err(RecordError::Illegal { index: 1 })
    );
    assert_eq!(
        parse_record(&start, "a1-b2 a2-b3"),
        Err(RecordError::Text {
            index: 1,
            error: gipf_core::MoveParseError::Point(gipf_core::PointError::NoSuchPoint)
        })
    );
    let t: Turn = "a1-b2 xb2".parse().unwrap();
    assert_eq!(
        write_record(&start, &[t]),
        Err(RecordError::Illegal { index: 1 })
    );
}
