//! `agame`: one program over every game of the workspace.
//!
//! ```text
//! agame games                                   games, variants and options
//! agame demo [--seed N] [--game G] [--record DIR]   seeded self-play with diagrams
//! agame perft <game> <depth> [--divide] [--threads N]
//! agame legal <game> [--position TEXT] [--moves FILE]
//! agame replay <game> FILE [--each]
//! agame play <game> [--bot SPEC|none] [--seat N]  play against a bot, or hot-seat
//! agame engine                                  the line protocol of docs/protocol.md
//! agame match <game> --bots SPEC,SPEC[,..] --games N [--seed S] [--jobs J] [--jsonl FILE]
//! agame playouts <game> [--games N] [--seed S]  random games, timed
//! agame render <game> [--moves FILE] [--ply N] [--last-move] [-o FILE]   an SVG picture
//! agame serve [--port P] [--data DIR] [--database URL]   the online server (feature serve)
//! ```
//! Game options: pikemen `--players 2|3|4 --target N --after-charge may-keep|must-change`;
//! epaminondas `--board WxH --stones --mirror on|off`; gipf `--variant basic|standard|tournament
//! --turns`; every game `--max-plies N` (a move limit: the game is a draw when it is reached)
//! and `--position TEXT` (a position text, with ` @ plies/limit` for a move-limit game; rules
//! options given with it must agree with it).

mod cmd;

use abstract_game::{EndReason, Evaluate, Game, MoveLimit, ToSvg};
use clap::{Args, Parser, Subcommand, ValueEnum};
use cmd::{CmdResult, Failure, Job};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "agame",
    version,
    about = "Rules engines for Pikemen, GIPF and Epaminondas"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games, their variants and options.
    Games,
    /// Play a short seeded self-play game of each game and show it.
    Demo {
        /// Seed of the players' random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Show only this game.
        #[arg(long)]
        game: Option<GameName>,
        /// Stop a game after this many decisions (a draw).
        #[arg(long, default_value_t = 400)]
        max_plies: u32,
        /// Also write each game as a record (one move per line) into this directory, for
        /// `agame replay`.
        #[arg(long, value_name = "DIR")]
        record: Option<PathBuf>,
    },
    /// Count the move sequences of a given length (perft).
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Number of moves deep, at most 1000 (bound cycling games with --max-plies).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PERFT_DEPTH)))]
        depth: u32,
        /// Show the count under each first move.
        #[arg(long)]
        divide: bool,
        /// Worker threads, 0 for one per core (the count never depends on it).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Print the sorted legal moves, one per line.
    Legal {
        #[command(flatten)]
        game: GameArgs,
        /// Moves to play first, one per line.
        #[arg(long)]
        moves: Option<PathBuf>,
    },
    /// Play uniformly random games from the start, timed: the rollout speed of tree search.
    /// A game ends by the rules or at --max-plies (a draw). The last line is one JSON object
    /// {"games":N,"plies":P,"seconds":T,"plies_per_second":R}.
    Playouts {
        #[command(flatten)]
        game: GameArgs,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the random moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Check a game record (one move per line) move by move.
    Replay {
        #[command(flatten)]
        game: GameArgs,
        /// The record.
        file: PathBuf,
        /// Print one JSON object per position reached.
        #[arg(long)]
        each: bool,
    },
    /// Play against a bot (or hot-seat with --bot none) in the terminal or from a pipe.
    #[command(after_help = cmd::play::AFTER_HELP)]
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// The bot that plays the other seats: random, greedy, mcts, alphabeta with parameters
        /// (mcts:iters=2000, mcts:ms=100, alphabeta:depth=5, alphabeta:ms=200, seed=N), or
        /// none for people only.
        #[arg(long, default_value = cmd::play::DEFAULT_BOT, value_name = "SPEC")]
        bot: String,
        /// Your seat (1 moves first) when a bot plays.
        #[arg(long, value_name = "N")]
        seat: Option<u8>,
    },
    /// Speak a line protocol on standard input and output, for other programs (docs/protocol.md).
    #[command(after_help = cmd::engine::AFTER_HELP)]
    Engine,
    /// Bots against bots: seats rotated, openings seeded, W/D/L, points, Elo; last line JSON.
    #[command(after_help = match_help())]
    Match {
        #[command(flatten)]
        game: GameArgs,
        /// One bot SPEC per seat, separated by commas, for example mcts:ms=100,random.
        #[arg(long, required = true, value_name = "SPEC,SPEC")]
        bots: String,
        /// Number of games, at most 1000000000 (a multiple of the seat count plays each bot in
        /// each seat equally); results are counted, and --jsonl written, as games end.
        #[arg(long, default_value_t = 2)]
        games: usize,
        /// Seed of the openings and of the bots.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once, 0 for one per core, at most 1024.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Random moves that open each game (the same for every rotation of the seats).
        #[arg(long, default_value_t = 2)]
        opening: usize,
        /// Write one JSON line per game (options, seats, moves, outcome, plies).
        #[arg(long, value_name = "FILE")]
        jsonl: Option<PathBuf>,
    },
    /// Draw a position as an SVG picture (standard output by default).
    Render {
        #[command(flatten)]
        game: GameArgs,
        /// Moves to play first, one per line.
        #[arg(long)]
        moves: Option<PathBuf>,
        /// Play only the first N moves of --moves.
        #[arg(long, value_name = "N")]
        ply: Option<usize>,
        /// Highlight the last move played.
        #[arg(long)]
        last_move: bool,
        /// Write the picture to this file.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Width of the picture in pixels.
        #[arg(long, default_value_t = 480)]
        size: u32,
        /// Leave the coordinates out.
        #[arg(long)]
        no_coordinates: bool,
        /// The seat drawn at the bottom.
        #[arg(long, value_name = "N", default_value_t = 1)]
        bottom: u8,
    },
    /// Serve the games online: accounts, lobby, live and correspondence games, ratings
    /// (docs/server.md). Built with `--features serve`.
    #[cfg(feature = "serve")]
    Serve(cmd::serve::ServeArgs),
}

