//! The WebAssembly package `agame`: the Pikemen, GIPF and Epaminondas engines and their bots for
//! JavaScript, with the names of the Python package in JavaScript's spelling.
//!
//! ```js
//! import { loadGame } from "agame";
//! const game = loadGame("pikemen", { players: 2 });
//! const state = game.newInitialState();
//! state.play(state.legalMoves()[0]);
//! const reply = state.botMove("alphabeta:depth=2");
//! const actions = state.legalActions(); // Uint32Array, for learning code
//! state.applyAction(actions[0]);
//! ```
//!
//! Errors are thrown as JavaScript `Error`s with the reason; a failed call changes nothing.
//! Every argument's type and range is checked ([`args`]).
//! The Rust side is in [`spec`] and [`engine`], plain Rust that the native workspace tests.

#![deny(missing_docs)]

pub mod args;
pub mod engine;
pub mod spec;
pub mod texts;

use abstract_game_search::{BotSpec, Limits};
use args::{
    F32Out, MAX_PERFT_DEPTH, MAX_POSITION_TEXT, MAX_SAFE, MAX_SHORT_TEXT, Out, U8Out, U32Out,
    entries, error, optional_bool, optional_whole, strings, text, whole,
};
use core::time::Duration;
use engine::{Engine, Picture};
use js_sys::{Array, Float32Array, Uint8Array, Uint32Array};
use spec::{Load, Spec, Value};
use wasm_bindgen::JsCast as _;
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

fn value(v: &JsValue, name: &str) -> Result<Value, JsError> {
    if v.is_null() || v.is_undefined() {
        Ok(Value::Null)
    } else if let Some(b) = v.as_bool() {
        Ok(Value::Bool(b))
    } else if let Some(x) = v.as_f64() {
        Ok(Value::Number(x))
    } else if v.is_string() {
        Ok(Value::Text(text(v, name, MAX_SHORT_TEXT)?))
    } else {
        Err(error(format!(
            "{name}: takes a number, a string or a boolean, not {}",
            args::kind(v)
        )))
    }
}

/// A game and its rules, as `loadGame` returns it.
#[wasm_bindgen(js_name = Game)]
pub struct WasmGame {
    spec: Spec,
    /// The starting position, which every state of this game copies or shares its numbering
    /// of move texts with, and the strings of those texts (see `texts.rs`).
    start: Box<dyn Engine>,
    strings: Array,
}

impl core::fmt::Debug for WasmGame {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Game({:?})", self.spec)
    }
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// The starting position.
    #[wasm_bindgen(js_name = newInitialState)]
    pub fn new_initial_state(&self) -> Result<State, JsError> {
        Ok(State::new(self.start.clone_box(), self.strings.clone()))
    }

    /// A position from its text (as `State.toString()` writes it); throws if it does not read
    /// or belongs to other rules.
    #[wasm_bindgen(js_name = stateFromText)]
    pub fn state_from_text(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<State, JsError> {
        let text = args::text(&text, "stateFromText: the position text", MAX_POSITION_TEXT)?;
        let mut inner = self.spec.state_from_text(&text).map_err(error)?;
        inner.share_texts(&*self.start);
        Ok(State::new(inner, self.strings.clone()))
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

    /// How many action numbers this game uses: every legal action of every position is
    /// below it (the length of `State.legalActionsMask()`).
    #[wasm_bindgen(js_name = numDistinctActions)]
    pub fn num_distinct_actions(&self) -> u32 {
        u32::try_from(self.start.num_distinct_actions()).unwrap_or(u32::MAX)
    }

    /// The shape of `State.observation()`: `[planes, rows, columns]`, the same for every
    /// position of this game.
    #[wasm_bindgen(js_name = observationShape, unchecked_return_type = "[number, number, number]")]
    pub fn observation_shape(&self) -> Array {
        let shape = self.start.observation_shape();
        shape.iter().map(|&n| JsValue::from_f64(n as f64)).collect()
    }
}

// The strings of the moves a state has met, by number (`texts.rs`): new ones are added from
// one text, and `legalMoves()` picks its strings from them in one call; `legalActionsInto`
// checks and fills the caller's array in one call.
#[wasm_bindgen(inline_js = "
export function addTexts(strings, lines) {
  const list = lines.split('\\n');
  for (let i = 0; i + 1 < list.length; i++) strings.push(list[i]);
}
export function fillActions(out, actions) {
  if (!(out instanceof Uint32Array) || out.length < actions.length) return -1;
  out.set(actions);
  return actions.length;
}
export function pickTexts(strings, numbers) {
  const out = new Array(numbers.length);
  for (let i = 0; i < numbers.length; i++) out[i] = strings[numbers[i]];
  return out;
}
")]
extern "C" {
    #[wasm_bindgen(js_name = addTexts)]
    fn add_texts(strings: &Array, lines: &str);
    // Writes into the caller's `Uint32Array` (whose `length` or `set` may be its own, hence
    // `catch`); -1 when it is not one or is too short.
    #[wasm_bindgen(js_name = fillActions, catch)]
    fn fill_actions(out: &JsValue, actions: &[u32]) -> Result<f64, JsValue>;
    #[wasm_bindgen(js_name = pickTexts)]
    fn pick_texts(strings: &Array, numbers: &[u32]) -> Array;
}

/// A position: who is to decide, the legal moves, and how they change it.
#[wasm_bindgen]
pub struct State {
    inner: Box<dyn Engine>,
    /// The strings of the move texts met, by number (shared with the game and its other
    /// states), and the texts of new ones.
    strings: Array,
    new_texts: String,
    /// The buffers `observation` and `legalActionsMask` fill before copying them out.
    observation: Vec<f32>,
    mask: Vec<u8>,
}

impl core::fmt::Debug for State {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "State({})", self.inner.text())
    }
}

