//! abstract-game-batch on the real games (here because the game crates cannot be
//! dev-dependencies of the batch crate). `BatchedSearch` with the uniform evaluator finds the forced win of a hand-built position
//! of every game (the winning moves worked out by the rules here), with PUCT, with virtual
//! loss, with Gumbel; tree reuse, refusals of bad evaluator output, seeds.

use abstract_game::toy::Subtraction;
use abstract_game::{Actions, Evaluate, Game, LimitConfig, MoveLimit, Observe, PlayerId};
use abstract_game_batch::{
    BatchedSearch, EvalError, Evaluator, GumbelOptions, SearchError, SearchOptions,
    UniformEvaluator,
};
use abstract_game_testkit::random_roots;

/// Whether `me` wins from `s` within `depth` decisions whatever the others do.
fn wins<G: Game>(s: &G, me: PlayerId, depth: u32) -> bool {
    if let Some(o) = s.status().outcome() {
        return o.winner() == Some(me);
    }
    if depth == 0 {
        return false;
    }
    let mut moves = s.legal_moves().into_iter();
    if s.to_move() == Some(me) {
        moves.any(|m| wins(&s.after(m).unwrap(), me, depth - 1))
    } else {
        moves.all(|m| wins(&s.after(m).unwrap(), me, depth - 1))
    }
}

/// The actions of `root` that win within `depth` decisions; checks the position is a
/// puzzle (some but few moves win).
fn winning_actions<G: Actions>(root: &G, depth: u32) -> Vec<u32> {
    let me = root.to_move().unwrap();
    let moves = root.legal_moves();
    let good: Vec<u32> = moves
        .iter()
        .filter(|&&m| wins(&root.after(m).unwrap(), me, depth - 1))
        .map(|&m| root.encode(m).unwrap())
        .collect();
    assert!(!good.is_empty() && good.len() * 4 <= moves.len(), "{root}");
    good
}

/// Whether `action` is one of the quickest wins `good`, or (checked only then) a win two
/// decisions later: the search may find a slower forced win.
fn wins_by<G: Actions>(root: &G, action: u32, good: &[u32], depth: u32) -> bool {
    good.contains(&action) || {
        let next = root.after(root.move_of(action).unwrap()).unwrap();
        wins(&next, root.to_move().unwrap(), depth + 1)
    }
}

fn solve<G: Actions + Observe>(root: &G, depth: u32, simulations: u32) {
    let good = winning_actions(root, depth);
    let plain = SearchOptions {
        simulations,
        dirichlet_fraction: 0.0,
        ..SearchOptions::default()
    };
    let gumbel = SearchOptions {
        gumbel: Some(GumbelOptions {
            considered: 1024,
            ..GumbelOptions::default()
        }),
        ..plain
    };
    let batched = SearchOptions {
        leaves_per_tree: 8,
        ..plain
    };
    // AlphaZero's rule of thumb: alpha about 10 / the number of legal moves.
    let noisy = SearchOptions {
        dirichlet_fraction: 0.25,
        dirichlet_alpha: 10.0 / root.legal_moves().len() as f32,
        seed: 9,
        ..plain
    };
    for (name, options) in [
        ("puct", plain),
        ("gumbel", gumbel),
        ("8 leaves", batched),
        ("noise", noisy),
    ] {
        let mut search = BatchedSearch::new(options).unwrap();
        // Three trees of the same root: each must find it.
        search
            .set_roots(&[root.clone(), root.clone(), root.clone()])
            .unwrap();
        search.run(&mut UniformEvaluator).unwrap();
        for tree in 0..3 {
            let action = search.select_action(tree, 0.0).unwrap().unwrap();
            assert!(
                wins_by(root, action, &good, depth),
                "{name}, tree {tree}: {action}"
            );
            let mut policy = vec![0.0; search.num_actions()];
            search.policy(tree, &mut policy).unwrap();
            let best = (0..policy.len())
                .max_by(|&a, &b| policy[a].total_cmp(&policy[b]))
                .unwrap() as u32;
            assert!(
                wins_by(root, best, &good, depth),
                "{name}: policy peak {best}"
            );
            assert!((policy.iter().sum::<f32>() - 1.0).abs() < 1e-4);
            if options.gumbel.is_none() {
                assert!(search.root_value(tree).unwrap() > 0.0, "{name}");
            }
        }
    }
}

