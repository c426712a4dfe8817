//! Python ints for the action numbers of a game, made once and shared by its states: a list of
//! legal actions is then built from references (an increment each) instead of ~200 new int
//! objects per position, which was most of the cost of `legal_actions()`.

use pyo3::prelude::*;
use pyo3::types::PyList;
use std::sync::{Arc, OnceLock};

/// The ints `0..n` of one game's action numbers, made the first time a list is asked for.
#[derive(Clone, Default)]
pub struct ActionInts(Arc<OnceLock<Box<[Py<PyAny>]>>>);

impl PartialEq for ActionInts {
    /// Always equal: the table holds nothing but the numbers `0..n` of the game it belongs to,
    /// and its owners compare their games themselves.
    fn eq(&self, _: &ActionInts) -> bool {
        true
    }
}

impl ActionInts {
    /// The Python list of `actions` (all below `n`, the game's number of actions).
    pub fn list<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        actions: &[u32],
    ) -> PyResult<Bound<'py, PyList>> {
        let table = self.0.get_or_init(|| {
            (0..n)
                .map(|a| {
                    (a as u32)
                        .into_pyobject(py)
                        .map_or_else(|e| match e {}, |i| i.into_any().unbind())
                })
                .collect()
        });
        PyList::new(
            py,
            actions.iter().map(|&a| match table.get(a as usize) {
                Some(int) => int.bind(py).clone(),
                None => a
                    .into_pyobject(py)
                    .map_or_else(|e| match e {}, Bound::into_any),
            }),
        )
    }
}
