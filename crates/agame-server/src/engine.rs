//! The rules on the server: a game's options read by `agame-options` (the reader the Python
//! and WebAssembly packages share), and one object-safe view of every game's state, so that
//! the server checks every move with the engines without generics.

use abstract_game::{
    EndReason, Evaluate, Game, MoveLimit, MoveList, PlayerId, Status, SvgOptions, ToSvg,
};
use abstract_game_search::BotSpec;
use agame_options::{Host, Kind, Spec, Value};

/// A game's state as the server uses it, for any game.
pub trait Table: Send + Sync {
    /// A copy.
    fn clone_box(&self) -> Box<dyn Table>;
    /// The 0-based seat to decide next, or `None` once the game is over.
    fn to_move(&self) -> Option<usize>;
    /// The 0-based rank of each seat (0 is first; equal ranks share a place) once the game
    /// is over.
    fn ranks(&self) -> Option<Vec<u8>>;
    /// Why the game ended by its rules (or by its move limit), in the game's words.
    fn end_reason(&self) -> Option<String>;
    /// The points of each seat.
    fn scores(&self) -> Vec<i32>;
    /// The legal moves as text, in the engine's order.
    fn legal_moves(&self) -> Vec<String>;
    /// Reads and plays a move, giving back its notation as the engine writes it; on error the
    /// state is unchanged and the error says why.
    fn play(&mut self, text: &str) -> Result<String, String>;
    /// The position text.
    fn text(&self) -> String;
    /// The picture, seat `bottom` (0-based) at the bottom, the last move played marked.
    fn svg(&self, bottom: usize) -> String;
    /// The move the bot of `spec` chooses (the spec's budget), or `None` once the game is over.
    fn bot_move(&self, spec: &BotSpec) -> Option<String>;
}

/// A state and what its last move showed, for the picture.
struct Held<G: Game + ToSvg> {
    state: G,
    last: Option<G::LastMove>,
}

impl<G: Game + ToSvg> Held<G> {
    fn new(state: G) -> Held<G> {
        Held { state, last: None }
    }
}

impl<G> Table for Held<G>
where
    G: Game + Evaluate + EndReason + ToSvg + Send + Sync + 'static,
    G::LastMove: Send + Sync,
{
    fn clone_box(&self) -> Box<dyn Table> {
        Box::new(Held {
            state: self.state.clone(),
            last: self.last.clone(),
        })
    }

    fn to_move(&self) -> Option<usize> {
        self.state.to_move().map(PlayerId::index)
    }

    fn ranks(&self) -> Option<Vec<u8>> {
        match self.state.status() {
            Status::Ongoing(_) => None,
            Status::Finished(o) => Some(
                PlayerId::all(self.state.player_count())
                    .map(|p| o.rank(p))
                    .collect(),
            ),
        }
    }

    fn end_reason(&self) -> Option<String> {
        self.state.end().map(|e| e.to_string())
    }

    fn scores(&self) -> Vec<i32> {
        PlayerId::all(self.state.player_count())
            .map(|p| self.state.score(p))
            .collect()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = MoveList::<G>::new();
        self.state.generate_moves(&mut moves);
        moves.iter().map(ToString::to_string).collect()
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        let mv = self
            .state
            .parse_move(text.trim())
            .map_err(|e| format!("cannot read move '{text}': {e}"))?;
        let last = self.state.last_move(mv);
        self.state.apply(mv).map_err(|e| format!("{text}: {e}"))?;
        self.last = last;
        Ok(mv.to_string())
    }

    fn text(&self) -> String {
        self.state.to_string()
    }

    fn svg(&self, bottom: usize) -> String {
        let mut options = SvgOptions::default();
        if let Some(seat) = PlayerId::all(self.state.player_count()).nth(bottom) {
            options.bottom = seat;
        }
        options.last_move = self.last.clone();
        self.state.to_svg(&options)
    }

    fn bot_move(&self, spec: &BotSpec) -> Option<String> {
        let mut bot = spec.build::<G>();
        bot.choose(&self.state, &spec.limits())
            .map(|(mv, _)| mv.to_string())
    }
}

fn held<G>(spec: &Spec, config: &G::Config) -> Result<Box<dyn Table>, String>
where
    G: Game + Evaluate + EndReason + ToSvg + Send + Sync + 'static,
    G::LastMove: Send + Sync,
{
    let state = G::new(config).map_err(|e| format!("bad options: {e}"))?;
    Ok(match spec.max_plies {
        Some(n) => Box::new(Held::new(MoveLimit::wrap(state, 0, n))),
        None => Box::new(Held::new(state)),
    })
}

/// The starting position of the game `spec` describes.
pub fn start(spec: &Spec) -> Result<Box<dyn Table>, String> {
    match &spec.kind {
        Kind::Pikemen(c) => held::<pikemen_core::Pikemen>(spec, c),
        Kind::Gipf(c) => held::<gipf_core::Gipf>(spec, c),
        Kind::Epaminondas(c) => held::<epaminondas_core::Epaminondas>(spec, c),
    }
}

