//! Fixed workloads for instruction counting (`benches/icount.sh` runs each under valgrind's
//! callgrind and compares with `benches/icount-baseline.txt`). `icount NAME` runs one;
//! `icount` alone lists them. Deterministic: fixed seeds, depth budgets, no clock.

use abstract_game::{Evaluate, Game, perft};
use abstract_game_search::{AlphaBeta, Bot, Limits};
use benches::random_games;
use epaminondas_core::Epaminondas;
use gipf_core::Gipf;
use pikemen_core::Pikemen;
use std::hint::black_box;

fn start<G: Game>() -> G {
    G::new(&G::Config::default()).expect("default config")
}

fn search<G: Evaluate>(depth: u32) -> u64 {
    let mut bot = AlphaBeta::<G>::with_table_bits(16);
    bot.choose(&start::<G>(), &Limits::depth(depth))
        .map_or(0, |(_, info)| info.iterations)
}

/// A named workload; it returns its result (leaves, decisions or nodes) to be printed.
type Workload = (&'static str, fn() -> u64);

const WORKLOADS: [Workload; 9] = [
    ("perft/pikemen-3", || perft(&start::<Pikemen>(), 3)),
    ("perft/gipf-4", || perft(&start::<Gipf>(), 4)),
    ("perft/epaminondas-3", || perft(&start::<Epaminondas>(), 3)),
    ("playouts/pikemen-100", || {
        random_games(&start::<Pikemen>(), 100)
    }),
    ("playouts/gipf-1000", || {
        random_games(&start::<Gipf>(), 1000)
    }),
    ("playouts/epaminondas-20", || {
        random_games(&start::<Epaminondas>(), 20)
    }),
    ("alphabeta/pikemen-3", || search::<Pikemen>(3)),
    ("alphabeta/gipf-3", || search::<Gipf>(3)),
    ("alphabeta/epaminondas-3", || search::<Epaminondas>(3)),
];

fn main() {
    let Some(name) = std::env::args().nth(1) else {
        for (name, _) in WORKLOADS {
            println!("{name}");
        }
        return;
    };
    match WORKLOADS.iter().find(|(n, _)| *n == name) {
        Some((_, run)) => println!("{name}: {}", black_box(run())),
        None => {
            eprintln!("icount: no workload {name}");
            std::process::exit(2);
        }
    }
}
