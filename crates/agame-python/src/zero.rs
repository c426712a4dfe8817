//! `agame.zero.BatchedSearch`: the batched AlphaZero-style search of `abstract_game_batch`,
//! its leaves evaluated by a Python callable (a neural network) or natively (uniform).

use crate::engine::{Cached, Engine};
use crate::learned::PyNetwork;
use crate::spec::Spec;
use crate::vector::Batchable;
use crate::{PyGame, PyState, value_error};
use abstract_game::{Actions, EndReason, Evaluate, MoveLimit, Observe, Symmetric, ToSvg};
use abstract_game_batch::{
    BatchedSearch, EvalError, Evaluator, GumbelOptions, SearchError, SearchOptions,
    UniformEvaluator,
};
use abstract_game_search::network::NetworkEvaluator;
use agame_options::Kind;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// A search over any game, behind one object-safe face.
trait AnySearch: Send + Sync {
    fn set_roots(&mut self, texts: &[String]) -> Result<(), String>;
    fn run(&mut self, evaluator: &mut dyn Evaluator, value_mix: f32) -> Result<(), SearchError>;
    fn policy(&self, tree: usize, out: &mut [f32]) -> Result<(), SearchError>;
    fn visit_counts(&self, tree: usize, out: &mut [u32]) -> Result<(), SearchError>;
    fn select_action(&mut self, tree: usize, temperature: f32) -> Result<Option<u32>, SearchError>;
    fn advance(&mut self, tree: usize, action: u32) -> Result<(), SearchError>;
    fn root_value(&self, tree: usize) -> Result<f32, SearchError>;
    fn root(&self, tree: usize) -> Result<Box<dyn Engine>, SearchError>;
    fn num_trees(&self) -> usize;
}

struct Typed<W: Batchable>(BatchedSearch<W::G>);

