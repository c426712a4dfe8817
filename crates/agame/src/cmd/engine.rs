//! `agame engine`: the bots over a line protocol shaped after UCI, for other programs (GUIs,
//! servers, tournament managers). Every command and reply is in `docs/protocol.md`.
//!
//! Three threads: one reads standard input, one searches (while a `go` runs), and the main
//! thread, the only writer of standard output, answers both in the order events arrive. So a
//! `stop` or `isready` is answered while a search runs.

use super::common::build_bot;
use super::lines::Lines;
use super::play::DEFAULT_BOT;
use super::{CmdResult, Failure, Job};
use crate::{AfterCharge, GameArgs, GameName, OnOff, VariantName};
use abstract_game::{EndReason, Evaluate, Game, PlayerId, Status};
use abstract_game_search::{Bot, BotKind, BotSpec, Limits};
use clap::ValueEnum;
use std::fmt::Write as _;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The long help of `agame engine`.
pub const AFTER_HELP: &str = "\
Commands, one per line (replies in brackets; full details in docs/protocol.md):
  agame                                  [id name/author, game and option lines, agameok]
  isready                                [readyok]
  setoption name bot value SPEC          the bot, for example mcts:ms=500 or alphabeta:depth=5
  setoption name threads value N         threads per search (1 to 64, default 1)
  game NAME [key=value ...]              pikemen players=3, gipf variant=basic turns,
                                         epaminondas board=8x8 stones mirror=off, max-plies=N
  newgame                                back to the game's start; the bot forgets
  position startpos|text TEXT [moves M ...]
  legal                                  [legal M ...]
  show                                   [board ..., position, scores, status lines]
  go [iters N] [depth N] [movetime MS] [infinite]   [info ..., bestmove M]
  stop                                   ends a search early: its bestmove follows
                                         (go infinite answers only after stop)
  quit                                   (the end of input: stop, then quit)
Moves are single words: the spaces of GIPF complete turns are written as _.
Bad commands, lines that are not UTF-8 and lines over 1 MiB get a line 'error ...'
and the engine goes on.";

const HANDSHAKE: &str = "\
id author the abstract-games developers
game pikemen players=2|3|4 target=N max-plies=N
game gipf variant=basic|standard|tournament turns max-plies=N
game epaminondas board=WxH stones mirror=on|off max-plies=N";

/// What the main thread answers: a line of input (or why it was refused), its end, or a
/// finished search's reply.
enum Event {
    Line(Result<String, String>),
    End,
    Found(String),
}

/// Runs the protocol on standard input and output until `quit` or the end of input.
pub fn run() -> CmdResult {
    let (events, inbox) = channel();
    let reader = events.clone();
    std::thread::spawn(move || {
        for line in Lines::new(std::io::stdin().lock()) {
            let Ok(line) = line else { break };
            if reader.send(Event::Line(line.text())).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::End);
    });
    let mut engine = Engine::new(events);
    let stdout = std::io::stdout();
    for event in inbox {
        let reply = match event {
            Event::Line(Ok(line)) => engine.command(&line),
            Event::Line(Err(why)) => format!("error {}\n", one_line(&why)),
            Event::End => engine.end_of_input(),
            Event::Found(reply) => engine.found(reply),
        };
        let mut out = stdout.lock();
        out.write_all(reply.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| Failure::input(format!("standard output: {e}")))?;
        if engine.quitting && engine.search.is_none() {
            break;
        }
    }
    Ok(())
}

/// The protocol's state: the chosen game, the bot spec, a running search.
struct Engine {
    table: Option<Box<dyn Table>>,
    spec: BotSpec,
    /// The `threads` option, applied to every spec that does not name its own.
    threads: Option<u32>,
    search: Option<Search>,
    events: Sender<Event>,
    quitting: bool,
}

/// A search started by `go`, until its reply is written.
struct Search {
    /// Set by `stop` and `quit`; the search thread reads it.
    stop: Arc<AtomicBool>,
    /// `go infinite`: as in UCI, the reply waits for `stop` even if the search ends earlier.
    infinite: bool,
    /// The reply of an infinite search that ended before `stop`.
    held: Option<String>,
}

