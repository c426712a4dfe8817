//! Alpha-beta on 2 threads against 1: time to a fixed depth and nodes per second, from fixed
//! positions of GIPF and Epaminondas (the start and ply 20 of seeded random games).
//!
//! Each round searches every position once with each thread count, alternating, with a fresh
//! bot (an empty table) every time; each (position, threads) keeps its fastest run, the one
//! least disturbed by other processes on a shared machine. Printed per game: the summed best
//! times to the depth and their ratio, and nodes per second of those runs (all threads'
//! nodes), and the processor time of those runs over their wall time ("cores used": below 2
//! for 2 threads, other processes held a core). With 2 threads the node count varies from run
//! to run: the threads race.
//!
//! `cargo run --release -p benches --example threads_speedup [rounds] [gipf-depth]
//! [epaminondas-depth]` (defaults 3 rounds, depths 6 and 4).

use abstract_game::{Evaluate, random_playout};
use abstract_game_search::{AlphaBeta, Bot, Limits};
use std::time::{Duration, Instant};

/// Best time, the nodes and the processor time of that run, per thread count (1, then 2).
type Best = [(Duration, u64, f64); 2];

/// The processor time this process has used, in seconds (Linux: `/proc/self/stat`, in
/// clock ticks of 10 ms; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name in brackets: utime and stime are the 12th and 13th.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: u64 = after
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse::<u64>().ok())
        .sum();
    ticks as f64 / 100.0
}

fn positions<G: Evaluate>(config: &G::Config) -> Vec<G> {
    let start = G::new(config).expect("default config");
    let mut out = vec![start.clone()];
    for seed in 1..=3 {
        out.push(random_playout(&start, seed, 20).state);
    }
    out.retain(|p| !p.status().is_finished());
    out
}

fn measure<G: Evaluate>(name: &str, config: &G::Config, depth: u32, rounds: usize) {
    let positions = positions::<G>(config);
    let mut best: Vec<Best> = vec![[(Duration::MAX, 0, 0.0); 2]; positions.len()];
    for _ in 0..rounds {
        for (p, b) in positions.iter().zip(&mut best) {
            for (slot, threads) in b.iter_mut().zip([1, 2]) {
                let mut bot = AlphaBeta::<G>::new().with_threads(threads);
                let (started, cpu) = (Instant::now(), cpu_seconds());
                let (_, info) = bot.choose(p, &Limits::depth(depth)).expect("a move");
                let took = started.elapsed();
                assert_eq!(info.depth, depth);
                if took < slot.0 {
                    *slot = (took, info.iterations, cpu_seconds() - cpu);
                }
            }
        }
    }
    let mut total = [(Duration::ZERO, 0u64, 0.0); 2];
    for (i, b) in best.iter().enumerate() {
        println!(
            "{name} position {i} depth {depth}: 1 thread {:.3} s {} nodes, 2 threads {:.3} s {} nodes, time ratio {:.2}",
            b[0].0.as_secs_f64(),
            b[0].1,
            b[1].0.as_secs_f64(),
            b[1].1,
            b[0].0.as_secs_f64() / b[1].0.as_secs_f64()
        );
        for t in 0..2 {
            total[t].0 += b[t].0;
            total[t].1 += b[t].1;
            total[t].2 += b[t].2;
        }
    }
    let rate = |(t, n, _): (Duration, u64, f64)| n as f64 / t.as_secs_f64();
    let cores = |(t, _, cpu): (Duration, u64, f64)| cpu / t.as_secs_f64();
    println!(
        "{name} depth {depth}, {} positions: time to depth 1 thread {:.3} s, 2 threads {:.3} s, speedup {:.2}x; nodes/s 1 thread {:.0}, 2 threads {:.0}, ratio {:.2}x; cores used 1 thread {:.2}, 2 threads {:.2}",
        positions.len(),
        total[0].0.as_secs_f64(),
        total[1].0.as_secs_f64(),
        total[0].0.as_secs_f64() / total[1].0.as_secs_f64(),
        rate(total[0]),
        rate(total[1]),
        rate(total[1]) / rate(total[0]),
        cores(total[0]),
        cores(total[1])
    );
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("numbers: rounds, gipf depth, epaminondas depth")
        })
        .collect();
    let rounds = args.first().copied().unwrap_or(3) as usize;
    let gipf_depth = args.get(1).copied().unwrap_or(6) as u32;
    let epaminondas_depth = args.get(2).copied().unwrap_or(4) as u32;
    measure::<gipf_core::Gipf>("gipf", &Default::default(), gipf_depth, rounds);
    measure::<epaminondas_core::Epaminondas>(
        "epaminondas",
        &Default::default(),
        epaminondas_depth,
        rounds,
    );
}
