//! Game names and options, as the Python package (`agame.load_game("epaminondas",
//! board="10x8")`) and the WebAssembly package (`loadGame("epaminondas", {board: "10x8"})`)
//! take them: one reader, so that both accept the same options and explain a mistake alike.
//!
//! Each package turns its host's values into [`Value`]s, reads them with
//! [`Spec::from_options`], and builds its own states from the [`Spec`].
//!
//! ```
//! use agame_options::{Host, Kind, Spec, Value};
//!
//! let spec = Spec::from_options("epaminondas", [("board", Value::Text("10x8".into()))], Host::Python)?;
//! assert!(matches!(spec.kind, Kind::Epaminondas(c) if (c.width, c.height) == (10, 8)));
//! assert_eq!(spec.max_plies, Some(agame_options::DEFAULT_MAX_PLIES));
//!
//! let err = Spec::from_options("gipf", [("players", Value::Number(3.0))], Host::JavaScript);
//! assert_eq!(
//!     err.unwrap_err(),
//!     "gipf has no option 'players' (its options: variant, maxPlies)"
//! );
//! # Ok::<(), String>(())
//! ```
#![deny(missing_docs)]

mod zero;

pub use zero::{bot, read_network};

use abstract_game::{Game, MoveLimit};
use core::str::FromStr;

/// Decisions after which Pikemen and Epaminondas games are drawn unless told otherwise: both can
/// cycle forever, and learning code needs every game to end.
pub const DEFAULT_MAX_PLIES: u32 = 1000;

/// An option's value, as the host language gave it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `None` (Python), `null` or `undefined` (JavaScript).
    Null,
    /// A boolean.
    Bool(bool),
    /// A number (Python's `int` and `float` alike).
    Number(f64),
    /// A string.
    Text(String),
}

/// Whose names the messages use: option names and literals are spelt the host's way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Host {
    /// `max_plies`, `after_charge`, `None`, `True`.
    Python,
    /// `maxPlies`, `afterCharge`, `null`, `true`.
    JavaScript,
}

impl Host {
    fn max_plies(self) -> &'static str {
        match self {
            Host::Python => "max_plies",
            Host::JavaScript => "maxPlies",
        }
    }
    fn after_charge(self) -> &'static str {
        match self {
            Host::Python => "after_charge",
            Host::JavaScript => "afterCharge",
        }
    }
    fn none(self) -> &'static str {
        match self {
            Host::Python => "None",
            Host::JavaScript => "null",
        }
    }
    fn booleans(self) -> &'static str {
        match self {
            Host::Python => "True/False",
            Host::JavaScript => "true/false",
        }
    }
}

/// Which game, with its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Pikemen.
    Pikemen(pikemen_core::Config),
    /// GIPF, in the decision view (each push and each removal decision is a move).
    Gipf(gipf_core::Config),
    /// Epaminondas.
    Epaminondas(epaminondas_core::Config),
}

/// A game and its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The game and its rules.
    pub kind: Kind,
    /// The move limit (decisions after which the game is a draw), if any.
    pub max_plies: Option<u32>,
}

fn take_bool(value: &Value, name: &str, host: Host) -> Result<bool, String> {
    match value {
        Value::Bool(b) => Ok(*b),
        Value::Text(t) if matches!(t.as_str(), "on" | "true" | "yes") => Ok(true),
        Value::Text(t) if matches!(t.as_str(), "off" | "false" | "no") => Ok(false),
        _ => Err(format!("{name} takes {} or 'on'/'off'", host.booleans())),
    }
}

fn take_int<T: TryFrom<u64>>(value: &Value, name: &str) -> Result<T, String> {
    let err = || format!("{name} takes a whole number");
    let n = match value {
        Value::Number(x) if x.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(x) => {
            *x as u64
        }
        Value::Text(t) => t.parse().map_err(|_| err())?,
        _ => return Err(err()),
    };
    T::try_from(n).map_err(|_| err())
}

fn take_text<'a>(value: &'a Value, name: &str) -> Result<&'a str, String> {
    match value {
        Value::Text(t) => Ok(t),
        _ => Err(format!("{name} takes a string")),
    }
}

