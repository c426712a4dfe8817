//! abstract-game-batch on the real games (here because the game crates cannot be
//! dev-dependencies of the batch crate). `VecEnv` against the same games stepped one by one, for every game and several thread
//! counts; autoreset, truncation, all-or-nothing refusals, states in and out.

use abstract_game::toy::Subtraction;
use abstract_game::{Actions, Game, LimitConfig, MoveLimit, Observe, PlayerId, SeededRng, Status};
use abstract_game_batch::{BatchError, Buffers, EnvOptions, VecEnv, derive_seed, limit_reached};

/// One game stepped alone, following the documented seeds.
struct Single<G> {
    state: G,
    episode: u64,
    sampler: SeededRng,
}

fn opening<G: Game>(start: &G, seed: u64, index: usize, episode: u64, plies: u32) -> G {
    let mut rng = SeededRng::new(derive_seed(seed, index as u64, episode));
    let mut state = start.clone();
    for _ in 0..plies {
        let Some(mv) = state.random_move(&mut rng) else {
            break;
        };
        let next = state.after(mv).unwrap();
        if next.status().is_finished() {
            break;
        }
        state = next;
    }
    state
}

/// Steps `steps` times both a batch and its games one by one, comparing every output.
fn agree<G: Actions + Observe>(
    start: &G,
    truncated: fn(&G) -> bool,
    num_envs: usize,
    threads: usize,
    opening_plies: u32,
    steps: usize,
) -> (usize, usize) {
    let seed = 11;
    let options = EnvOptions {
        num_envs,
        seed,
        threads,
        opening_plies,
    };
    let mut env = VecEnv::new(start.clone(), options)
        .unwrap()
        .with_truncation(truncated);
    assert_eq!(env.threads(), threads);
    let mut out = env.buffers();
    env.reset(None, out.view()).unwrap();
    let mut singles: Vec<Single<G>> = (0..num_envs)
        .map(|i| Single {
            state: opening(start, seed, i, 0, opening_plies),
            episode: 0,
            sampler: SeededRng::new(derive_seed(seed, i as u64, u64::MAX)),
        })
        .collect();
    let (obs_len, n_actions, players) = (env.obs_len(), env.num_actions(), env.players());
    let mut actions = vec![0u32; num_envs];
    let (mut ends, mut cuts) = (0, 0);
    let mut obs = vec![0.0; obs_len];
    let mut mask = vec![false; n_actions];
    let mut legal = Vec::new();
    for step in 0..=steps {
        for (i, single) in singles.iter().enumerate() {
            let state = &single.state;
            assert_eq!(env.state(i).unwrap(), state, "step {step} slot {i}");
            state.observe_to_move(&mut obs).unwrap();
            assert_eq!(&out.obs[i * obs_len..(i + 1) * obs_len], &obs[..]);
            state.legal_actions(&mut legal);
            let row = &out.mask[i * n_actions..(i + 1) * n_actions];
            let set: Vec<u32> = (0..n_actions as u32).filter(|&a| row[a as usize]).collect();
            assert_eq!(set, legal, "mask of slot {i} at step {step}");
            state.legal_action_mask(&mut mask).unwrap();
            assert_eq!(row, &mask[..]);
            assert_eq!(
                usize::from(out.to_play[i]),
                state.to_move().unwrap().index()
            );
        }
        if step == steps {
            break;
        }
        env.sample_actions(&mut actions).unwrap();
        env.step(&actions, out.view()).unwrap();
        for (i, single) in singles.iter_mut().enumerate() {
            // The documented sampler: an index into the ascending legal actions.
            single.state.legal_actions(&mut legal);
            let drawn = legal[single.sampler.below(legal.len())];
            assert_eq!(actions[i], drawn, "sampled action");
            let mv = single.state.move_of(drawn).unwrap();
            let mover = single.state.to_move().unwrap();
            single.state.apply(mv).unwrap();
            let rewards = &out.rewards[i * players..(i + 1) * players];
            match single.state.status() {
                Status::Ongoing(_) => {
                    assert!(rewards.iter().all(|&r| r == 0.0));
                    assert!(!out.terminated[i] && !out.truncated[i]);
                }
                Status::Finished(outcome) => {
                    for p in PlayerId::all(players as u8) {
                        assert_eq!(rewards[p.index()], outcome.returns(p) as f32);
                    }
                    let cut = truncated(&single.state);
                    assert_eq!((out.terminated[i], out.truncated[i]), (!cut, cut));
                    ends += usize::from(!cut);
                    cuts += usize::from(cut);
                    single.state.observe(mover, &mut obs).unwrap();
                    assert_eq!(&out.final_obs[i * obs_len..(i + 1) * obs_len], &obs[..]);
                    single.episode += 1;
                    single.state = opening(start, seed, i, single.episode, opening_plies);
                }
            }
        }
    }
    (ends, cuts)
}

