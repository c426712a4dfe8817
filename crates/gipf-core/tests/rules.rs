//! Hand-made positions, one or more per rule and per end condition. Expected move sets and
//! results are worked out by hand from the rules (or taken from the rules and oracle files).

use abstract_game::{Game, LimitConfig, MoveError, MoveLimit, PlayerId, Status, random_playout};
use gipf_core::{Config, Decision, Gipf, GipfTurns, IllegalMove, Turn, Variant};

const WHITE: PlayerId = PlayerId::FIRST;
const BLACK: PlayerId = PlayerId::SECOND;

fn pos(text: &str) -> Gipf {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn decisions(g: &Gipf) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

fn turns_of(g: &Gipf, push: &str) -> Vec<String> {
    let t = GipfTurns::try_from(g.clone()).unwrap();
    let mut v: Vec<String> = t
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .filter(|s| s == push || s.starts_with(&format!("{push} ")))
        .collect();
    v.sort();
    v
}

fn play(g: &mut Gipf, text: &str) {
    let d: Decision = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.apply(d).unwrap_or_else(|e| panic!("{text} in {g}: {e}"));
}

fn winner(g: &Gipf) -> Option<PlayerId> {
    match g.status() {
        Status::Finished(o) => o.winner(),
        Status::Ongoing(_) => None,
    }
}

#[test]
fn start_positions() {
    let std = Gipf::new(&Config::default()).unwrap();
    assert_eq!(
        std.to_string(),
        "standard W:Gb5,Ge2,Gh5 B:Gb2,Ge8,Gh2 R:12/12 C:0/0 push:w"
    );
    assert_eq!(std.to_move(), Some(WHITE));
    let d = decisions(&std);
    assert_eq!(d.len(), 42);
    assert!(d.contains(&"a1-b2".to_string()) && d.contains(&"i5-h5".to_string()));
}

/// A row is removed with every piece extending it up to the first gap, of either colour;
/// with no choice to make it happens by itself; own pieces go back, others are captured.
#[test]
fn forced_removal_takes_the_whole_run() {
    let mut g = pos("standard W:c3,d4,Ge2,e5,h5 B:Ge8,f5 R:12/15 C:0/0 push:w");
    play(&mut g, "a1-b2");
    // b2-e5 White, f5 Black extends it, g5 is empty so h5 stays.
    assert_eq!(
        g.to_string(),
        "standard W:Ge2,h5 B:Ge8 R:15/15 C:0/1 push:b"
    );
    assert_eq!(g.score(WHITE), 1);
}

/// Each GIPF-piece in the run is the remover's choice, whatever its colour.
#[test]
fn gipf_piece_in_run_is_a_choice() {
    let start = pos("standard W:c3,d4,Ge2,e5,h5 B:Ge8,Gf5 R:12/14 C:0/0 push:w");
    let mut g = start.clone();
    play(&mut g, "a1-b2");
    assert_eq!(g.to_move(), Some(WHITE));
    assert_eq!(decisions(&g), ["xb2,c3,d4,e5", "xb2,c3,d4,e5,f5"]);
    // The removal-phase position text round-trips.
    assert_eq!(g.to_string().parse::<Gipf>().unwrap(), g);
    let mut take = g.clone();
    play(&mut take, "xb2,c3,d4,e5,f5");
    assert_eq!(
        take.to_string(),
        "standard W:Ge2,h5 B:Ge8 R:15/14 C:0/2 push:b"
    );
    play(&mut g, "xb2,c3,d4,e5");
    assert_eq!(
        g.to_string(),
        "standard W:Ge2,h5 B:Ge8,Gf5 R:15/14 C:0/0 push:b"
    );
    // A removal that leaves a single behind, or takes spots outside the run, is refused.
    let mut g = start.clone();
    play(&mut g, "a1-b2");
    for bad in ["xb2,c3,d4", "xb2,c3,d4,e5,f5,h5", "xf5"] {
        let d: Decision = bad.parse().unwrap();
        assert_eq!(
            g.check_move(d),
            Err(MoveError::Illegal(IllegalMove::NotARemoval)),
            "{bad}"
        );
    }
    assert_eq!(
        turns_of(&start, "a1-b2"),
        ["a1-b2 xb2,c3,d4,e5", "a1-b2 xb2,c3,d4,e5,f5"]
    );
}

/// A row of the other colour made by a push is removed by its owner, who decides.
#[test]
fn opponent_removes_the_row_the_push_made_for_them() {
    let start = pos("standard W:Gb5 B:e2,e3,e4,Ge6 R:16/13 C:0/0 push:w");
    let mut g = start.clone();
    play(&mut g, "e1-e2");
    assert_eq!(g.to_move(), Some(BLACK));
    assert_eq!(g.pusher(), Some(WHITE));
    assert_eq!(decisions(&g), ["xe2,e3,e4,e5", "xe2,e3,e4,e5,e6"]);
    play(&mut g, "xe2,e3,e4,e5");
    assert_eq!(g.to_string(), "standard W:Gb5 B:Ge6 R:15/16 C:1/0 push:b");
    assert_eq!(
        turns_of(&start, "e1-e2"),
        ["e1-e2 ; xe2,e3,e4,e5", "e1-e2 ; xe2,e3,e4,e5,e6"]
    );
}

/// The pusher removes first; their choice can change the other player's row (FAQ 4).
#[test]
fn pusher_removes_first() {
    let start = pos("standard W:b2,c2,Gc6,Gd2,d3,f2,f5,f6,f7,g6,Gh5 \
         B:b3,b5,Gc3,e2,Ge8,f3,g2,g3,Gh2,h3,h4 R:4/4 C:0/0 push:w");
    let mut g = start.clone();
    play(&mut g, "e1-e2");
    // White's row b2-e2 (with White's GIPF-piece d2) comes before Black's row e3-h3.
    assert_eq!(g.to_move(), Some(WHITE));
    assert_eq!(decisions(&g), ["xb2,c2,d2,e2", "xb2,c2,e2"]);
    let mut left = g.clone();
    play(&mut g, "xb2,c2,d2,e2");
    // d2 is gone: Black's run is e3-h3 only, nothing to decide, so it went by itself.
    assert_eq!(g.to_move(), Some(BLACK));
    assert!(g.at_turn_start());
    play(&mut left, "xb2,c2,e2");
    // d2 stands: Black's run d2-h3 holds it, Black decides whether to capture it.
    assert_eq!(left.to_move(), Some(BLACK));
    assert_eq!(decisions(&left), ["xd2,e3,f3,g3,h3", "xe3,f3,g3,h3"]);
    assert_eq!(
        turns_of(&start, "e1-e2"),
        [
            "e1-e2 xb2,c2,d2,e2 ; xe3,f3,g3,h3",
            "e1-e2 xb2,c2,e2 ; xd2,e3,f3,g3,h3",
            "e1-e2 xb2,c2,e2 ; xe3,f3,g3,h3"
        ]
    );
}

/// Rows crossing on a GIPF-piece: take one row with it, or leave it and take both.
#[test]
fn rows_crossing_on_a_gipf_piece() {
    let start = pos("standard W:Gb5,d2,d3,Gd4,e6,f6,g6 B:Gb2,c3,Ge8,f3,Gh2 R:6/7 C:3/3 push:w");
    let mut g = start.clone();
    play(&mut g, "d1-d2");
    // Column d2-d5 (GIPF-piece d4 pushed to d5) and diagonal d5-g6 cross on d5.
    assert_eq!(
        decisions(&g),
        ["xd2,d3,d4", "xd2,d3,d4,d5", "xe6,f6,g6", "xd5,e6,f6,g6"]
            .iter()
            .map(ToString::to_string)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
    );
    play(&mut g, "xd2,d3,d4");
    // d5 left standing: the diagonal is still a row and must go too (d5 again a choice).
    assert_eq!(decisions(&g), ["xd5,e6,f6,g6", "xe6,f6,g6"]);
    assert_eq!(
        turns_of(&start, "d1-d2"),
        [
            "d1-d2 xd2,d3,d4,d5",
            "d1-d2 xd2,d3,d4,d5,e6,f6,g6",
            "d1-d2 xd2,d3,d4,e6,f6,g6",
            "d1-d2 xd5,e6,f6,g6"
        ]
    );
}

/// A full line cannot be pushed into from either end.
#[test]
fn full_line_is_blocked() {
    let g = pos("basic W:b3,b5,e2,h5 B:b2,b4,e8,h2 R:11/11 C:0/0 push:w");
    assert_eq!(g.legal_moves().len(), 40);
    for t in ["b1-b2", "b6-b5"] {
        let d: Decision = t.parse().unwrap();
        assert_eq!(
            g.check_move(d),
            Err(MoveError::Illegal(IllegalMove::LineFull))
        );
    }
}

/// Playing your last piece is legal; the player due to push with an empty reserve loses,
/// even if the winner's own reserve is empty too (no ties).
#[test]
fn empty_reserve_loses_when_due_to_push() {
    let mut g = pos("basic W:b5,e2,h5 B:b2,e8,h2 R:1/0 C:11/12 push:w");
    assert_eq!(g.to_move(), Some(WHITE));
    play(&mut g, "e1-e2");
    assert_eq!(g.reserve(WHITE), 0);
    assert_eq!(winner(&g), Some(WHITE));
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.check_move("a1-b2".parse().unwrap()),
        Err(MoveError::GameOver)
    );
    // A position where the player due to push has nothing is over at once.
    let over = pos("basic W:b5,e2,h5 B:b2,e8,h2 R:0/1 C:12/11 push:w");
    assert_eq!(winner(&over), Some(BLACK));
}

