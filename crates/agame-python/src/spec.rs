//! Game names and options, as `agame.load_game` takes them: read by `agame-options` (the
//! same reader as the WebAssembly package's), and the states built from them.

use crate::engine::{Cached, Engine, Limited, Plain};
use abstract_game::{EndReason, Evaluate, MoveLimit, Symmetric, ToSvg};
pub use agame_options::Spec;
use agame_options::{Host, Kind, Value, read_position};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};

fn bad(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

fn value(v: &Bound<'_, PyAny>, name: &str) -> PyResult<Value> {
    // A bool is an int in Python: ask for it first.
    if v.is_none() {
        Ok(Value::Null)
    } else if let Ok(b) = v.cast::<PyBool>() {
        Ok(Value::Bool(b.is_true()))
    } else if v.is_instance_of::<PyInt>() || v.is_instance_of::<PyFloat>() {
        Ok(Value::Number(v.extract()?))
    } else if v.is_instance_of::<PyString>() {
        Ok(Value::Text(v.extract()?))
    } else {
        Err(bad(format!("{name} takes a number, a string or a boolean")))
    }
}

/// What this package does with a [`Spec`].
pub trait Load: Sized {
    /// Reads `load_game`'s name and keyword options (Python's spelling in the messages).
    fn load(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self>;
    /// The options as `(name, value text)`, the move limit last, for `repr` and the options
    /// dictionary.
    fn option_texts(&self) -> Vec<(&'static str, String)>;
    /// The starting position.
    fn new_state(&self) -> PyResult<Box<dyn Engine>>;
    /// A position from its text (as `str(state)` writes it); it must be a position of this
    /// game and these options.
    fn state_from_text(&self, text: &str) -> PyResult<Box<dyn Engine>>;
}

fn held<G: Symmetric + ToSvg + EndReason + Evaluate>(
    spec: &Spec,
    state: G,
    plies: u32,
) -> Box<dyn Engine> {
    match spec.max_plies {
        Some(n) => Cached::boxed(Limited(MoveLimit::wrap(state, plies, n))),
        None => Cached::boxed(Plain(state)),
    }
}

fn start<G: Symmetric + ToSvg + EndReason + Evaluate>(
    spec: &Spec,
    config: &G::Config,
) -> PyResult<Box<dyn Engine>> {
    let state = G::new(config).map_err(|e| bad(format!("bad options: {e}")))?;
    Ok(held(spec, state, 0))
}

fn read<G: Symmetric + ToSvg + EndReason + Evaluate>(
    spec: &Spec,
    config: &G::Config,
    text: &str,
) -> PyResult<Box<dyn Engine>> {
    let (state, plies) = read_position::<G>(text, config, spec.max_plies).map_err(bad)?;
    Ok(held(spec, state, plies))
}

impl Load for Spec {
    fn load(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Spec> {
        let mut list = Vec::new();
        for (key, v) in options.into_iter().flat_map(|d| d.iter()) {
            let key: String = key.extract()?;
            let v = value(&v, &key)?;
            list.push((key, v));
        }
        Spec::from_options(name, list, Host::Python).map_err(bad)
    }

    fn option_texts(&self) -> Vec<(&'static str, String)> {
        let mut out = self.options(Host::Python);
        out.push((
            "max_plies",
            self.max_plies.map_or("None".to_string(), |n| n.to_string()),
        ));
        out
    }

    fn new_state(&self) -> PyResult<Box<dyn Engine>> {
        match &self.kind {
            Kind::Pikemen(c) => start::<pikemen_core::Pikemen>(self, c),
            Kind::Gipf(c) => start::<gipf_core::Gipf>(self, c),
            Kind::Epaminondas(c) => start::<epaminondas_core::Epaminondas>(self, c),
        }
    }

    fn state_from_text(&self, text: &str) -> PyResult<Box<dyn Engine>> {
        match &self.kind {
            Kind::Pikemen(c) => read::<pikemen_core::Pikemen>(self, c, text),
            Kind::Gipf(c) => read::<gipf_core::Gipf>(self, c, text),
            Kind::Epaminondas(c) => read::<epaminondas_core::Epaminondas>(self, c, text),
        }
    }
}
