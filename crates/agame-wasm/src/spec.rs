//! Game names and options, as `loadGame` takes them (the CLI's and the Python package's names).

use crate::engine::{Board, Engine, Held};
use abstract_game::MoveLimit;

/// Decisions after which Pikemen and Epaminondas games are drawn unless told otherwise: both can
/// cycle forever.
pub const DEFAULT_MAX_PLIES: u32 = 1000;

/// An option's value as JavaScript gave it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `null` or `undefined`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A string.
    Text(String),
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

/// A game and its rules: what `loadGame` returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The game and its rules.
    pub kind: Kind,
    /// The move limit, if any.
    pub max_plies: Option<u32>,
}

fn take_bool(value: &Value, name: &str) -> Result<bool, String> {
    match value {
        Value::Bool(b) => Ok(*b),
        Value::Text(t) if matches!(t.as_str(), "on" | "true" | "yes") => Ok(true),
        Value::Text(t) if matches!(t.as_str(), "off" | "false" | "no") => Ok(false),
        _ => Err(format!("{name} takes true/false or 'on'/'off'")),
    }
}

fn take_int<T: TryFrom<u64>>(value: &Value, name: &str) -> Result<T, String> {
    let err = || format!("{name} takes a whole number");
    let n = match value {
        Value::Number(x) if x.fract() == 0.0 && *x >= 0.0 && *x <= u32::MAX as f64 => *x as u64,
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
    /// Reads a game name and options; unknown names or options are errors.
    pub fn from_options(name: &str, options: &[(String, Value)]) -> Result<Spec, String> {
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
            match (&mut kind, key.as_str()) {
                (_, "maxPlies" | "max_plies") => {
                    max_plies = match value {
                        Value::Null => None,
                        v => Some(take_int(v, "maxPlies").map_err(|_| {
                            "maxPlies takes a number of decisions, or null for no limit".to_string()
                        })?),
                    };
                }
                (Kind::Pikemen(c), "players") => c.players = take_int(value, "players")?,
                (Kind::Pikemen(c), "target") => c.target = take_int(value, "target")?,
                (Kind::Epaminondas(c), "board") => {
                    (c.width, c.height) = board_size(take_text(value, "board")?)?;
                }
                (Kind::Epaminondas(c), "stones") => c.stones = take_bool(value, "stones")?,
                (Kind::Epaminondas(c), "mirror") => c.mirror = take_bool(value, "mirror")?,
                (Kind::Gipf(c), "variant") => {
                    c.variant = take_text(value, "variant")?.parse().map_err(|e| {
                        format!("variant: {e} (expected basic, standard or tournament)")
                    })?;
                }
                (_, other) => {
                    let allowed = match kind {
                        Kind::Pikemen(_) => "players, target",
                        Kind::Gipf(_) => "variant",
                        Kind::Epaminondas(_) => "board, stones, mirror",
                    };
                    return Err(format!(
                        "{name} has no option '{other}' (its options: {allowed}, maxPlies)"
                    ));
                }
            }
        }
        let spec = Spec { kind, max_plies };
        spec.new_state()?; // the options must describe a playable game
        Ok(spec)
    }

    /// The name `loadGame` accepts.
    pub fn name(&self) -> &'static str {
        match self.kind {
            Kind::Pikemen(_) => "pikemen",
            Kind::Gipf(_) => "gipf",
            Kind::Epaminondas(_) => "epaminondas",
        }
    }

    fn start<G: Board>(&self, config: &G::Config) -> Result<Box<dyn Engine>, String> {
        let state = G::new(config).map_err(|e| format!("bad options: {e}"))?;
        Ok(match self.max_plies {
            Some(n) => Box::new(Held::new(MoveLimit::wrap(state, 0, n))),
            None => Box::new(Held::new(state)),
        })
    }

    /// The starting position.
    pub fn new_state(&self) -> Result<Box<dyn Engine>, String> {
        match &self.kind {
            Kind::Pikemen(c) => self.start::<pikemen_core::Pikemen>(c),
            Kind::Gipf(c) => self.start::<gipf_core::Gipf>(c),
            Kind::Epaminondas(c) => self.start::<epaminondas_core::Epaminondas>(c),
        }
    }

    fn read<G: Board>(&self, config: &G::Config, text: &str) -> Result<Box<dyn Engine>, String> {
        let text = text.trim();
        // With a move limit the text may carry its counter (` @ plies/limit`), as `toString()`
        // writes it; a bare position starts the count at zero.
        let (inner, plies) = match (self.max_plies, text.rsplit_once(" @ ")) {
            (Some(limit), Some(_)) => {
                let wrapped: MoveLimit<G> =
                    text.parse().map_err(|e| format!("position text: {e}"))?;
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
        Ok(match self.max_plies {
            Some(n) => Box::new(Held::new(MoveLimit::wrap(inner, plies, n))),
            None => Box::new(Held::new(inner)),
        })
    }

    /// A position from its text; it must be a position of this game and these options.
    pub fn state_from_text(&self, text: &str) -> Result<Box<dyn Engine>, String> {
        match &self.kind {
            Kind::Pikemen(c) => self.read::<pikemen_core::Pikemen>(c, text),
            Kind::Gipf(c) => self.read::<gipf_core::Gipf>(c, text),
            Kind::Epaminondas(c) => self.read::<epaminondas_core::Epaminondas>(c, text),
        }
    }
}
