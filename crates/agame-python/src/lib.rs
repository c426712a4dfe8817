//! The Python extension module `agame._agame`; the package `agame` (under `python/`) re-exports
//! it and adds the OpenSpiel and PettingZoo adapters. Names follow OpenSpiel's where it has one.

mod engine;
mod spec;

use engine::Engine;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use spec::Spec;

/// OpenSpiel's `current_player()` value once the game is over.
const TERMINAL: i32 = -4;

/// A game and its rules, as `load_game` returns it.
#[pyclass(module = "agame", name = "Game", frozen, eq)]
#[derive(Clone, PartialEq)]
struct PyGame {
    spec: Spec,
}

#[pymethods]
impl PyGame {
    /// The starting position.
    fn new_initial_state(&self) -> PyResult<PyState> {
        Ok(PyState {
            spec: self.spec.clone(),
            inner: self.spec.new_state()?,
        })
    }

    /// A position from its text (as `str(state)` writes it); `ValueError` if it does not read or
    /// belongs to other rules.
    fn state_from_text(&self, text: &str) -> PyResult<PyState> {
        Ok(PyState {
            spec: self.spec.clone(),
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

    /// The game's short name (`"pikemen"`, `"gipf"`, `"epaminondas"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.spec.name()
    }

    /// The rules as a dictionary of the `load_game` options.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.spec.options() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let opts: Vec<String> = self
            .spec
            .options()
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
    fn play(&mut self, text: &str) -> PyResult<()> {
        self.inner.play(text).map_err(PyValueError::new_err)
    }

    /// Whether the game ended only because its move limit was reached (PettingZoo's
    /// truncation).
    fn is_truncated(&self) -> bool {
        self.inner.truncated()
    }

    /// A copy of this state.
    fn clone(&self) -> PyState {
        PyState {
            spec: self.spec.clone(),
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
        }
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
        spec: Spec::from_options(name, options)?,
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
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(registered_names, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
