//! `agame play`: a person against a bot, or people against each other (`--bot none`), in a
//! terminal or with standard input from a pipe (one command per line, no prompts needed).

use super::common::{build_bot, sorted_legal, summary};
use super::lines::Lines;
use super::marks::mark_changes;
use super::{CmdResult, Failure, Job};
use crate::{GameArgs, value_name};
use abstract_game::{EndReason, Evaluate, Game, MoveError, PlayerId};
use abstract_game_search::{Bot, BotSpec, Limits, SearchInfo};
use std::fmt::Write as _;
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;

/// The bot `agame play` and `agame engine` use unless told otherwise, and for hints in
/// hot-seat games: the strongest of docs/strength.md (alpha-beta beat MCTS in every game).
pub const DEFAULT_BOT: &str = "alphabeta:ms=1000";

/// The long help of `agame play`, also its `help` command.
pub const AFTER_HELP: &str = "\
At your decision, type a move in the game's notation or a command:
  ? or moves   the legal moves
  undo         back to your previous decision (taking back the bot's replies)
  hint         what the bot would play here
  save FILE    write the moves as a record that agame replay reads
  position     the position text (for --position)
  help, quit
The board is shown before each of your decisions, the bot's move with its thinking summary
(depth, iterations or nodes, value for the bot from -1 to 1, time, expected line), and the
outcome and scores at the end. Standard input may be a pipe: one command per line.
Examples:
  agame play pikemen --bot alphabeta:ms=500
  agame play gipf --bot alphabeta:ms=1000:threads=2
  agame play gipf --variant basic --bot mcts:iters=5000 --seat 2
  agame play epaminondas --board 8x8 --bot none < moves.txt";

/// The options of `agame play`.
#[derive(Debug)]
pub struct Play {
    /// Who plays the seats that no person plays; `None` for hot-seat (every seat a person).
    pub bot: Option<BotSpec>,
    /// The person's seat when a bot plays.
    pub seat: PlayerId,
    /// The `agame replay` arguments that rebuild the start (game and options), for `save`.
    pub replay_args: String,
}

impl Play {
    /// Reads `--bot` (a spec or `none`) and `--seat`; `game` gives the record's replay line.
    pub fn from_options(game: &GameArgs, bot: &str, seat: Option<u8>) -> Result<Play, Failure> {
        let bot = match bot {
            "none" if seat.is_some() => {
                return Err(Failure::input(
                    "--seat needs a bot: with --bot none every seat is yours",
                ));
            }
            "none" => None,
            spec => Some(
                spec.parse::<BotSpec>()
                    .map_err(|e| Failure::input(format!("--bot: {e}")))?,
            ),
        };
        let seat = PlayerId::from_number(seat.unwrap_or(1))
            .ok_or_else(|| Failure::input("--seat counts from 1"))?;
        Ok(Play {
            bot,
            seat,
            replay_args: replay_args(game),
        })
    }
}

/// The `agame replay` arguments for the game and options of `args`.
fn replay_args(args: &GameArgs) -> String {
    let mut s = format!("{:?}", args.game).to_lowercase();
    let mut add = |option: &str, value: Option<String>| {
        if let Some(v) = value {
            let _ = write!(s, " --{option} {v}");
        }
    };
    add("players", args.players.map(|n| n.to_string()));
    add("target", args.target.map(|n| n.to_string()));
    add("board", args.board.clone());
    add(
        "mirror",
        args.mirror.map(|m| format!("{m:?}").to_lowercase()),
    );
    add("after-charge", args.after_charge.map(value_name));
    add("variant", args.variant.map(value_name));
    add("max-plies", args.max_plies.map(|n| n.to_string()));
    add("position", args.position.as_ref().map(|p| format!("'{p}'")));
    if args.stones {
        s += " --stones";
    }
    if args.turns {
        s += " --turns";
    }
    s
}

impl Job for Play {
    fn run<G: Evaluate + EndReason>(self, start: &G) -> CmdResult {
        if self.bot.is_some() && self.seat.number() > start.player_count() {
            return Err(Failure::input(format!(
                "--seat {}: this game has seats 1 to {}",
                self.seat,
                start.player_count()
            )));
        }
        let stdin = std::io::stdin();
        let prompts = stdin.is_terminal();
        let stdout = std::io::stdout();
        Session::new(start, self)
            .map_err(Failure::input)?
            .run(stdin.lock(), &mut stdout.lock(), prompts)
            .map_err(|e| Failure::input(format!("terminal: {e}")))
    }
}

/// What a line typed at a person's decision asks for.
#[derive(Debug, PartialEq, Eq)]
enum Request<'a> {
    Moves,
    Undo,
    Hint,
    Save(&'a str),
    Position,
    Help,
    Quit,
    Move(&'a str),
    Nothing,
}

impl<'a> Request<'a> {
    /// Words that are not commands are read as a move.
    fn parse(line: &'a str) -> Request<'a> {
        let line = line.trim();
        match line.split_once(char::is_whitespace) {
            Some(("save", file)) => Request::Save(file.trim()),
            _ => match line {
                "" => Request::Nothing,
                "?" | "moves" => Request::Moves,
                "undo" => Request::Undo,
                "hint" => Request::Hint,
                "save" => Request::Save(""),
                "position" => Request::Position,
                "help" => Request::Help,
                "quit" | "exit" => Request::Quit,
                _ => Request::Move(line),
            },
        }
    }
}

/// One game in progress: every position reached (to undo), the moves, the players.
struct Session<G: Game> {
    history: Vec<G>,
    moves: Vec<G::Move>,
    /// The bot and its budget; it plays every seat but `seat` (none in hot-seat).
    bot: Option<(Box<dyn Bot<G>>, Limits)>,
    /// Hints in hot-seat games come from a bot of their own.
    hinter: Option<(Box<dyn Bot<G>>, Limits)>,
    seat: PlayerId,
    replay_args: String,
}

/// Whether the session goes on after a request.
enum Next {
    Ask,
    Played,
    Quit,
}

impl<G: Evaluate + EndReason> Session<G> {
    fn new(start: &G, options: Play) -> Result<Session<G>, String> {
        let bot = match &options.bot {
            Some(spec) => Some((build_bot(start, spec)?, spec.limits())),
            None => None,
        };
        Ok(Session {
            history: vec![start.clone()],
            moves: Vec::new(),
            bot,
            hinter: None,
            seat: options.seat,
            replay_args: options.replay_args,
        })
    }

    fn state(&self) -> &G {
        self.history.last().expect("the history holds the start")
    }

    fn is_person(&self, p: PlayerId) -> bool {
        self.bot.is_none() || p == self.seat
    }

    fn run(
        &mut self,
        input: impl BufRead,
        out: &mut impl Write,
        prompts: bool,
    ) -> std::io::Result<()> {
        let mut input = Lines::new(input);
        writeln!(
            out,
            "type a move, ? for the legal moves, help for the commands"
        )?;
        let mut shown = false;
        while let Some(mover) = self.state().to_move() {
            if !self.is_person(mover) {
                if !self.bot_moves(mover, out, prompts)? {
                    return Ok(());
                }
                shown = false;
                continue;
            }
            if !shown {
                write!(out, "\n{}", self.board(mover))?;
                writeln!(out, "{}", self.situation(mover))?;
                shown = true;
            }
            if prompts {
                write!(out, "player {mover}> ")?;
                out.flush()?;
            }
            let Some(line) = input.next_line()? else {
                writeln!(out, "end of input: the game is left unfinished")?;
                return Ok(());
            };
            let line = match line.text() {
                Ok(line) => line,
                Err(why) => {
                    writeln!(out, "refused that line: {why}; type it again")?;
                    continue;
                }
            };
            match self.answer(Request::parse(&line), mover, out)? {
                Next::Ask => {}
                Next::Played => shown = false,
                Next::Quit => return Ok(()),
            }
        }
        write!(out, "\n{}", summary(self.state(), self.moves.len()))?;
        Ok(())
    }

    /// The diagram, with what changed since `mover`'s own last move marked (`>` before each
    /// changed cell) and said in a line under it.
    fn board(&self, mover: PlayerId) -> String {
        let now = self.moves.len();
        // The position after the mover's own last move, or before the last move if that was
        // the mover's (in GIPF a player may decide twice in a row).
        let since = (0..now)
            .rev()
            .find(|&i| self.history[i].to_move() == Some(mover))
            .map_or(0, |i| i + 1);
        let since = if since >= now {
            now.saturating_sub(1)
        } else {
            since
        };
        let diagram = self.state().diagram();
        if now == 0 {
            return diagram;
        }
        let (mut text, marked) = mark_changes(&self.history[since].diagram(), &diagram);
        let what = if since + 1 == now {
            format!(
                "move {now} (player {}: {})",
                self.history[since].to_move().map_or(0, |p| p.number()),
                self.moves[since]
            )
        } else {
            format!("moves {} to {now}", since + 1)
        };
        if marked {
            let _ = writeln!(text, "marked with >: what {what} changed");
        }
        text
    }

    /// The line under the diagram: whose decision it is.
    fn situation(&self, mover: PlayerId) -> String {
        let who = if self.bot.is_some() { " (you)" } else { "" };
        format!(
            "move {}: player {mover}{who} to decide",
            self.moves.len() + 1
        )
    }

    fn answer(
        &mut self,
        request: Request<'_>,
        mover: PlayerId,
        out: &mut impl Write,
    ) -> std::io::Result<Next> {
        match request {
            Request::Nothing => {}
            Request::Moves => write!(out, "{}", legal_list(self.state()))?,
            Request::Undo => match self.undo() {
                Some(n) => {
                    writeln!(out, "took back {n} move{}", if n == 1 { "" } else { "s" })?;
                    return Ok(Next::Played);
                }
                None => writeln!(out, "nothing to undo")?,
            },
            Request::Hint => {
                let state = self.state().clone();
                let (bot, limits) = match &mut self.bot {
                    Some(b) => b,
                    None => self.hinter.get_or_insert_with(|| {
                        let spec: BotSpec =
                            DEFAULT_BOT.parse().expect("the default bot spec reads");
                        (spec.build::<G>(), spec.limits())
                    }),
                };
                if let Some((mv, info)) = bot.choose(&state, limits) {
                    writeln!(out, "hint: {mv}\n{}", thinking(&info, mover))?;
                }
            }
            Request::Save("") => writeln!(out, "save needs a file name: save FILE")?,
            Request::Save(file) => match std::fs::write(file, self.record()) {
                Ok(()) => writeln!(
                    out,
                    "saved {} moves to {file}; replay with: agame replay {} {}",
                    self.moves.len(),
                    self.replay_args,
                    Path::new(file).display()
                )?,
                Err(e) => writeln!(out, "cannot save to {file}: {e}")?,
            },
            Request::Position => writeln!(out, "{}", self.state())?,
            Request::Help => writeln!(out, "{AFTER_HELP}")?,
            Request::Quit => {
                writeln!(out, "quit after {} moves", self.moves.len())?;
                return Ok(Next::Quit);
            }
            Request::Move(text) => match self.read_move(text) {
                Err(why) => writeln!(out, "{why} (? lists the legal moves)")?,
                Ok(mv) => {
                    writeln!(out, "{}. player {mover}: {mv}", self.moves.len() + 1)?;
                    self.push(mv);
                    return Ok(Next::Played);
                }
            },
        }
        Ok(Next::Ask)
    }

    /// The legal move `text` names, or why there is none, in words for people. A removal
    /// (GIPF: `x` and the spots it removes) may be named by any one of its spots, or several,
    /// if only one legal removal holds them all.
    fn read_move(&self, text: &str) -> Result<G::Move, String> {
        let state = self.state();
        let refused = match state.parse_move(text) {
            Ok(mv) => match state.check_move(mv) {
                Ok(()) => return Ok(mv),
                Err(MoveError::Illegal(why)) => format!("illegal move '{text}': {why}"),
                Err(MoveError::GameOver) => "the game is over".to_string(),
            },
            Err(e) => format!("cannot read '{text}' as a move: {e}"),
        };
        let Some(named) = text.strip_prefix('x') else {
            return Err(refused);
        };
        let named: Vec<&str> = named.split(',').map(str::trim).collect();
        let removals: Vec<(G::Move, String)> = state
            .legal_moves()
            .iter()
            .map(|&mv| (mv, mv.to_string()))
            .filter(|(_, t)| t.starts_with('x'))
            .collect();
        if removals.is_empty() {
            return Err(refused);
        }
        let holding: Vec<&(G::Move, String)> = removals
            .iter()
            .filter(|(_, t)| {
                let spots: Vec<&str> = t[1..].split(',').collect();
                named.iter().all(|n| spots.contains(n))
            })
            .collect();
        let all: Vec<&str> = removals.iter().map(|(_, t)| t.as_str()).collect();
        match holding[..] {
            [(mv, _)] => Ok(*mv),
            [] => Err(format!(
                "no row to remove holds {text}; name a row by any one of its spots: {}",
                all.join(" or ")
            )),
            _ => {
                let some: Vec<&str> = holding.iter().map(|(_, t)| t.as_str()).collect();
                Err(format!(
                    "{text} is in more than one removal: {}; name a spot that only one of them holds, or type the whole removal",
                    some.join(" or ")
                ))
            }
        }
    }

    /// The bot's move at `mover`'s decision; false if it found none (the game then stops).
    /// On a terminal a note says that the bot is thinking.
    fn bot_moves(
        &mut self,
        mover: PlayerId,
        out: &mut impl Write,
        terminal: bool,
    ) -> std::io::Result<bool> {
        let note = format!("player {mover} (bot) thinking...");
        if terminal {
            write!(out, "{note}\r")?;
            out.flush()?;
        }
        let state = self.state().clone();
        let chosen = self
            .bot
            .as_mut()
            .and_then(|(bot, limits)| bot.choose(&state, limits));
        if terminal {
            // Blanked, since the move line may be shorter.
            write!(out, "{:width$}\r", "", width = note.len())?;
        }
        let Some((mv, info)) = chosen else {
            writeln!(
                out,
                "the bot found no move for player {mover}: the game stops here"
            )?;
            return Ok(false);
        };
        writeln!(
            out,
            "{}. player {mover} (bot): {mv}\n{}",
            self.moves.len() + 1,
            thinking(&info, mover)
        )?;
        self.push(mv);
        Ok(true)
    }

    fn push(&mut self, mv: G::Move) {
        let mut next = self.state().clone();
        next.apply_unchecked(mv);
        self.history.push(next);
        self.moves.push(mv);
    }

    /// Goes back to the latest earlier position where a person decided: the number of
    /// moves taken back, or `None` if there is none.
    fn undo(&mut self) -> Option<usize> {
        let now = self.moves.len();
        let earlier = (0..now)
            .rev()
            .find(|&i| self.history[i].to_move().is_some_and(|p| self.is_person(p)))?;
        self.history.truncate(earlier + 1);
        self.moves.truncate(earlier);
        Some(now - earlier)
    }

    /// The moves so far in the format `agame replay` reads, with a comment saying how.
    fn record(&self) -> String {
        let mut s = format!(
            "# agame play record; replay with: agame replay {} FILE\n",
            self.replay_args
        );
        for mv in &self.moves {
            let _ = writeln!(s, "{mv}");
        }
        s
    }
}

/// The bot's thinking for `mover`, one line of figures and the expected line wrapped between
/// moves (not inside one, as a terminal would):
/// ```text
///    thinking: depth 3, 20539 iterations, value +0.040 for player 2, 0.115 s
///    expected: c8-f5 d1-d4 a8-d5
/// ```
fn thinking<M: std::fmt::Display>(info: &SearchInfo<M>, mover: PlayerId) -> String {
    let mut s = format!(
        "   thinking: depth {}, {} iterations, value {:+.3} for player {mover}, {:.3} s",
        info.depth,
        info.iterations,
        info.value,
        info.elapsed.as_secs_f64()
    );
    let moves: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
    // Complete GIPF turns hold spaces: set them apart more clearly.
    let gap = if moves.iter().any(|m| m.contains(' ')) {
        " | "
    } else {
        " "
    };
    let indent = "   expected: ";
    let mut width = 0;
    for (i, m) in moves.iter().enumerate() {
        if i == 0 {
            s.push('\n');
            s.push_str(indent);
            width = indent.len();
        } else if width + gap.len() + m.len() > 88 {
            s.push('\n');
            s.push_str(&" ".repeat(indent.len()));
            width = indent.len();
        } else {
            s.push_str(gap);
            width += gap.len();
        }
        s.push_str(m);
        width += m.len();
    }
    s
}

/// The sorted legal moves, several to a line.
fn legal_list<G: Game>(state: &G) -> String {
    let moves = sorted_legal(state);
    let mut s = format!("{} legal moves:\n", moves.len());
    let mut width = 0;
    for m in moves {
        if width > 0 && width + m.len() > 88 {
            s.push('\n');
            width = 0;
        }
        if width > 0 {
            s.push_str("  ");
            width += 2;
        }
        width += m.len();
        s.push_str(&m);
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::{PlayerId, Request, SearchInfo, thinking};

    #[test]
    fn the_expected_line_wraps_between_moves() {
        let mut info = SearchInfo::immediate(0.25, std::time::Duration::from_millis(31));
        info.pv = (0..40).map(|i| format!("a{i}-b{i}")).collect();
        let text = thinking(&info, PlayerId::SECOND);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "   thinking: depth 0, 0 iterations, value +0.250 for player 2, 0.031 s"
        );
        assert!(lines[1].starts_with("   expected: a0-b0 a1-b1 "), "{text}");
        assert!(lines.len() > 3, "{text}");
        assert!(lines.iter().all(|l| l.len() <= 88), "{text}");
        // Every move whole, in order, on the expected lines.
        let moves: Vec<&str> = lines[1..]
            .iter()
            .flat_map(|l| l.trim_start_matches("   expected:").split_whitespace())
            .collect();
        assert_eq!(moves, info.pv);
    }

    #[test]
    fn commands_are_words_and_the_rest_are_moves() {
        assert_eq!(Request::parse(" ?\n"), Request::Moves);
        assert_eq!(Request::parse("moves"), Request::Moves);
        assert_eq!(Request::parse("undo"), Request::Undo);
        assert_eq!(Request::parse("save  a b.txt "), Request::Save("a b.txt"));
        assert_eq!(Request::parse("save"), Request::Save(""));
        assert_eq!(Request::parse(""), Request::Nothing);
        assert_eq!(
            Request::parse("e1-e2 ; xb2,c2"),
            Request::Move("e1-e2 ; xb2,c2")
        );
        assert_eq!(Request::parse("undo 2"), Request::Move("undo 2"));
    }
}
