//! Game names and options, as `loadGame` takes them: read by `agame-options` (the same reader
//! as the Python package's), and the states built from them.

use crate::engine::{Board, Engine, Held};
use abstract_game::MoveLimit;
use agame_options::{Host, Kind, read_position};
pub use agame_options::{Spec, Value};

/// What this package does with a [`Spec`].
pub trait Load: Sized {
    /// Reads `loadGame`'s name and options (JavaScript's spelling in the messages).
    fn load(name: &str, options: &[(String, Value)]) -> Result<Self, String>;
    /// The starting position.
    fn new_state(&self) -> Result<Box<dyn Engine>, String>;
    /// A position from its text (as `toString()` writes it); it must be a position of this
    /// game and these options.
    fn state_from_text(&self, text: &str) -> Result<Box<dyn Engine>, String>;
}

fn held<G: Board>(spec: &Spec, state: G, plies: u32) -> Box<dyn Engine> {
    match spec.max_plies {
        Some(n) => Box::new(Held::new(MoveLimit::wrap(state, plies, n))),
        None => Box::new(Held::new(state)),
    }
}

fn start<G: Board>(spec: &Spec, config: &G::Config) -> Result<Box<dyn Engine>, String> {
    let state = G::new(config).map_err(|e| format!("bad options: {e}"))?;
    Ok(held(spec, state, 0))
}

fn read<G: Board>(spec: &Spec, config: &G::Config, text: &str) -> Result<Box<dyn Engine>, String> {
    let (state, plies) = read_position::<G>(text, config, spec.max_plies)?;
    Ok(held(spec, state, plies))
}

impl Load for Spec {
    fn load(name: &str, options: &[(String, Value)]) -> Result<Spec, String> {
        Spec::from_options(name, options.iter().cloned(), Host::JavaScript)
    }

    fn new_state(&self) -> Result<Box<dyn Engine>, String> {
        match &self.kind {
            Kind::Pikemen(c) => start::<pikemen_core::Pikemen>(self, c),
            Kind::Gipf(c) => start::<gipf_core::Gipf>(self, c),
            Kind::Epaminondas(c) => start::<epaminondas_core::Epaminondas>(self, c),
        }
    }

    fn state_from_text(&self, text: &str) -> Result<Box<dyn Engine>, String> {
        match &self.kind {
            Kind::Pikemen(c) => read::<pikemen_core::Pikemen>(self, c, text),
            Kind::Gipf(c) => read::<gipf_core::Gipf>(self, c, text),
            Kind::Epaminondas(c) => read::<epaminondas_core::Epaminondas>(self, c, text),
        }
    }
}
