//! Bot spec strings such as `mcts:ms=100` or `alphabeta:depth=5:seed=2`.

use crate::{AlphaBeta, Bot, Greedy, Limits, Mcts, MctsConfig, Random};
use abstract_game::Evaluate;
use core::fmt;
use core::str::FromStr;
use core::time::Duration;

/// The bots a spec can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Uniformly random legal moves.
    Random,
    /// The best move by a one-ply [`Evaluate`].
    Greedy,
    /// Monte Carlo tree search ([`Mcts`]).
    Mcts,
    /// Plain UCT: [`Mcts`] without game knowledge ([`MctsConfig::plain`]): random rollouts
    /// to the end, no evaluation, children in random order.
    Uct,
    /// Alpha-beta with iterative deepening ([`AlphaBeta`]).
    AlphaBeta,
    /// A trained network guiding PUCT search (`Zero`, feature `zero`): `model=FILE` names
    /// its file, which the program loads; see [`BotSpec::build`].
    Zero,
}

impl BotKind {
    const ALL: [(BotKind, &'static str); 6] = [
        (BotKind::Random, "random"),
        (BotKind::Greedy, "greedy"),
        (BotKind::Mcts, "mcts"),
        (BotKind::Uct, "uct"),
        (BotKind::AlphaBeta, "alphabeta"),
        (BotKind::Zero, "zero"),
    ];

    /// The name used in specs.
    #[must_use]
    pub fn name(self) -> &'static str {
        BotKind::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("", |(_, n)| n)
    }

    fn accepts(self, param: &str) -> bool {
        match self {
            BotKind::Random | BotKind::Greedy => param == "seed",
            BotKind::Mcts => {
                ["iters", "ms", "c", "playout", "widen", "seed", "threads"].contains(&param)
            }
            BotKind::Uct => ["iters", "ms", "c", "seed", "threads"].contains(&param),
            BotKind::AlphaBeta => {
                ["depth", "nodes", "ms", "seed", "threads", "lmr"].contains(&param)
            }
            BotKind::Zero => ["model", "sims", "ms", "c", "mix", "seed"].contains(&param),
        }
    }