impl<W: Batchable> AnySearch for Typed<W>
where
    W::G: Actions + Observe + Evaluate,
{
    fn set_roots(&mut self, texts: &[String]) -> Result<(), String> {
        let roots = texts
            .iter()
            .enumerate()
            .map(|(i, t)| {
                t.parse::<W::G>()
                    .map_err(|e| format!("root {i}: position text: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.0.set_roots(&roots).map_err(|e| e.to_string())
    }
    fn run(&mut self, evaluator: &mut dyn Evaluator, value_mix: f32) -> Result<(), SearchError> {
        self.0.run_mixed(evaluator, value_mix)
    }
    fn policy(&self, tree: usize, out: &mut [f32]) -> Result<(), SearchError> {
        self.0.policy(tree, out)
    }
    fn visit_counts(&self, tree: usize, out: &mut [u32]) -> Result<(), SearchError> {
        self.0.visit_counts(tree, out)
    }
    fn select_action(&mut self, tree: usize, temperature: f32) -> Result<Option<u32>, SearchError> {
        self.0.select_action(tree, temperature)
    }
    fn advance(&mut self, tree: usize, action: u32) -> Result<(), SearchError> {
        self.0.advance(tree, action)
    }
    fn root_value(&self, tree: usize) -> Result<f32, SearchError> {
        self.0.root_value(tree)
    }
    fn root(&self, tree: usize) -> Result<Box<dyn Engine>, SearchError> {
        Ok(Cached::boxed(W::hold(self.0.root(tree)?.clone())))
    }
    fn num_trees(&self) -> usize {
        self.0.num_trees()
    }
}

fn build<G: Symmetric + ToSvg + EndReason + Evaluate>(
    spec: &Spec,
    options: SearchOptions,
) -> Result<Box<dyn AnySearch>, SearchError>
where
    MoveLimit<G>: Symmetric,
{
    Ok(match spec.max_plies {
        Some(_) => Box::new(Typed::<crate::engine::Limited<G>>(BatchedSearch::new(
            options,
        )?)),
        None => Box::new(Typed::<crate::engine::Plain<G>>(BatchedSearch::new(
            options,
        )?)),
    })
}

/// The Python callable as an [`Evaluator`]: it keeps the exception it raised, if any.
struct PyEvaluator<'py> {
    f: Bound<'py, PyAny>,
    shape: [usize; 3],
    actions: usize,
    raised: Option<PyErr>,
}

/// Copies a float array of `expected` entries (float32 or float64, any layout) into `out`.
fn copy_floats(
    array: &Bound<'_, PyAny>,
    name: &'static str,
    dims: &[usize],
    out: &mut [f32],
) -> Result<(), EvalError> {
    let shape_error = |found: usize| EvalError::Shape {
        name,
        expected: out.len(),
        found,
    };
    let shape_ok = |shape: &[usize]| {
        shape == dims || (dims.len() == 1 && shape.len() == 2 && shape == [dims[0], 1])
    };
    if let Ok(a) = array.extract::<PyReadonlyArrayDyn<'_, f32>>() {
        if !shape_ok(a.shape()) {
            return Err(shape_error(a.len()));
        }
        out.iter_mut()
            .zip(a.as_array().iter())
            .for_each(|(o, &x)| *o = x);
        Ok(())
    } else if let Ok(a) = array.extract::<PyReadonlyArrayDyn<'_, f64>>() {
        if !shape_ok(a.shape()) {
            return Err(shape_error(a.len()));
        }
        out.iter_mut()
            .zip(a.as_array().iter())
            .for_each(|(o, &x)| *o = x as f32);
        Ok(())
    } else {
        Err(EvalError::Failed(format!(
            "{name} must be a float32 or float64 numpy array of shape {dims:?}"
        )))
    }
}

impl Evaluator for PyEvaluator<'_> {
    fn evaluate(
        &mut self,
        obs: &[f32],
        mask: &[bool],
        priors: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), EvalError> {
        let py = self.f.py();
        let b = values.len();
        let [p, r, c] = self.shape;
        let fail = |e: PyErr| EvalError::Failed(e.to_string());
        let obs = PyArray1::from_slice(py, obs)
            .reshape([b, p, r, c])
            .map_err(fail)?;
        let mask = PyArray1::from_slice(py, mask)
            .reshape([b, self.actions])
            .map_err(fail)?;
        let result = match self.f.call1((obs, mask)) {
            Ok(r) => r,
            Err(e) => {
                let message = e.to_string();
                self.raised = Some(e);
                return Err(EvalError::Failed(message));
            }
        };
        let pair = result.cast::<PyTuple>().ok().filter(|t| t.len() == 2);
        let Some(pair) = pair else {
            return Err(EvalError::Failed(
                "evaluate must return a tuple (priors, values)".into(),
            ));
        };
        let get = |i| pair.get_item(i).map_err(fail);
        copy_floats(&get(0)?, "priors", &[b, self.actions], priors)?;
        copy_floats(&get(1)?, "values", &[b], values)
    }
}

/// Many trees searched together, one per root, their leaves evaluated in batches.
#[pyclass(module = "agame.zero", name = "BatchedSearch")]
pub(crate) struct PyBatchedSearch {
    spec: Spec,
    search: Box<dyn AnySearch>,
    shape: [usize; 3],
    actions: usize,
}

impl PyBatchedSearch {
    fn error(e: SearchError) -> PyErr {
        PyValueError::new_err(e.to_string())
    }
}

