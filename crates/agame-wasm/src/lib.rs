//! The WebAssembly package `agame`: the Pikemen, GIPF and Epaminondas engines and their bots for
//! JavaScript, with the names of the Python package in JavaScript's spelling.
//!
//! ```js
//! import { loadGame } from "agame";
//! const game = loadGame("pikemen", { players: 2 });
//! const state = game.newInitialState();
//! state.play(state.legalMoves()[0]);
//! const reply = state.botMove("alphabeta:depth=2");
//! ```
//!
//! Errors are thrown as JavaScript `Error`s with the reason; a failed call changes nothing.
//! The Rust side is in [`spec`] and [`engine`], plain Rust that the native workspace tests.

#![deny(missing_docs)]

pub mod engine;
pub mod spec;

use abstract_game_search::{BotSpec, Limits};
use core::time::Duration;
use engine::{Engine, Picture};
use js_sys::{Array, Object};
use spec::{Load, Spec, Value};
use wasm_bindgen::prelude::*;

/// OpenSpiel's (and the Python package's) `currentPlayer()` value once the game is over.
const TERMINAL: i32 = -4;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** The options of `loadGame`, by game (the command line's names). */
export interface GameOptions {
  /** Pikemen: 2 to 4 seats. */
  players?: number;
  /** Pikemen: the points that win. */
  target?: number;
  /** Pikemen: after a charge the piece "may-keep" its state (the default) or "must-change" it (the seed text's rule). */
  afterCharge?: string;
  /** GIPF: "basic", "standard" or "tournament". */
  variant?: string;
  /** Epaminondas: the board as "WxH", for example "14x12". */
  board?: string;
  /** Epaminondas: stones rule. */
  stones?: boolean;
  /** Epaminondas: mirror rule. */
  mirror?: boolean;
  /** Every game: a draw after this many decisions; null for none (default 1000 for Pikemen and Epaminondas, none for GIPF). */
  maxPlies?: number | null;
}
/** How `State.svg` draws the board. */
export interface SvgSettings {
  /** Width in pixels (480). */
  size?: number;
  /** Write the coordinates (true). */
  coordinates?: boolean;
  /** The 0-based seat drawn at the bottom (0). */
  bottom?: number;
  /** Highlight the last move played on this state (false). */
  lastMove?: boolean;
  /** Places to mark by name, for example ["e4", "e5"]. */
  highlights?: string[];
}
/** A bot's budget; what is unset comes from the bot's spec. */
export interface Budget {
  /** MCTS iterations or alpha-beta nodes. */
  iterations?: number;
  /** Alpha-beta depth in plies. */
  depth?: number;
  /** Wall time in milliseconds. */
  ms?: number;
}
"#;

fn error(message: impl AsRef<str>) -> JsError {
    JsError::new(message.as_ref())
}

fn value(v: &JsValue, name: &str) -> Result<Value, JsError> {
    if v.is_null() || v.is_undefined() {
        Ok(Value::Null)
    } else if let Some(b) = v.as_bool() {
        Ok(Value::Bool(b))
    } else if let Some(x) = v.as_f64() {
        Ok(Value::Number(x))
    } else if let Some(t) = v.as_string() {
        Ok(Value::Text(t))
    } else {
        Err(error(format!(
            "{name}: takes a number, a string or a boolean"
        )))
    }
}

/// The `[key, value]` pairs of a plain object; none for `undefined` or `null`.
fn entries(object: &JsValue, what: &str) -> Result<Vec<(String, JsValue)>, JsError> {
    if object.is_null() || object.is_undefined() {
        return Ok(Vec::new());
    }
    let object: &Object = object
        .dyn_ref()
        .ok_or_else(|| error(format!("{what} must be an object")))?;
    Object::entries(object)
        .iter()
        .map(|pair| {
            let pair = Array::from(&pair);
            let key = pair.get(0).as_string().unwrap_or_default();
            Ok((key, pair.get(1)))
        })
        .collect()
}

fn whole(v: &JsValue, name: &str) -> Result<Option<u64>, JsError> {
    match value(v, name)? {
        Value::Null => Ok(None),
        Value::Number(x) if x.fract() == 0.0 && (0.0..=9.0e15).contains(&x) => Ok(Some(x as u64)),
        _ => Err(error(format!("{name} takes a whole number"))),
    }
}

/// A game and its rules, as `loadGame` returns it.
#[wasm_bindgen(js_name = Game)]
#[derive(Clone, Debug)]
pub struct WasmGame {
    spec: Spec,
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// The starting position.
    #[wasm_bindgen(js_name = newInitialState)]
    pub fn new_initial_state(&self) -> Result<State, JsError> {
        Ok(State {
            inner: self.spec.new_state().map_err(error)?,
        })
    }

    /// A position from its text (as `State.toString()` writes it); throws if it does not read
    /// or belongs to other rules.
    #[wasm_bindgen(js_name = stateFromText)]
    pub fn state_from_text(&self, text: &str) -> Result<State, JsError> {
        Ok(State {
            inner: self.spec.state_from_text(text).map_err(error)?,
        })
    }

    /// The game's short name (`"pikemen"`, `"gipf"`, `"epaminondas"`).
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.spec.name().to_string()
    }

    /// The move limit (`maxPlies`), or `undefined` without one.
    #[wasm_bindgen(js_name = maxGameLength)]
    pub fn max_game_length(&self) -> Option<u32> {
        self.spec.max_plies
    }
}

