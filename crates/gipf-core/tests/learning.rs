//! The conformance kit's learning checks (action numbers, observations, symmetries) for the
//! decision view of every variant, from the start and from the midgame positions, with and
//! without a move limit.

use abstract_game::{Actions, Game, LimitConfig, MoveLimit, Observe, PlayerId, Symmetric};
use abstract_game_testkit::{KitOptions, check_learning, check_learning_games};
use gipf_core::{Config, Decision, Gipf, Variant};

const VARIANTS: [Variant; 3] = [Variant::Basic, Variant::Standard, Variant::Tournament];

fn opts(games: usize, seed: u64) -> KitOptions {
    KitOptions {
        games,
        max_plies: 300,
        seed,
        ..KitOptions::default()
    }
}

#[test]
fn every_variant() {
    for (i, variant) in VARIANTS.into_iter().enumerate() {
        let report = check_learning_games::<Gipf>(&Config { variant }, &opts(3, i as u64));
        assert!(report.finished > 0, "{variant}: {report:?}");
    }
}

#[test]
fn from_midgame_positions() {
    for line in include_str!("positions.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let start: Gipf = line.parse().unwrap();
        check_learning(&start, &opts(2, 11)).unwrap_or_else(|f| panic!("{f}"));
    }
}

#[test]
fn with_a_move_limit() {
    let cfg = LimitConfig {
        inner: Config::default(),
        max_plies: 50,
    };
    let report = check_learning_games::<MoveLimit<Gipf>>(&cfg, &opts(2, 4));
    assert_eq!(report.games, 2);
}

#[test]
fn numbering_is_the_documented_one() {
    let sizes: Vec<usize> = VARIANTS
        .into_iter()
        .map(|variant| {
            Gipf::new(&Config { variant })
                .unwrap()
                .num_distinct_actions()
        })
        .collect();
    assert_eq!(sizes, [63, 1098, 1140]);
    // Tournament: a GIPF-piece push is 42 above the same push with a single piece.
    let t = Gipf::new(&Config {
        variant: Variant::Tournament,
    })
    .unwrap();
    assert_eq!(t.action_of("Ga1-b2".parse().unwrap()), Some(42));
    // The crate docs' position: White's row b2-b5 holds its GIPF-piece b4. The line of
    // column b is line 0 (spots b2..b5, a block of 2^4). Removing everything keeps nothing
    // (number 42 + 0); leaving b4 standing keeps the line's third spot (42 + 0b100).
    let text = "standard W:b2,b3,Gb4,Ge2,Gh5 B:Gc2,Ge8,Gh2 R:10/12 C:0/0 push:w";
    let g: Gipf = text.parse().unwrap();
    let g = g.after("b6-b5".parse().unwrap()).unwrap();
    let all: Decision = "xb2,b3,b4,b5".parse().unwrap();
    let keep_b4: Decision = "xb2,b3,b5".parse().unwrap();
    assert_eq!(g.action_of(all), Some(42));
    assert_eq!(g.action_of(keep_b4), Some(42 + 4));
    assert_eq!(g.move_of(46), Some(keep_b4));
    assert_eq!(g.move_of(43), None); // b2 is no GIPF-piece: it cannot stay
    let mut actions = Vec::new();
    g.legal_actions(&mut actions);
    assert_eq!(actions, [42, 46]);
}

#[test]
fn symmetries_map_pushes_removals_and_observations() {
    let text = "standard W:b2,b3,Gb4,Ge2,Gh5 B:Gc2,Ge8,Gh2 R:10/12 C:0/0 push:w";
    let g: Gipf = text.parse().unwrap();
    // The half turn (3) about e5 takes b2 to h5, c2 to g6, h2 to b5 and column b to h.
    let h = g.transformed(3).unwrap();
    assert_eq!(
        h.to_string(),
        "standard W:Gb2,Ge8,Gh3,h4,h5 B:Gb5,Ge2,Gg6 R:10/12 C:0/0 push:w"
    );
    let push = g.transform_move(3, "b6-b5".parse().unwrap()).unwrap();
    assert_eq!(push.to_string(), "h1-h2");
    let after = g.after("b6-b5".parse().unwrap()).unwrap();
    let keep_b4: Decision = "xb2,b3,b5".parse().unwrap();
    assert_eq!(
        after.transform_move(3, keep_b4).unwrap().to_string(),
        "xh2,h4,h5"
    );
    // Reflection 6 mirrors across a1-e5-i5, which holds b2: column b goes to b2..e2.
    let r = after.transformed(6).unwrap();
    let image = after.transform_move(6, keep_b4).unwrap();
    assert_eq!(image.to_string(), "xb2,c2,e2");
    assert!(r.is_legal(image));
    let seat = PlayerId::SECOND;
    let (mut a, mut b) = (
        vec![0.0; g.observation_len()],
        vec![0.0; g.observation_len()],
    );
    after.observe(seat, &mut a).unwrap();
    after.transform_observation(6, &a.clone(), &mut b).unwrap();
    r.observe(seat, &mut a).unwrap();
    assert_eq!(a, b);
}
