//! Two `agame engine` processes play a game against each other through a small client.
//!
//! ```text
//! cargo build --release -p agame --examples
//! target/release/examples/engine_duel target/release/agame 'game pikemen players=3' \
//!     mcts:iters=500 alphabeta:depth=2 'iters 500'
//! ```
//! Arguments: the agame program, the `game` command, the two bot specs, and optionally the
//! `go` budget (default: each bot's own budget).

mod client;

use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [program, game, first, second, rest @ ..] = args.as_slice() else {
        eprintln!("usage: engine_duel AGAME 'game NAME [options]' SPEC SPEC ['GO BUDGET']");
        std::process::exit(2);
    };
    let budget = rest.first().map_or("", String::as_str);
    match client::duel(&PathBuf::from(program), game, [first, second], budget) {
        Ok(duel) => {
            for (i, mv) in duel.moves.iter().enumerate() {
                println!("{}. {mv}", i + 1);
            }
            println!("{} after {} moves", duel.status, duel.moves.len());
        }
        Err(e) => {
            eprintln!("engine_duel: {e}");
            std::process::exit(1);
        }
    }
}