fn limited<G: Game>(config: G::Config, max_plies: u32) -> MoveLimit<G> {
    MoveLimit::new(&LimitConfig {
        inner: config,
        max_plies,
    })
    .unwrap()
}

#[test]
fn the_batch_is_its_games_stepped_one_by_one_for_every_thread_count() {
    for threads in [1, 2, 3] {
        let pikemen = limited::<pikemen_core::Pikemen>(Default::default(), 60);
        let (ends, cuts) = agree(&pikemen, limit_reached, 7, threads, 4, 150);
        assert!(cuts > 0, "no Pikemen game reached the limit ({ends} ended)");
        let three = limited::<pikemen_core::Pikemen>(
            pikemen_core::Config {
                players: 3,
                ..Default::default()
            },
            1000,
        );
        agree(&three, limit_reached, 5, threads, 0, 100);
        let gipf = gipf_core::Gipf::new(&gipf_core::Config::default()).unwrap();
        agree(&gipf, |_| false, 6, threads, 10, 120);
        let basic = gipf_core::Gipf::new(&gipf_core::Config {
            variant: gipf_core::Variant::Basic,
        })
        .unwrap();
        let (ends, _) = agree(&basic, |_| false, 4, threads, 0, 300);
        assert!(ends > 0, "no basic GIPF game ended");
        let epaminondas = limited::<epaminondas_core::Epaminondas>(
            epaminondas_core::Config {
                width: 8,
                height: 8,
                ..Default::default()
            },
            1000,
        );
        let (ends, _) = agree(&epaminondas, limit_reached, 5, threads, 2, 300);
        assert!(ends > 0, "no Epaminondas game ended");
    }
}

#[test]
fn finished_games_reset_in_the_same_step() {
    // 4 tokens, take 1 to 3: every game ends within 4 steps.
    let start: Subtraction = "4 3 1".parse().unwrap();
    let (ends, cuts) = agree(&start, |_| false, 9, 2, 1, 40);
    assert!(ends >= 9 * 10 && cuts == 0, "{ends} {cuts}");
    // A move limit of 2 cuts off every game on its second step, with draws' zero rewards.
    let limit = MoveLimit::wrap("20 3 1".parse::<Subtraction>().unwrap(), 0, 2);
    let mut env = VecEnv::new(
        limit.clone(),
        EnvOptions {
            num_envs: 3,
            ..Default::default()
        },
    )
    .unwrap()
    .with_truncation(limit_reached);
    let mut out = env.buffers();
    env.reset(None, out.view()).unwrap();
    let mut actions = [0; 3];
    for step in 1..=6 {
        env.step(&actions, out.view()).unwrap();
        let cut = step % 2 == 0;
        assert_eq!(out.truncated, [cut; 3], "step {step}");
        assert_eq!(out.terminated, [false; 3]);
        assert_eq!(out.rewards, [0.0; 6]);
        if cut {
            assert_eq!(env.state(0).unwrap(), &limit, "reset to the start");
        }
        actions = [2, 1, 0];
    }
}

#[test]
fn a_bad_action_moves_no_game() {
    let start = gipf_core::Gipf::new(&Default::default()).unwrap();
    let options = EnvOptions {
        num_envs: 5,
        seed: 3,
        threads: 2,
        opening_plies: 6,
    };
    let mut env = VecEnv::new(start, options).unwrap();
    let mut out = env.buffers();
    env.reset(None, out.view()).unwrap();
    let mut actions = vec![0; 5];
    env.sample_actions(&mut actions).unwrap();
    let before: Vec<_> = (0..5).map(|i| env.state(i).unwrap().clone()).collect();
    let written: Buffers = out.clone();
    let n = env.num_actions() as u32;
    let illegal = (0..n)
        .find(|&a| !out.mask[3 * n as usize + a as usize])
        .unwrap();
    for (slot, action, expected) in [
        (
            3,
            illegal,
            BatchError::Illegal {
                slot: 3,
                action: illegal,
            },
        ),
        (
            1,
            n,
            BatchError::OutOfRange {
                slot: 1,
                action: u64::from(n),
                actions: n as usize,
            },
        ),
    ] {
        let mut bad = actions.clone();
        bad[slot] = action;
        // A second bad slot further on: the lowest is named.
        bad[4] = u32::MAX;
        assert_eq!(env.step(&bad, out.view()), Err(expected));
        for (i, state) in before.iter().enumerate() {
            assert_eq!(env.state(i).unwrap(), state);
        }
        assert_eq!(out, written);
    }
    assert!(matches!(
        env.step(&actions[..4], out.view()),
        Err(BatchError::Buffer {
            name: "actions",
            ..
        })
    ));
    let mut short = env.buffers();
    short.mask.pop();
    assert!(matches!(
        env.step(&actions, short.view()),
        Err(BatchError::Buffer { name: "mask", .. })
    ));
    // The sampled actions still play.
    env.step(&actions, out.view()).unwrap();
}

