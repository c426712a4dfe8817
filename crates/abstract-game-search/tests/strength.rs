//! Small seeded strength checks on the real games: a regression that makes a searching bot
//! lose to random play fails here. (The match tables are in docs/strength.md.)

use abstract_game::{Evaluate, Game, MoveLimit, PlayerId, SeededRng, Status, random_move};
use abstract_game_search::BotSpec;

/// Plays `games` games of `strong` against random from `start` (seats alternating, two random
/// opening moves each); returns how many `strong` won.
fn wins_against_random<G: Evaluate>(start: &G, strong: &str, games: u64) -> u64 {
    let strong: BotSpec = strong.parse().unwrap();
    let random: BotSpec = "random".parse().unwrap();
    let mut won = 0;
    for g in 0..games {
        let strong_seat = PlayerId::new((g % 2) as u8).unwrap();
        let mut state = MoveLimit::wrap(start.clone(), 0, 400);
        let mut rng = SeededRng::new(g);
        for _ in 0..2 {
            let mv = random_move(&state, &mut rng).unwrap();
            state.apply_unchecked(mv);
        }
        let mut bots = [strong.build(), random.clone().with_seed(g).build()];
        let specs = [&strong, &random];
        let outcome = loop {
            match state.status() {
                Status::Finished(o) => break o,
                Status::Ongoing(p) => {
                    let who = usize::from(p != strong_seat);
                    let (mv, _) = bots[who].choose(&state, &specs[who].limits()).unwrap();
                    state.apply(mv).unwrap();
                }
            }
        };
        won += u64::from(outcome.winner() == Some(strong_seat));
    }
    won
}

#[test]
fn alphabeta_beats_random() {
    let pikemen = pikemen_core::Pikemen::new(&Default::default()).unwrap();
    assert_eq!(wins_against_random(&pikemen, "alphabeta:depth=2", 2), 2);
    let epaminondas = epaminondas_core::Epaminondas::new(&epaminondas_core::Config {
        width: 8,
        height: 8,
        ..Default::default()
    })
    .unwrap();
    assert_eq!(wins_against_random(&epaminondas, "alphabeta:depth=2", 2), 2);
    let gipf = gipf_core::Gipf::new(&Default::default()).unwrap();
    assert_eq!(wins_against_random(&gipf, "alphabeta:depth=1", 2), 2);
}

#[test]
fn mcts_beats_random() {
    let pikemen = pikemen_core::Pikemen::new(&Default::default()).unwrap();
    assert_eq!(wins_against_random(&pikemen, "mcts:iters=200", 2), 2);
    let gipf = gipf_core::Gipf::new(&gipf_core::Config {
        variant: gipf_core::Variant::Basic,
    })
    .unwrap();
    assert_eq!(wins_against_random(&gipf, "mcts:iters=200", 2), 2);
}