impl Engine {
    fn new(events: Sender<Event>) -> Engine {
        Engine {
            table: None,
            spec: DEFAULT_BOT.parse().expect("the default bot spec reads"),
            threads: None,
            search: None,
            events,
            quitting: false,
        }
    }

    /// Stops the running search: its reply, if it is already known (else it follows as an
    /// [`Event::Found`]).
    fn stop(&mut self) -> String {
        let Some(search) = &mut self.search else {
            return String::new();
        };
        search.stop.store(true, Ordering::Relaxed);
        match search.held.take() {
            Some(reply) => {
                self.search = None;
                reply
            }
            None => String::new(),
        }
    }

    /// A search's reply: written, or held until `stop` if the search was infinite.
    fn found(&mut self, reply: String) -> String {
        match &mut self.search {
            Some(s) if s.infinite && !s.stop.load(Ordering::Relaxed) => {
                s.held = Some(reply);
                String::new()
            }
            _ => {
                self.search = None;
                reply
            }
        }
    }

    /// The end of input ends the program, after a running search: a finite one finishes (so
    /// that `echo 'game gipf\ngo depth 4' | agame engine` answers in full), an infinite one,
    /// which only `stop` would end, is stopped.
    fn end_of_input(&mut self) -> String {
        self.quitting = true;
        match &self.search {
            Some(s) if s.infinite => self.stop(),
            _ => String::new(),
        }
    }

    /// The reply to one line (possibly empty): whole lines, each ending in a newline.
    fn command(&mut self, line: &str) -> String {
        let line = line.trim();
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        let reply = match (word, &self.search) {
            ("", _) => Ok(String::new()),
            ("isready", _) => Ok("readyok".into()),
            ("stop", _) => return self.stop(),
            ("quit", _) => {
                self.quitting = true;
                return self.stop();
            }
            (_, Some(_)) => Err(format!("busy searching, send stop first: {word}")),
            ("agame", None) => Ok(format!(
                "id name agame {}\n{HANDSHAKE}\noption name bot type string default {DEFAULT_BOT}\n\
                 option name threads type spin default 1 min 1 max {}\nagameok",
                env!("CARGO_PKG_VERSION"),
                abstract_game_search::MAX_THREADS
            )),
            ("setoption", None) => self.set_option(rest),
            ("game", None) => self.choose_game(rest),
            (_, None) => self.on_table(word, rest),
        };
        match reply {
            Ok(text) if text.is_empty() => text,
            Ok(text) => text + "\n",
            Err(message) => format!("error {}\n", one_line(&message)),
        }
    }

    /// The commands on the chosen game.
    fn on_table(&mut self, word: &str, rest: &str) -> Result<String, String> {
        if !["newgame", "position", "legal", "show", "go"].contains(&word) {
            return Err(format!("unknown command: {word}"));
        }
        let Some(table) = &mut self.table else {
            return Err(format!("no game chosen: send game NAME first ({word})"));
        };
        match word {
            "newgame" => table.new_game(),
            "position" => table.position(rest)?,
            "legal" => return Ok(table.legal()),
            "show" => return Ok(table.show()),
            _ => {
                let (mut limits, infinite) = go_limits(rest)?;
                if self.spec.kind != BotKind::AlphaBeta {
                    // Only alpha-beta has a depth; to MCTS a depth-only budget would be none
                    // at all, and its search would never end.
                    limits.depth = None;
                }
                if limits.is_unlimited() {
                    limits = self.spec.limits();
                }
                let stop = Arc::new(AtomicBool::new(false));
                table.go(limits.with_stop(stop.clone()), self.events.clone());
                self.search = Some(Search {
                    stop,
                    infinite,
                    held: None,
                });
            }
        }
        Ok(String::new())
    }

