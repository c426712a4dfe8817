//! `agame.VectorEnv`: many games stepped in one call (`abstract_game_batch::VecEnv`), into
//! numpy arrays the environment owns, with the GIL released while the games move.

use crate::engine::{Engine, Held, Limited, Plain};
use crate::spec::{Load, Spec};
use crate::{PyGame, PyState, value_error};
use abstract_game::{Actions, EndReason, Evaluate, MoveLimit, Observe, Symmetric, ToSvg};
use abstract_game_batch::{BatchError, EnvOptions, Outputs, VecEnv, limit_reached};
use agame_options::Kind;
use numpy::ndarray::{ArrayViewMut, Ix1, Ix2, IxDyn};
use numpy::{
    PyArray, PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1,
    PyUntypedArrayMethods,
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

/// A `VecEnv` of any game, behind one object-safe face. Every write goes into [`Outputs`], so
/// a step rewrites only what changed since the last ([`VecEnv::step_into`]).
trait AnyVecEnv: Send + Sync {
    fn reset(&mut self, seed: Option<u64>, out: &mut Outputs) -> Result<(), BatchError>;
    fn step(&mut self, actions: &[u32], out: &mut Outputs) -> Result<(), BatchError>;
    fn observe(&mut self, out: &mut Outputs) -> Result<(), BatchError>;
    fn sample(&mut self, out: &mut [u32]) -> Result<(), BatchError>;
    fn state(&self, slot: usize) -> Result<Box<dyn Engine>, BatchError>;
    /// Puts in the state of a position text (of this game and options).
    fn set_state(&mut self, slot: usize, text: &str) -> Result<(), String>;
    /// A set of zeroed output buffers of the batch's sizes.
    fn outputs(&self) -> Outputs;
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
    fn reset(&mut self, seed: Option<u64>, out: &mut Outputs) -> Result<(), BatchError> {
        self.0.reset_into(seed, out)
    }
    fn step(&mut self, actions: &[u32], out: &mut Outputs) -> Result<(), BatchError> {
        self.0.step_into(actions, out)
    }
    fn observe(&mut self, out: &mut Outputs) -> Result<(), BatchError> {
        self.0.observe_into(out)
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
    fn outputs(&self) -> Outputs {
        self.0.outputs()
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

/// The memory behind the arrays a [`PyVectorEnv`] returns: the batch's [`Outputs`] and the
/// `done` row (`terminated | truncated`), owned by this Python object, which every array
/// names as its base. So an array kept after its environment is gone still points at live
/// memory, and the environment and its arrays make no reference cycle. The buffers are
/// allocated once, at their final sizes, and never reallocated (nothing here grows them).
#[pyclass(module = "agame", name = "VectorEnvBuffers")]
struct Store {
    out: Outputs,
    /// `[N]`: `terminated[i] || truncated[i]` of the last step (`info["_final_observation"]`).
    done: Vec<bool>,
}

/// The arrays a [`PyVectorEnv`] returns: read-only numpy views of its [`Store`], made once.
struct Views {
    obs: Py<PyArrayDyn<f32>>,
    mask: Py<PyArray2<bool>>,
    to_play: Py<PyArray1<u8>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    final_obs: Py<PyArrayDyn<f32>>,
    done: Py<PyArray1<bool>>,
}

/// A read-only numpy array of `shape` over `data`, whose memory `store` owns.
///
/// # Safety
/// `data` must be a buffer of `store` that is never reallocated while `store` lives.
///
/// The workspace denies `unsafe` code; this and [`Views::new`] are its only uses, allowed
/// because numpy has no safe way to view memory that Rust keeps writing (numpy-owned
/// arrays can be made writable again from Python, and then the in-place steps, which trust
/// that the rows still hold what the batch wrote, would keep what Python wrote there).
#[allow(unsafe_code)]
unsafe fn view<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    store: &Bound<'py, Store>,
    shape: D,
    data: &mut [T],
) -> PyResult<Py<PyArray<T, D>>> {
    let array = ArrayViewMut::from_shape(shape, data)
        .map_err(|e| value_error(format!("array shape: {e}")))?;
    // SAFETY: the caller's promise; the array keeps `store` alive as its base object.
    let py_array = unsafe { PyArray::borrow_from_array(&array, store.clone().into_any()) };
    // Clearing WRITEABLE on an array whose base is neither an array nor a writable buffer
    // is for good: numpy refuses to set it again.
    py_array.readwrite().make_nonwriteable();
    Ok(py_array.unbind())
}

impl Views {
    #[allow(unsafe_code)]
    fn new(store: &Bound<'_, Store>, obs_shape: [usize; 3]) -> PyResult<Views> {
        let mut guard = store.borrow_mut();
        let Store { out, done } = &mut *guard;
        let n = done.len();
        let b = out.buffers_mut();
        let a = b.mask.len() / n.max(1);
        let p = b.rewards.len() / n.max(1);
        let [planes, rows, cols] = obs_shape;
        let shape = IxDyn(&[n, planes, rows, cols]);
        // SAFETY: every buffer belongs to `store`, at its final size.
        unsafe {
            Ok(Views {
                obs: view(store, shape.clone(), &mut b.obs)?,
                mask: view(store, Ix2(n, a), &mut b.mask)?,
                to_play: view(store, Ix1(n), &mut b.to_play)?,
                rewards: view(store, Ix2(n, p), &mut b.rewards)?,
                terminated: view(store, Ix1(n), &mut b.terminated)?,
                truncated: view(store, Ix1(n), &mut b.truncated)?,
                final_obs: view(store, shape, &mut b.final_obs)?,
                done: view(store, Ix1(n), done)?,
            })
        }
    }
}

/// `num_envs` games of one game and its options, stepped together: Gymnasium's vector API
/// (`reset`, `step`) with numpy arrays, autoreset in the same step.
///
/// The arrays returned are read-only views of the environment's own buffers, the same
/// arrays on every call, overwritten by the next `reset`, `step` or `set_state`: nothing is
/// allocated or copied per step, and the batch rewrites only the entries that change.
#[pyclass(module = "agame", name = "VectorEnv")]
pub(crate) struct PyVectorEnv {
    spec: Spec,
    env: Box<dyn AnyVecEnv>,
    num_envs: usize,
    store: Py<Store>,
    views: Views,
    /// The actions of a step, as the batch reads them.
    actions: Vec<u32>,
}

/// Runs `f` on the environment, its outputs and the `done` row, without the GIL.
fn with_outputs<T: Send>(
    this: &mut PyVectorEnv,
    py: Python<'_>,
    f: impl FnOnce(&mut dyn AnyVecEnv, &mut Outputs, &mut [bool], &[u32]) -> T + Send,
) -> PyResult<T> {
    let mut guard = this.store.bind(py).try_borrow_mut().map_err(|e| {
        PyValueError::new_err(format!("the environment's arrays cannot be written: {e}"))
    })?;
    let Store { out, done } = &mut *guard;
    let env = this.env.as_mut();
    let actions = &this.actions[..];
    Ok(py.detach(move || f(env, out, done, actions)))
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
        info.set_item("mask", self.views.mask.bind(py))?;
        info.set_item("to_play", self.views.to_play.bind(py))?;
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
        let store = Bound::new(
            py,
            Store {
                out: env.outputs(),
                done: vec![false; num_envs],
            },
        )?;
        let views = Views::new(&store, env.obs_shape())?;
        let mut this = PyVectorEnv {
            spec,
            num_envs,
            store: store.unbind(),
            views,
            actions: vec![0; num_envs],
            env,
        };
        with_outputs(&mut this, py, |env, out, _, _| env.observe(out))?
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
        with_outputs(self, py, |env, out, done, _| {
            done.fill(false);
            env.reset(seed, out)
        })?
        .map_err(|e| value_error(e.to_string()))?;
        let info = self.info(py)?;
        PyTuple::new(py, [self.views.obs.bind(py).as_any(), info.as_any()])
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
        with_outputs(self, py, |env, out, done, actions| {
            env.step(actions, out)?;
            for ((d, &t), &c) in done.iter_mut().zip(out.terminated()).zip(out.truncated()) {
                *d = t || c;
            }
            Ok::<_, BatchError>(())
        })?
        .map_err(|e| value_error(e.to_string()))?;
        let v = &self.views;
        let info = self.info(py)?;
        info.set_item("final_observation", v.final_obs.bind(py))?;
        info.set_item("_final_observation", v.done.bind(py))?;
        PyTuple::new(
            py,
            [
                v.obs.bind(py).as_any(),
                v.rewards.bind(py).as_any(),
                v.terminated.bind(py).as_any(),
                v.truncated.bind(py).as_any(),
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
        with_outputs(self, py, |env, out, _, _| env.observe(out))?
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

    /// Gymnasium's `metadata`: `autoreset_mode` is `gymnasium.vector.AutoresetMode.SAME_STEP`
    /// (without Gymnasium 1.0, that mode's value, the string `"SameStep"`).
    #[getter]
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let metadata = PyDict::new(py);
        let mode = match py
            .import("gymnasium.vector")
            .and_then(|m| m.getattr("AutoresetMode"))
        {
            Ok(modes) => modes.getattr("SAME_STEP")?,
            Err(_) => pyo3::types::PyString::new(py, "SameStep").into_any(),
        };
        metadata.set_item("autoreset_mode", mode)?;
        Ok(metadata)
    }

    /// One game's observation space (Gymnasium): a float32 `Box` of `observation_shape`,
    /// every entry from 0 up.
    #[getter]
    fn single_observation_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let numpy = py.import("numpy")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("low", 0.0)?;
        kwargs.set_item("high", numpy.getattr("inf")?)?;
        kwargs.set_item("shape", PyTuple::new(py, self.env.obs_shape())?)?;
        kwargs.set_item("dtype", numpy.getattr("float32")?)?;
        gymnasium(py, "spaces")?
            .getattr("Box")?
            .call((), Some(&kwargs))
    }

    /// One game's action space (Gymnasium): `Discrete(num_actions)`; the legal ones are
    /// `info["mask"]`'s.
    #[getter]
    fn single_action_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        gymnasium(py, "spaces")?
            .getattr("Discrete")?
            .call1((self.env.num_actions(),))
    }

    /// The batch's observation space (Gymnasium): the single one batched, `[N, planes, rows,
    /// cols]`.
    #[getter]
    fn observation_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let single = self.single_observation_space(py)?;
        batch_space(py, single, self.num_envs)
    }

    /// The batch's action space (Gymnasium): `MultiDiscrete` of `num_actions` per game.
    #[getter]
    fn action_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let single = self.single_action_space(py)?;
        batch_space(py, single, self.num_envs)
    }

    /// The environment itself (Gymnasium's `unwrapped`: there is no wrapper).
    #[getter]
    fn unwrapped(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// Nothing to release (Gymnasium's `close`): the threads stop when the environment goes.
    fn close(&self) {}

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &self,
        _kind: &Bound<'_, PyAny>,
        _value: &Bound<'_, PyAny>,
        _traceback: &Bound<'_, PyAny>,
    ) -> bool {
        false
    }

    fn __len__(&self) -> usize {
        self.num_envs
    }

    fn __repr__(&self) -> String {
        format!("<agame.VectorEnv {} x {}>", self.num_envs, self.spec.name())
    }
}

/// `gymnasium.<module>`, or an ImportError saying how to get it.
fn gymnasium<'py>(py: Python<'py>, module: &str) -> PyResult<Bound<'py, PyModule>> {
    py.import(format!("gymnasium.{module}").as_str())
        .map_err(|e| {
            pyo3::exceptions::PyImportError::new_err(format!(
                "VectorEnv's spaces are Gymnasium's: pip install gymnasium ({e})"
            ))
        })
}

/// Gymnasium's `batch_space(single, n)`.
fn batch_space<'py>(
    py: Python<'py>,
    single: Bound<'py, PyAny>,
    n: usize,
) -> PyResult<Bound<'py, PyAny>> {
    gymnasium(py, "vector.utils")?
        .getattr("batch_space")?
        .call1((single, n))
}