    /// Whether the bot searches, and so can use several threads (`threads=N`).
    #[must_use]
    pub fn has_threads(self) -> bool {
        self.accepts("threads")
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every bot and parameter a spec may use; part of every [`SpecError`] message and of
/// `agame match --help`.
pub const SPEC_HELP: &str = "\
a bot spec is NAME[:PARAM=VALUE]... (parameters separated by ':'):
  random     uniformly random moves; params: seed
  greedy     the best move by a one-ply evaluation; params: seed
  mcts       Monte Carlo tree search (default iters=1000); params: iters=N, ms=N (time per
             move), c=X (exploration, 0.5), playout=N|end (random plies before evaluating, 8),
             widen=X (progressive widening, 2; 0 = every child at once), seed, threads=N
  uct        plain UCT without game knowledge: random rollouts to the end, no evaluation
             (default iters=1000); params: iters=N, ms=N, c=X (1.0), seed, threads=N
  alphabeta  alpha-beta with iterative deepening (default depth=3); params: depth=N,
             nodes=N, ms=N (time per move), seed, threads=N, lmr=on|off (late move
             reductions and null windows, on; off searches every move whole)
  zero       a trained network guiding PUCT search (default sims=200; needs model=FILE, a
             .safetensors file of `python -m agame.train`, whose path holds no ':');
             params: model=FILE, sims=N, ms=N, c=X (PUCT; the network's c_puct, else 1.25),
             mix=X (0 to 1: the weight of the game's evaluation in leaf values; the
             network's value_mix, else 0), seed
  threads=N  search on N threads (1 to 64, default 1): faster, but then the moves depend on
             timing, even under iters, nodes or depth (iters and nodes count all threads)
  examples: mcts:iters=2000  mcts:ms=100  alphabeta:depth=5  alphabeta:ms=200:threads=2
            zero:model=models/gipf.safetensors:ms=100";

/// Why a spec string was refused. The message lists the bots and their parameters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No bot of this name.
    #[error("unknown bot '{0}'; {SPEC_HELP}")]
    UnknownBot(String),
    /// The bot has no such parameter.
    #[error("{bot} has no parameter '{param}'; {SPEC_HELP}")]
    UnknownParam {
        /// The bot.
        bot: BotKind,
        /// The parameter given.
        param: String,
    },
    /// A parameter without `=VALUE`, or with a value it cannot take.
    #[error("bad value for '{param}': '{value}'; {SPEC_HELP}")]
    BadValue {
        /// The parameter.
        param: String,
        /// The value given.
        value: String,
    },
    /// A `zero` spec without `model=FILE`.
    #[error("zero needs model=FILE (a network file); {SPEC_HELP}")]
    NoModel,
}

/// A bot and its settings, read from and written as a spec string such as `mcts:ms=100`.
///
/// [`BotSpec::build`] makes the bot for any game with an [`Evaluate`]; [`BotSpec::limits`]
/// gives the budget the spec asks for (its `iters`, `nodes`, `depth`, `ms`), or the bot's
/// default. Unset parameters keep their defaults; [`Display`](fmt::Display) writes only the
/// parameters that were set, so text round-trips.
///
/// ```
/// use abstract_game_search::{BotKind, BotSpec};
/// let s: BotSpec = "alphabeta:ms=200:seed=3".parse().unwrap();
/// assert_eq!(s.kind, BotKind::AlphaBeta);
/// assert_eq!(s.to_string(), "alphabeta:ms=200:seed=3");
/// assert!("minimax".parse::<BotSpec>().unwrap_err().to_string().contains("alphabeta"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BotSpec {
    /// Which bot.
    pub kind: BotKind,
    /// `iters=N` (MCTS) or `nodes=N` (alpha-beta): the work budget per move.
    pub iterations: Option<u64>,
    /// `depth=N` (alpha-beta).
    pub depth: Option<u32>,
    /// `ms=N`: wall time per move, in milliseconds.
    pub millis: Option<u64>,
    /// `c=X` (MCTS): the exploration constant.
    pub exploration: Option<f64>,
    /// `playout=N` (MCTS): random plies before a rollout is cut off and evaluated;
    /// `playout=end` (stored as `u32::MAX`) plays to the end.
    pub playout: Option<u32>,
    /// `widen=X` (MCTS): progressive widening, `0` for none.
    pub widening: Option<f64>,
    /// `seed=N`: the seed of the bot's random choices (0 when unset).
    pub seed: Option<u64>,
    /// `threads=N` (MCTS, UCT, alpha-beta): threads per search, 1 to
    /// [`MAX_THREADS`](crate::MAX_THREADS) (1 when unset).
    pub threads: Option<u32>,
    /// `model=FILE` (zero): the network file, as given (the program reads it).
    pub model: Option<String>,
    /// `lmr=on|off` (alpha-beta): late move reductions and null-window searches (on when
    /// unset; see [`AlphaBeta::with_reductions`]).
    pub reductions: Option<bool>,
    /// `mix=X` (zero): the weight, 0 to 1, of the game's evaluation in leaf values (the
    /// network's own `value_mix` when unset, else 0).
    pub value_mix: Option<f64>,
}

impl BotSpec {
    /// The spec of `kind` with every parameter at its default.
    #[must_use]
    pub fn new(kind: BotKind) -> BotSpec {
        BotSpec {
            kind,
            iterations: None,
            depth: None,
            millis: None,
            exploration: None,
            playout: None,
            widening: None,
            seed: None,
            threads: None,
            model: None,
            reductions: None,
            value_mix: None,
        }
    }

    /// The same spec with another seed.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> BotSpec {
        self.seed = Some(seed);
        self
    }

    /// The same spec searching on `threads` threads (clamped to 1 to
    /// [`MAX_THREADS`](crate::MAX_THREADS)), for the bots that search
    /// ([`BotKind::has_threads`]); other bots are returned unchanged.
    ///
    /// ```
    /// use abstract_game_search::BotSpec;
    /// let s: BotSpec = "alphabeta:ms=100".parse().unwrap();
    /// assert_eq!(s.with_threads(2).to_string(), "alphabeta:ms=100:threads=2");
    /// let r: BotSpec = "random".parse().unwrap();
    /// assert_eq!(r.with_threads(2).to_string(), "random");
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: u32) -> BotSpec {
        if self.kind.has_threads() {
            self.threads = Some(threads.clamp(1, crate::MAX_THREADS as u32));
        }
        self
    }

    /// The budget this spec asks for, or the bot's default budget (MCTS 1000 iterations,
    /// alpha-beta depth 3; random and greedy need none).
    #[must_use]
    pub fn limits(&self) -> Limits {
        let mut l = Limits::none();
        l.iterations = self.iterations;
        l.depth = self.depth;
        l.time = self.millis.map(Duration::from_millis);
        let default = match self.kind {
            BotKind::Mcts | BotKind::Uct => Limits::iterations(1000),
            BotKind::AlphaBeta => Limits::depth(3),
            BotKind::Zero => Limits::iterations(200),
            BotKind::Random | BotKind::Greedy => Limits::none(),
        };
        l.or(&default)
    }