#[test]
fn finds_a_pikemen_win_in_one_for_two_and_three_players() {
    let two: pikemen_core::Pikemen = "L2NWL2NWM2NM2NS2W3/L2W1M2NW5/L2NM2NW1S1NWL1NW3/8/7S1U/M2NE4M1NE1L1E/S1NW2S2U4/1S1U1M1WM1SW2L1U 2 6,11 12".parse().unwrap();
    solve(&two, 1, 800);
    let three: pikemen_core::Pikemen = "L3NE1M3SWL2NES3N2S1S/1L3NEL3U4M1NE/3S3SEM1U3/6L1NL1NE/5S1NE1L1SE/L3SWM2W2S1E1M1NE1/L2W7/L2SEL2NW2M2NES2US1W1 2 6,9,5 12".parse().unwrap();
    solve(&three, 1, 800);
}

#[test]
fn finds_a_gipf_win_in_two_decisions() {
    let root: gipf_core::Gipf = "standard W:b2,b4,b5,c4,c5,d5,e3,e6,e7,f4,Gf5,g6,h5 B:b3,c2,d6,d7,e2,Ge5,e8,f2,f3,f6,g5,Gh2 R:1/3 C:3/1 push:w".parse().unwrap();
    solve(&root, 2, 1500);
}

#[test]
fn finds_an_epaminondas_crossing_that_wins() {
    let small: epaminondas_core::Epaminondas =
        "2....22./...21.22/.2211.2./22.2.2.2/..2..11./11.1..../11.11.1./...1..11 1 mirror:on stones:off"
            .parse()
            .unwrap();
    solve(&small, 2, 2000);
    let full: epaminondas_core::Epaminondas = ".2..2.22.2..2./.2.2...2.1..22/.....22.12..../..2..22.2.2.../..2..2.1....../...2.112....../1......1111.../1......1....../.1............/.11...1......1/1..........11./.11....11..111 1 mirror:on stones:off".parse().unwrap();
    // Under a move limit, as the Python package plays it.
    let limited = MoveLimit::wrap(full, 40, 1000);
    solve(&limited, 2, 8000);
}

#[test]
fn a_reused_tree_keeps_its_visits() {
    let root = Subtraction::new(&Default::default()).unwrap();
    let options = SearchOptions {
        simulations: 300,
        ..SearchOptions::default()
    };
    let mut search = BatchedSearch::new(options).unwrap();
    search.set_roots(std::slice::from_ref(&root)).unwrap();
    search.run(&mut UniformEvaluator).unwrap();
    let mut visits = vec![0; 3];
    search.visit_counts(0, &mut visits).unwrap();
    let action = search.select_action(0, 0.0).unwrap().unwrap();
    search.advance(0, action).unwrap();
    let next = root.after(root.move_of(action).unwrap()).unwrap();
    assert_eq!(search.root(0).unwrap(), &next);
    let mut kept = vec![0; 3];
    search.visit_counts(0, &mut kept).unwrap();
    let kept: u32 = kept.iter().sum();
    // The child had `visits[action]` visits: one expanded it, the rest went to its children.
    assert_eq!(kept + 1, visits[action as usize]);
    assert_eq!(
        search.advance(0, 7),
        Err(SearchError::Action { tree: 0, action: 7 })
    );
    search.run(&mut UniformEvaluator).unwrap();
    let mut after = vec![0; 3];
    search.visit_counts(0, &mut after).unwrap();
    assert_eq!(after.iter().sum::<u32>(), kept + 300);
}

/// Writes fixed outputs: from the second call, `prior` at the last legal action of the last
/// leaf and `value` as its value.
struct Fixed {
    prior: f32,
    value: f32,
    calls: usize,
}

impl Evaluator for Fixed {
    fn evaluate(
        &mut self,
        _: &[f32],
        mask: &[bool],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        self.calls += 1;
        priors.fill(1.0);
        if self.calls > 1 {
            let last = mask.iter().rposition(|&legal| legal).unwrap();
            priors[last] = self.prior;
            values[values.len() - 1] = self.value;
        }
        Ok(())
    }
}

/// An evaluator of a function.
struct F<T>(T);

