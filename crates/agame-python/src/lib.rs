//! The Python extension module `agame._agame`; the package `agame` (under `python/`) re-exports
//! it and adds the OpenSpiel and PettingZoo adapters. Names follow OpenSpiel's where it has one.

mod engine;
mod ints;
mod learned;
mod spec;
mod vector;
mod zero;

use engine::Engine;
use ints::ActionInts;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyReadonlyArrayDyn};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use spec::{Load, Spec};

fn value_error(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// A `State` changed by one thread while another uses it: pyo3's own message would be a bare
/// "Already borrowed".
fn in_use() -> PyErr {
    PyRuntimeError::new_err(
        "this State is in use by another thread: a State belongs to one thread at a time \
         (give each thread its own, with state.clone() or copy.copy(state))",
    )
}

/// `slf` borrowed for a change, or the clear error [`in_use`].
fn changing<'py>(slf: &Bound<'py, PyState>) -> PyResult<PyRefMut<'py, PyState>> {
    slf.try_borrow_mut().map_err(|_| in_use())
}

/// What `__reduce__` gives pickle: the function that rebuilds the object, and its arguments.
type Reduced<'py, A> = (Bound<'py, PyAny>, A);

/// OpenSpiel's `current_player()` value once the game is over.
const TERMINAL: i32 = -4;

/// A game and its rules, as `load_game` returns it.
#[pyclass(module = "agame", name = "Game", frozen, eq)]
#[derive(Clone, PartialEq)]
struct PyGame {
    spec: Spec,
    ints: ActionInts,
}

#[pymethods]
impl PyGame {
    /// The starting position.
    fn new_initial_state(&self) -> PyResult<PyState> {
        Ok(PyState {
            spec: self.spec.clone(),
            ints: self.ints.clone(),
            inner: self.spec.new_state()?,
        })
    }

    /// A position from its text (as `str(state)` writes it); `ValueError` if it does not read or
    /// belongs to other rules.
    fn state_from_text(&self, text: &str) -> PyResult<PyState> {
        Ok(PyState {
            spec: self.spec.clone(),
            ints: self.ints.clone(),
            inner: self.spec.state_from_text(text)?,
        })
    }

    /// The number of seats.
    fn num_players(&self) -> PyResult<u8> {
        Ok(self.spec.new_state()?.player_count())
    }

    /// The most decisions a game can last: the move limit (`max_plies`), or `None` without one.
    fn max_game_length(&self) -> Option<u32> {
        self.spec.max_plies
    }

    /// The number of action numbers: every legal action of every position is below it.
    fn num_distinct_actions(&self) -> PyResult<usize> {
        Ok(self.spec.new_state()?.num_distinct_actions())
    }

    /// The shape of `State.observation_tensor()`: (planes, rows, columns).
    fn observation_tensor_shape(&self) -> PyResult<Vec<usize>> {
        Ok(self.spec.new_state()?.observation_shape().to_vec())
    }

    /// The number of entries of an observation.
    fn observation_tensor_size(&self) -> PyResult<usize> {
        Ok(self.spec.new_state()?.observation_shape().iter().product())
    }

    /// The game's short name (`"pikemen"`, `"gipf"`, `"epaminondas"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.spec.name()
    }

    /// The rules as a dictionary of the `load_game` options.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.spec.option_texts() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// Pickling (multiprocessing, Ray): the game is rebuilt from its name and options.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Reduced<'py, (&'static str, Bound<'py, PyDict>)>> {
        let options = PyDict::new(py);
        for (k, v) in self.spec.options(agame_options::Host::Python) {
            options.set_item(k, v)?;
        }
        options.set_item("max_plies", self.spec.max_plies)?;
        let rebuild = py.import("agame._agame")?.getattr("_game_from_options")?;
        Ok((rebuild, (self.spec.name(), options)))
    }

    fn __repr__(&self) -> String {
        let opts: Vec<String> = self
            .spec
            .option_texts()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("load_game('{}', {})", self.spec.name(), opts.join(", "))
    }
}

/// A position: who is to decide, the legal moves, and how they change it.
#[pyclass(module = "agame", name = "State")]
struct PyState {
    spec: Spec,
    ints: ActionInts,
    inner: Box<dyn Engine>,
}