const MATCH_NOTES: &str = "\
Seats: give one spec per seat (repeat a spec to seat it twice); game i seats bot
(seat + i) mod seats, so each bot plays each seat equally when N is a multiple of the seat
count. Games start with --opening random moves, the same for every rotation of the seats, and
end at --max-plies (default 1000 here) as draws. A win is finishing first alone; sharing first
is a draw. Points: 1 per win, 1/k per first place shared by k seats (1/2 with two players).

Elo, with a 95% interval, is reported for two bots (the first over the second) and for one bot
against a field of one repeated spec (the first over each of the others, from its share of
first places: equal strength wins 1/seats of the games; see docs/strength.md).
The last line of standard output is one JSON object, bots in the order given:
  {\"games\":N,\"bots\":[{\"spec\":S,\"wins\":W,\"draws\":D,\"losses\":L,\"points\":P},...],
   \"elo\":{\"diff\":E,\"low\":A,\"high\":B}}
Each --jsonl line holds the game, its options, the seats' specs, the moves, the outcome and the
plies; replay a game with: jq -r '.moves[]' FILE > game.txt; agame replay GAME OPTIONS game.txt

Threads: --jobs J plays J games at once; a spec's threads=N searches each of its moves on N
threads. Keep J times N at most the number of cores, or the bots share them: for 2 threads
against 1 at equal time on 2 cores, use --jobs 1.

Example: agame match pikemen --bots mcts:ms=100,random --games 20 --jobs 2";

fn match_help() -> String {
    format!("{}\n\n{MATCH_NOTES}", abstract_game_search::SPEC_HELP)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameName {
    Pikemen,
    Gipf,
    Epaminondas,
}

/// The deepest `agame perft` accepted: past the default move limit no tree could finish.
const MAX_PERFT_DEPTH: u32 = 1000;

/// Pikemen: whether a charging piece may keep its state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum AfterCharge {
    /// The piece may keep its state (the published rules; the default).
    MayKeep,
    /// The piece must take a new state (the seed text's rule).
    MustChange,
}

/// GIPF: the variants, so that clap lists the choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum VariantName {
    Basic,
    Standard,
    Tournament,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OnOff {
    On,
    Off,
}

#[derive(Args, Debug)]
struct GameArgs {
    /// The game: pikemen, gipf or epaminondas.
    game: GameName,
    /// Pikemen: number of players.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: Option<u8>,
    /// Pikemen: points that win.
    #[arg(long)]
    target: Option<u32>,
    /// Pikemen: whether a charging piece may keep its state (default may-keep).
    #[arg(long)]
    after_charge: Option<AfterCharge>,
    /// Epaminondas: board size, for example 14x12, 10x8 or 8x8.
    #[arg(long, value_name = "WxH")]
    board: Option<String>,
    /// Epaminondas: the stumbling-blocks variant (three neutral stones).
    #[arg(long)]
    stones: bool,
    /// Epaminondas: the mirror rule (on by default).
    #[arg(long)]
    mirror: Option<OnOff>,
    /// GIPF: the variant (default standard).
    #[arg(long)]
    variant: Option<VariantName>,
    /// GIPF: work on complete turns instead of single decisions.
    #[arg(long)]
    turns: bool,
    /// A move limit: the game is a draw once this many decisions were made.
    #[arg(long)]
    max_plies: Option<u32>,
    /// Start from this position text instead of the start (its own rules apply).
    #[arg(long)]
    position: Option<String>,
}

/// Refuses options that belong to another game.
fn only(args: &GameArgs, allowed: &[&str]) -> CmdResult {
    for name in given_options(args) {
        if !allowed.contains(&name) {
            return Err(Failure::input(format!(
                "{name} does not apply to {:?}",
                args.game
            )));
        }
    }
    Ok(())
}

/// The rules options given on the command line.
fn given_options(args: &GameArgs) -> Vec<&'static str> {
    [
        ("--players", args.players.is_some()),
        ("--target", args.target.is_some()),
        ("--after-charge", args.after_charge.is_some()),
        ("--board", args.board.is_some()),
        ("--stones", args.stones),
        ("--mirror", args.mirror.is_some()),
        ("--variant", args.variant.is_some()),
        ("--turns", args.turns),
    ]
    .into_iter()
    .filter_map(|(name, set)| set.then_some(name))
    .collect()
}

