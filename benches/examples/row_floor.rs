//! What writing a batch step's output rows costs without any rules: per game, the mask
//! entries of the last legal actions cleared and those of the new ones set, and an
//! observation copied in, as `VecEnv::step_into` does, from two real positions a game
//! (a random position and the one after it, their lists and an observation worked out
//! before timing). What a batch of this size can reach on this machine is below this rate;
//! the difference between batch sizes is the memory the rows take.
//!
//! `cargo run --release -p benches --example row_floor [seconds] [sizes]` (defaults 2 s,
//! `8,1024`). Each size runs in slices of 50 ms and keeps its best slice.

use abstract_game::{Actions, Game, Observe, PlayerId, SeededRng, Status};
use benches::best_slice_rate;

/// One game's two alternating legal-action lists and the observation it shows.
struct Rows {
    lists: [Vec<u32>; 2],
    obs: Vec<f32>,
}

/// A position after a random number of random plies from `start`, and the one after it.
fn rows<G: Actions + Observe>(start: &G, rng: &mut SeededRng) -> Rows {
    let mut g = start.clone();
    let mut legal = Vec::new();
    for _ in 0..10 + rng.below(40) {
        g.legal_actions(&mut legal);
        let next = g.decode(legal[rng.below(legal.len())]).expect("legal");
        let mut after = g.clone();
        after.apply_unchecked(next);
        if matches!(after.status(), Status::Ongoing(_)) {
            g = after;
        }
    }
    let mut first = Vec::new();
    g.legal_actions(&mut first);
    let mut obs = vec![0.0; g.observation_len()];
    let seat = g.to_move().unwrap_or(PlayerId::FIRST);
    g.observe(seat, &mut obs).expect("sized");
    g.apply_unchecked(g.decode(first[0]).expect("legal"));
    let mut second = Vec::new();
    g.legal_actions(&mut second);
    Rows {
        lists: [first, second],
        obs,
    }
}

fn rate<G: Actions + Observe>(start: &G, envs: usize, secs: f64) -> f64 {
    let mut rng = SeededRng::new(1);
    let games: Vec<Rows> = (0..envs).map(|_| rows(start, &mut rng)).collect();
    let (obs_len, actions) = (start.observation_len(), start.num_distinct_actions());
    let mut obs = vec![0.0f32; envs * obs_len];
    let mut mask = vec![false; envs * actions];
    let mut step = 0usize;
    let rate = best_slice_rate(secs, envs, || {
        step += 1;
        let rows = obs
            .chunks_exact_mut(obs_len)
            .zip(mask.chunks_exact_mut(actions));
        for (game, (obs, mask)) in games.iter().zip(rows) {
            for &a in &game.lists[(step + 1) & 1] {
                mask[a as usize] = false;
            }
            obs.copy_from_slice(&game.obs);
            for &a in &game.lists[step & 1] {
                mask[a as usize] = true;
            }
        }
    });
    std::hint::black_box((&obs, &mask));
    rate
}

fn run<G: Actions + Observe>(name: &str, start: G, secs: f64, sizes: &[usize]) {
    for &envs in sizes {
        let r = rate(&start, envs, secs);
        println!("{name:12} {envs:5} games {r:>10.0} rows/s");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let secs: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let sizes: Vec<usize> = args.get(2).map_or(vec![8, 1024], |s| {
        s.split(',').filter_map(|x| x.parse().ok()).collect()
    });
    let gipf = gipf_core::Gipf::new(&Default::default()).expect("config");
    run("gipf", gipf, secs, &sizes);
    let pikemen = pikemen_core::Pikemen::new(&Default::default()).expect("config");
    run("pikemen", pikemen, secs, &sizes);
    let epaminondas = epaminondas_core::Epaminondas::new(&Default::default()).expect("config");
    run("epaminondas", epaminondas, secs, &sizes);
}