#[pymethods]
impl PyState {
    /// The 0-based seat to decide next, or -4 (OpenSpiel's terminal value) when the game is over.
    fn current_player(&self) -> i32 {
        self.inner.current().map_or(TERMINAL, i32::from)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.current().is_none()
    }

    /// One value per seat: +1 win, -1 loss, 0 draw (many seats: by rank); zeros while the game
    /// goes on.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// The points each seat holds (captured pieces or points, by game).
    fn scores(&self) -> Vec<i32> {
        self.inner.scores()
    }

    /// The number of seats.
    fn num_players(&self) -> u8 {
        self.inner.player_count()
    }

    /// The legal moves as text, in the engine's order.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays a move given as text. `ValueError` with the reason if it does not read or is not
    /// legal; the state is then unchanged.
    fn play(slf: &Bound<'_, Self>, text: &str) -> PyResult<()> {
        changing(slf)?
            .inner
            .play(text)
            .map_err(PyValueError::new_err)
    }

    /// The legal action numbers, ascending.
    fn legal_actions<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let mut this = changing(slf)?;
        let this = &mut *this;
        let n = this.inner.num_distinct_actions();
        this.ints.list(slf.py(), n, this.inner.legal_actions())
    }

    /// A numpy `int8` array with one entry per action number: 1 where legal.
    fn legal_actions_mask<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut this = changing(slf)?;
        let mut mask = vec![0i8; this.inner.num_distinct_actions()];
        this.inner.legal_mask(&mut mask);
        Ok(PyArray1::from_vec(slf.py(), mask))
    }

    /// Plays an action number. `ValueError` if it is not legal here; the state is then
    /// unchanged.
    fn apply_action(slf: &Bound<'_, Self>, action: i64) -> PyResult<()> {
        let action = u32::try_from(action)
            .map_err(|_| value_error(format!("action {action} is not legal here")))?;
        changing(slf)?
            .inner
            .apply_action(action)
            .map_err(value_error)
    }

    /// The move text of an action number (in this position's context).
    fn action_to_string(&self, action: u32) -> PyResult<String> {
        self.inner
            .action_to_string(action)
            .ok_or_else(|| value_error(format!("no move has action number {action}")))
    }

    /// The action number of a move text.
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        self.inner.string_to_action(text).map_err(value_error)
    }

    /// The observation as a numpy `float32` array of `Game.observation_tensor_shape()`, from
    /// the point of view of `player` (0-based; the seat to move by default, seat 0 once the game
    /// is over).
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        let seat = match player {
            Some(p) => {
                u8::try_from(p).map_err(|_| value_error(format!("no seat {p} in this game")))?
            }
            None => self.inner.current().unwrap_or(0),
        };
        let shape = self.inner.observation_shape();
        let mut out = vec![0.0f32; shape.iter().product()];
        self.inner.observe(seat, &mut out).map_err(value_error)?;
        PyArray1::from_vec(py, out).reshape(shape.to_vec())
    }

    /// Whether the game ended only because its move limit was reached (PettingZoo's
    /// truncation).
    fn is_truncated(&self) -> bool {
        self.inner.truncated()
    }

    /// Why the game ended, in the game's words ("crossing held", "target reached", "move limit
    /// reached", ...), or `None` while it goes on.
    fn end_reason(&self) -> Option<String> {
        self.inner.end_reason()
    }

    /// The number of symmetries of this game's rules (1 = only the identity).
    fn num_symmetries(&self) -> usize {
        self.inner.symmetry_count()
    }

    /// The image of this position under symmetry `sym`.
    fn transformed(&self, sym: usize) -> PyResult<PyState> {
        Ok(PyState {
            spec: self.spec.clone(),
            ints: self.ints.clone(),
            inner: self.inner.transformed(sym).map_err(value_error)?,
        })
    }

    /// The action number, in the transformed position, of a legal action of this one.
    fn transform_action(&self, sym: usize, action: u32) -> PyResult<u32> {
        self.inner
            .transform_action(sym, action)
            .map_err(value_error)
    }

    /// An observation of this position mapped to the transformed position's observation.
    fn transform_observation<'py>(
        &self,
        py: Python<'py>,
        sym: usize,
        observation: PyReadonlyArrayDyn<'py, f32>,
    ) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        let input = observation.as_slice().map_err(|_| {
            value_error("the observation must be a contiguous float32 array".into())
        })?;
        let shape = self.inner.observation_shape();
        let mut out = vec![0.0f32; input.len()];
        self.inner
            .transform_observation(sym, input, &mut out)
            .map_err(value_error)?;
        PyArray1::from_vec(py, out).reshape(shape.to_vec())
    }

    /// A copy of this state.
    fn clone(&self) -> PyState {
        PyState {
            spec: self.spec.clone(),
            ints: self.ints.clone(),
            inner: self.inner.clone_box(),
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// The game this state belongs to.
    fn get_game(&self) -> PyGame {
        PyGame {
            spec: self.spec.clone(),
            ints: self.ints.clone(),
        }
    }

    /// The position as an SVG picture (text): `size` pixels wide, with or without coordinates,
    /// seat `bottom` (0-based) at the bottom.
    #[pyo3(signature = (size=480, coordinates=true, bottom=0))]
    fn svg(&self, size: u32, coordinates: bool, bottom: u8) -> PyResult<String> {
        self.inner
            .svg(size, coordinates, bottom)
            .map_err(value_error)
    }

    /// Jupyter shows a state as its picture.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(480, true, 0)
    }

    /// A board diagram for people.
    fn diagram(&self) -> String {
        self.inner.diagram()
    }

    /// A 64-bit hash of the position (equal positions, equal hashes).
    fn hash(&self) -> u64 {
        self.inner.hash()
    }

    fn __hash__(&self) -> u64 {
        self.inner.hash()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyState>()
            .is_ok_and(|o| self.inner.eq_dyn(o.borrow().inner.as_ref()))
    }

    /// The position text, which `Game.state_from_text` reads back.
    fn __str__(&self) -> String {
        self.inner.text()
    }

    fn __repr__(&self) -> String {
        format!("<agame.State {}: {}>", self.spec.name(), self.inner.text())
    }

    /// Pickling (multiprocessing, Ray): the state is rebuilt from its game and its position
    /// text (with the move-limit counter).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (PyGame, String))> {
        let rebuild = py.import("agame._agame")?.getattr("_state_from_text")?;
        Ok((rebuild, (self.get_game(), self.inner.text())))
    }
}