/// Reads a game name and its options from JSON (`{"players": 3}`): the values the
/// `agame-options` reader takes (numbers, strings, booleans, `null`), nothing nested.
pub fn read_spec(
    game: &str,
    options: &serde_json::Map<String, serde_json::Value>,
) -> Result<Spec, String> {
    let mut values = Vec::with_capacity(options.len());
    for (key, value) in options {
        let v = match value {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => {
                Value::Number(n.as_f64().ok_or_else(|| format!("{key}: not a number"))?)
            }
            serde_json::Value::String(s) => Value::Text(s.clone()),
            _ => return Err(format!("{key} takes a number, a string or a boolean")),
        };
        values.push((key.as_str(), v));
    }
    Spec::from_options(game, values, Host::JavaScript)
}

/// The options of `spec` as the page and the API spell them, the move limit included, so
/// that [`read_spec`] reads them back to the same rules.
#[must_use]
pub fn options_json(spec: &Spec) -> serde_json::Map<String, serde_json::Value> {
    let mut map = serde_json::Map::new();
    for (name, text) in spec.options(Host::JavaScript) {
        let value = match text.as_str() {
            "true" => serde_json::Value::Bool(true),
            "false" => serde_json::Value::Bool(false),
            t => t
                .parse::<u64>()
                .map_or_else(|_| serde_json::Value::String(t.into()), Into::into),
        };
        map.insert(name.into(), value);
    }
    map.insert(
        "maxPlies".into(),
        spec.max_plies.map_or(serde_json::Value::Null, Into::into),
    );
    map
}

/// The variant's name for ratings and lists: the rule options and the move limit, in a fixed
/// order (`players=2,target=12,afterCharge=may-keep,maxPlies=1000`).
#[must_use]
pub fn variant(spec: &Spec) -> String {
    let mut parts: Vec<String> = spec
        .options(Host::JavaScript)
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    parts.push(match spec.max_plies {
        Some(n) => format!("maxPlies={n}"),
        None => "maxPlies=none".into(),
    });
    parts.join(",")
}

/// The number of seats of the game `spec` describes.
#[must_use]
pub fn players(spec: &Spec) -> usize {
    match &spec.kind {
        Kind::Pikemen(c) => usize::from(c.players),
        Kind::Gipf(_) | Kind::Epaminondas(_) => 2,
    }
}

/// The options of `agame replay` that give these rules (`--players 3 --target 12 ...`).
#[must_use]
pub fn replay_options(spec: &Spec) -> String {
    let mut parts = Vec::new();
    match &spec.kind {
        Kind::Pikemen(c) => {
            parts.push(format!("--players {} --target {}", c.players, c.target));
            let keep = if c.charge_keeps_state {
                "may-keep"
            } else {
                "must-change"
            };
            parts.push(format!("--after-charge {keep}"));
        }
        Kind::Gipf(c) => parts.push(format!("--variant {}", c.variant)),
        Kind::Epaminondas(c) => {
            parts.push(format!("--board {}x{}", c.width, c.height));
            if c.stones {
                parts.push("--stones".into());
            }
            parts.push(format!("--mirror {}", if c.mirror { "on" } else { "off" }));
        }
    }
    if let Some(n) = spec.max_plies {
        parts.push(format!("--max-plies {n}"));
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(game: &str, options: serde_json::Value) -> Result<Spec, String> {
        read_spec(game, options.as_object().unwrap())
    }

    #[test]
    fn options_read_back_to_the_same_rules() {
        for (game, options) in [
            ("pikemen", serde_json::json!({"players": 3, "target": 8})),
            ("gipf", serde_json::json!({"variant": "basic"})),
            (
                "epaminondas",
                serde_json::json!({"board": "8x8", "stones": true, "maxPlies": 40}),
            ),
        ] {
            let s = spec(game, options).unwrap();
            let again = read_spec(game, &options_json(&s)).unwrap();
            assert_eq!(again, s);
            assert_eq!(variant(&again), variant(&s));
        }
    }

    #[test]
    fn nested_values_and_unknown_options_are_refused() {
        let nested = spec("pikemen", serde_json::json!({"players": [3]})).unwrap_err();
        assert_eq!(nested, "players takes a number, a string or a boolean");
        let unknown = spec("gipf", serde_json::json!({"players": 3})).unwrap_err();
        assert!(
            unknown.contains("gipf has no option 'players'"),
            "{unknown}"
        );
    }

    #[test]
    fn moves_are_checked_and_a_refused_move_changes_nothing() {
        let s = spec("pikemen", serde_json::json!({"players": 4})).unwrap();
        assert_eq!(players(&s), 4);
        let mut t = start(&s).unwrap();
        let before = t.text();
        assert!(t.play("nonsense").unwrap_err().contains("cannot read move"));
        assert_eq!(t.text(), before);
        let first = t.legal_moves()[0].clone();
        t.play(&first).unwrap();
        assert_eq!(t.to_move(), Some(1));
        assert_ne!(t.text(), before);
        assert!(t.ranks().is_none());
        let bot = t.bot_move(&"random:seed=3".parse().unwrap()).unwrap();
        assert!(t.legal_moves().contains(&bot));
    }

    #[test]
    fn replay_options_name_every_rule() {
        let s = spec(
            "epaminondas",
            serde_json::json!({"board": "10x8", "stones": true}),
        )
        .unwrap();
        assert_eq!(
            replay_options(&s),
            "--board 10x8 --stones --mirror on --max-plies 1000"
        );
        let g = spec("gipf", serde_json::json!({})).unwrap();
        assert_eq!(replay_options(&g), "--variant standard");
    }
}