impl State {
    fn new(inner: Box<dyn Engine>, strings: Array) -> State {
        State {
            inner,
            strings,
            new_texts: String::new(),
            observation: Vec::new(),
            mask: Vec::new(),
        }
    }

    /// The number of an action argument (`what` names the call).
    fn action(v: &JsValue, what: &str) -> Result<u32, JsError> {
        // The name is formatted only for an error: a program playing many plies calls this
        // once a ply.
        let n = whole(v, format_args!("{what}: the action"), u64::from(u32::MAX))?;
        Ok(n as u32)
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

    /// The legal moves as text, in the engine's order (a new array each call).
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
    pub fn legal_moves(&mut self) -> Array {
        // Only the texts of moves never met cross, as one string; the rest are numbers.
        let numbers = self.inner.legal_move_numbers(&mut self.new_texts);
        if !self.new_texts.is_empty() {
            add_texts(&self.strings, &self.new_texts);
            self.new_texts.clear();
        }
        pick_texts(&self.strings, numbers)
    }

    /// Plays a move given as text; throws with the reason if it does not read or is not legal,
    /// and the state is then unchanged.
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<(), JsError> {
        let text = args::text(&text, "play: the move", MAX_SHORT_TEXT)?;
        self.inner.play(&text).map_err(error)
    }

    /// The legal action numbers, ascending (a new array each call); empty once the game is
    /// over.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&mut self) -> Uint32Array {
        Uint32Array::from(self.inner.legal_actions())
    }

    /// Writes the legal action numbers, ascending, at the start of `out` (a `Uint32Array` long
    /// enough for them: one of `Game.numDistinctActions()` entries always is) and returns how
    /// many there are; the rest of `out` is left as it was. No array is made per call, for
    /// programs that play many plies.
    #[wasm_bindgen(js_name = legalActionsInto)]
    pub fn legal_actions_into(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array")] out: JsValue,
    ) -> Result<u32, JsError> {
        let what = "legalActionsInto: out";
        let actions = self.inner.legal_actions();
        // The common case in one call to JavaScript; anything else is told apart below.
        if let Ok(n) = fill_actions(&out, actions) {
            if n >= 0.0 {
                return Ok(actions.len() as u32);
            }
        }
        let (out, n) = U32Out::with_length(&out, what).map_err(|e| {
            e.unwrap_or_else(|| {
                error(format!(
                    "{what} must be a Uint32Array, not {}",
                    args::kind(&out)
                ))
            })
        })?;
        if n < actions.len() {
            return Err(error(format!(
                "{what} has {n} entries where {} legal actions are to be written",
                actions.len()
            )));
        }
        out.write(actions, what)?;
        Ok(actions.len() as u32)
    }