fn board_size(text: &str) -> Result<(u8, u8), Failure> {
    let bad = || {
        Failure::input(format!(
            "--board takes WxH, for example 14x12, not '{text}'"
        ))
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?))
}

/// The Pikemen rules: `c` changed by the options given.
fn pikemen_rules(
    args: &GameArgs,
    mut c: pikemen_core::Config,
) -> Result<pikemen_core::Config, Failure> {
    c.players = args.players.unwrap_or(c.players);
    c.target = args.target.unwrap_or(c.target);
    if let Some(a) = args.after_charge {
        c.charge_keeps_state = a == AfterCharge::MayKeep;
    }
    Ok(c)
}

/// The Epaminondas rules: `c` changed by the options given.
fn epaminondas_rules(
    args: &GameArgs,
    mut c: epaminondas_core::Config,
) -> Result<epaminondas_core::Config, Failure> {
    if let Some(b) = &args.board {
        (c.width, c.height) = board_size(b)?;
    }
    c.stones |= args.stones;
    if let Some(m) = args.mirror {
        c.mirror = m == OnOff::On;
    }
    Ok(c)
}

/// The GIPF rules: `c` changed by the options given.
fn gipf_rules(args: &GameArgs, mut c: gipf_core::Config) -> Result<gipf_core::Config, Failure> {
    if let Some(v) = args.variant {
        c.variant = match v {
            VariantName::Basic => gipf_core::Variant::Basic,
            VariantName::Standard => gipf_core::Variant::Standard,
            VariantName::Tournament => gipf_core::Variant::Tournament,
        };
    }
    Ok(c)
}

/// Builds the starting state of the game `args` names and runs `job` on it.
fn dispatch<J: Job>(args: &GameArgs, job: J) -> CmdResult {
    match args.game {
        GameName::Pikemen => {
            only(args, &["--players", "--target", "--after-charge"])?;
            start::<pikemen_core::Pikemen, J>(args, pikemen_rules, job)
        }
        GameName::Epaminondas => {
            only(args, &["--board", "--stones", "--mirror"])?;
            start::<epaminondas_core::Epaminondas, J>(args, epaminondas_rules, job)
        }
        GameName::Gipf => {
            only(args, &["--variant", "--turns"])?;
            if args.turns {
                start::<gipf_core::GipfTurns, J>(args, gipf_rules, job)
            } else {
                start::<gipf_core::Gipf, J>(args, gipf_rules, job)
            }
        }
    }
}

/// The start: `--position` (a plain position text, or one with the move-limit counter
/// ` @ plies/limit`) or the rules the options give; then the move limit, if any.
fn start<G: Game + Evaluate + ToSvg + EndReason, J: Job>(
    args: &GameArgs,
    rules: fn(&GameArgs, G::Config) -> Result<G::Config, Failure>,
    job: J,
) -> CmdResult {
    let Some(text) = &args.position else {
        let state = G::new(&rules(args, G::Config::default())?)
            .map_err(|e| Failure::input(format!("bad options: {e}")))?;
        return match args.max_plies {
            Some(n) => job.run(&MoveLimit::wrap(state, 0, n)),
            None => job.run(&state),
        };
    };
    let bad = |e: &dyn std::fmt::Display| Failure::input(format!("--position: {e}"));
    let (state, counter) = if text.contains(" @ ") {
        let limited: MoveLimit<G> = text.parse().map_err(|e| bad(&e))?;
        let counter = (limited.plies(), limited.max_plies());
        (limited.into_inner(), Some(counter))
    } else {
        (text.parse::<G>().map_err(|e| bad(&e))?, None)
    };
    let own = state.config();
    if rules(args, own.clone())? != own {
        return Err(Failure::input(format!(
            "the --position text is played under {own:?}, which {} would change; leave it out",
            given_options(args).join(", ")
        )));
    }
    match (counter, args.max_plies) {
        (Some((_, limit)), Some(n)) if n != limit => Err(Failure::input(format!(
            "--max-plies {n} contradicts the --position text's limit of {limit}"
        ))),
        (Some((plies, limit)), _) => job.run(&MoveLimit::wrap(state, plies, limit)),
        (None, Some(n)) => job.run(&MoveLimit::wrap(state, 0, n)),
        (None, None) => job.run(&state),
    }
}