/// A position: who is to decide, the legal moves, and how they change it.
#[wasm_bindgen]
pub struct State {
    inner: Box<dyn Engine>,
}

impl core::fmt::Debug for State {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "State({})", self.inner.text())
    }
}

#[wasm_bindgen]
impl State {
    /// The 0-based seat to decide next, or -4 (OpenSpiel's terminal value) when the game is over.
    #[wasm_bindgen(js_name = currentPlayer)]
    pub fn current_player(&self) -> i32 {
        self.inner.current().map_or(TERMINAL, i32::from)
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isTerminal)]
    pub fn is_terminal(&self) -> bool {
        self.inner.current().is_none()
    }

    /// Whether the game ended only because its move limit was reached.
    #[wasm_bindgen(js_name = isTruncated)]
    pub fn is_truncated(&self) -> bool {
        self.inner.truncated()
    }

    /// `"ongoing"`, or the outcome: `"winner 2"` (seats counted from 1), `"draw"`, or a ranking
    /// such as `"ranks 2,1,3"`.
    pub fn status(&self) -> String {
        self.inner.status()
    }

    /// Why the game ended, in the game's words (`"crossing held"`, `"target reached"`,
    /// `"the other player has no legal move"`, `"move limit reached"`, ...), or `undefined`
    /// while it goes on.
    #[wasm_bindgen(js_name = endReason)]
    pub fn end_reason(&self) -> Option<String> {
        self.inner.end_reason()
    }

    /// One value per seat: +1 win, -1 loss, 0 draw (many seats: by rank); zeros while the game
    /// goes on.
    pub fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// The points each seat holds (captured pieces or points, by game).
    pub fn scores(&self) -> Vec<i32> {
        self.inner.scores()
    }

    /// The number of seats.
    #[wasm_bindgen(js_name = numPlayers)]
    pub fn num_players(&self) -> u8 {
        self.inner.player_count()
    }

    /// The legal moves as text, in the engine's order.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays a move given as text; throws with the reason if it does not read or is not legal,
    /// and the state is then unchanged.
    pub fn play(&mut self, text: &str) -> Result<(), JsError> {
        self.inner.play(text).map_err(error)
    }

    /// A copy of this state.
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> State {
        State {
            inner: self.inner.clone_box(),
        }
    }

    /// The position text, which `Game.stateFromText` reads back.
    #[wasm_bindgen(js_name = toString)]
    pub fn text(&self) -> String {
        self.inner.text()
    }

    /// A board diagram for people.
    pub fn diagram(&self) -> String {
        self.inner.diagram()
    }

    /// A 64-bit hash of the position (equal positions, equal hashes).
    pub fn hash(&self) -> u64 {
        self.inner.hash()
    }

    /// The picture of the position as an SVG document.
    pub fn svg(
        &self,
        #[wasm_bindgen(unchecked_param_type = "SvgSettings | undefined")] settings: JsValue,
    ) -> Result<String, JsError> {
        let mut picture = Picture::default();
        for (key, v) in entries(&settings, "svg settings")? {
            match key.as_str() {
                "size" => picture.size = whole(&v, "size")?.map(|n| n.min(8192) as u32),
                "coordinates" => picture.coordinates = v.as_bool(),
                "bottom" => {
                    picture.bottom = whole(&v, "bottom")?.map(|n| n.min(255) as u8);
                }
                "lastMove" => picture.last_move = v.as_bool().unwrap_or(false),
                "highlights" => {
                    let list: &Array = v
                        .dyn_ref()
                        .ok_or_else(|| error("highlights takes an array of place names"))?;
                    picture.highlights = list.iter().filter_map(|p| p.as_string()).collect();
                }
                other => return Err(error(format!("svg: no setting '{other}'"))),
            }
        }
        self.inner.svg(&picture).map_err(error)
    }

    /// The move a bot chooses here, as text (the state is not changed). `spec` names the bot as
    /// the command line does (`"mcts:iters=2000"`, `"alphabeta:depth=4"`, `"mcts:ms=500:seed=3"`);
    /// `budget` overrides its limits. Throws if the spec does not read or the game is over.
    #[wasm_bindgen(js_name = botMove)]
    pub fn bot_move(
        &self,
        spec: &str,
        #[wasm_bindgen(unchecked_param_type = "Budget | undefined")] budget: JsValue,
    ) -> Result<String, JsError> {
        let spec: BotSpec = spec.parse().map_err(|e| error(format!("bot: {e}")))?;
        let mut limits = Limits::none();
        for (key, v) in entries(&budget, "budget")? {
            match key.as_str() {
                "iterations" => limits.iterations = whole(&v, "iterations")?,
                "depth" => {
                    limits.depth = whole(&v, "depth")?.map(|d| d.min(u64::from(u32::MAX)) as u32);
                }
                "ms" => limits.time = whole(&v, "ms")?.map(Duration::from_millis),
                other => return Err(error(format!("budget: no limit '{other}'"))),
            }
        }
        self.inner.bot_move(&spec, &limits).map_err(error)
    }

    /// The number of move sequences of `depth` decisions from here (a speed and rules check).
    pub fn perft(&self, depth: u32) -> f64 {
        self.inner.perft(depth) as f64
    }

    /// Plays `games` uniformly random games from here, seeded, inside the module (a speed
    /// measure, like `agame playouts`); returns the plies played in all.
    pub fn playouts(&self, games: u32, seed: u32) -> f64 {
        self.inner.playouts(games, u64::from(seed)) as f64
    }
}

/// Loads a game by name (`"pikemen"`, `"gipf"`, `"epaminondas"`) with the command line's
/// options: `players`, `target` (Pikemen); `variant` (GIPF); `board: "14x12"`, `stones`,
/// `mirror` (Epaminondas); `maxPlies` for every game. Throws on an unknown game or option.
#[wasm_bindgen(js_name = loadGame)]
pub fn load_game(
    name: &str,
    #[wasm_bindgen(unchecked_param_type = "GameOptions | undefined")] options: JsValue,
) -> Result<WasmGame, JsError> {
    let mut list = Vec::new();
    for (key, v) in entries(&options, "options")? {
        let v = value(&v, &key)?;
        list.push((key, v));
    }
    Ok(WasmGame {
        spec: Spec::load(name, &list).map_err(error)?,
    })
}

/// The names `loadGame` accepts.
#[wasm_bindgen(js_name = registeredNames)]
pub fn registered_names() -> Vec<String> {
    ["pikemen", "gipf", "epaminondas"]
        .map(String::from)
        .to_vec()
}