/// The opponent's push may give pieces back to a player with an empty reserve.
#[test]
fn empty_reserve_refilled_by_the_opponents_push() {
    let start = pos(
        "standard W:b3,b5,c6,d2,Gd3,d4,e2,e3,e7,f2,f3,f7,g2,g5,Gg6,h5 \
         B:b2,b4,c2,Gc3,d5,d7,e8,f5,g3,Gg4,h2,h3,h4 R:0/2 C:0/1 push:b",
    );
    let t = GipfTurns::try_from(start).unwrap();
    // e1-e2 pushes e2,e3 up to e4: White row d4-g2 (line b4..h1), which White removes.
    let refill: Turn = "e1-e2 ; xd4,e4,f3,g2".parse().unwrap();
    let next = t.after(refill).unwrap();
    assert_eq!(next.status(), Status::Ongoing(WHITE));
    assert_eq!(next.inner().reserve(WHITE), 4);
    // Any push without a White row leaves White unable to push: Black wins.
    let plain: Turn = "a1-b2".parse().unwrap();
    let end = t.after(plain).unwrap();
    assert_eq!(end.status().outcome().and_then(|o| o.winner()), Some(BLACK));
}

/// Both last GIPF-pieces at stake in two rows: the pusher removes first and wins by taking
/// the other's last GIPF-piece; the other row is then never removed.
#[test]
fn both_last_gipf_pieces_the_pusher_wins() {
    let start = pos("standard W:c3,c4,c5,Gd7 B:c2,Gc6,d4,d5,d6 R:5/5 C:8/7 push:w");
    let mut g = start.clone();
    play(&mut g, "b1-c2");
    assert_eq!(g.to_move(), Some(WHITE));
    assert_eq!(decisions(&g), ["xc2,c3,c4,c5", "xc2,c3,c4,c5,c6"]);
    let mut win = g.clone();
    play(&mut win, "xc2,c3,c4,c5,c6");
    assert_eq!(winner(&win), Some(WHITE));
    // Black's row d3-d6 stays on the board, as the game ended at once.
    assert_eq!(
        win.to_string(),
        "standard W:Gd7 B:d3,d4,d5,d6 R:8/5 C:8/9 won:w"
    );
    // Leaving c6: Black removes its row and may take White's last GIPF-piece d7, winning.
    play(&mut g, "xc2,c3,c4,c5");
    assert_eq!(g.to_move(), Some(BLACK));
    assert_eq!(decisions(&g), ["xd3,d4,d5,d6", "xd3,d4,d5,d6,d7"]);
    let mut black = g.clone();
    play(&mut black, "xd3,d4,d5,d6,d7");
    assert_eq!(winner(&black), Some(BLACK));
    play(&mut g, "xd3,d4,d5,d6");
    assert_eq!(g.status(), Status::Ongoing(BLACK));
}

