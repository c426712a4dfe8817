//! Bots from spec strings for every host, the `zero` bot included: its network file is read
//! by the host (a path for the program and Python, bytes for JavaScript) and checked here
//! against the game's name, rules and sizes, once for all of them.

use crate::{Host, Kind, Spec};
use abstract_game::{Actions, Evaluate, Game, MoveLimit, Observe};
use abstract_game_search::network::Network;
use abstract_game_search::{Bot, BotKind, BotSpec, Limits, SearchInfo};
use core::any::Any;
use epaminondas_core::Epaminondas;
use gipf_core::Gipf;
use pikemen_core::Pikemen;
use std::sync::Arc;

/// The bot of `spec` for games like `state`. A `zero` spec's network comes from
/// `network(model)` (read and parsed by the host: [`read_network`] does both from bytes) and is
/// checked against the game; every other spec builds as [`BotSpec::build`] does.
///
/// # Errors
/// What `network` says, a network that does not fit the game, or a view of a game that has
/// no action numbers (GIPF by whole turns).
pub fn bot<G: Evaluate>(
    state: &G,
    spec: &BotSpec,
    network: impl FnOnce(&str) -> Result<Arc<Network>, String>,
) -> Result<Box<dyn Bot<G>>, String> {
    let (BotKind::Zero, Some(model)) = (&spec.kind, &spec.model) else {
        return Ok(spec.build::<G>());
    };
    let net = network(model).map_err(|e| format!("model {model}: {e}"))?;
    let built = plain::<G, Pikemen>(state, |g| Kind::Pikemen(g.config()), spec, &net)
        .or_else(|| plain::<G, Gipf>(state, |g| Kind::Gipf(g.config()), spec, &net))
        .or_else(|| plain::<G, Epaminondas>(state, |g| Kind::Epaminondas(g.config()), spec, &net))
        .or_else(|| limited::<G, Pikemen>(state, |g| Kind::Pikemen(g.config()), spec, &net))
        .or_else(|| limited::<G, Gipf>(state, |g| Kind::Gipf(g.config()), spec, &net))
        .or_else(|| {
            limited::<G, Epaminondas>(state, |g| Kind::Epaminondas(g.config()), spec, &net)
        });
    built
        .unwrap_or_else(|| {
            Err(
                "the zero bot plays GIPF decision by decision (its networks choose one push \
                 or removal at a time); leave out the turn view (--turns)"
                    .to_string(),
            )
        })
        .map_err(|e| format!("model {model}: {e}"))
}

/// A network from the bytes of its file.
///
/// # Errors
/// The file is not a network of the known format (the reason in words).
pub fn read_network(bytes: &[u8]) -> Result<Arc<Network>, String> {
    Network::from_bytes(bytes)
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

/// Checks `network` against the rules of `kind` and an observation of `shape`.
fn fits(network: &Network, kind: Kind, shape: [usize; 3], actions: usize) -> Result<(), String> {
    let rules = Spec {
        kind,
        max_plies: None,
    };
    network
        .check_fits(rules.name(), &rules.options(Host::Python), shape, actions)
        .map_err(|e| e.to_string())
}

/// The observation of `H` under a move limit: one plane more (`MoveLimit`'s).
fn with_limit_plane([planes, rows, cols]: [usize; 3]) -> [usize; 3] {
    [planes + 1, rows, cols]
}

/// `bot` (a `Bot<H>`) as the caller's `Bot<G>`, `G` being `H`.
fn as_caller<G: Game, H: Game>(bot: Box<dyn Bot<H>>) -> Result<Box<dyn Bot<G>>, String> {
    let any: Box<dyn Any> = Box::new(bot);
    any.downcast::<Box<dyn Bot<G>>>()
        .map(|b| *b)
        .map_err(|_| "internal: the bot's type".to_string())
}

/// The zero bot when `G` is the plain game `H`; `None` when it is another type. A network
/// trained under a move limit (its observation has the limit's plane) sees each position
/// as the first of a game under its limit.
fn plain<G: Game, H: Actions + Observe + abstract_game::Evaluate>(
    state: &G,
    kind: impl Fn(&H) -> Kind,
    spec: &BotSpec,
    network: &Arc<Network>,
) -> Option<Result<Box<dyn Bot<G>>, String>> {
    let h = (state as &dyn Any).downcast_ref::<H>()?;
    let (shape, actions) = (h.observation_shape(), h.num_distinct_actions());
    let limit = network.max_plies();
    let bot = match limit {
        Some(max) if network.observation_shape() == with_limit_plane(shape) => {
            fits(network, kind(h), with_limit_plane(shape), actions).map(|()| {
                Box::new(Wrapped {
                    bot: spec.build_zero::<MoveLimit<H>>(Arc::clone(network)),
                    max,
                }) as Box<dyn Bot<H>>
            })
        }
        _ => fits(network, kind(h), shape, actions)
            .map(|()| spec.build_zero::<H>(Arc::clone(network))),
    };
    Some(bot.and_then(as_caller))
}

/// The zero bot when `G` is `MoveLimit<H>`; `None` when it is another type. A network
/// trained without a move limit sees the positions without it.
fn limited<G: Game, H: Actions + Observe + abstract_game::Evaluate>(
    state: &G,
    kind: impl Fn(&H) -> Kind,
    spec: &BotSpec,
    network: &Arc<Network>,
) -> Option<Result<Box<dyn Bot<G>>, String>> {
    let m = (state as &dyn Any).downcast_ref::<MoveLimit<H>>()?;
    let h = m.inner();
    let (shape, actions) = (h.observation_shape(), h.num_distinct_actions());
    let bot = if network.observation_shape() == shape {
        fits(network, kind(h), shape, actions).map(|()| {
            Box::new(Unwrapped {
                bot: spec.build_zero::<H>(Arc::clone(network)),
            }) as Box<dyn Bot<MoveLimit<H>>>
        })
    } else {
        fits(network, kind(h), with_limit_plane(shape), actions)
            .map(|()| spec.build_zero::<MoveLimit<H>>(Arc::clone(network)))
    };
    Some(bot.and_then(as_caller))
}

/// A bot of `MoveLimit<H>` playing `H`: each position is the first of a game limited to
/// `max` decisions.
struct Wrapped<H: Game> {
    bot: Box<dyn Bot<MoveLimit<H>>>,
    max: u32,
}

impl<H: Game> Bot<H> for Wrapped<H> {
    fn choose(&mut self, state: &H, limits: &Limits) -> Option<(H::Move, SearchInfo<H::Move>)> {
        self.bot
            .choose(&MoveLimit::wrap(state.clone(), 0, self.max), limits)
    }

    fn new_game(&mut self) {
        self.bot.new_game();
    }
}

/// A bot of `H` playing `MoveLimit<H>`, blind to the limit.
struct Unwrapped<H: Game> {
    bot: Box<dyn Bot<H>>,
}

impl<H: Game> Bot<MoveLimit<H>> for Unwrapped<H> {
    fn choose(
        &mut self,
        state: &MoveLimit<H>,
        limits: &Limits,
    ) -> Option<(H::Move, SearchInfo<H::Move>)> {
        state.to_move()?;
        self.bot.choose(state.inner(), limits)
    }

    fn new_game(&mut self) {
        self.bot.new_game();
    }
}
