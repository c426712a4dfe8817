//! A small client of the `agame engine` protocol (docs/protocol.md): it runs engine processes
//! and referees a game between them. Shared by the `engine_duel` example and the tests.

use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// One `agame engine` process.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

fn broken(message: String) -> io::Error {
    io::Error::other(message)
}

impl Engine {
    /// Starts `program engine` and checks the handshake.
    pub fn start(program: &Path) -> io::Result<Engine> {
        let mut child = Command::new(program)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut engine = Engine {
            child,
            input,
            output,
        };
        engine.send("agame")?;
        engine.until("agameok")?;
        Ok(engine)
    }

    /// Sends one command.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    /// The reply lines up to and including the first that starts with `word`.
    pub fn until(&mut self, word: &str) -> io::Result<Vec<String>> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(broken(format!(
                    "the engine ended before '{word}': {lines:?}"
                )));
            }
            let line = line.trim_end().to_string();
            let done = line.split_whitespace().next() == Some(word);
            lines.push(line);
            if done {
                return Ok(lines);
            }
        }
    }

    /// Sends commands that answer nothing when they succeed, then `isready`: any `error`
    /// reply before `readyok` is returned as an error.
    pub fn setup(&mut self, commands: &[&str]) -> io::Result<()> {
        for c in commands {
            self.send(c)?;
        }
        self.send("isready")?;
        let replies = self.until("readyok")?;
        match replies.iter().find(|l| l.starts_with("error")) {
            Some(e) => Err(broken(format!("{commands:?}: {e}"))),
            None => Ok(()),
        }
    }

    /// The `status` line of the current position: `status tomove N` or `status over ...`.
    pub fn status(&mut self) -> io::Result<String> {
        self.send("show")?;
        Ok(self.until("status")?.pop().unwrap_or_default())
    }

    /// Sends `quit` and waits for the process to end.
    pub fn quit(mut self) -> io::Result<()> {
        self.send("quit")?;
        let status = self.child.wait()?;
        if status.success() {
            Ok(())
        } else {
            Err(broken(format!("the engine ended with {status}")))
        }
    }
}

/// A finished duel: the moves (protocol words) and the final `status over ...` line.
#[derive(Debug)]
pub struct Duel {
    /// The moves played, in order.
    pub moves: Vec<String>,
    /// The last `status` line.
    pub status: String,
}

/// Plays `game` (a `game ...` command) between two engines of `program` with the bot specs
/// `bots`, each move found with `go` + `budget`. In games of three or four seats the engines
/// take turns by seat: seats 1 and 3 for the first, 2 and 4 for the second.
pub fn duel(program: &Path, game: &str, bots: [&str; 2], budget: &str) -> io::Result<Duel> {
    let mut engines = [Engine::start(program)?, Engine::start(program)?];
    for (engine, bot) in engines.iter_mut().zip(bots) {
        engine.setup(&[&format!("setoption name bot value {bot}"), game, "newgame"])?;
    }
    let mut moves: Vec<String> = Vec::new();
    loop {
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        let referee = &mut engines[0];
        referee.setup(&[&position])?;
        let status = referee.status()?;
        let Some(seat) = status.strip_prefix("status tomove ") else {
            let [a, b] = engines;
            a.quit()?;
            b.quit()?;
            return Ok(Duel { moves, status });
        };
        let seat: usize = seat
            .parse()
            .map_err(|_| broken(format!("bad status line: {status}")))?;
        let engine = &mut engines[(seat - 1) % 2];
        engine.setup(&[&position])?;
        engine.send(&format!("go {budget}"))?;
        let reply = engine.until("bestmove")?;
        if let Some(e) = reply.iter().find(|l| l.starts_with("error")) {
            return Err(broken(format!("go: {e}")));
        }
        let best = reply.last().and_then(|l| l.split_whitespace().nth(1));
        match best {
            Some(mv) if mv != "none" => moves.push(mv.to_string()),
            _ => return Err(broken(format!("no move in an ongoing game: {reply:?}"))),
        }
    }
}