/// How an option value is typed (`must-change`, `tournament`).
fn value_name(value: impl ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// The game options as they would be typed, for match records.
fn options_text(args: &GameArgs) -> String {
    let mut parts = Vec::new();
    let mut add = |name: &str, value: Option<String>| {
        parts.push(match value {
            Some(v) => format!("{name} {v}"),
            None => name.to_string(),
        })
    };
    if let Some(p) = args.players {
        add("--players", Some(p.to_string()));
    }
    if let Some(t) = args.target {
        add("--target", Some(t.to_string()));
    }
    if let Some(b) = &args.board {
        add("--board", Some(b.clone()));
    }
    if args.stones {
        add("--stones", None);
    }
    if let Some(m) = args.mirror {
        add(
            "--mirror",
            Some(if m == OnOff::On { "on" } else { "off" }.into()),
        );
    }
    if let Some(a) = args.after_charge {
        add("--after-charge", Some(value_name(a)));
    }
    if let Some(v) = args.variant {
        add("--variant", Some(value_name(v)));
    }
    if args.turns {
        add("--turns", None);
    }
    if let Some(n) = args.max_plies {
        add("--max-plies", Some(n.to_string()));
    }
    if let Some(p) = &args.position {
        add("--position", Some(format!("'{p}'")));
    }
    parts.join(" ")
}

/// Reads `agame match`'s options; matches get a move limit of 1000 unless one is given.
fn match_options(
    game: &mut GameArgs,
    bots: &str,
    games: usize,
    seed: u64,
    jobs: usize,
    opening: usize,
    jsonl: Option<PathBuf>,
) -> Result<cmd::match_cmd::MatchOptions, Failure> {
    game.max_plies.get_or_insert(1000);
    let names: Vec<String> = bots.split(',').map(|s| s.trim().to_string()).collect();
    let specs = names
        .iter()
        .map(|n| {
            n.parse()
                .map_err(|e| Failure::input(format!("--bots: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let jobs = match jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    Ok(cmd::match_cmd::MatchOptions {
        bots: specs,
        names,
        games,
        seed,
        jobs,
        opening,
        jsonl,
        options: options_text(game),
    })
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Games => cmd::games::run(),
        Command::Demo {
            seed,
            game,
            max_plies,
            record,
        } => cmd::demo::run(seed, game, max_plies, record.as_deref()),
        Command::Perft {
            game,
            depth,
            divide,
            threads,
        } => {
            let threads = match threads {
                0 => std::thread::available_parallelism().map_or(1, usize::from),
                n => n,
            };
            dispatch(
                &game,
                cmd::perft::Perft {
                    depth,
                    divide,
                    threads,
                },
            )
        }
        Command::Legal { game, moves } => dispatch(&game, cmd::legal::Legal(moves)),
        Command::Playouts { game, games, seed } => {
            dispatch(&game, cmd::playouts::Playouts { games, seed })
        }
        Command::Replay { game, file, each } => dispatch(&game, cmd::replay::Replay { file, each }),
        Command::Play { game, bot, seat } => {
            cmd::play::Play::from_options(&game, &bot, seat).and_then(|p| dispatch(&game, p))
        }
        Command::Engine => cmd::engine::run(),
        Command::Match {
            mut game,
            bots,
            games,
            seed,
            jobs,
            opening,
            jsonl,
        } => match_options(&mut game, &bots, games, seed, jobs, opening, jsonl)
            .and_then(|opts| dispatch(&game, cmd::match_cmd::Match(opts))),
        Command::Render {
            game,
            moves,
            ply,
            last_move,
            output,
            size,
            no_coordinates,
            bottom,
        } => dispatch(
            &game,
            cmd::render::Render {
                moves,
                ply,
                last_move,
                output,
                size,
                no_coordinates,
                bottom,
            },
        ),
        #[cfg(feature = "serve")]
        Command::Serve(args) => cmd::serve::run(args),
    };
    if let Err(f) = result {
        eprintln!("agame: {}", f.0);
        std::process::exit(1);
    }
}
