//! `agame.VectorEnv`: many games stepped in one call (`abstract_game_batch::VecEnv`), into
//! numpy arrays the environment owns, with the GIL released while the games move.

use crate::engine::{Engine, Held, Limited, Plain};
use crate::spec::{Load, Spec};
use crate::{PyGame, PyState, value_error};
use abstract_game::{Actions, EndReason, Evaluate, MoveLimit, Observe, Symmetric, ToSvg};
use abstract_game_batch::{BatchError, BatchMut, EnvOptions, VecEnv, limit_reached};
use agame_options::Kind;
use numpy::{
    PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// A held state type that a batch can hold and give back: the batch steps its game `G`.
pub trait Batchable: Held {
    /// The held form of a batch's state, for `PyState`.
    fn hold(state: Self::G) -> Self;
    /// How the batch tells a truncation.
    fn truncation() -> fn(&Self::G) -> bool;
}

impl<G: Symmetric + ToSvg + EndReason + Evaluate> Batchable for Plain<G> {
    fn hold(state: G) -> Self {
        Plain(state)
    }
    fn truncation() -> fn(&G) -> bool {
        |_| false
    }
}

impl<G: Symmetric + ToSvg + EndReason + Evaluate> Batchable for Limited<G>
where
    MoveLimit<G>: Symmetric,
{
    fn hold(state: MoveLimit<G>) -> Self {
        Limited(state)
    }
    fn truncation() -> fn(&MoveLimit<G>) -> bool {
        limit_reached
    }
}

/// A `VecEnv` of any game, behind one object-safe face.
trait AnyVecEnv: Send + Sync {
    fn reset(&mut self, seed: Option<u64>, out: BatchMut<'_>) -> Result<(), BatchError>;
    fn step(&mut self, actions: &[u32], out: BatchMut<'_>) -> Result<(), BatchError>;
    fn observe(&mut self, out: BatchMut<'_>) -> Result<(), BatchError>;
    fn sample(&mut self, out: &mut [u32]) -> Result<(), BatchError>;
    fn state(&self, slot: usize) -> Result<Box<dyn Engine>, BatchError>;
    /// Puts in the state of a position text (of this game and options).
    fn set_state(&mut self, slot: usize, text: &str) -> Result<(), String>;
    fn obs_shape(&self) -> [usize; 3];
    fn num_actions(&self) -> usize;
    fn players(&self) -> usize;
    fn threads(&self) -> usize;
}

struct Typed<W: Batchable>(VecEnv<W::G>);

impl<W: Batchable> AnyVecEnv for Typed<W>
where
    W::G: Actions + Observe,
{
    fn reset(&mut self, seed: Option<u64>, out: BatchMut<'_>) -> Result<(), BatchError> {
        self.0.reset(seed, out)
    }
    fn step(&mut self, actions: &[u32], out: BatchMut<'_>) -> Result<(), BatchError> {
        self.0.step(actions, out)
    }
    fn observe(&mut self, out: BatchMut<'_>) -> Result<(), BatchError> {
        self.0.observe(out)
    }
    fn sample(&mut self, out: &mut [u32]) -> Result<(), BatchError> {
        self.0.sample_actions(out)
    }
    fn state(&self, slot: usize) -> Result<Box<dyn Engine>, BatchError> {
        let state = self.0.state(slot)?.clone();
        Ok(crate::engine::Cached::boxed(W::hold(state)))
    }
    fn set_state(&mut self, slot: usize, text: &str) -> Result<(), String> {
        let state: W::G = text
            .parse()
            .map_err(|e| format!("slot {slot}: position text: {e}"))?;
        self.0.set_state(slot, state).map_err(|e| e.to_string())
    }
    fn obs_shape(&self) -> [usize; 3] {
        self.0.obs_shape()
    }
    fn num_actions(&self) -> usize {
        self.0.num_actions()
    }
    fn players(&self) -> usize {
        self.0.players()
    }
    fn threads(&self) -> usize {
        self.0.threads()
    }
}

fn typed<W: Batchable>(start: W::G, options: EnvOptions) -> PyResult<Box<dyn AnyVecEnv>>
where
    W::G: Actions + Observe,
{
    let env = VecEnv::new(start, options)
        .map_err(|e| value_error(e.to_string()))?
        .with_truncation(W::truncation());
    Ok(Box::new(Typed::<W>(env)))
}

fn build<G: Symmetric + ToSvg + EndReason + Evaluate>(
    spec: &Spec,
    config: &G::Config,
    options: EnvOptions,
) -> PyResult<Box<dyn AnyVecEnv>>
where
    MoveLimit<G>: Symmetric,
{
    let start = G::new(config).map_err(|e| value_error(format!("bad options: {e}")))?;
    match spec.max_plies {
        Some(n) => typed::<Limited<G>>(MoveLimit::wrap(start, 0, n), options),
        None => typed::<Plain<G>>(start, options),
    }
}

/// `num_envs` games of one game and its options, stepped together: Gymnasium's vector API
/// (`reset`, `step`) with numpy arrays, autoreset in the same step.
#[pyclass(module = "agame", name = "VectorEnv")]
pub(crate) struct PyVectorEnv {
    spec: Spec,
    env: Box<dyn AnyVecEnv>,
    num_envs: usize,
    obs: Py<PyArrayDyn<f32>>,
    mask: Py<PyArray2<bool>>,
    to_play: Py<PyArray1<u8>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    final_obs: Py<PyArrayDyn<f32>>,
    /// The actions of a step, as the batch reads them.
    actions: Vec<u32>,
}

/// Runs `f` on the environment and the buffers as slices, without the GIL.
fn with_buffers<T: Send>(
    this: &mut PyVectorEnv,
    py: Python<'_>,
    f: impl FnOnce(&mut dyn AnyVecEnv, BatchMut<'_>, &[u32]) -> T + Send,
) -> PyResult<T> {
    fn busy(e: impl std::fmt::Display) -> PyErr {
        PyValueError::new_err(format!("the environment's arrays cannot be written: {e}"))
    }
    let mut obs = this.obs.bind(py).try_readwrite().map_err(busy)?;
    let mut mask = this.mask.bind(py).try_readwrite().map_err(busy)?;
    let mut to_play = this.to_play.bind(py).try_readwrite().map_err(busy)?;
    let mut rewards = this.rewards.bind(py).try_readwrite().map_err(busy)?;
    let mut terminated = this.terminated.bind(py).try_readwrite().map_err(busy)?;
    let mut truncated = this.truncated.bind(py).try_readwrite().map_err(busy)?;
    let mut final_obs = this.final_obs.bind(py).try_readwrite().map_err(busy)?;
    let out = BatchMut {
        obs: obs.as_slice_mut().map_err(busy)?,
        mask: mask.as_slice_mut().map_err(busy)?,
        to_play: to_play.as_slice_mut().map_err(busy)?,
        rewards: rewards.as_slice_mut().map_err(busy)?,
        terminated: terminated.as_slice_mut().map_err(busy)?,
        truncated: truncated.as_slice_mut().map_err(busy)?,
        final_obs: final_obs.as_slice_mut().map_err(busy)?,
    };
    let env = this.env.as_mut();
    let actions = &this.actions[..];
    Ok(py.detach(move || f(env, out, actions)))
}

/// Reads an action array into `out`: one integer per game, each a valid `u32`.
fn read_actions(actions: &Bound<'_, PyAny>, out: &mut [u32]) -> PyResult<()> {
    let n = out.len();
    let shape_error = || {
        value_error(format!(
            "actions must be a 1-D integer array of {n} entries (one per game)"
        ))
    };
    fn copy<T: numpy::Element + Copy + TryInto<u32> + std::fmt::Display>(
        a: &PyReadonlyArray1<'_, T>,
        out: &mut [u32],
    ) -> PyResult<()> {
        let view = a.as_array();
        for (slot, (o, &x)) in out.iter_mut().zip(view.iter()).enumerate() {
            *o = x
                .try_into()
                .map_err(|_| value_error(format!("slot {slot}: action {x} is out of range")))?;
        }
        Ok(())
    }
    let check = |len: usize| if len == n { Ok(()) } else { Err(shape_error()) };
    if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
        check(a.len())?;
        copy(&a, out)
    } else if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, u32>>() {
        check(a.len())?;
        copy(&a, out)
    } else if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i32>>() {
        check(a.len())?;
        copy(&a, out)
    } else if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, u64>>() {
        check(a.len())?;
        copy(&a, out)
    } else if actions.is_instance_of::<numpy::PyUntypedArray>() {
        Err(shape_error())
    } else if let Ok(list) = actions.extract::<Vec<i64>>() {
        check(list.len())?;
        for (slot, (o, x)) in out.iter_mut().zip(list).enumerate() {
            *o = u32::try_from(x)
                .map_err(|_| value_error(format!("slot {slot}: action {x} is out of range")))?;
        }
        Ok(())
    } else {
        Err(shape_error())
    }
}

impl PyVectorEnv {
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = PyDict::new(py);
        info.set_item("mask", self.mask.bind(py))?;
        info.set_item("to_play", self.to_play.bind(py))?;
        Ok(info)
    }
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (name, num_envs, seed=0, threads=1, opening_plies=0, **options))]
    fn new(
        py: Python<'_>,
        name: &str,
        num_envs: usize,
        seed: u64,
        threads: usize,
        opening_plies: u32,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let spec = Spec::load(name, options)?;
        let env_options = EnvOptions {
            num_envs,
            seed,
            threads,
            opening_plies,
        };
        let env = match &spec.kind {
            Kind::Pikemen(c) => build::<pikemen_core::Pikemen>(&spec, c, env_options)?,
            Kind::Gipf(c) => build::<gipf_core::Gipf>(&spec, c, env_options)?,
            Kind::Epaminondas(c) => build::<epaminondas_core::Epaminondas>(&spec, c, env_options)?,
        };
        let [planes, rows, cols] = env.obs_shape();
        let shape = [num_envs, planes, rows, cols];
        let (a, p) = (env.num_actions(), env.players());
        let mut this = PyVectorEnv {
            spec,
            num_envs,
            obs: PyArrayDyn::zeros(py, &shape[..], false).unbind(),
            mask: PyArray2::zeros(py, [num_envs, a], false).unbind(),
            to_play: PyArray1::zeros(py, num_envs, false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, p], false).unbind(),
            terminated: PyArray1::zeros(py, num_envs, false).unbind(),
            truncated: PyArray1::zeros(py, num_envs, false).unbind(),
            final_obs: PyArrayDyn::zeros(py, &shape[..], false).unbind(),
            actions: vec![0; num_envs],
            env,
        };
        with_buffers(&mut this, py, |env, out, _| env.observe(out))?
            .map_err(|e| value_error(e.to_string()))?;
        Ok(this)
    }

    /// Starts a new episode in every game: `(obs, info)`. With `seed`, the batch starts over
    /// as if built with it; without, every game starts its next episode.
    #[pyo3(signature = (seed=None, options=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = options;
        with_buffers(self, py, |env, out, _| env.reset(seed, out))?
            .map_err(|e| value_error(e.to_string()))?;
        let info = self.info(py)?;
        PyTuple::new(py, [self.obs.bind(py).as_any(), info.as_any()])
    }

    /// Plays `actions[i]` in game `i`: `(obs, rewards, terminated, truncated, info)`. A bad
    /// action (illegal, out of range, wrong dtype or shape) is a `ValueError` naming its slot,
    /// and no game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        read_actions(actions, &mut self.actions)?;
        with_buffers(self, py, |env, out, actions| env.step(actions, out))?
            .map_err(|e| value_error(e.to_string()))?;
        let info = self.info(py)?;
        let done = {
            let t = self.terminated.bind(py).readonly();
            let c = self.truncated.bind(py).readonly();
            let d: Vec<bool> = t
                .as_array()
                .iter()
                .zip(c.as_array().iter())
                .map(|(&a, &b)| a || b)
                .collect();
            PyArray1::from_vec(py, d)
        };
        info.set_item("final_observation", self.final_obs.bind(py))?;
        info.set_item("_final_observation", done)?;
        PyTuple::new(
            py,
            [
                self.obs.bind(py).as_any(),
                self.rewards.bind(py).as_any(),
                self.terminated.bind(py).as_any(),
                self.truncated.bind(py).as_any(),
                info.as_any(),
            ],
        )
    }

    /// A uniformly random legal action of every game (int64), each game drawing from its own
    /// seeded generator.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut out = std::mem::take(&mut self.actions);
        let env = self.env.as_mut();
        let result = py.detach(|| env.sample(&mut out));
        let array = PyArray1::from_iter(py, out.iter().map(|&a| i64::from(a)));
        self.actions = out;
        result.map_err(|e| value_error(e.to_string()))?;
        Ok(array)
    }

    /// Game `i` as an ordinary `State` (a copy).
    fn state(&self, i: usize) -> PyResult<PyState> {
        Ok(PyState {
            spec: self.spec.clone(),
            ints: Default::default(),
            inner: self.env.state(i).map_err(|e| value_error(e.to_string()))?,
        })
    }

    /// Puts `state` (of this game and options, not over) in slot `i`; the arrays show it at
    /// once.
    fn set_state(&mut self, py: Python<'_>, i: usize, state: &PyState) -> PyResult<()> {
        if state.spec != self.spec {
            return Err(value_error(format!(
                "slot {i}: the state belongs to other rules than the environment's"
            )));
        }
        self.env
            .set_state(i, &state.inner.text())
            .map_err(PyValueError::new_err)?;
        with_buffers(self, py, |env, out, _| env.observe(out))?
            .map_err(|e| value_error(e.to_string()))
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The worker threads.
    #[getter]
    fn threads(&self) -> usize {
        self.env.threads()
    }

    /// The game and its options.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            spec: self.spec.clone(),
            ints: Default::default(),
        }
    }

    /// The shape of one observation: (planes, rows, columns).
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.env.obs_shape().to_vec()
    }

    /// The number of action numbers (the width of the mask).
    #[getter]
    fn num_actions(&self) -> usize {
        self.env.num_actions()
    }

    /// The number of seats (the width of the rewards).
    #[getter]
    fn num_players(&self) -> usize {
        self.env.players()
    }

    fn __len__(&self) -> usize {
        self.num_envs
    }

    fn __repr__(&self) -> String {
        format!("<agame.VectorEnv {} x {}>", self.num_envs, self.spec.name())
    }
}