/// One removal taking both last GIPF-pieces: the remover wins; taking only your own loses.
#[test]
fn one_removal_takes_both_last_gipf_pieces() {
    let start = pos("standard W:b3,e2,e3,Ge4,g4 B:c5,Ge6,f3,h3 R:4/5 C:8/8 push:w");
    let t = GipfTurns::try_from(start).unwrap();
    let end = |text: &str| {
        let next = t.after(text.parse().unwrap()).unwrap();
        next.status().outcome().and_then(|o| o.winner())
    };
    assert_eq!(end("e1-e2 xe2,e3,e4"), None);
    assert_eq!(end("e1-e2 xe2,e3,e4,e5"), Some(BLACK));
    assert_eq!(end("e1-e2 xe2,e3,e4,e6"), Some(WHITE));
    assert_eq!(end("e1-e2 xe2,e3,e4,e5,e6"), Some(WHITE));
}

/// Tournament: the first push must bring in a GIPF-piece; more may follow until the first
/// single; never after.
#[test]
fn tournament_gipf_pieces() {
    let mut g = Gipf::new(&Config {
        variant: Variant::Tournament,
    })
    .unwrap();
    let d = decisions(&g);
    assert_eq!(d.len(), 42);
    assert!(d.iter().all(|m| m.starts_with('G')));
    assert_eq!(
        g.check_move("a1-b2".parse().unwrap()),
        Err(MoveError::Illegal(IllegalMove::GipfRequired))
    );
    play(&mut g, "Ga1-b2");
    assert_eq!(g.reserve(WHITE), 16);
    play(&mut g, "Gi5-h5");
    assert_eq!(g.legal_moves().len(), 84);
    play(&mut g, "e1-e2"); // White's first single
    assert!(!g.can_bring_gipf(WHITE));
    play(&mut g, "Ge9-e8");
    assert_eq!(
        g.check_move("Ga1-b2".parse().unwrap()),
        Err(MoveError::Illegal(IllegalMove::GipfNotAllowed))
    );
    assert_eq!(g.legal_moves().len(), 42);
    // GIPF-pieces are not brought in at all in the other games.
    let s = Gipf::new(&Config::default()).unwrap();
    assert_eq!(
        s.check_move("Ga1-b2".parse().unwrap()),
        Err(MoveError::Illegal(IllegalMove::GipfNotAllowed))
    );
}

