//! The kit's own checks on the toy game, the move-limit wrapper and the oracle reader.

use abstract_game::toy::{Subtraction, SubtractionConfig};
use abstract_game::{Game, LimitConfig, MoveLimit};
use abstract_game_testkit::oracle::{OracleAdapter, check_oracle_file};
use abstract_game_testkit::{KitOptions, check_end_reasons, check_position, check_random_games};
use serde_json::Value;

#[test]
fn toy_game_and_move_limit_pass_the_kit() {
    let r =
        check_random_games::<Subtraction>(&SubtractionConfig::default(), &KitOptions::default());
    assert_eq!(r.finished, r.games);
    assert_eq!(r.max_branching, 3);
    let cfg = LimitConfig {
        inner: SubtractionConfig {
            pile: 200,
            max_take: 2,
        },
        max_plies: 10,
    };
    let r = check_random_games::<MoveLimit<Subtraction>>(&cfg, &KitOptions::default());
    // Every game is stopped by the limit (200 tokens need at least 100 moves): a draw.
    assert_eq!(r.longest_game, 10);
    assert_eq!(r.finished, r.games);
}

#[test]
fn the_move_limit_has_its_own_end_reason() {
    // 9 tokens, take 1 or 2, at most 5 moves: some games end by the rules, some by the limit.
    let cfg = LimitConfig {
        inner: SubtractionConfig {
            pile: 9,
            max_take: 2,
        },
        max_plies: 5,
    };
    let start = MoveLimit::<Subtraction>::new(&cfg).unwrap();
    let met: Vec<String> = check_end_reasons(&start, &KitOptions::default())
        .unwrap()
        .into_iter()
        .collect();
    assert_eq!(met, ["last token taken", "move limit reached"]);
}

#[test]
fn check_position_accepts_a_sound_position() {
    let g: Subtraction = "5 3 2".parse().unwrap();
    assert_eq!(check_position(&g), Ok(()));
}

struct Toy;

impl OracleAdapter for Toy {
    type G = Subtraction;
    fn start(&self, line: &Value) -> Result<Subtraction, String> {
        line["position"]
            .as_str()
            .ok_or("no position")?
            .parse()
            .map_err(|e| format!("{e}"))
    }
    fn check_line(&self, state: &Subtraction, line: &Value) -> Result<(), String> {
        let ours = state.to_string();
        if line["position"].as_str() == Some(ours.as_str()) {
            Ok(())
        } else {
            Err(format!("position {ours} != {}", line["position"]))
        }
    }
}

#[test]
fn oracle_reader_agrees_and_disagrees() {
    let dir = std::env::temp_dir().join(format!("agt-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.jsonl");
    // A hand-written game: 4 tokens, take 1..=3; player 1 takes 3, player 2 takes the last.
    std::fs::write(
        &good,
        concat!(
            r#"{"seed":1,"ply":0,"position":"4 3 1","to_move":1,"legal":["1","2","3"],"n_legal":3,"move":"3","gameover":false,"winner":null}"#,
            "\n",
            r#"{"seed":1,"ply":1,"position":"1 3 2","to_move":2,"legal":["1"],"n_legal":1,"move":"1","gameover":false,"winner":null}"#,
            "\n",
            r#"{"seed":1,"ply":2,"position":"0 3 1","to_move":1,"legal":[],"n_legal":0,"move":null,"gameover":true,"winner":[2]}"#,
            "\n"
        ),
    )
    .unwrap();
    let r = check_oracle_file(&Toy, &good).unwrap();
    assert_eq!((r.games, r.positions), (1, 3));
    assert!(r.failures.is_empty(), "{:?}", r.failures);

    let bad = dir.join("bad.jsonl");
    // Claims a fourth legal move and the wrong winner.
    std::fs::write(
        &bad,
        concat!(
            r#"{"seed":2,"ply":0,"position":"4 3 1","legal":["1","2","3","4"],"move":"3"}"#,
            "\n",
            r#"{"seed":3,"ply":0,"position":"0 3 1","legal":[],"gameover":true,"winner":1}"#,
            "\n"
        ),
    )
    .unwrap();
    let r = check_oracle_file(&Toy, &bad).unwrap();
    assert_eq!(r.games, 2);
    assert_eq!(r.failures.len(), 2, "{:?}", r.failures);
    assert!(r.failures[0].contains("legal moves differ"));
    assert!(r.failures[1].contains("winners"));
    std::fs::remove_dir_all(&dir).unwrap();
}