    /// One entry per action number (`Game.numDistinctActions()` of them): 1 where the action
    /// is legal, 0 elsewhere. Written into `out` when given (a `Uint8Array` of that length),
    /// else into a new array; returns the array written.
    #[wasm_bindgen(js_name = legalActionsMask)]
    pub fn legal_actions_mask(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "Uint8Array")] out: JsValue,
    ) -> Result<Uint8Array, JsError> {
        let n = self.inner.num_distinct_actions();
        let what = "legalActionsMask: out";
        let out = U8Out::checked(&out, what, n)?;
        self.mask.resize(n, 0);
        self.inner.legal_mask(&mut self.mask).map_err(error)?;
        match out {
            Some(out) => {
                out.write(&self.mask, what)?;
                Ok(out.unchecked_into())
            }
            None => Ok(Uint8Array::from(&self.mask[..])),
        }
    }

    /// Plays an action number (one of `legalActions()`); throws if it is not legal here, and
    /// the state is then unchanged.
    #[wasm_bindgen(js_name = applyAction)]
    pub fn apply_action(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] action: JsValue,
    ) -> Result<(), JsError> {
        let action = State::action(&action, "applyAction")?;
        self.inner.apply_action(action).map_err(error)
    }

    /// The move text of an action number in this position (legal or not); throws for a
    /// number no move has here.
    #[wasm_bindgen(js_name = actionToString)]
    pub fn action_to_string(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] action: JsValue,
    ) -> Result<String, JsError> {
        let action = State::action(&action, "actionToString")?;
        self.inner.action_to_string(action).ok_or_else(|| {
            error(format!(
                "actionToString: no move has action number {action} here"
            ))
        })
    }

    /// The action number of a move text in this position (legal or not); throws if it does
    /// not read.
    #[wasm_bindgen(js_name = stringToAction)]
    pub fn string_to_action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<u32, JsError> {
        let text = args::text(&text, "stringToAction: the move", MAX_SHORT_TEXT)?;
        self.inner.string_to_action(&text).map_err(error)
    }

    /// What `player` (a 0-based seat; by default the seat to move, seat 0 once the game is
    /// over) sees, as `Game.observationShape()` planes flattened: entry `(plane, row, col)`
    /// at `(plane * rows + row) * cols + col`. Written into `out` when given (a `Float32Array`
    /// of the shape's product of entries), else into a new array; returns the array written.
    pub fn observation(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] player: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Float32Array")] out: JsValue,
    ) -> Result<Float32Array, JsError> {
        let seat = match optional_whole(&player, "observation: the player", 255)? {
            Some(p) => p as u8,
            None => self.inner.current().unwrap_or(0),
        };
        let n = self.inner.observation_shape().iter().product();
        let what = "observation: out";
        let out = F32Out::checked(&out, what, n)?;
        self.observation.resize(n, 0.0);
        self.inner
            .observe(seat, &mut self.observation)
            .map_err(|e| error(format!("observation: {e}")))?;
        match out {
            Some(out) => {
                out.write(&self.observation, what)?;
                Ok(out.unchecked_into())
            }
            None => Ok(Float32Array::from(&self.observation[..])),
        }
    }

    /// A copy of this state.
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> State {
        State::new(self.inner.clone_box(), self.strings.clone())
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
        #[wasm_bindgen(unchecked_optional_param_type = "SvgSettings")] settings: JsValue,
    ) -> Result<String, JsError> {
        let mut picture = Picture::default();
        for (key, v) in entries(&settings, "svg settings")? {
            match key.as_str() {
                "size" => {
                    picture.size = optional_whole(&v, "svg: size", 8192)?.map(|n| n as u32);
                    if picture.size == Some(0) {
                        return Err(error("svg: size must be at least 1 pixel"));
                    }
                }
                "coordinates" => picture.coordinates = optional_bool(&v, "svg: coordinates")?,
                "bottom" => {
                    picture.bottom = optional_whole(&v, "svg: bottom", 255)?.map(|n| n as u8);
                }
                "lastMove" => {
                    picture.last_move = optional_bool(&v, "svg: lastMove")?.unwrap_or(false);
                }
                "highlights" => {
                    if !(v.is_undefined() || v.is_null()) {
                        picture.highlights = strings(&v, "svg: highlights")?;
                    }
                }
                other => return Err(error(format!("svg: no setting '{other}'"))),
            }
        }
        self.inner.svg(&picture).map_err(error)
    }

    /// The move a bot chooses here, as text (the state is not changed). `spec` names the bot as
    /// the command line does (`"mcts:iters=2000"`, `"alphabeta:depth=4"`, `"mcts:ms=500:seed=3"`);
    /// `budget` overrides its limits. Throws if the spec does not read, asks for more than one
    /// thread (`threads=2`: a page has no threads to search on), or the game is over.
    #[wasm_bindgen(js_name = botMove)]
    pub fn bot_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] spec: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Budget")] budget: JsValue,
    ) -> Result<String, JsError> {
        let spec = text(&spec, "botMove: the bot spec", MAX_SHORT_TEXT)?;
        let spec: BotSpec = spec.parse().map_err(|e| error(format!("bot: {e}")))?;
        let mut limits = Limits::none();
        for (key, v) in entries(&budget, "budget")? {
            match key.as_str() {
                "iterations" => {
                    limits.iterations = optional_whole(&v, "budget: iterations", MAX_SAFE)?;
                }
                "depth" => {
                    let d = optional_whole(&v, "budget: depth", u64::from(u32::MAX))?;
                    limits.depth = d.map(|d| d as u32);
                }
                "ms" => {
                    limits.time =
                        optional_whole(&v, "budget: ms", MAX_SAFE)?.map(Duration::from_millis);
                }
                other => return Err(error(format!("budget: no limit '{other}'"))),
            }
        }
        NETWORKS
            .with(|n| {
                let n = n.borrow();
                let find = |name: &str| {
                    n.get(name).cloned().ok_or_else(|| {
                        format!(
                            "no network is registered as '{name}' (registerNetwork(name, bytes) \
                             first)"
                        )
                    })
                };
                self.inner.bot_move(&spec, &limits, &find)
            })
            .map_err(error)
    }

    /// The number of move sequences of `depth` decisions from here (a speed and rules check);
    /// `depth` from 0 to 1000, as `agame perft` takes it.
    pub fn perft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    ) -> Result<f64, JsError> {
        let depth = whole(&depth, "perft: the depth", MAX_PERFT_DEPTH)?;
        Ok(self.inner.perft(depth as u32) as f64)
    }

    /// Plays `games` uniformly random games from here (0 to 4,294,967,295), seeded by `seed`
    /// (a whole number up to 2^53 - 1), inside the module (a speed measure, like
    /// `agame playouts`); returns the plies played in all.
    pub fn playouts(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] games: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<f64, JsError> {
        let games = whole(&games, "playouts: the number of games", u64::from(u32::MAX))?;
        let seed = whole(&seed, "playouts: the seed", MAX_SAFE)?;
        Ok(self.inner.playouts(games as u32, seed) as f64)
    }
}