    /// The bot, for any game with an evaluation.
    ///
    /// A `zero` spec needs its network, which only the program can read: build it with
    /// `BotSpec::build_zero` (feature `zero`). Here, with no network, it plays uniformly
    /// random moves, as `random` with its seed would.
    #[must_use]
    pub fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>> {
        let seed = self.seed.unwrap_or(0);
        let threads = self.threads.unwrap_or(1) as usize;
        match self.kind {
            BotKind::Random | BotKind::Zero => Box::new(Random::new(seed)),
            BotKind::Greedy => Box::new(Greedy::new(seed)),
            BotKind::Mcts => {
                let d = MctsConfig::default();
                Box::new(
                    Mcts::new(MctsConfig {
                        exploration: self.exploration.unwrap_or(d.exploration),
                        playout: self.playout.unwrap_or(d.playout),
                        widening: self.widening.unwrap_or(d.widening),
                        seed,
                        ..d
                    })
                    .with_threads(threads),
                )
            }
            BotKind::Uct => {
                let d = MctsConfig::plain();
                Box::new(
                    Mcts::new(MctsConfig {
                        exploration: self.exploration.unwrap_or(d.exploration),
                        seed,
                        ..d
                    })
                    .with_threads(threads),
                )
            }
            BotKind::AlphaBeta => Box::new(
                AlphaBeta::new()
                    .with_reductions(self.reductions.unwrap_or(true))
                    .with_threads(threads),
            ),
        }
    }

    /// The `zero` bot of this spec (its `c`, else the network's own
    /// [`c_puct`](crate::network::Network::c_puct), else 1.25; its `mix`, else the network's
    /// [`value_mix`](crate::network::Network::value_mix), else 0; and its `seed`) searching with
    /// `network`; the budget is [`BotSpec::limits`] (`sims`, `ms`) as for every bot. Check first that the
    /// network fits the game ([`Network::check_fits`](crate::network::Network::check_fits)):
    /// one that does not makes the bot play its first legal move.
    #[cfg(feature = "zero")]
    #[cfg_attr(docsrs, doc(cfg(feature = "zero")))]
    #[must_use]
    pub fn build_zero<G: abstract_game::Actions + abstract_game::Observe + Evaluate>(
        &self,
        network: std::sync::Arc<crate::network::Network>,
    ) -> Box<dyn Bot<G>> {
        let d = crate::ZeroConfig::default();
        let c_puct = network.c_puct().unwrap_or(d.c_puct);
        let value_mix = network.value_mix().unwrap_or(d.value_mix);
        Box::new(crate::Zero::new(
            network,
            crate::ZeroConfig {
                c_puct: self.exploration.map_or(c_puct, |c| c as f32),
                value_mix: self.value_mix.map_or(value_mix, |w| w as f32),
                seed: self.seed.unwrap_or(0),
                ..d
            },
        ))
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.name())?;
        if let Some(m) = &self.model {
            write!(f, ":model={m}")?;
        }
        if let Some(n) = self.iterations {
            let name = match self.kind {
                BotKind::AlphaBeta => "nodes",
                BotKind::Zero => "sims",
                _ => "iters",
            };
            write!(f, ":{name}={n}")?;
        }
        if let Some(d) = self.depth {
            write!(f, ":depth={d}")?;
        }
        if let Some(ms) = self.millis {
            write!(f, ":ms={ms}")?;
        }
        if let Some(c) = self.exploration {
            write!(f, ":c={c}")?;
        }
        if let Some(w) = self.value_mix {
            write!(f, ":mix={w}")?;
        }
        match self.playout {
            Some(u32::MAX) => f.write_str(":playout=end")?,
            Some(n) => write!(f, ":playout={n}")?,
            None => {}
        }
        if let Some(w) = self.widening {
            write!(f, ":widen={w}")?;
        }
        if let Some(s) = self.seed {
            write!(f, ":seed={s}")?;
        }
        if let Some(t) = self.threads {
            write!(f, ":threads={t}")?;
        }
        if let Some(on) = self.reductions {
            f.write_str(if on { ":lmr=on" } else { ":lmr=off" })?;
        }
        Ok(())
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut parts = s.trim().split(':');
        let name = parts.next().unwrap_or_default();
        let kind = BotKind::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(k, _)| *k)
            .ok_or_else(|| SpecError::UnknownBot(name.to_string()))?;
        let mut spec = BotSpec::new(kind);
        for part in parts {
            let (param, value) = part.split_once('=').unwrap_or((part, ""));
            if !kind.accepts(param) {
                return Err(SpecError::UnknownParam {
                    bot: kind,
                    param: param.to_string(),
                });
            }
            let bad = || SpecError::BadValue {
                param: param.to_string(),
                value: value.to_string(),
            };
            let int = || value.parse::<u64>().map_err(|_| bad());
            match param {
                "iters" | "nodes" | "sims" => spec.iterations = Some(int()?),
                "model" => {
                    if value.is_empty() {
                        return Err(bad());
                    }
                    spec.model = Some(value.to_string());
                }
                "depth" => {
                    spec.depth = Some(int()?.try_into().map_err(|_| bad())?);
                }
                "ms" => spec.millis = Some(int()?),
                "lmr" => {
                    spec.reductions = Some(match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(bad()),
                    });
                }
                "seed" => spec.seed = Some(int()?),
                "threads" => {
                    let n = int()?;
                    if !(1..=crate::MAX_THREADS as u64).contains(&n) {
                        return Err(bad());
                    }
                    spec.threads = Some(n as u32);
                }
                "mix" => {
                    let w: f64 = value.parse().map_err(|_| bad())?;
                    if !(0.0..=1.0).contains(&w) {
                        return Err(bad());
                    }
                    spec.value_mix = Some(w);
                }
                "c" | "widen" => {
                    let x: f64 = value.parse().map_err(|_| bad())?;
                    if !(x.is_finite() && x >= 0.0) {
                        return Err(bad());
                    }
                    if param == "c" {
                        spec.exploration = Some(x);
                    } else {
                        spec.widening = Some(x);
                    }
                }
                _ => {
                    spec.playout = Some(if value == "end" {
                        u32::MAX
                    } else {
                        value
                            .parse::<u32>()
                            .ok()
                            .filter(|&n| n < u32::MAX)
                            .ok_or_else(bad)?
                    });
                }
            }
        }
        if kind == BotKind::Zero && spec.model.is_none() {
            return Err(SpecError::NoModel);
        }
        Ok(spec)
    }
}