impl<T: FnMut(&[f32], &[bool], &mut [f32], &mut [f32]) -> Result<(), EvalError>> Evaluator
    for F<T>
{
    fn evaluate(
        &mut self,
        o: &[f32],
        m: &[bool],
        p: &mut [f32],
        v: &mut [f32],
    ) -> Result<(), EvalError> {
        (self.0)(o, m, p, v)
    }
}

#[test]
fn bad_evaluator_output_is_an_error_and_the_trees_stay_usable() {
    let root = pikemen_core::Pikemen::new(&Default::default()).unwrap();
    let options = SearchOptions {
        simulations: 50,
        leaves_per_tree: 4,
        ..SearchOptions::default()
    };
    let mut search = BatchedSearch::new(options).unwrap();
    search.set_roots(&[root.clone(), root]).unwrap();
    for (prior, value, check) in [
        (f32::NAN, 0.0, "prior of action"),
        (-0.5, 0.0, "prior of action"),
        (1.0, f32::NAN, "value NaN"),
        (1.0, 1.5, "value 1.5"),
    ] {
        let mut bad = Fixed {
            prior,
            value,
            calls: 0,
        };
        let err = search.run(&mut bad).unwrap_err();
        assert!(err.to_string().contains(check), "{err}");
    }
    let mut failing = |_: &[f32], _: &[bool], _: &mut [f32], _: &mut [f32]| {
        Err(EvalError::Failed("no network".into()))
    };
    assert_eq!(
        search.run(&mut F(&mut failing)).unwrap_err().to_string(),
        "the evaluator failed: no network"
    );
    search.run(&mut UniformEvaluator).unwrap();
    let mut visits = vec![0; search.num_actions()];
    search.visit_counts(1, &mut visits).unwrap();
    assert!(visits.iter().sum::<u32>() >= 50);
}

#[test]
fn the_priors_of_illegal_actions_are_not_read() {
    // NaN, negative or huge at every illegal action: the search reads the legal ones only,
    // so it searches as with uniform priors.
    let root = pikemen_core::Pikemen::new(&Default::default()).unwrap();
    let options = SearchOptions {
        simulations: 64,
        leaves_per_tree: 4,
        seed: 7,
        ..SearchOptions::default()
    };
    let mut garbage = |_: &[f32], mask: &[bool], p: &mut [f32], v: &mut [f32]| {
        for (k, (p, &legal)) in p.iter_mut().zip(mask).enumerate() {
            *p = if legal {
                1.0
            } else {
                [f32::NAN, -1.0, f32::INFINITY, 1e30][k % 4]
            };
        }
        v.fill(0.0);
        Ok(())
    };
    let mut visits = Vec::new();
    for uniform in [true, false] {
        let mut search = BatchedSearch::new(options).unwrap();
        search.set_roots(&[root.clone(), root.clone()]).unwrap();
        if uniform {
            search.run(&mut UniformEvaluator).unwrap();
        } else {
            search.run(&mut F(&mut garbage)).unwrap();
        }
        let mut counts = vec![0; search.num_actions()];
        search.visit_counts(1, &mut counts).unwrap();
        visits.push(counts);
    }
    assert_eq!(visits[0], visits[1]);
    // The first simulation expands the root.
    assert_eq!(visits[0].iter().sum::<u32>(), 63);
}

#[test]
fn the_search_is_seeded() {
    let root = limited_pikemen();
    let run = |seed| {
        let options = SearchOptions {
            simulations: 120,
            leaves_per_tree: 3,
            seed,
            ..SearchOptions::default()
        };
        let mut search = BatchedSearch::new(options).unwrap();
        search.set_roots(&[root.clone(), root.clone()]).unwrap();
        search.run(&mut UniformEvaluator).unwrap();
        let mut visits = vec![0; search.num_actions()];
        search.visit_counts(0, &mut visits).unwrap();
        let sampled: Vec<_> = (0..20)
            .map(|_| search.select_action(1, 1.0).unwrap())
            .collect();
        (visits, sampled)
    };
    assert_eq!(run(4), run(4));
    assert_ne!(run(4), run(5));
}

fn limited_pikemen() -> MoveLimit<pikemen_core::Pikemen> {
    MoveLimit::new(&LimitConfig::default()).unwrap()
}

