//! Game names and options, as `agame.load_game` takes them (the CLI's option names).

use crate::engine::{Cached, Engine, Limited, Plain};
use abstract_game::{EndReason, MoveLimit, Symmetric, ToSvg};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

/// Decisions after which Pikemen and Epaminondas games are drawn unless told otherwise: both can
/// cycle forever, and learning code needs every game to end.
pub const DEFAULT_MAX_PLIES: u32 = 1000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Pikemen(pikemen_core::Config),
    Gipf(gipf_core::Config),
    Epaminondas(epaminondas_core::Config),
}

/// A game and its rules: what `load_game` returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub kind: Kind,
    pub max_plies: Option<u32>,
}

fn bad(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

fn take_bool(value: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(b.is_true());
    }
    match value.extract::<String>().as_deref() {
        Ok("on" | "true" | "yes") => Ok(true),
        Ok("off" | "false" | "no") => Ok(false),
        _ => Err(bad(format!("{name} takes True/False or 'on'/'off'"))),
    }
}

fn board_size(text: &str) -> PyResult<(u8, u8)> {
    let err = || {
        bad(format!(
            "board takes 'WxH', for example '14x12', not '{text}'"
        ))
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(err)?;
    Ok((w.parse().map_err(|_| err())?, h.parse().map_err(|_| err())?))
}

impl Spec {
    /// Reads a game name and keyword options; unknown names or options are errors.
    pub fn from_options(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Spec> {
        let name = name.strip_prefix("agame_").unwrap_or(name);
        let mut kind = match name {
            "pikemen" => Kind::Pikemen(Default::default()),
            "gipf" => Kind::Gipf(Default::default()),
            "epaminondas" => Kind::Epaminondas(Default::default()),
            other => {
                return Err(bad(format!(
                    "unknown game '{other}': expected pikemen, gipf or epaminondas"
                )));
            }
        };
        let mut max_plies = match kind {
            Kind::Gipf(_) => None,
            _ => Some(DEFAULT_MAX_PLIES),
        };
        let Some(options) = options else {
            return Ok(Spec { kind, max_plies });
        };
        for (key, value) in options.iter() {
            let key: String = key.extract()?;
            match (&mut kind, key.as_str()) {
                (_, "max_plies") => {
                    max_plies = if value.is_none() {
                        None
                    } else {
                        Some(value.extract().map_err(|_| {
                            bad("max_plies takes a number of decisions, or None for no limit")
                        })?)
                    };
                }
                (Kind::Pikemen(c), "players") => c.players = value.extract()?,
                (Kind::Pikemen(c), "target") => c.target = value.extract()?,
                (Kind::Pikemen(c), "after_charge") => {
                    c.charge_keeps_state = match value.extract::<String>().as_deref() {
                        Ok("may-keep") => true,
                        Ok("must-change") => false,
                        _ => return Err(bad("after_charge takes 'may-keep' or 'must-change'")),
                    };
                }
                (Kind::Epaminondas(c), "board") => {
                    (c.width, c.height) = board_size(&value.extract::<String>()?)?;
                }
                (Kind::Epaminondas(c), "stones") => c.stones = take_bool(&value, "stones")?,
                (Kind::Epaminondas(c), "mirror") => c.mirror = take_bool(&value, "mirror")?,
                (Kind::Gipf(c), "variant") => {
                    c.variant = value.extract::<String>()?.parse().map_err(|e| {
                        bad(format!(
                            "variant: {e} (expected basic, standard or tournament)"
                        ))
                    })?;
                }
                (_, other) => {
                    let allowed = match kind {
                        Kind::Pikemen(_) => "players, target, after_charge",
                        Kind::Gipf(_) => "variant",
                        Kind::Epaminondas(_) => "board, stones, mirror",
                    };
                    return Err(bad(format!(
                        "{name} has no option '{other}' (its options: {allowed}, max_plies)"
                    )));
                }
            }
        }
        let spec = Spec { kind, max_plies };
        spec.new_state()?; // the options must describe a playable game
        Ok(spec)
    }

    /// The name `load_game` accepts.
    pub fn name(&self) -> &'static str {
        match self.kind {
            Kind::Pikemen(_) => "pikemen",
            Kind::Gipf(_) => "gipf",
            Kind::Epaminondas(_) => "epaminondas",
        }
    }

    /// The options as `(name, value text)`, for `repr` and parameters.
    pub fn options(&self) -> Vec<(&'static str, String)> {
        let mut out = match &self.kind {
            Kind::Pikemen(c) => vec![
                ("players", c.players.to_string()),
                ("target", c.target.to_string()),
                (
                    "after_charge",
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
        };
        out.push((
            "max_plies",
            self.max_plies.map_or("None".to_string(), |n| n.to_string()),
        ));
        out
    }

    fn start<G: Symmetric + ToSvg + EndReason>(
        &self,
        config: &G::Config,
    ) -> PyResult<Box<dyn Engine>> {
        let state = G::new(config).map_err(|e| bad(format!("bad options: {e}")))?;
        Ok(match self.max_plies {
            Some(n) => Cached::boxed(Limited(MoveLimit::wrap(state, 0, n))),
            None => Cached::boxed(Plain(state)),
        })
    }

    /// The starting position.
    pub fn new_state(&self) -> PyResult<Box<dyn Engine>> {
        match &self.kind {
            Kind::Pikemen(c) => self.start::<pikemen_core::Pikemen>(c),
            Kind::Gipf(c) => self.start::<gipf_core::Gipf>(c),
            Kind::Epaminondas(c) => self.start::<epaminondas_core::Epaminondas>(c),
        }
    }

    fn read<G: Symmetric + ToSvg + EndReason>(
        &self,
        config: &G::Config,
        text: &str,
    ) -> PyResult<Box<dyn Engine>> {
        let text = text.trim();
        // With a move limit the text may carry its counter (` @ plies/limit`), as `str(state)`
        // writes it; a bare position starts the count at zero.
        let (inner, plies) = match (self.max_plies, text.rsplit_once(" @ ")) {
            (Some(limit), Some(_)) => {
                let wrapped: MoveLimit<G> = text
                    .parse()
                    .map_err(|e| bad(format!("position text: {e}")))?;
                if wrapped.max_plies() != limit {
                    return Err(bad(format!(
                        "position text has a limit of {} plies, the game {limit}",
                        wrapped.max_plies()
                    )));
                }
                (wrapped.inner().clone(), wrapped.plies())
            }
            _ => (
                text.parse::<G>()
                    .map_err(|e| bad(format!("position text: {e}")))?,
                0,
            ),
        };
        if &inner.config() != config {
            return Err(bad(
                "the position text is for other rules than this game's options",
            ));
        }
        Ok(match self.max_plies {
            Some(n) => Cached::boxed(Limited(MoveLimit::wrap(inner, plies, n))),
            None => Cached::boxed(Plain(inner)),
        })
    }

    /// A position from its text; it must be a position of this game and these options.
    pub fn state_from_text(&self, text: &str) -> PyResult<Box<dyn Engine>> {
        match &self.kind {
            Kind::Pikemen(c) => self.read::<pikemen_core::Pikemen>(c, text),
            Kind::Gipf(c) => self.read::<gipf_core::Gipf>(c, text),
            Kind::Epaminondas(c) => self.read::<epaminondas_core::Epaminondas>(c, text),
        }
    }
}