#[cfg(feature = "serde")]
abstract_game::serde_via_text!(
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    BotSpec
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for text in [
            "random",
            "greedy:seed=4",
            "mcts:iters=2000",
            "mcts:ms=100:c=0.7:playout=end:seed=1",
            "mcts:playout=0",
            "mcts:iters=50:c=0.5:playout=4:widen=1.5",
            "uct:ms=100:c=0.7:seed=2",
            "alphabeta:depth=5",
            "alphabeta:nodes=10000:ms=200",
            "alphabeta:ms=100:threads=2",
            "alphabeta:depth=4:lmr=off",
            "alphabeta:ms=100:threads=2:lmr=on",
            "mcts:iters=500:seed=2:threads=4",
            "uct:threads=64",
            "zero:model=models/gipf.safetensors:sims=64:seed=2",
            "zero:model=net.safetensors:ms=100:c=2",
            "zero:model=net.safetensors:ms=100:c=2:mix=0.8",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
    }

    #[test]
    fn limits_come_from_the_spec_or_the_default() {
        let s: BotSpec = "mcts:ms=100".parse().unwrap();
        assert_eq!(s.limits().time, Some(Duration::from_millis(100)));
        assert_eq!(s.limits().iterations, None);
        let s: BotSpec = "mcts".parse().unwrap();
        assert_eq!(s.limits().iterations, Some(1000));
        let s: BotSpec = "alphabeta".parse().unwrap();
        assert_eq!(s.limits().depth, Some(3));
        assert!("random".parse::<BotSpec>().unwrap().limits().is_unlimited());
    }

    #[test]
    fn bad_specs_are_typed_errors_that_list_the_bots() {
        let cases = [
            ("", "unknown bot"),
            ("minimax", "unknown bot"),
            ("random:depth=3", "no parameter 'depth'"),
            ("mcts:iters=lots", "bad value for 'iters'"),
            ("mcts:iters", "bad value"),
            ("mcts:c=-1", "bad value for 'c'"),
            ("mcts:widen=inf", "bad value for 'widen'"),
            ("uct:playout=8", "no parameter 'playout'"),
            ("alphabeta:depth=99999999999", "bad value"),
            ("alphabeta:threads=0", "bad value for 'threads'"),
            ("alphabeta:lmr=1", "bad value for 'lmr'"),
            ("mcts:lmr=off", "no parameter 'lmr'"),
            ("mcts:threads=65", "bad value for 'threads'"),
            ("random:threads=2", "no parameter 'threads'"),
            ("greedy:threads=1", "no parameter 'threads'"),
            ("zero:sims=5", "zero needs model=FILE"),
            ("zero:model=", "bad value for 'model'"),
            ("zero:model=a:depth=2", "no parameter 'depth'"),
            ("zero:model=a:mix=1.5", "bad value for 'mix'"),
            ("zero:model=a:mix=nan", "bad value for 'mix'"),
            ("mcts:mix=0.5", "no parameter 'mix'"),
        ];
        for (text, needle) in cases {
            let e = text.parse::<BotSpec>().unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
            for bot in [
                "random",
                "greedy",
                "mcts",
                "uct",
                "alphabeta",
                "iters=",
                "depth=",
                "ms=",
            ] {
                assert!(e.contains(bot), "{text}: {e} lacks {bot}");
            }
        }
    }
}