    /// `setoption name bot value SPEC` or `setoption name threads value N`: the later wins
    /// (a spec naming `threads` overrides the option, the option the spec's threads).
    fn set_option(&mut self, rest: &str) -> Result<String, String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let spec = match words[..] {
            ["name", "bot", "value", value] => {
                let spec: BotSpec = value.parse().map_err(|e| format!("bot: {e}"))?;
                match (spec.threads, self.threads) {
                    (None, Some(n)) => spec.with_threads(n),
                    _ => spec,
                }
            }
            ["name", "threads", "value", value] => {
                let max = abstract_game_search::MAX_THREADS as u32;
                let n = value
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .ok_or_else(|| format!("threads: 1 to {max}, not '{value}'"))?;
                self.threads = Some(n);
                self.spec.clone().with_threads(n)
            }
            _ => {
                return Err(format!(
                    "unknown option: {rest} (the options are: name bot value SPEC, \
                     name threads value N)"
                ));
            }
        };
        if let Some(table) = &mut self.table {
            table.set_bot(&spec)?;
        }
        self.spec = spec;
        Ok(String::new())
    }

    /// `game NAME [key=value | flag ...]`: the game at its start.
    fn choose_game(&mut self, rest: &str) -> Result<String, String> {
        let args = game_args(rest)?;
        let mut table = None;
        crate::dispatch(
            &args,
            Open {
                table: &mut table,
                spec: &self.spec,
            },
        )
        .map_err(|f| f.0)?;
        self.table = table;
        Ok(String::new())
    }
}

/// The longest word of an error line, in characters: longer words (echoes of hostile input)
/// are cut, saying how long they were.
const MAX_WORD: usize = 40;

/// The longest error line, in bytes, roughly: a longer message is cut.
const MAX_ERROR: usize = 1000;

/// A message as one reply line: its lines joined by `; `, runs of blanks as one, control
/// characters escaped (NUL as `\u{0}`, ESC as `\u{1b}`), long words and the line cut.
fn one_line(message: &str) -> String {
    let mut out = String::new();
    for line in message.lines() {
        let mut words = line.split_whitespace().peekable();
        if words.peek().is_some() && !out.is_empty() {
            out.push_str("; ");
        }
        let mut first = true;
        for word in words {
            if out.len() > MAX_ERROR {
                out.push_str(" ...");
                return out;
            }
            if !first {
                out.push(' ');
            }
            first = false;
            let count = word.chars().count();
            for c in word.chars().take(MAX_WORD) {
                if c.is_control() {
                    out.extend(c.escape_default());
                } else {
                    out.push(c);
                }
            }
            if count > MAX_WORD {
                let _ = write!(out, "...({} bytes)", word.len());
            }
        }
    }
    out
}

/// Reads `NAME key=value ...` into the options `agame`'s other commands take.
fn game_args(text: &str) -> Result<GameArgs, String> {
    let mut words = text.split_whitespace();
    let name = words
        .next()
        .ok_or("game needs a name: pikemen, gipf or epaminondas")?;
    let mut args = GameArgs {
        game: GameName::from_str(name, false)
            .map_err(|_| format!("unknown game {name}: pikemen, gipf or epaminondas"))?,
        players: None,
        target: None,
        after_charge: None,
        board: None,
        stones: false,
        mirror: None,
        variant: None,
        turns: false,
        max_plies: None,
        position: None,
    };
    for word in words {
        let (key, value) = word.split_once('=').unwrap_or((word, ""));
        match key {
            "players" => args.players = Some(number(key, value)?),
            "target" => args.target = Some(number(key, value)?),
            "max-plies" => args.max_plies = Some(number(key, value)?),
            "board" => args.board = Some(value.to_string()),
            "variant" => {
                args.variant = Some(VariantName::from_str(value, false).map_err(|_| {
                    format!("variant=basic, standard or tournament, not '{value}'")
                })?);
            }
            "after-charge" => {
                args.after_charge = Some(AfterCharge::from_str(value, false).map_err(|_| {
                    format!("after-charge=may-keep or after-charge=must-change, not '{value}'")
                })?);
            }
            "mirror" => {
                args.mirror = Some(
                    OnOff::from_str(value, false)
                        .map_err(|_| format!("mirror=on or mirror=off, not '{value}'"))?,
                );
            }
            "stones" => args.stones = true,
            "turns" => args.turns = true,
            _ => return Err(format!("unknown game option: {word}")),
        }
    }
    if args.players.is_some_and(|n| !(2..=4).contains(&n)) {
        return Err("players=2, 3 or 4".into());
    }
    Ok(args)
}

fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{key} needs a number, not '{value}'"))
}

/// Reads `go`'s budget (nothing set: the bot spec's budget), and whether it is `infinite`.
fn go_limits(text: &str) -> Result<(Limits, bool), String> {
    let mut words = text.split_whitespace();
    let mut limits = Limits::none();
    let mut infinite = false;
    while let Some(word) = words.next() {
        if word == "infinite" {
            // A budget that is never spent: only `stop` ends the search.
            limits = limits.with_iterations(u64::MAX);
            infinite = true;
            continue;
        }
        let value = words
            .next()
            .ok_or_else(|| format!("go {word} needs a number"))?;
        let n: u64 = value
            .parse()
            .map_err(|_| format!("go {word} needs a number, not '{value}'"))?;
        limits = match word {
            "iters" => limits.with_iterations(n),
            "depth" => limits.with_depth(u32::try_from(n).unwrap_or(u32::MAX)),
            "movetime" => limits.with_time(Duration::from_millis(n)),
            _ => {
                return Err(format!(
                    "unknown go budget: {word} (iters, depth, movetime, infinite)"
                ));
            }
        };
    }
    Ok((limits, infinite))
}

/// A move as one protocol word: GIPF complete turns hold spaces, written as `_`.
fn word<M: std::fmt::Display>(mv: &M) -> String {
    mv.to_string().replace(' ', "_")
}

/// The chosen game, whatever its type: its start, the current position and the bot.
trait Table: Send {
    fn new_game(&mut self);
    fn position(&mut self, text: &str) -> Result<(), String>;
    fn legal(&self) -> String;
    fn show(&self) -> String;
    fn set_bot(&mut self, spec: &BotSpec) -> Result<(), String>;
    /// Starts a search on its own thread; its reply arrives as an [`Event::Found`].
    fn go(&mut self, limits: Limits, events: Sender<Event>);
}

struct GameTable<G: Game> {
    start: G,
    current: G,
    spec: BotSpec,
    /// Shared with the search thread, which holds the lock while it searches.
    bot: Arc<Mutex<Box<dyn Bot<G>>>>,
}

/// Builds the table of the game a `game` command names, for [`crate::dispatch`].
struct Open<'a> {
    table: &'a mut Option<Box<dyn Table>>,
    spec: &'a BotSpec,
}

impl Job for Open<'_> {
    fn run<G: Game + Evaluate + EndReason>(self, start: &G) -> CmdResult {
        let bot = build_bot(start, self.spec).map_err(Failure::input)?;
        *self.table = Some(Box::new(GameTable {
            start: start.clone(),
            current: start.clone(),
            spec: self.spec.clone(),
            bot: Arc::new(Mutex::new(bot)),
        }));
        Ok(())
    }
}