/// Tournament: a row made only of GIPF-pieces may be kept; it is offered again after every
/// later push (here: after Black's push to White, then after White's own push).
#[test]
fn tournament_kept_gipf_row_is_offered_again() {
    let start = pos(
        "tournament W:b2,Gb3,Ge2,Gf2,Gg2,g6,Gh2,h5 B:Gb4,d6,e8,Gf5,f7,Gg4,Gg5 \
         R:3/7 C:2/0 push:b G:-",
    );
    let mut g = start.clone();
    play(&mut g, "e9-e8");
    assert_eq!(g.to_move(), Some(WHITE));
    let d = decisions(&g);
    assert_eq!(d.len(), 16);
    assert!(d.contains(&"ke2,f2,g2,h2".to_string()));
    assert!(d.contains(&"xe2,f2,g2,h2".to_string()));
    play(&mut g, "ke2,f2,g2,h2");
    assert!(g.at_turn_start());
    assert_eq!(g.to_move(), Some(WHITE));
    play(&mut g, "i5-h5");
    assert_eq!(g.to_move(), Some(WHITE));
    assert_eq!(decisions(&g).len(), 16);
    // As complete turns: keeping the row is the bare push, plus 15 removal sets.
    let turns = turns_of(&start, "e9-e8");
    assert_eq!(turns.len(), 16);
    assert!(turns.contains(&"e9-e8".to_string()));
    assert!(turns.contains(&"e9-e8 ; xe2,f2,g2,h2".to_string()));
}

/// The decision view and the whole-turn view agree on the turns of a rich position.
#[test]
fn decision_and_turn_views_agree_here() {
    let g = pos("standard W:b2,c2,Gc6,Gd2,d3,f2,f5,f6,f7,g6,Gh5 \
         B:b3,b5,Gc3,e2,Ge8,f3,g2,g3,Gh2,h3,h4 R:4/4 C:0/0 push:w");
    let t = GipfTurns::try_from(g.clone()).unwrap();
    for turn in t.legal_moves() {
        assert!(t.check_move(turn).is_ok());
    }
    let bogus: Turn = "e1-e2 xb2,c2 ; xe3,f3,g3,h3".parse().unwrap();
    assert_eq!(
        t.check_move(bogus),
        Err(MoveError::Illegal(IllegalMove::NotATurn))
    );
}

/// The generic move limit wraps both views; a game reaching it is a draw.
#[test]
fn move_limit_works() {
    let cfg = LimitConfig {
        inner: Config::default(),
        max_plies: 12,
    };
    let g = MoveLimit::<Gipf>::new(&cfg).unwrap();
    let p = random_playout(&g, 5, 1000);
    assert_eq!(p.moves.len(), 12);
    assert!(p.outcome.unwrap().is_draw());
    let text = p.state.to_string();
    assert_eq!(text.parse::<MoveLimit<Gipf>>().unwrap(), p.state);
    let t = MoveLimit::<GipfTurns>::new(&cfg).unwrap();
    let p = random_playout(&t, 5, 1000);
    assert_eq!(p.moves.len(), 12);
    assert!(p.outcome.unwrap().is_draw());
}

/// Moves in the official last-spot form are read in context.
#[test]
fn last_spot_form_in_context() {
    let g = Gipf::new(&Config::default()).unwrap();
    // e1-e2 moves White's GIPF-piece e2 to e3: the official record writes e1-e3.
    assert_eq!(g.parse_move("e1-e3").unwrap().to_string(), "e1-e2");
    assert!(g.parse_move("e1-e4").is_err());
    let t = GipfTurns::try_from(g).unwrap();
    assert_eq!(t.parse_move("e1-e3").unwrap().to_string(), "e1-e2");
}

/// The benchmark positions parse, round-trip and pass the kit's single-position checks.
#[test]
fn benchmark_positions_are_valid() {
    let text = include_str!("positions.txt");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let t: GipfTurns = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(t.to_string(), line);
        abstract_game_testkit::check_position(&t).unwrap();
        abstract_game_testkit::check_position(t.inner()).unwrap();
        n += 1;
    }
    assert_eq!(n, 12);
}