#[test]
fn impossible_options_are_refused() {
    let bad = [
        SearchOptions {
            simulations: 0,
            ..SearchOptions::default()
        },
        SearchOptions {
            c_puct: f32::NAN,
            ..SearchOptions::default()
        },
        SearchOptions {
            dirichlet_alpha: 0.0,
            ..SearchOptions::default()
        },
    ];
    for options in bad {
        assert!(BatchedSearch::<Subtraction>::new(options).is_err());
    }
    let mut search = BatchedSearch::<Subtraction>::new(SearchOptions::default()).unwrap();
    assert!(search.set_roots(&[]).is_err());
    let other: Subtraction = "5 2 1".parse().unwrap(); // 2 actions, not 3
    let start = Subtraction::new(&Default::default()).unwrap();
    assert_eq!(
        search.set_roots(&[start, other]),
        Err(SearchError::Root {
            index: 1,
            reason: "its seats, observation or actions differ from the first root's"
        })
    );
    assert!(search.select_action(0, -1.0).is_err());
}

/// Priors and values that depend on the leaf's observation and mask (and on the actions
/// that are not legal, which the search must ignore), so that every row of a batch counts.
fn hashed(
    obs: &[f32],
    mask: &[bool],
    priors: &mut [f32],
    values: &mut [f32],
) -> Result<(), EvalError> {
    let (b, a) = (values.len(), priors.len() / values.len());
    let o = obs.len() / b;
    for row in 0..b {
        let seen: f32 = obs[row * o..(row + 1) * o]
            .iter()
            .enumerate()
            .map(|(i, &x)| x * (i % 13) as f32)
            .sum();
        let h = seen.to_bits().wrapping_mul(0x9E37_79B9);
        for k in 0..a {
            let x = h ^ (k as u32).wrapping_mul(0x85EB_CA6B);
            let legal = u32::from(mask[row * a + k]);
            priors[row * a + k] = ((x >> 7) % (7 + 13 * legal)) as f32;
        }
        values[row] = ((h >> 9) % 2001) as f32 / 1000.0 - 1.0;
    }
    Ok(())
}

