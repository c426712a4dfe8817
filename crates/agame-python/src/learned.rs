//! `agame.Bot` (every bot of the spec strings, the `zero` bot included) and
//! `agame.zero.Network` (a trained network file, evaluated natively).

use crate::engine::{Choice, EngineBot};
use crate::spec::{Load, Spec};
use crate::{PyGame, PyState, value_error};
use abstract_game_batch::Evaluator;
use abstract_game_search::BotSpec;
use abstract_game_search::network::{Network, NetworkEvaluator};
use agame_options::Host;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::borrow::Cow;
use std::sync::{Arc, Mutex, PoisonError};

/// A network's outputs for Python: per-action rows `[B, A]` and one value per row `[B]`.
type Outputs<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray1<f32>>);

/// A bot of one game, built from a spec string such as `"mcts:ms=100"` or
/// `"zero:model=models/gipf.safetensors:sims=200"` (the same as `agame match` takes).
#[pyclass(module = "agame", name = "Bot")]
pub(crate) struct PyBot {
    spec: Spec,
    text: String,
    /// Python may hand the object to several threads; one search at a time.
    bot: Mutex<Box<dyn EngineBot>>,
}

#[pymethods]
impl PyBot {
    /// `Bot(game, spec)`: `ValueError` for a spec that does not read, or a network file that
    /// cannot be read or does not fit the game.
    #[new]
    fn new(game: &PyGame, spec: &str) -> PyResult<PyBot> {
        let parsed: BotSpec = spec.parse().map_err(|e| value_error(format!("{e}")))?;
        let bot = game.spec.new_state()?.bot(&parsed).map_err(value_error)?;
        Ok(PyBot {
            spec: game.spec.clone(),
            text: parsed.to_string(),
            bot: Mutex::new(bot),
        })
    }

    /// The bot's move in `state` as text (what `State.play` takes), or `None` when the game
    /// is over. The GIL is released while it searches.
    fn choose_move(&mut self, py: Python<'_>, state: &PyState) -> PyResult<Option<String>> {
        Ok(self.search(py, state)?.map(|c| c.text))
    }

    /// The bot's move with what its search found, or `None` when the game is over: a dict
    /// with `move` (text), `action`, `value` (for the seat that moves, -1 to 1: alpha-beta's
    /// score, MCTS's and `zero`'s root value, greedy's evaluation), `depth`, `iterations`
    /// (nodes or simulations) and `seconds`. The GIL is released while it searches.
    fn analyse<'py>(
        &mut self,
        py: Python<'py>,
        state: &PyState,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(c) = self.search(py, state)? else {
            return Ok(None);
        };
        let action = state.inner.string_to_action(&c.text).map_err(value_error)?;
        let d = PyDict::new(py);
        d.set_item("move", &c.text)?;
        d.set_item("action", action)?;
        d.set_item("value", c.value)?;
        d.set_item("depth", c.depth)?;
        d.set_item("iterations", c.iterations)?;
        d.set_item("seconds", c.seconds)?;
        Ok(Some(d))
    }

    /// The bot's move in `state` as an action number, or `None` when the game is over.
    fn choose_action(&mut self, py: Python<'_>, state: &PyState) -> PyResult<Option<u32>> {
        match self.choose_move(py, state)? {
            Some(text) => state
                .inner
                .string_to_action(&text)
                .map(Some)
                .map_err(value_error),
            None => Ok(None),
        }
    }

    /// Forgets what the bot learnt of the game so far (trees, tables).
    fn new_game(&mut self) {
        self.bot
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .new_game();
    }

    fn __repr__(&self) -> String {
        format!("agame.Bot({:?}, {:?})", self.spec.name(), self.text)
    }
}

impl PyBot {
    fn search(&mut self, py: Python<'_>, state: &PyState) -> PyResult<Option<Choice>> {
        if state.spec != self.spec {
            return Err(value_error(
                "this state is of another game, or other rules, than the bot's".into(),
            ));
        }
        let bot = self.bot.get_mut().unwrap_or_else(PoisonError::into_inner);
        let inner = state.inner.as_ref();
        py.detach(|| bot.choose(inner)).map_err(value_error)
    }
}

/// A trained network (a file of `python -m agame.train`, docs/model-format.md), evaluated
/// natively: `forward` gives its raw outputs, and a `Network` passed to
/// `BatchedSearch.run` evaluates the leaves without Python.
#[pyclass(module = "agame.zero", name = "Network", frozen)]
pub(crate) struct PyNetwork {
    pub(crate) network: Arc<Network>,
}

#[pymethods]
impl PyNetwork {
    /// `Network(source)`: `source` is a path or the file's bytes; `ValueError` for a file that
    /// is not a network of the known format.
    #[new]
    fn new(source: &Bound<'_, PyAny>) -> PyResult<PyNetwork> {
        let network = if let Ok(b) = source.cast::<PyBytes>() {
            Network::from_bytes(b.as_bytes())
        } else {
            let path: std::path::PathBuf = source.extract()?;
            let bytes = std::fs::read(&path)
                .map_err(|e| value_error(format!("{}: {e}", path.display())))?;
            Network::from_bytes(&bytes)
        }
        .map_err(|e| value_error(e.to_string()))?;
        Ok(PyNetwork {
            network: Arc::new(network),
        })
    }