std::thread_local! {
    /// The networks `registerNetwork` read, by name: a page's one thread owns them.
    static NETWORKS: core::cell::RefCell<std::collections::BTreeMap<String, std::sync::Arc<abstract_game_search::network::Network>>> =
        const { core::cell::RefCell::new(std::collections::BTreeMap::new()) };
}

/// The most networks a page may register (each can be megabytes).
const MAX_NETWORKS: usize = 16;

/// Reads a trained network (the bytes of a `.safetensors` file of `python -m agame.train`,
/// docs/model-format.md) and registers it as `name`, for bot specs `zero:model=NAME`. A name
/// registered again is replaced. Returns the game the network was trained for. Throws for
/// bytes that are not a network (nothing is registered then), or past 16 names.
#[wasm_bindgen(js_name = registerNetwork)]
pub fn register_network(
    #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
) -> Result<String, JsError> {
    let name = text(&name, "registerNetwork: the name", MAX_SHORT_TEXT)?;
    if name.is_empty() || name.contains(':') {
        return Err(error(
            "registerNetwork: the name must be non-empty and hold no ':'",
        ));
    }
    let bytes = bytes
        .dyn_into::<Uint8Array>()
        .map_err(|_| error("registerNetwork: the bytes must be a Uint8Array"))?;
    let limit = abstract_game_search::network::MAX_FILE_BYTES;
    if bytes.length() as usize > limit {
        return Err(error(format!(
            "registerNetwork: {} bytes, more than the {limit} a network may have",
            bytes.length()
        )));
    }
    let network = agame_options::read_network(&bytes.to_vec())
        .map_err(|e| error(format!("registerNetwork: {e}")))?;
    let game = network.game().to_string();
    NETWORKS.with(|n| {
        let mut n = n.borrow_mut();
        if !n.contains_key(&name) && n.len() >= MAX_NETWORKS {
            return Err(error(format!(
                "registerNetwork: {MAX_NETWORKS} networks are registered already"
            )));
        }
        n.insert(name, network);
        Ok(game)
    })
}

/// Loads a game by name (`"pikemen"`, `"gipf"`, `"epaminondas"`) with the command line's
/// options: `players`, `target` (Pikemen); `variant` (GIPF); `board: "14x12"`, `stones`,
/// `mirror` (Epaminondas); `maxPlies` for every game. Throws on an unknown game or option.
#[wasm_bindgen(js_name = loadGame)]
pub fn load_game(
    #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "GameOptions")] options: JsValue,
) -> Result<WasmGame, JsError> {
    let name = text(&name, "loadGame: the game name", MAX_SHORT_TEXT)?;
    let mut list = Vec::new();
    for (key, v) in entries(&options, "options")? {
        let v = value(&v, &key)?;
        list.push((key, v));
    }
    let spec = Spec::load(&name, &list).map_err(error)?;
    Ok(WasmGame {
        start: spec.new_state().map_err(error)?,
        spec,
        strings: Array::new(),
    })
}

/// The names `loadGame` accepts.
#[wasm_bindgen(js_name = registeredNames)]
pub fn registered_names() -> Vec<String> {
    ["pikemen", "gipf", "epaminondas"]
        .map(String::from)
        .to_vec()
}