/// An FNV-1a digest of every tree's visit counts, policy, root value and chosen actions
/// after runs with tree reuse, for each kind of search: the same digest before and after a
/// change of the search's internals means the same results.
fn digest<G: Actions + Observe>(roots: &[G]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |x: u32| {
        for byte in x.to_le_bytes() {
            h = (h ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        }
    };
    let kinds = [
        SearchOptions {
            simulations: 40,
            seed: 3,
            ..SearchOptions::default()
        },
        SearchOptions {
            simulations: 40,
            leaves_per_tree: 4,
            dirichlet_fraction: 0.0,
            seed: 4,
            ..SearchOptions::default()
        },
        SearchOptions {
            simulations: 40,
            leaves_per_tree: 2,
            gumbel: Some(GumbelOptions {
                considered: 8,
                ..GumbelOptions::default()
            }),
            seed: 5,
            ..SearchOptions::default()
        },
    ];
    for options in kinds {
        let mut search = BatchedSearch::new(options).unwrap();
        search.set_roots(roots).unwrap();
        let a = search.num_actions();
        let (mut visits, mut policy) = (vec![0; a], vec![0.0; a]);
        for _ in 0..3 {
            search.run(&mut F(hashed)).unwrap();
            for t in 0..search.num_trees() {
                search.visit_counts(t, &mut visits).unwrap();
                search.policy(t, &mut policy).unwrap();
                visits.iter().for_each(|&v| eat(v));
                policy.iter().for_each(|p| eat(p.to_bits()));
                eat(search.root_value(t).unwrap().to_bits());
                let sampled = search.select_action(t, 1.0).unwrap();
                let best = search.select_action(t, 0.0).unwrap();
                eat(sampled.unwrap_or(u32::MAX));
                eat(best.unwrap_or(u32::MAX));
                if let Some(action) = best {
                    search.advance(t, action).unwrap();
                }
            }
        }
    }
    h
}

#[test]
fn the_search_gives_the_results_it_always_gave() {
    fn starts<G: Actions>(config: &G::Config) -> Vec<G> {
        let mut rng = abstract_game::SeededRng::new(17);
        (0..3)
            .map(|k| {
                let mut g = G::new(config).unwrap();
                for _ in 0..k * 3 {
                    let mv = g.random_move(&mut rng).unwrap();
                    g.apply_unchecked(mv);
                }
                g
            })
            .collect()
    }
    let three = pikemen_core::Config {
        players: 3,
        ..pikemen_core::Config::default()
    };
    let got = [
        digest(&starts::<pikemen_core::Pikemen>(&Default::default())),
        digest(&starts::<pikemen_core::Pikemen>(&three)),
        digest(&starts::<gipf_core::Gipf>(&Default::default())),
        digest(&starts::<epaminondas_core::Epaminondas>(&Default::default())),
    ];
    // Recorded with the search that scanned every action number per expansion.
    let recorded = [
        0x2979_8f97_629a_9caa,
        0x07e0_f4cd_d490_3572,
        0x80c6_ce4f_f880_1ede,
        0xa6f9_eafe_3511_6f9e,
    ];
    assert_eq!(got, recorded, "{got:x?}");
}

/// `run_mixed`: after one simulation a root's value is that of its own leaf, `(1 - w) * v + w
/// * e` with `e` the game's evaluation for the seat to move there, in every game; weight 0
/// is `run` exactly; a weight outside 0..=1 is refused.
#[test]
fn mixed_leaf_values_weigh_the_games_evaluation() {
    fn check<G: Actions + Observe + Evaluate>(roots: &[G]) {
        let one = SearchOptions {
            simulations: 1,
            dirichlet_fraction: 0.0,
            ..SearchOptions::default()
        };
        let mut search = BatchedSearch::new(one).unwrap();
        search.set_roots(roots).unwrap();
        let mut constant = F(|_: &[f32], _: &[bool], p: &mut [f32], v: &mut [f32]| {
            p.fill(1.0);
            v.fill(0.3);
            Ok(())
        });
        search.run_mixed(&mut constant, 0.25).unwrap();
        let mut telling = 0;
        for (t, root) in roots.iter().enumerate() {
            let seat = root.to_move().unwrap();
            let e = root.evaluate(seat).clamp(-1.0, 1.0) as f32;
            let other = PlayerId::new(1 - seat.index() as u8).unwrap();
            telling += usize::from(e != root.evaluate(other).clamp(-1.0, 1.0) as f32);
            let want = 0.75 * 0.3 + 0.25 * e;
            let got = search.root_value(t).unwrap();
            assert!(
                (got - want).abs() < 1e-6,
                "root {t} ({root}): {got} for {want}"
            );
        }
        // A wrong seat would go unnoticed where both seats' evaluations are equal.
        assert!(telling * 2 >= roots.len(), "{telling} of {}", roots.len());
        for bad in [1.5, -0.1, f32::NAN] {
            assert!(matches!(
                search.run_mixed(&mut UniformEvaluator, bad),
                Err(SearchError::Options(_))
            ));
        }
        let kind = SearchOptions {
            simulations: 60,
            leaves_per_tree: 4,
            seed: 2,
            ..SearchOptions::default()
        };
        let (mut plain, mut mixed) = (
            BatchedSearch::new(kind).unwrap(),
            BatchedSearch::new(kind).unwrap(),
        );
        plain.set_roots(roots).unwrap();
        mixed.set_roots(roots).unwrap();
        plain.run(&mut F(hashed)).unwrap();
        mixed.run_mixed(&mut F(hashed), 0.0).unwrap();
        let a = plain.num_actions();
        let (mut p, mut m) = (vec![0; a], vec![0; a]);
        for t in 0..roots.len() {
            plain.visit_counts(t, &mut p).unwrap();
            mixed.visit_counts(t, &mut m).unwrap();
            assert_eq!(p, m);
            assert_eq!(plain.root_value(t), mixed.root_value(t));
        }
    }
    check(&random_roots(&limited_pikemen(), 8, 12));
    let gipf = gipf_core::Gipf::new(&Default::default()).unwrap();
    check(&random_roots(&gipf, 8, 20));
    let epaminondas = epaminondas_core::Epaminondas::new(&Default::default()).unwrap();
    check(&random_roots(&epaminondas, 8, 20));
}