#[test]
fn seeds_reproduce_and_differ() {
    let start = pikemen_core::Pikemen::new(&Default::default()).unwrap();
    let options = EnvOptions {
        num_envs: 4,
        seed: 1,
        threads: 1,
        opening_plies: 8,
    };
    let mut env = VecEnv::new(start, options).unwrap();
    let mut out = env.buffers();
    let texts = |env: &VecEnv<pikemen_core::Pikemen>| -> Vec<String> {
        (0..4).map(|i| env.state(i).unwrap().to_string()).collect()
    };
    env.reset(Some(5), out.view()).unwrap();
    let first = texts(&env);
    env.reset(None, out.view()).unwrap();
    let second = texts(&env);
    env.reset(Some(5), out.view()).unwrap();
    assert_eq!(texts(&env), first);
    assert_ne!(second, first, "a reset without a seed starts new episodes");
    assert_ne!(first[0], first[1], "games of one batch open differently");
}

#[test]
fn states_go_in_and_out() {
    let start = pikemen_core::Pikemen::new(&Default::default()).unwrap();
    let mut env = VecEnv::new(
        start.clone(),
        EnvOptions {
            num_envs: 2,
            ..Default::default()
        },
    )
    .unwrap();
    let mut out = env.buffers();
    env.reset(None, out.view()).unwrap();
    let mut next = start.clone();
    next.apply(next.legal_moves()[3]).unwrap();
    env.set_state(1, next.clone()).unwrap();
    env.observe(out.view()).unwrap();
    assert_eq!(env.state(1).unwrap(), &next);
    assert_eq!(out.to_play, [0, 1]);
    let mut obs = vec![0.0; env.obs_len()];
    next.observe_to_move(&mut obs).unwrap();
    assert_eq!(&out.obs[env.obs_len()..], &obs[..]);
    assert_eq!(env.state(2), Err(BatchError::Slot { slot: 2, len: 2 }));
    let three = pikemen_core::Pikemen::new(&pikemen_core::Config {
        players: 3,
        ..Default::default()
    })
    .unwrap();
    assert!(matches!(
        env.set_state(0, three),
        Err(BatchError::State { slot: 0, .. })
    ));
    assert_eq!(env.state(0).unwrap(), &start);
}

#[test]
fn impossible_options_are_refused() {
    let start = Subtraction::new(&Default::default()).unwrap();
    for (num_envs, threads) in [(0, 1), (1, 0)] {
        let options = EnvOptions {
            num_envs,
            threads,
            ..Default::default()
        };
        assert!(matches!(
            VecEnv::new(start, options),
            Err(BatchError::Options(_))
        ));
    }
    let over: Subtraction = "0 3 1".parse().unwrap();
    assert!(VecEnv::new(over, EnvOptions::default()).is_err());
}

#[test]
fn stepping_in_place_equals_writing_every_row() {
    use abstract_game_testkit::check_step_into;
    for threads in [1, 2] {
        let options = |num_envs, opening_plies| EnvOptions {
            num_envs,
            seed: 5,
            threads,
            opening_plies,
        };
        let pikemen = limited::<pikemen_core::Pikemen>(Default::default(), 60);
        check_step_into(&pikemen, options(7, 4), limit_reached, 150).unwrap();
        let three = limited::<pikemen_core::Pikemen>(
            pikemen_core::Config {
                players: 3,
                ..Default::default()
            },
            80,
        );
        check_step_into(&three, options(5, 0), limit_reached, 150).unwrap();
        let gipf = gipf_core::Gipf::new(&gipf_core::Config::default()).unwrap();
        check_step_into(&gipf, options(6, 10), |_| false, 150).unwrap();
        let basic = gipf_core::Gipf::new(&gipf_core::Config {
            variant: gipf_core::Variant::Basic,
        })
        .unwrap();
        check_step_into(&basic, options(4, 0), |_| false, 300).unwrap();
        let epaminondas = limited::<epaminondas_core::Epaminondas>(
            epaminondas_core::Config {
                width: 8,
                height: 8,
                ..Default::default()
            },
            200,
        );
        check_step_into(&epaminondas, options(5, 2), limit_reached, 300).unwrap();
        let plain = epaminondas_core::Epaminondas::new(&Default::default()).unwrap();
        check_step_into(&plain, options(3, 0), |_| false, 100).unwrap();
        let sub = Subtraction::new(&Default::default()).unwrap();
        check_step_into(&sub, options(4, 0), |_| false, 50).unwrap();
    }
}
