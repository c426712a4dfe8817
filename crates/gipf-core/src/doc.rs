//! The documentation pages shipped with the crate: the rules as implemented, the notation and
//! what stays stable across versions.

#[doc = include_str!("../docs/rules.md")]
pub mod rules {}

#[doc = include_str!("../docs/notation.md")]
pub mod notation {}

/// # Stability
///
/// The stable texts of this crate: the texts of [`Decision`](crate::Decision) and
/// [`Turn`](crate::Turn), the position text of [`Gipf`](crate::Gipf) and
/// [`GipfTurns`](crate::GipfTurns), and the official record form of [`record`](crate::record) module,
/// as the [notation page](crate::doc::notation) defines them, and their serde forms.
/// They follow the workspace's promise in [`abstract_game::stability`]: within a compatible
/// version they are read and written the same way, and so are the hash values
/// ([`Game::hash64`](abstract_game::Game::hash64)), the order of the legal moves and therefore
/// seeded playouts; a change of any of them is a breaking change (a new minor version while the
/// crate is `0.x`). The diagram (`Game::diagram`) and error messages are for people and may
/// change in any release.
pub mod stability {}

// The README's example runs as a doctest, so the packaged README stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
