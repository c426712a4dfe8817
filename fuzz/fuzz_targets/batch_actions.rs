//! Batched stepping with arbitrary action arrays: the first byte picks the game, the number of
//! games and the threads; then each step reads one 16-bit action per game, where values above
//! the game's actions mean "the sampled legal action" and the rest are taken as given (legal or
//! not). A refused step must leave every game and buffer as it was; an accepted one must pass
//! the kit's check of its rows.
#![no_main]

use abstract_game::{Actions, Game, LimitConfig, MoveLimit, Observe};
use abstract_game_batch::{EnvOptions, VecEnv, limit_reached};
use libfuzzer_sys::fuzz_target;

fn run<G: Actions + Observe>(start: G, truncated: fn(&G) -> bool, head: u8, data: &[u8]) {
    let num_envs = usize::from(head / 4 % 4) + 1;
    let options = EnvOptions {
        num_envs,
        seed: u64::from(head),
        threads: usize::from(head / 16 % 2) + 1,
        opening_plies: u32::from(head / 32),
    };
    let mut env = VecEnv::new(start, options).unwrap().with_truncation(truncated);
    let mut out = env.buffers();
    env.reset(None, out.view()).unwrap();
    let n_actions = env.num_actions();
    let mut sampled = vec![0; num_envs];
    let mut actions = vec![0; num_envs];
    for chunk in data.chunks_exact(2 * num_envs).take(64) {
        env.sample_actions(&mut sampled).unwrap();
        for (i, pair) in chunk.chunks_exact(2).enumerate() {
            let raw = u32::from(u16::from_le_bytes([pair[0], pair[1]]));
            actions[i] = if raw as usize > n_actions + 8 { sampled[i] } else { raw };
        }
        let before: Vec<G> = (0..num_envs).map(|i| env.state(i).unwrap().clone()).collect();
        let written = out.clone();
        match env.step(&actions, out.view()) {
            Ok(()) => {
                let after: Vec<G> = (0..num_envs).map(|i| env.state(i).unwrap().clone()).collect();
                if let Err(e) =
                    abstract_game_testkit::check_step(&before, &actions, &after, &out, truncated)
                {
                    panic!("{e}");
                }
            }
            Err(_) => {
                for (i, state) in before.iter().enumerate() {
                    assert_eq!(env.state(i).unwrap(), state, "slot {i} moved on a refused step");
                }
                assert_eq!(out, written, "buffers written on a refused step");
            }
        }
    }
}

fn limited<G: Game>(config: G::Config) -> MoveLimit<G> {
    MoveLimit::new(&LimitConfig { inner: config, max_plies: 60 }).unwrap()
}

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    match head % 4 {
        0 => run(limited::<pikemen_core::Pikemen>(Default::default()), limit_reached, head, rest),
        1 => run(gipf_core::Gipf::new(&Default::default()).unwrap(), |_| false, head, rest),
        2 => run(
            limited::<epaminondas_core::Epaminondas>(epaminondas_core::Config {
                width: 8,
                height: 8,
                ..Default::default()
            }),
            limit_reached,
            head,
            rest,
        ),
        _ => run(
            limited::<pikemen_core::Pikemen>(pikemen_core::Config {
                players: 4,
                ..Default::default()
            }),
            limit_reached,
            head,
            rest,
        ),
    }
});