fn board_size(text: &str) -> Result<(u8, u8), String> {
    let err = || format!("board takes 'WxH', for example '14x12', not '{text}'");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(err)?;
    Ok((w.parse().map_err(|_| err())?, h.parse().map_err(|_| err())?))
}

impl Spec {
    /// Reads a game name (`pikemen`, `gipf`, `epaminondas`, each also with the `agame_` prefix
    /// OpenSpiel registers) and its options; unknown names or options, values of the wrong
    /// kind and rules no game has are errors. Option names are accepted in either host's
    /// spelling (`max_plies` or `maxPlies`); messages use `host`'s.
    pub fn from_options<K: AsRef<str>>(
        name: &str,
        options: impl IntoIterator<Item = (K, Value)>,
        host: Host,
    ) -> Result<Spec, String> {
        let name = name.strip_prefix("agame_").unwrap_or(name);
        let mut kind = match name {
            "pikemen" => Kind::Pikemen(Default::default()),
            "gipf" => Kind::Gipf(Default::default()),
            "epaminondas" => Kind::Epaminondas(Default::default()),
            other => {
                return Err(format!(
                    "unknown game '{other}': expected pikemen, gipf or epaminondas"
                ));
            }
        };
        let mut max_plies = match kind {
            Kind::Gipf(_) => None,
            _ => Some(DEFAULT_MAX_PLIES),
        };
        for (key, value) in options {
            match (&mut kind, key.as_ref()) {
                (_, "max_plies" | "maxPlies") => {
                    max_plies = match value {
                        Value::Null => None,
                        v => Some(take_int(&v, host.max_plies()).map_err(|_| {
                            format!(
                                "{} takes a number of decisions, or {} for no limit",
                                host.max_plies(),
                                host.none()
                            )
                        })?),
                    };
                }
                (Kind::Pikemen(c), "players") => c.players = take_int(&value, "players")?,
                (Kind::Pikemen(c), "target") => c.target = take_int(&value, "target")?,
                (Kind::Pikemen(c), "after_charge" | "afterCharge") => {
                    c.charge_keeps_state = match take_text(&value, host.after_charge()) {
                        Ok("may-keep") => true,
                        Ok("must-change") => false,
                        _ => {
                            return Err(format!(
                                "{} takes 'may-keep' or 'must-change'",
                                host.after_charge()
                            ));
                        }
                    };
                }
                (Kind::Epaminondas(c), "board") => {
                    (c.width, c.height) = board_size(take_text(&value, "board")?)?;
                }
                (Kind::Epaminondas(c), "stones") => {
                    c.stones = take_bool(&value, "stones", host)?;
                }
                (Kind::Epaminondas(c), "mirror") => {
                    c.mirror = take_bool(&value, "mirror", host)?;
                }
                (Kind::Gipf(c), "variant") => {
                    c.variant = take_text(&value, "variant")?.parse().map_err(|e| {
                        format!("variant: {e} (expected basic, standard or tournament)")
                    })?;
                }
                (_, other) => {
                    let allowed = match kind {
                        Kind::Pikemen(_) => format!("players, target, {}", host.after_charge()),
                        Kind::Gipf(_) => "variant".to_string(),
                        Kind::Epaminondas(_) => "board, stones, mirror".to_string(),
                    };
                    return Err(format!(
                        "{name} has no option '{other}' (its options: {allowed}, {})",
                        host.max_plies()
                    ));
                }
            }
        }
        // The options must describe a playable game.
        let playable = match &kind {
            Kind::Pikemen(c) => pikemen_core::Pikemen::new(c)
                .map(drop)
                .map_err(|e| e.to_string()),
            Kind::Gipf(c) => gipf_core::Gipf::new(c).map(drop).map_err(|e| e.to_string()),
            Kind::Epaminondas(c) => epaminondas_core::Epaminondas::new(c)
                .map(drop)
                .map_err(|e| e.to_string()),
        };
        playable.map_err(|e| format!("bad options: {e}"))?;
        Ok(Spec { kind, max_plies })
    }