/// Unpickles a `Game`: [`load_game`] with the options as a dictionary.
#[pyfunction]
fn _game_from_options(name: &str, options: &Bound<'_, PyDict>) -> PyResult<PyGame> {
    load_game(name, Some(options))
}

/// Unpickles a `State`: `game.state_from_text(text)`.
#[pyfunction]
fn _state_from_text(game: &PyGame, text: &str) -> PyResult<PyState> {
    game.state_from_text(text)
}

/// Loads a game by name (`"pikemen"`, `"gipf"`, `"epaminondas"`; an `agame_` prefix is
/// allowed) with the command line's options: `players`, `target` (Pikemen); `variant` (GIPF);
/// `board="14x12"`, `stones`, `mirror` (Epaminondas); `max_plies` for every game (a draw after
/// that many decisions; 1000 by default for Pikemen and Epaminondas, none for GIPF; `None`
/// turns it off).
#[pyfunction]
#[pyo3(signature = (name, **options))]
fn load_game(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<PyGame> {
    Ok(PyGame {
        spec: Spec::load(name, options)?,
        ints: ActionInts::default(),
    })
}

/// The names `load_game` accepts.
#[pyfunction]
fn registered_names() -> Vec<&'static str> {
    vec!["pikemen", "gipf", "epaminondas"]
}

#[pymodule]
fn _agame(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<vector::PyVectorEnv>()?;
    m.add_class::<zero::PyBatchedSearch>()?;
    m.add_class::<learned::PyBot>()?;
    m.add_class::<learned::PyNetwork>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(registered_names, m)?)?;
    m.add_function(wrap_pyfunction!(_game_from_options, m)?)?;
    m.add_function(wrap_pyfunction!(_state_from_text, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
