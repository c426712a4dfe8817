//! The bots on the toy subtraction game, whose theory is known: the mover wins exactly when
//! the pile is not a multiple of `max_take + 1`.

use abstract_game::toy::{Subtraction, Take};
use abstract_game::{Game, PlayerId, Status};
use abstract_game_search::{BotSpec, Limits};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const SPECS: [&str; 5] = [
    "random",
    "greedy",
    "mcts:iters=300",
    "uct:iters=300",
    "alphabeta:depth=4",
];

fn pos(text: &str) -> Subtraction {
    text.parse().unwrap()
}

#[test]
fn every_bot_returns_a_legal_move_and_none_at_the_end() {
    for spec in SPECS {
        let spec: BotSpec = spec.parse().unwrap();
        let mut bot = spec.build::<Subtraction>();
        for text in ["21 3 1", "1 3 2", "2 8 1", "255 8 2"] {
            let g = pos(text);
            let (mv, info) = bot.choose(&g, &spec.limits()).unwrap();
            assert!(g.is_legal(mv), "{spec} on {text}: {mv}");
            assert!((-1.0..=1.0).contains(&info.value), "{spec}: {info}");
        }
        assert!(bot.choose(&pos("0 3 1"), &spec.limits()).is_none());
    }
}

#[test]
fn searching_bots_find_the_winning_move() {
    // 13 tokens, take 1..3: take 1 to leave 12.
    for spec in [
        "mcts:iters=3000",
        "uct:iters=3000",
        "alphabeta:depth=8",
        "alphabeta:nodes=5000",
    ] {
        let spec: BotSpec = spec.parse().unwrap();
        let (mv, info) = spec
            .build::<Subtraction>()
            .choose(&pos("13 3 1"), &spec.limits())
            .unwrap();
        assert_eq!(mv, Take(1), "{spec}: {info}");
        assert!(info.value > 0.0, "{spec}: {info}");
        assert_eq!(info.pv.first(), Some(&Take(1)));
    }
}

#[test]
fn seeded_bots_are_deterministic_under_work_budgets() {
    for spec in [
        "random:seed=3",
        "mcts:iters=500:seed=9",
        "alphabeta:nodes=2000",
    ] {
        let spec: BotSpec = spec.parse().unwrap();
        let play = || {
            let mut bot = spec.build::<Subtraction>();
            let mut g = pos("200 7 1");
            let mut line = Vec::new();
            while let Some((mv, info)) = bot.choose(&g, &spec.limits()) {
                line.push((mv, info.iterations, info.pv));
                g.apply(mv).unwrap();
            }
            line
        };
        assert_eq!(play(), play(), "{spec}");
    }
}

#[test]
fn a_spent_budget_still_gives_a_legal_move() {
    let stop = Arc::new(AtomicBool::new(true));
    for spec in SPECS {
        let mut bot = spec.parse::<BotSpec>().unwrap().build::<Subtraction>();
        for limits in [
            Limits::time(Duration::ZERO),
            Limits::iterations(0),
            Limits::none().with_stop(stop.clone()),
        ] {
            let g = pos("50 5 1");
            let (mv, _) = bot.choose(&g, &limits).unwrap();
            assert!(g.is_legal(mv), "{spec} {limits:?}");
        }
    }
}

#[test]
fn a_time_budget_is_kept() {
    for spec in ["mcts:ms=30", "alphabeta:ms=30"] {
        let spec: BotSpec = spec.parse().unwrap();
        let (_, info) = spec
            .build::<Subtraction>()
            .choose(&pos("255 8 1"), &spec.limits())
            .unwrap();
        // Generous: the machine is shared, but a runaway search would take far longer.
        assert!(info.elapsed < Duration::from_millis(1000), "{spec}: {info}");
    }
}

/// Plays a game between two specs, `first` in seat 1; returns the winner.
fn play(first: &BotSpec, second: &BotSpec, start: &Subtraction) -> PlayerId {
    let mut bots = [first.build::<Subtraction>(), second.build::<Subtraction>()];
    let specs = [first, second];
    let mut g = *start;
    loop {
        match g.status() {
            Status::Finished(o) => return o.winner().unwrap(),
            Status::Ongoing(p) => {
                let (mv, _) = bots[p.index()]
                    .choose(&g, &specs[p.index()].limits())
                    .unwrap();
                g.apply(mv).unwrap();
            }
        }
    }
}

#[test]
fn search_beats_random_from_winning_seats() {
    // Piles that are not multiples of 4 are wins for the first player with perfect play.
    for spec in ["mcts:iters=2000", "alphabeta:depth=6"] {
        let strong: BotSpec = spec.parse().unwrap();
        for (i, pile) in [21, 30, 43, 50].into_iter().enumerate() {
            let random: BotSpec = format!("random:seed={i}").parse().unwrap();
            let start = pos(&format!("{pile} 3 1"));
            assert_eq!(
                play(&strong, &random, &start),
                PlayerId::FIRST,
                "{spec} {pile}"
            );
        }
    }
}