    /// `ValueError` unless the network was trained for `game` (its name, rules and sizes).
    fn check(&self, game: &PyGame) -> PyResult<()> {
        let state = game.spec.new_state()?;
        self.network
            .check_fits(
                game.spec.name(),
                &game.spec.options(Host::Python),
                state.observation_shape(),
                state.num_distinct_actions(),
            )
            .map_err(|e| value_error(e.to_string()))
    }

    /// The raw outputs for a batch of observations `obs` (float32 `[B, planes, rows, cols]`
    /// or `[B, planes*rows*cols]`): `(logits [B, num_actions], values [B])`, values after tanh.
    fn forward<'py>(
        &self,
        py: Python<'py>,
        obs: PyReadonlyArrayDyn<'py, f32>,
    ) -> PyResult<Outputs<'py>> {
        let (b, x) = self.rows(&obs)?;
        let a = self.network.num_actions();
        let mut logits = vec![0.0f32; b * a];
        let mut values = vec![0.0f32; b];
        let net = &self.network;
        py.detach(|| net.forward(&x, &mut logits, &mut values))
            .map_err(|e| value_error(e.to_string()))?;
        Ok((
            PyArray1::from_vec(py, logits).reshape([b, a])?,
            PyArray1::from_vec(py, values),
        ))
    }

    /// What the search gets from the network: `(priors [B, num_actions], values [B])`, the
    /// priors the softmax of the logits over the legal actions of `mask` (bool `[B, A]`).
    fn evaluate<'py>(
        &self,
        py: Python<'py>,
        obs: PyReadonlyArrayDyn<'py, f32>,
        mask: PyReadonlyArrayDyn<'py, bool>,
    ) -> PyResult<Outputs<'py>> {
        let (b, x) = self.rows(&obs)?;
        let a = self.network.num_actions();
        if mask.shape() != [b, a] {
            return Err(value_error(format!(
                "mask has shape {:?} where [{b}, {a}] is needed",
                mask.shape()
            )));
        }
        let m = contiguous(&mask);
        let mut priors = vec![0.0f32; b * a];
        let mut values = vec![0.0f32; b];
        let mut evaluator = NetworkEvaluator::new(Arc::clone(&self.network));
        py.detach(|| evaluator.evaluate(&x, &m, &mut priors, &mut values))
            .map_err(|e| value_error(e.to_string()))?;
        for row in priors.chunks_exact_mut(a) {
            let total: f32 = row.iter().sum();
            if total > 0.0 {
                row.iter_mut().for_each(|p| *p /= total);
            }
        }
        Ok((
            PyArray1::from_vec(py, priors).reshape([b, a])?,
            PyArray1::from_vec(py, values),
        ))
    }

    /// The file's metadata (format, game, options, training command, games, ...).
    #[getter]
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.network.metadata() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The registered name of the game it was trained for.
    #[getter]
    fn game_name(&self) -> &str {
        self.network.game()
    }

    /// The number of actions (the width of the policy).
    #[getter]
    fn num_actions(&self) -> usize {
        self.network.num_actions()
    }

    /// `[planes, rows, cols]` of its observations.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.network.observation_shape().to_vec()
    }

    /// The sizes of the hidden layers.
    #[getter]
    fn hidden(&self) -> Vec<usize> {
        self.network.hidden()
    }

    fn __repr__(&self) -> String {
        format!(
            "agame.zero.Network(game={:?}, hidden={:?}, parameters={})",
            self.network.game(),
            self.network.hidden(),
            self.network.parameters()
        )
    }
}

impl PyNetwork {
    /// The batch size and the observations as one contiguous row per entry.
    fn rows<'a>(&self, obs: &'a PyReadonlyArrayDyn<'_, f32>) -> PyResult<(usize, Cow<'a, [f32]>)> {
        let len = self.network.observation_len();
        let shape = obs.shape();
        let b = shape.first().copied().unwrap_or(0);
        let per: usize = shape.iter().skip(1).product();
        if shape.len() < 2 || per != len {
            return Err(value_error(format!(
                "obs has shape {shape:?}: the network needs [B, {}] or [B, {len}]",
                self.network
                    .observation_shape()
                    .map(|d| d.to_string())
                    .join(", ")
            )));
        }
        Ok((b, contiguous(obs)))
    }
}

/// The entries of `array` in C order: borrowed when it is contiguous, else copied.
fn contiguous<'a, T: numpy::Element + Copy>(
    array: &'a numpy::PyReadonlyArrayDyn<'_, T>,
) -> Cow<'a, [T]> {
    match array.as_slice() {
        Ok(slice) => Cow::Borrowed(slice),
        Err(_) => Cow::Owned(array.as_array().iter().copied().collect()),
    }
}