#[pymethods]
impl PyBatchedSearch {
    #[new]
    #[pyo3(signature = (game, simulations=64, leaves_per_tree=1, c_puct=1.25, virtual_loss=1.0,
        dirichlet_alpha=0.3, dirichlet_fraction=0.25, gumbel=None, gumbel_c_visit=50.0,
        gumbel_c_scale=1.0, seed=0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &PyGame,
        simulations: u32,
        leaves_per_tree: u32,
        c_puct: f32,
        virtual_loss: f32,
        dirichlet_alpha: f32,
        dirichlet_fraction: f32,
        gumbel: Option<u32>,
        gumbel_c_visit: f32,
        gumbel_c_scale: f32,
        seed: u64,
    ) -> PyResult<Self> {
        let options = SearchOptions {
            simulations,
            leaves_per_tree,
            c_puct,
            virtual_loss,
            dirichlet_alpha,
            dirichlet_fraction,
            gumbel: gumbel.map(|considered| GumbelOptions {
                considered,
                c_visit: gumbel_c_visit,
                c_scale: gumbel_c_scale,
            }),
            seed,
        };
        let spec = game.spec.clone();
        let search = match &spec.kind {
            Kind::Pikemen(_) => build::<pikemen_core::Pikemen>(&spec, options),
            Kind::Gipf(_) => build::<gipf_core::Gipf>(&spec, options),
            Kind::Epaminondas(_) => build::<epaminondas_core::Epaminondas>(&spec, options),
        }
        .map_err(Self::error)?;
        let start = crate::spec::Load::new_state(&spec)?;
        Ok(PyBatchedSearch {
            shape: start.observation_shape(),
            actions: start.num_distinct_actions(),
            spec,
            search,
        })
    }

    /// Plants one fresh tree at each state (all of this search's game and options).
    fn set_roots(&mut self, states: Vec<PyRef<'_, PyState>>) -> PyResult<()> {
        let mut texts = Vec::with_capacity(states.len());
        for (i, s) in states.iter().enumerate() {
            if s.spec != self.spec {
                return Err(value_error(format!(
                    "root {i}: the state belongs to other rules than the search's"
                )));
            }
            texts.push(s.inner.text());
        }
        self.search.set_roots(&texts).map_err(PyValueError::new_err)
    }

    /// Adds `simulations` simulations to every tree. `evaluate(obs, mask)` gets a batch of
    /// leaves, `obs` float32 `[B, planes, rows, cols]` (each from the seat to move there) and
    /// `mask` bool `[B, num_actions]`, and returns `(priors [B, num_actions], values [B])`,
    /// values for the seat to move, in [-1, 1]. Without `evaluate`, uniform priors and value
    /// 0, computed natively without the GIL; with an `agame.zero.Network`, its priors and
    /// values, also natively without the GIL. `value_mix` (0 to 1) mixes the game's own
    /// evaluation into each leaf's value at that weight (the `zero` bot's `mix`).
    #[pyo3(signature = (evaluate=None, value_mix=0.0))]
    fn run(
        &mut self,
        py: Python<'_>,
        evaluate: Option<Bound<'_, PyAny>>,
        value_mix: f32,
    ) -> PyResult<()> {
        if !(0.0..=1.0).contains(&value_mix) {
            return Err(value_error(format!(
                "value_mix must be from 0 to 1, not {value_mix}"
            )));
        }
        match evaluate {
            None => {
                let search = self.search.as_mut();
                py.detach(move || search.run(&mut UniformEvaluator, value_mix))
                    .map_err(Self::error)
            }
            Some(f) if f.is_instance_of::<PyNetwork>() => {
                let network = f.cast::<PyNetwork>()?.get().network.clone();
                if network.observation_shape() != self.shape
                    || network.num_actions() != self.actions
                {
                    return Err(value_error(format!(
                        "the network reads observations {:?} with {} actions; this search's game \
                         has {:?} and {}",
                        network.observation_shape(),
                        network.num_actions(),
                        self.shape,
                        self.actions
                    )));
                }
                let mut evaluator = NetworkEvaluator::new(network);
                let search = self.search.as_mut();
                py.detach(move || search.run(&mut evaluator, value_mix))
                    .map_err(Self::error)
            }
            Some(f) => {
                let mut evaluator = PyEvaluator {
                    f,
                    shape: self.shape,
                    actions: self.actions,
                    raised: None,
                };
                let result = self.search.run(&mut evaluator, value_mix);
                match (result, evaluator.raised) {
                    (Ok(()), _) => Ok(()),
                    (Err(_), Some(raised)) => Err(raised),
                    (Err(e), None) => Err(Self::error(e)),
                }
            }
        }
    }

    /// The training targets, float32 `[trees, num_actions]`: visit counts normalised, or
    /// with Gumbel the improved policy.
    fn policies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let (t, a) = (self.search.num_trees(), self.actions);
        let mut out = vec![0.0f32; t * a];
        for (tree, row) in out.chunks_exact_mut(a).enumerate() {
            self.search.policy(tree, row).map_err(Self::error)?;
        }
        PyArray1::from_vec(py, out).reshape([t, a])
    }

    /// The root's visit counts, int64 `[trees, num_actions]`.
    fn visit_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let (t, a) = (self.search.num_trees(), self.actions);
        let mut row = vec![0u32; a];
        let mut out = Vec::with_capacity(t * a);
        for tree in 0..t {
            self.search
                .visit_counts(tree, &mut row)
                .map_err(Self::error)?;
            out.extend(row.iter().map(|&n| i64::from(n)));
        }
        PyArray1::from_vec(py, out).reshape([t, a])
    }

    /// The mean value of each root for its seat to move, float32 `[trees]`.
    fn root_values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let values = (0..self.search.num_trees())
            .map(|t| self.search.root_value(t))
            .collect::<Result<Vec<_>, _>>()
            .map_err(Self::error)?;
        Ok(PyArray1::from_vec(py, values))
    }

    /// The action to play at each root, int64 `[trees]` (-1 at a finished root): the most
    /// visited with temperature 0, else drawn from `visits^(1/temperature)`; with Gumbel the
    /// survivor of sequential halving.
    #[pyo3(signature = (temperature=0.0))]
    fn select_actions<'py>(
        &mut self,
        py: Python<'py>,
        temperature: f32,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let actions = (0..self.search.num_trees())
            .map(|t| {
                self.search
                    .select_action(t, temperature)
                    .map(|a| a.map_or(-1, i64::from))
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(Self::error)?;
        Ok(PyArray1::from_vec(py, actions))
    }

    /// Moves tree `tree`'s root along `action`, keeping the subtree below (tree reuse).
    fn advance(&mut self, tree: usize, action: i64) -> PyResult<()> {
        let action = u32::try_from(action)
            .map_err(|_| value_error(format!("tree {tree}: action {action} is out of range")))?;
        self.search.advance(tree, action).map_err(Self::error)
    }

    /// The state at tree `tree`'s root.
    fn root(&self, tree: usize) -> PyResult<PyState> {
        Ok(PyState {
            spec: self.spec.clone(),
            ints: Default::default(),
            inner: self.search.root(tree).map_err(Self::error)?,
        })
    }

    /// `set_roots(states)`, `run(evaluate, value_mix)`, then `(policies(),
    /// select_actions(temperature))`.
    #[pyo3(signature = (states, evaluate=None, temperature=0.0, value_mix=0.0))]
    fn search<'py>(
        &mut self,
        py: Python<'py>,
        states: Vec<PyRef<'py, PyState>>,
        evaluate: Option<Bound<'py, PyAny>>,
        temperature: f32,
        value_mix: f32,
    ) -> PyResult<Bound<'py, PyTuple>> {
        self.set_roots(states)?;
        self.run(py, evaluate, value_mix)?;
        let policies = self.policies(py)?;
        let actions = self.select_actions(py, temperature)?;
        PyTuple::new(py, [policies.as_any(), actions.as_any()])
    }

    /// The number of trees.
    #[getter]
    fn num_trees(&self) -> usize {
        self.search.num_trees()
    }

    /// The number of action numbers (the width of a policy).
    #[getter]
    fn num_actions(&self) -> usize {
        self.actions
    }

    fn __repr__(&self) -> String {
        format!(
            "<agame.zero.BatchedSearch {} trees of {}>",
            self.search.num_trees(),
            self.spec.name()
        )
    }
}