impl<G: Game + Evaluate + EndReason> GameTable<G> {
    fn lock_bot(&self) -> std::sync::MutexGuard<'_, Box<dyn Bot<G>>> {
        // A search never panics while holding the lock (bots do not panic), so poisoning
        // cannot happen; recover the bot anyway rather than fail.
        self.bot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl<G: Game + Evaluate + EndReason> Table for GameTable<G> {
    fn new_game(&mut self) {
        self.current = self.start.clone();
        // Built afresh, seed included, so that a new game replays exactly. (A network file
        // that went away since it was read: the bot keeps its network and forgets the game.)
        match build_bot(&self.start, &self.spec) {
            Ok(bot) => *self.lock_bot() = bot,
            Err(_) => self.lock_bot().new_game(),
        }
    }

    /// `startpos | text TEXT`, then optionally `moves M ...`; unchanged on any error.
    fn position(&mut self, text: &str) -> Result<(), String> {
        let (base, moves) = match text.split_once(" moves") {
            Some((b, m)) if m.is_empty() || m.starts_with(' ') => (b.trim(), m),
            _ => (text.trim(), ""),
        };
        let mut state = match base.split_once(char::is_whitespace) {
            _ if base == "startpos" => self.start.clone(),
            Some(("text", t)) => t
                .trim()
                .parse::<G>()
                .map_err(|e| format!("position text: {e}"))?,
            _ => return Err("position startpos|text TEXT [moves M ...]".into()),
        };
        for (i, w) in moves.split_whitespace().enumerate() {
            let m = w.replace('_', " ");
            let mv = state
                .parse_move(&m)
                .map_err(|e| format!("move {} '{w}': {e}", i + 1))?;
            state
                .apply(mv)
                .map_err(|e| format!("move {} '{w}' illegal: {e}", i + 1))?;
        }
        self.current = state;
        Ok(())
    }

    fn legal(&self) -> String {
        let mut moves: Vec<String> = self.current.legal_moves().iter().map(word).collect();
        moves.sort();
        std::iter::once("legal".to_string())
            .chain(moves)
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn show(&self) -> String {
        let state = &self.current;
        let mut lines: Vec<String> = state
            .diagram()
            .lines()
            .map(|l| format!("board {l}"))
            .collect();
        lines.push(format!("position {state}"));
        let scores: Vec<String> = PlayerId::all(state.player_count())
            .map(|p| state.score(p).to_string())
            .collect();
        lines.push(format!("scores {}", scores.join(" ")));
        // The reason goes on its own line so that `status` keeps its simple, parsed form.
        if let Some(why) = state.end() {
            lines.push(format!("end {why}"));
        }
        lines.push(match state.status() {
            Status::Ongoing(p) => format!("status tomove {p}"),
            Status::Finished(o) => format!("status over {o}"),
        });
        lines.join("\n")
    }

    fn set_bot(&mut self, spec: &BotSpec) -> Result<(), String> {
        let bot = build_bot(&self.start, spec)?;
        self.spec = spec.clone();
        *self.lock_bot() = bot;
        Ok(())
    }

    fn go(&mut self, limits: Limits, events: Sender<Event>) {
        let state = self.current.clone();
        let bot = Arc::clone(&self.bot);
        std::thread::spawn(move || {
            let mut bot = bot
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let reply = match bot.choose(&state, &limits) {
                None => "bestmove none\n".to_string(),
                Some((mv, info)) => {
                    let mut line = format!(
                        "info depth {} iters {} value {:.3} time {}",
                        info.depth,
                        info.iterations,
                        info.value,
                        info.elapsed.as_millis()
                    );
                    if !info.pv.is_empty() {
                        line += " pv";
                        for m in &info.pv {
                            line += " ";
                            line += &word(m);
                        }
                    }
                    format!("{line}\nbestmove {}\n", word(&mv))
                }
            };
            let _ = events.send(Event::Found(reply));
        });
    }
}

#[cfg(test)]
mod threads_option {
    use super::*;

    /// The bot spec after each command, sent in order to one engine.
    fn specs_after(commands: &[&str]) -> Vec<String> {
        let (events, _inbox) = channel();
        let mut engine = Engine::new(events);
        commands
            .iter()
            .map(|c| {
                let reply = engine.command(c);
                format!("{reply}{}", engine.spec)
            })
            .collect()
    }

    #[test]
    fn the_later_of_the_threads_option_and_a_spec_naming_threads_wins() {
        let found = specs_after(&[
            "setoption name threads value 2",
            "setoption name bot value mcts:iters=10",
            "setoption name bot value uct:threads=3",
            "setoption name bot value random",
            "setoption name bot value alphabeta:depth=4",
            "setoption name threads value 1",
            "setoption name threads value 0",
            "setoption name threads value 65",
            "setoption name threads value two",
        ]);
        let error = "error threads: 1 to 64, not";
        assert_eq!(
            found[..6],
            [
                "alphabeta:ms=1000:threads=2",
                "mcts:iters=10:threads=2",
                "uct:threads=3",
                "random",
                "alphabeta:depth=4:threads=2",
                "alphabeta:depth=4:threads=1",
            ]
        );
        for (line, value) in found[6..].iter().zip(["0", "65", "two"]) {
            assert_eq!(
                *line,
                format!("{error} '{value}'\nalphabeta:depth=4:threads=1")
            );
        }
    }
}