    /// The game's name, as [`Spec::from_options`] takes it.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self.kind {
            Kind::Pikemen(_) => "pikemen",
            Kind::Gipf(_) => "gipf",
            Kind::Epaminondas(_) => "epaminondas",
        }
    }

    /// The game's rule options (not the move limit) as `(name, value text)`, in `host`'s
    /// spelling, such that reading them back gives the same rules.
    #[must_use]
    pub fn options(&self, host: Host) -> Vec<(&'static str, String)> {
        match &self.kind {
            Kind::Pikemen(c) => vec![
                ("players", c.players.to_string()),
                ("target", c.target.to_string()),
                (
                    host.after_charge(),
                    if c.charge_keeps_state {
                        "may-keep"
                    } else {
                        "must-change"
                    }
                    .to_string(),
                ),
            ],
            Kind::Gipf(c) => vec![("variant", c.variant.to_string())],
            Kind::Epaminondas(c) => vec![
                ("board", format!("{}x{}", c.width, c.height)),
                ("stones", c.stones.to_string()),
                ("mirror", c.mirror.to_string()),
            ],
        }
    }
}

/// A position of `G` read from its text, and the plies already counted toward the move limit.
///
/// With a move limit the text may carry its counter (` @ plies/limit`, as a state under a
/// [`MoveLimit`] writes itself); a bare position starts the count at zero. The position must
/// be one of these rules (`config`), and a counter's limit must be `max_plies`.
pub fn read_position<G>(
    text: &str,
    config: &G::Config,
    max_plies: Option<u32>,
) -> Result<(G, u32), String>
where
    G: Game + FromStr<Err: core::fmt::Display>,
    G::Config: PartialEq,
{
    let text = text.trim();
    let (inner, plies) = match (max_plies, text.rsplit_once(" @ ")) {
        (Some(limit), Some(_)) => {
            let wrapped: MoveLimit<G> = text.parse().map_err(|e| format!("position text: {e}"))?;
            if wrapped.max_plies() != limit {
                return Err(format!(
                    "position text has a limit of {} plies, the game {limit}",
                    wrapped.max_plies()
                ));
            }
            (wrapped.inner().clone(), wrapped.plies())
        }
        _ => (
            text.parse::<G>()
                .map_err(|e| format!("position text: {e}"))?,
            0,
        ),
    };
    if &inner.config() != config {
        return Err("the position text is for other rules than this game's options".into());
    }
    Ok((inner, plies))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(name: &str, options: &[(&str, Value)], host: Host) -> Result<Spec, String> {
        Spec::from_options(name, options.iter().cloned(), host)
    }

    #[test]
    fn options_set_the_rules() {
        let spec = read(
            "agame_pikemen",
            &[
                ("players", Value::Number(3.0)),
                ("target", Value::Text("8".into())),
                ("afterCharge", Value::Text("must-change".into())),
                ("max_plies", Value::Null),
            ],
            Host::Python,
        )
        .unwrap();
        let Kind::Pikemen(c) = &spec.kind else {
            panic!("{spec:?}")
        };
        assert_eq!((c.players, c.target, c.charge_keeps_state), (3, 8, false));
        assert_eq!(spec.max_plies, None);
        assert_eq!(spec.name(), "pikemen");
        let gipf = read(
            "gipf",
            &[("variant", Value::Text("basic".into()))],
            Host::Python,
        );
        assert_eq!(gipf.unwrap().max_plies, None, "GIPF ends by itself");
        let ep = read(
            "epaminondas",
            &[
                ("board", Value::Text("10X8".into())),
                ("stones", Value::Text("on".into())),
                ("mirror", Value::Bool(false)),
                ("maxPlies", Value::Number(50.0)),
            ],
            Host::JavaScript,
        )
        .unwrap();
        let Kind::Epaminondas(c) = &ep.kind else {
            panic!("{ep:?}")
        };
        assert_eq!(
            (c.width, c.height, c.stones, c.mirror),
            (10, 8, true, false)
        );
        assert_eq!(ep.max_plies, Some(50));
    }

    #[test]
    fn the_options_read_back_to_the_same_rules() {
        for (name, options) in [
            ("pikemen", vec![("players", Value::Number(4.0))]),
            ("gipf", vec![("variant", Value::Text("tournament".into()))]),
            ("epaminondas", vec![("board", Value::Text("8x8".into()))]),
        ] {
            for host in [Host::Python, Host::JavaScript] {
                let spec = read(name, &options, host).unwrap();
                let again: Vec<_> = spec
                    .options(host)
                    .into_iter()
                    .map(|(k, v)| (k, Value::Text(v)))
                    .collect();
                assert_eq!(read(name, &again, host).unwrap(), spec, "{name}");
            }
        }
    }

    #[test]
    fn mistakes_are_explained_in_the_hosts_words() {
        for (name, key, value, host, reason) in [
            (
                "chess",
                "x",
                Value::Null,
                Host::Python,
                "unknown game 'chess'",
            ),
            (
                "gipf",
                "players",
                Value::Number(2.0),
                Host::Python,
                "gipf has no option 'players' (its options: variant, max_plies)",
            ),
            (
                "pikemen",
                "x",
                Value::Null,
                Host::JavaScript,
                "(its options: players, target, afterCharge, maxPlies)",
            ),
            (
                "pikemen",
                "players",
                Value::Number(2.5),
                Host::Python,
                "players takes a whole number",
            ),
            (
                "pikemen",
                "players",
                Value::Number(9.0),
                Host::Python,
                "bad options",
            ),
            (
                "pikemen",
                "after_charge",
                Value::Text("sometimes".into()),
                Host::Python,
                "after_charge takes 'may-keep' or 'must-change'",
            ),
            (
                "gipf",
                "variant",
                Value::Text("giant".into()),
                Host::Python,
                "expected basic, standard or tournament",
            ),
            (
                "epaminondas",
                "board",
                Value::Text("9".into()),
                Host::Python,
                "WxH",
            ),
            (
                "epaminondas",
                "board",
                Value::Text("40x40".into()),
                Host::Python,
                "bad options",
            ),
            (
                "epaminondas",
                "stones",
                Value::Number(1.0),
                Host::Python,
                "stones takes True/False or 'on'/'off'",
            ),
            (
                "epaminondas",
                "stones",
                Value::Number(1.0),
                Host::JavaScript,
                "stones takes true/false or 'on'/'off'",
            ),
            (
                "epaminondas",
                "maxPlies",
                Value::Number(-1.0),
                Host::JavaScript,
                "maxPlies takes a number of decisions, or null for no limit",
            ),
            (
                "epaminondas",
                "max_plies",
                Value::Text("lots".into()),
                Host::Python,
                "max_plies takes a number of decisions, or None for no limit",
            ),
        ] {
            let err = read(name, &[(key, value)], host).unwrap_err();
            assert!(err.contains(reason), "{err}");
        }
    }

    #[test]
    fn positions_are_read_with_or_without_their_counter() {
        use epaminondas_core::{Config, Epaminondas};
        let config = Config::default();
        let start = Epaminondas::new(&config).unwrap();
        let mut limited = MoveLimit::wrap(start.clone(), 0, 1000);
        let mv = limited.legal_moves()[0];
        limited.apply(mv).unwrap();
        let text = limited.to_string();
        let (read_back, plies) = read_position::<Epaminondas>(&text, &config, Some(1000)).unwrap();
        assert_eq!((&read_back, plies), (limited.inner(), 1));
        let bare = read_position::<Epaminondas>(&start.to_string(), &config, Some(1000));
        assert_eq!(bare.unwrap(), (start.clone(), 0));
        let other_limit = read_position::<Epaminondas>(&text, &config, Some(50)).unwrap_err();
        assert!(
            other_limit.contains("limit of 1000 plies, the game 50"),
            "{other_limit}"
        );
        let small = Config {
            width: 8,
            height: 8,
            ..Config::default()
        };
        let other_rules = read_position::<Epaminondas>(&start.to_string(), &small, None);
        assert!(other_rules.unwrap_err().contains("other rules"));
        let junk = read_position::<Epaminondas>("nonsense", &config, None).unwrap_err();
        assert!(junk.starts_with("position text: "), "{junk}");
    }
}
