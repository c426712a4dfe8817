//! Games: challenges in the lobby, seats, moves checked by the engines, clocks, resignation,
//! timeouts and chat. The database is the truth; each game a process touches is also held in
//! memory behind its own lock (so moves of one game are handled one at a time) with a
//! broadcast channel to its watchers. A change is stored in one transaction guarded by the
//! ply and status it was computed from, so that two server processes sharing a database never
//! both apply a move: the later one finds the game changed, reloads it and says so.

use crate::auth::User;
use crate::db::{join, now_ms, split};
use crate::engine::{self, Table};
use crate::error::{ApiError, ApiResult};
use crate::{AppState, bots, ratings};
use agame_options::Spec;
use serde::Deserialize;
use serde_json::{Value as Json, json};
use sqlx::Row;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 500;
/// Chat lines a game view carries (the latest).
pub const CHAT_KEPT: usize = 100;
const DAY_MS: i64 = 86_400_000;

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// A live game: each seat's time, and what each move adds.
    Live {
        /// Each seat's time at the start.
        initial_ms: i64,
        /// Added to a seat's time after each of its moves (Fischer).
        increment_ms: i64,
    },
    /// A correspondence game: at most this many days for each move.
    Correspondence {
        /// Days for each move.
        days: i64,
    },
}

impl Clock {
    fn initial(self) -> i64 {
        match self {
            Clock::Live { initial_ms, .. } => initial_ms,
            Clock::Correspondence { days } => days * DAY_MS,
        }
    }

    /// A seat's time after a move that took `used` of its `left`.
    fn after_move(self, left: i64, used: i64) -> i64 {
        match self {
            Clock::Live { increment_ms, .. } => left - used + increment_ms,
            Clock::Correspondence { days } => days * DAY_MS,
        }
    }

    fn json(self) -> Json {
        match self {
            Clock::Live {
                initial_ms,
                increment_ms,
            } => json!({"kind": "live", "initial_ms": initial_ms, "increment_ms": increment_ms}),
            Clock::Correspondence { days } => json!({"kind": "correspondence", "days": days}),
        }
    }
}

/// Where a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A challenge in the lobby, waiting for players.
    Open,
    /// Being played.
    Active,
    /// Over: a result and why.
    Finished,
    /// Withdrawn before it started.
    Cancelled,
}

impl Phase {
    /// Its name in the database and the API.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Phase::Open => "open",
            Phase::Active => "active",
            Phase::Finished => "finished",
            Phase::Cancelled => "cancelled",
        }
    }

    fn read(text: &str) -> ApiResult<Phase> {
        Ok(match text {
            "open" => Phase::Open,
            "active" => Phase::Active,
            "finished" => Phase::Finished,
            "cancelled" => Phase::Cancelled,
            other => return Err(ApiError::internal(format!("unknown status '{other}'"))),
        })
    }
}

/// A game as held in memory.
pub struct Live {
    /// Its number.
    pub id: i64,
    /// The rules.
    pub spec: Spec,
    /// The rules' variant name (for ratings and lists).
    pub variant: String,
    /// The timing.
    pub clock: Clock,
    /// Whether the result moves ratings.
    pub rated: bool,
    /// Where it is.
    pub phase: Phase,
    /// Who sits in each seat (`None`: open).
    pub seats: Vec<Option<User>>,
    /// The position.
    pub table: Box<dyn Table>,
    /// The moves played, in the engine's notation.
    pub moves: Vec<String>,
    /// Each seat's time left when its turn began (ms).
    pub clocks: Vec<i64>,
    /// When the seat to move began its turn (ms since 1970).
    pub turn_started_ms: i64,
    /// When the seat to move loses on time, while the game is played.
    pub deadline_ms: Option<i64>,
    /// Each seat's rank once over, 1 for first (equal ranks share a place).
    pub result: Option<Vec<u8>>,
    /// Why it ended.
    pub end_reason: Option<String>,
    /// Who made the challenge.
    pub created_by: i64,
    /// When.
    pub created_ms: i64,
    /// When it ended.
    pub finished_ms: Option<i64>,
    /// The latest chat lines, oldest first.
    pub chat: Vec<Json>,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Live(game {} at ply {})", self.id, self.moves.len())
    }
}

/// One game's place in memory: its state (loaded on first use) and its watchers' channel.
#[derive(Debug)]
pub struct Slot {
    live: tokio::sync::Mutex<Option<Live>>,
    /// Every change of the game, as the JSON text sent to watchers.
    pub tx: broadcast::Sender<Arc<str>>,
}

/// The games this process holds, and the lobby's channel.
#[derive(Debug)]
pub struct Hub {
    slots: Mutex<HashMap<i64, Arc<Slot>>>,
    /// A message on every change of the lobby.
    pub lobby: broadcast::Sender<Arc<str>>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            slots: Mutex::new(HashMap::new()),
            lobby: broadcast::channel(64).0,
        }
    }
}

impl Hub {
    /// The slot of game `id` (made empty on first use).
    pub fn slot(&self, id: i64) -> Arc<Slot> {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots
            .entry(id)
            .or_insert_with(|| {
                Arc::new(Slot {
                    live: tokio::sync::Mutex::new(None),
                    tx: broadcast::channel(256).0,
                })
            })
            .clone()
    }

    /// The slot of game `id` if this process holds it.
    pub fn loaded(&self, id: i64) -> Option<Arc<Slot>> {
        let slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.get(&id).cloned()
    }

    fn ids(&self) -> Vec<i64> {
        let slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.keys().copied().collect()
    }

    /// Forgets finished games nobody watches, so that memory follows the games being played.
    pub fn forget_idle(&self) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.retain(|_, slot| {
            slot.tx.receiver_count() > 0
                || slot.live.try_lock().map_or(true, |g| {
                    g.as_ref().is_some_and(|l| l.phase == Phase::Active)
                })
        });
    }
}

impl Live {
    /// The seat to move, while the game is played.
    #[must_use]
    pub fn to_move(&self) -> Option<usize> {
        match self.phase {
            Phase::Active => self.table.to_move(),
            _ => None,
        }
    }

    /// The seats `user` sits in.
    fn seats_of(&self, user: &User) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&s| self.seats[s].as_ref().is_some_and(|u| u.id == user.id))
            .collect()
    }

    /// Each seat's time left now (the seat to move's turn counted so far).
    fn clocks_now(&self, now: i64) -> Vec<i64> {
        let mut clocks = self.clocks.clone();
        if let Some(seat) = self.to_move() {
            clocks[seat] = (clocks[seat] - (now - self.turn_started_ms)).max(0);
        }
        clocks
    }

    /// The game as the API shows it, the same for every viewer.
    #[must_use]
    pub fn view(&self) -> Json {
        let now = now_ms();
        let seats: Vec<Json> = self
            .seats
            .iter()
            .map(|u| match u {
                Some(u) => json!({"name": u.name, "bot": u.bot.is_some()}),
                None => Json::Null,
            })
            .collect();
        let playing = self.phase == Phase::Active;
        json!({
            "type": "game",
            "id": self.id,
            "game": self.spec.name(),
            "options": engine::options_json(&self.spec),
            "variant": self.variant,
            "players": self.seats.len(),
            "clock": self.clock.json(),
            "rated": self.rated,
            "status": self.phase.name(),
            "seats": seats,
            "moves": self.moves,
            "ply": self.moves.len(),
            "position": self.table.text(),
            "to_move": self.to_move(),
            "legal": if playing { self.table.legal_moves() } else { Vec::new() },
            "scores": self.table.scores(),
            "clocks": self.clocks_now(now),
            "now_ms": now,
            "deadline_ms": self.deadline_ms,
            "result": self.result,
            "end_reason": self.end_reason,
            "created_ms": self.created_ms,
            "finished_ms": self.finished_ms,
        })
    }

    /// A short form for lists (no position, moves or legal moves).
    #[must_use]
    pub fn summary(&self) -> Json {
        let mut v = self.view();
        if let Some(map) = v.as_object_mut() {
            for key in ["moves", "position", "legal", "scores"] {
                map.remove(key);
            }
        }
        v
    }

    fn publish(&self, slot: &Slot) {
        let _ = slot.tx.send(Arc::from(self.view().to_string()));
    }
}

/// A challenge as the API takes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `pikemen`, `gipf` or `epaminondas`.
    pub game: String,
    /// The game's options as `loadGame` takes them (`{"players": 3}`).
    #[serde(default)]
    pub options: serde_json::Map<String, Json>,
    /// One entry per seat: `"me"`, `"open"` or `{"bot": "mcts:ms=500"}`.
    pub seats: Vec<SeatChoice>,
    /// The timing.
    pub clock: ClockChoice,
    /// Whether the result moves ratings (default yes).
    #[serde(default = "yes")]
    pub rated: bool,
}

fn yes() -> bool {
    true
}

/// Who sits in a seat of a new game.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum SeatChoice {
    /// `"me"` or `"open"`.
    Word(String),
    /// A bot, by its spec.
    Bot {
        /// The spec (`random`, `mcts:ms=500`, `alphabeta:depth=3`).
        bot: String,
    },
}

/// The timing of a new game.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClockChoice {
    /// Minutes and seconds per move added.
    Live {
        /// Each seat's time, in seconds (1 to 10800).
        initial_s: i64,
        /// Added per move, in seconds (0 to 180).
        #[serde(default)]
        increment_s: i64,
    },
    /// Days per move (1 to 30).
    Correspondence {
        /// Days per move.
        days: i64,
    },
}

fn read_clock(choice: &ClockChoice) -> ApiResult<Clock> {
    match *choice {
        ClockChoice::Live {
            initial_s,
            increment_s,
        } => {
            if !(1..=10_800).contains(&initial_s) || !(0..=180).contains(&increment_s) {
                return Err(ApiError::bad(
                    "a live clock is 1 to 10800 seconds, plus 0 to 180 per move",
                ));
            }
            Ok(Clock::Live {
                initial_ms: initial_s * 1000,
                increment_ms: increment_s * 1000,
            })
        }
        ClockChoice::Correspondence { days } => {
            if !(1..=30).contains(&days) {
                return Err(ApiError::bad(
                    "a correspondence game gives 1 to 30 days per move",
                ));
            }
            Ok(Clock::Correspondence { days })
        }
    }
}

/// Makes a challenge; the game starts at once when no seat is open.
pub async fn create(state: &AppState, user: &User, new: NewGame) -> ApiResult<Json> {
    let spec = engine::read_spec(&new.game, &new.options).map_err(ApiError::bad)?;
    let clock = read_clock(&new.clock)?;
    let table = engine::start(&spec).map_err(ApiError::bad)?;
    let players = engine::players(&spec);
    if new.seats.len() != players {
        return Err(ApiError::bad(format!(
            "this game has {players} seats: give {players} seats, not {}",
            new.seats.len()
        )));
    }
    let mut seats = Vec::with_capacity(players);
    for choice in &new.seats {
        seats.push(match choice {
            SeatChoice::Word(w) if w == "me" => Some(user.clone()),
            SeatChoice::Word(w) if w == "open" => None,
            SeatChoice::Word(w) => {
                return Err(ApiError::bad(format!(
                    "a seat is \"me\", \"open\" or {{\"bot\": SPEC}}, not '{w}'"
                )));
            }
            SeatChoice::Bot { bot } => Some(bots::account(state, bot).await?),
        });
    }
    let mut seen = Vec::new();
    for u in seats.iter().flatten() {
        if seen.contains(&u.id) {
            return Err(ApiError::bad(format!(
                "{} cannot sit twice in one game (give a second bot another seed: random:seed=2)",
                u.name
            )));
        }
        seen.push(u.id);
    }
    let now = now_ms();
    let mut tx = state.pool.begin().await?;
    let row = sqlx::query(
        "INSERT INTO games (game, options, variant, players, clock_kind, initial_ms, increment_ms, days, rated, status, ply, clocks, turn_started_ms, created_by, created_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', 0, $10, $11, $12, $13) RETURNING id",
    )
    .bind(spec.name())
    .bind(Json::Object(engine::options_json(&spec)).to_string())
    .bind(engine::variant(&spec))
    .bind(players as i64)
    .bind(match clock {
        Clock::Live { .. } => "live",
        Clock::Correspondence { .. } => "correspondence",
    })
    .bind(match clock {
        Clock::Live { initial_ms, .. } => initial_ms,
        Clock::Correspondence { .. } => 0,
    })
    .bind(match clock {
        Clock::Live { increment_ms, .. } => increment_ms,
        Clock::Correspondence { .. } => 0,
    })
    .bind(match clock {
        Clock::Live { .. } => 0,
        Clock::Correspondence { days } => days,
    })
    .bind(i64::from(new.rated))
    .bind(join(&vec![clock.initial(); players]))
    .bind(now)
    .bind(user.id)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let id: i64 = row.try_get("id")?;
    for (seat, u) in seats.iter().enumerate() {
        sqlx::query("INSERT INTO seats (game_id, seat, user_id) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(seat as i64)
            .bind(u.as_ref().map(|u| u.id))
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    let live = Live {
        id,
        variant: engine::variant(&spec),
        spec,
        clock,
        rated: new.rated,
        phase: Phase::Open,
        clocks: vec![clock.initial(); players],
        seats,
        table,
        moves: Vec::new(),
        turn_started_ms: now,
        deadline_ms: None,
        result: None,
        end_reason: None,
        created_by: user.id,
        created_ms: now,
        finished_ms: None,
        chat: Vec::new(),
    };
    let slot = state.hub.slot(id);
    let mut guard = slot.live.lock().await;
    *guard = Some(live);
    let live = guard.as_mut().expect("just stored");
    if live.seats.iter().all(Option::is_some) {
        start(state, live).await?;
    }
    live.publish(&slot);
    state.lobby_changed().await;
    Ok(live.view())
}

/// Turns a full challenge into a game being played: the clocks start.
async fn start(state: &AppState, live: &mut Live) -> ApiResult<()> {
    let now = now_ms();
    let deadline = live.table.to_move().map(|s| now + live.clocks[s]);
    let done = sqlx::query(
        "UPDATE games SET status = 'active', turn_started_ms = $1, deadline_ms = $2 WHERE id = $3 AND status = 'open'",
    )
    .bind(now)
    .bind(deadline)
    .bind(live.id)
    .execute(&state.pool)
    .await?;
    if done.rows_affected() != 1 {
        return Err(ApiError::conflict("the game changed meanwhile; reload it"));
    }
    live.phase = Phase::Active;
    live.turn_started_ms = now;
    live.deadline_ms = deadline;
    bots::wake(state, live);
    Ok(())
}

/// Reads game `id` from the database, replaying its moves with the engine.
async fn load(state: &AppState, id: i64) -> ApiResult<Live> {
    let row = sqlx::query("SELECT * FROM games WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no game {id}")))?;
    let game: String = row.try_get("game")?;
    let options: String = row.try_get("options")?;
    let options: serde_json::Map<String, Json> =
        serde_json::from_str(&options).map_err(ApiError::internal)?;
    let spec = engine::read_spec(&game, &options).map_err(ApiError::internal)?;
    let clock = match row.try_get::<String, _>("clock_kind")?.as_str() {
        "live" => Clock::Live {
            initial_ms: row.try_get("initial_ms")?,
            increment_ms: row.try_get("increment_ms")?,
        },
        _ => Clock::Correspondence {
            days: row.try_get("days")?,
        },
    };
    let seat_rows = sqlx::query(
        "SELECT s.seat, u.id, u.name, u.bot_spec FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 ORDER BY s.seat",
    )
    .bind(id)
    .fetch_all(&state.pool)
    .await?;
    let mut seats = Vec::with_capacity(seat_rows.len());
    for r in &seat_rows {
        let uid: Option<i64> = r.try_get("id")?;
        seats.push(match uid {
            Some(uid) => Some(User {
                id: uid,
                name: r.try_get("name")?,
                bot: r.try_get("bot_spec")?,
            }),
            None => None,
        });
    }
    let move_rows = sqlx::query("SELECT text FROM moves WHERE game_id = $1 ORDER BY ply")
        .bind(id)
        .fetch_all(&state.pool)
        .await?;
    let mut table = engine::start(&spec).map_err(ApiError::internal)?;
    let mut moves = Vec::with_capacity(move_rows.len());
    for r in &move_rows {
        let text: String = r.try_get("text")?;
        table
            .play(&text)
            .map_err(|e| ApiError::internal(format!("game {id} does not replay: {e}")))?;
        moves.push(text);
    }
    let chat_rows = sqlx::query(
        "SELECT c.text, c.at_ms, u.name FROM chat c JOIN users u ON u.id = c.user_id WHERE c.game_id = $1 ORDER BY c.id DESC LIMIT 100",
    )
    .bind(id)
    .fetch_all(&state.pool)
    .await?;
    let mut chat = Vec::with_capacity(chat_rows.len());
    for r in chat_rows.iter().rev() {
        chat.push(chat_line(
            id,
            &r.try_get::<String, _>("name")?,
            &r.try_get::<String, _>("text")?,
            r.try_get("at_ms")?,
        ));
    }
    let result: Option<String> = row.try_get("result")?;
    Ok(Live {
        id,
        variant: engine::variant(&spec),
        spec,
        clock,
        rated: row.try_get::<i64, _>("rated")? != 0,
        phase: Phase::read(&row.try_get::<String, _>("status")?)?,
        seats,
        table,
        moves,
        clocks: split(&row.try_get::<String, _>("clocks")?).map_err(ApiError::internal)?,
        turn_started_ms: row.try_get("turn_started_ms")?,
        deadline_ms: row.try_get("deadline_ms")?,
        result: result
            .map(|r| split(&r))
            .transpose()
            .map_err(ApiError::internal)?,
        end_reason: row.try_get("end_reason")?,
        created_by: row.try_get("created_by")?,
        created_ms: row.try_get("created_ms")?,
        finished_ms: row.try_get("finished_ms")?,
        chat,
    })
}

fn chat_line(game: i64, from: &str, text: &str, at_ms: i64) -> Json {
    json!({"type": "chat", "game": game, "from": from, "text": text, "at_ms": at_ms})
}

/// A game under its lock: moves of one game are handled one at a time.
pub struct Locked<'a>(tokio::sync::MutexGuard<'a, Option<Live>>);

impl std::fmt::Debug for Locked<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Locked({:?})", self.0.as_ref())
    }
}

impl std::ops::Deref for Locked<'_> {
    type Target = Live;
    fn deref(&self) -> &Live {
        self.0.as_ref().expect("lock loads the game")
    }
}

impl std::ops::DerefMut for Locked<'_> {
    fn deref_mut(&mut self) -> &mut Live {
        self.0.as_mut().expect("lock loads the game")
    }
}

/// Locks game `id` in `slot`, loading it first if this process does not hold it yet.
pub async fn lock<'a>(state: &AppState, slot: &'a Slot, id: i64) -> ApiResult<Locked<'a>> {
    let mut guard = slot.live.lock().await;
    if guard.is_none() {
        *guard = Some(load(state, id).await?);
    }
    Ok(Locked(guard))
}

/// Reads game `id` again from the database (another process changed it) and tells its
/// watchers, if this process holds it.
pub async fn refresh(state: &AppState, id: i64) -> ApiResult<()> {
    let Some(slot) = state.hub.loaded(id) else {
        return Ok(());
    };
    let mut guard = slot.live.lock().await;
    let fresh = load(state, id).await?;
    let changed = guard.as_ref().is_none_or(|old| {
        old.moves.len() != fresh.moves.len()
            || old.phase != fresh.phase
            || old.seats != fresh.seats
            || old.chat.len() != fresh.chat.len()
    });
    *guard = Some(fresh);
    let live = guard.as_mut().expect("just stored");
    if changed {
        live.publish(&slot);
    }
    bots::wake(state, live);
    Ok(())
}

/// The game's view.
pub async fn view(state: &AppState, id: i64) -> ApiResult<Json> {
    let slot = state.hub.slot(id);
    let live = lock(state, &slot, id).await?;
    Ok(live.view())
}

/// Takes an open seat (`seat`, or the first open one); the game starts when the last is taken.
pub async fn join_game(
    state: &AppState,
    user: &User,
    id: i64,
    seat: Option<usize>,
) -> ApiResult<Json> {
    let slot = state.hub.slot(id);
    let mut live = lock(state, &slot, id).await?;
    if live.phase != Phase::Open {
        return Err(ApiError::conflict("this game is not open for players"));
    }
    if !live.seats_of(user).is_empty() {
        return Err(ApiError::conflict("you already sit in this game"));
    }
    let seat = match seat {
        Some(s) if s >= live.seats.len() => {
            return Err(ApiError::bad(format!(
                "no seat {s}: this game has seats 0 to {}",
                live.seats.len() - 1
            )));
        }
        Some(s) if live.seats[s].is_some() => {
            return Err(ApiError::conflict(format!("seat {s} is taken")));
        }
        Some(s) => s,
        None => live
            .seats
            .iter()
            .position(Option::is_none)
            .ok_or_else(|| ApiError::conflict("no open seat left"))?,
    };
    let done = sqlx::query(
        "UPDATE seats SET user_id = $1 WHERE game_id = $2 AND seat = $3 AND user_id IS NULL",
    )
    .bind(user.id)
    .bind(id)
    .bind(seat as i64)
    .execute(&state.pool)
    .await?;
    if done.rows_affected() != 1 {
        *live = load(state, id).await?;
        return Err(ApiError::conflict("someone took that seat first; reload"));
    }
    live.seats[seat] = Some(user.clone());
    if live.seats.iter().all(Option::is_some) {
        start(state, &mut live).await?;
    }
    live.publish(&slot);
    let view = live.view();
    drop(live);
    state.notify(id).await;
    state.lobby_changed().await;
    Ok(view)
}

/// Withdraws a challenge that has not started; only its maker may.
pub async fn cancel(state: &AppState, user: &User, id: i64) -> ApiResult<Json> {
    let slot = state.hub.slot(id);
    let mut live = lock(state, &slot, id).await?;
    if live.created_by != user.id {
        return Err(ApiError::forbidden(
            "only who made the challenge can cancel it",
        ));
    }
    if live.phase != Phase::Open {
        return Err(ApiError::conflict("the game has started: resign instead"));
    }
    let done =
        sqlx::query("UPDATE games SET status = 'cancelled' WHERE id = $1 AND status = 'open'")
            .bind(id)
            .execute(&state.pool)
            .await?;
    if done.rows_affected() != 1 {
        *live = load(state, id).await?;
        return Err(ApiError::conflict("the game changed meanwhile; reload"));
    }
    live.phase = Phase::Cancelled;
    live.publish(&slot);
    let view = live.view();
    drop(live);
    state.notify(id).await;
    state.lobby_changed().await;
    Ok(view)
}

/// What ends a game besides its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Loss {
    Resigned,
    Time,
}

/// The ranks when `loser` resigns or runs out of time: the loser last, the others by their
/// points (with two seats: the other wins).
fn ranks_without(live: &Live, loser: usize) -> Vec<u8> {
    let scores = live.table.scores();
    let n = live.seats.len();
    (0..n)
        .map(|s| {
            if s == loser {
                n as u8
            } else {
                let ahead = (0..n)
                    .filter(|&o| o != loser && o != s && scores[o] > scores[s])
                    .count();
                ahead as u8 + 1
            }
        })
        .collect()
}

/// A change to store: the move (if any), the state after it.
struct Change {
    mv: Option<(usize, String, i64)>,
    table: Option<Box<dyn Table>>,
    clocks: Vec<i64>,
    turn_started_ms: i64,
    deadline_ms: Option<i64>,
    result: Option<Vec<u8>>,
    end_reason: Option<String>,
}

/// Stores `change` in one transaction guarded by the ply and status it was computed from, then
/// applies it in memory and tells the watchers. Ratings move in the same transaction when it
/// ends a rated game.
async fn commit(state: &AppState, live: &mut Live, slot: &Slot, change: Change) -> ApiResult<()> {
    let now = change.turn_started_ms;
    let ply = live.moves.len() as i64;
    let finished = change.result.is_some();
    let mut tx = state.pool.begin().await?;
    if let Some((seat, text, used)) = &change.mv {
        sqlx::query(
            "INSERT INTO moves (game_id, ply, seat, text, used_ms, at_ms) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(live.id)
        .bind(ply)
        .bind(*seat as i64)
        .bind(text)
        .bind(*used)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(|e| match &e {
            sqlx::Error::Database(d) if d.is_unique_violation() => {
                ApiError::conflict("the game moved on meanwhile; reload")
            }
            _ => ApiError::internal(e),
        })?;
    }
    let new_ply = ply + i64::from(change.mv.is_some());
    let done = sqlx::query(
        "UPDATE games SET ply = $1, clocks = $2, turn_started_ms = $3, deadline_ms = $4, status = $5, result = $6, end_reason = $7, finished_ms = $8 \
         WHERE id = $9 AND ply = $10 AND status = 'active'",
    )
    .bind(new_ply)
    .bind(join(&change.clocks))
    .bind(now)
    .bind(change.deadline_ms)
    .bind(if finished { "finished" } else { "active" })
    .bind(change.result.as_ref().map(|r| join(r)))
    .bind(change.end_reason.as_deref())
    .bind(finished.then_some(now))
    .bind(live.id)
    .bind(ply)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        drop(tx);
        *live = load(state, live.id).await?;
        live.publish(slot);
        return Err(ApiError::conflict("the game changed meanwhile; reload"));
    }
    if let (Some(ranks), true) = (&change.result, live.rated) {
        let ids: Vec<i64> = live.seats.iter().flatten().map(|u| u.id).collect();
        ratings::record(&mut tx, live.spec.name(), &live.variant, &ids, ranks).await?;
    }
    state.notify_in(&mut tx, live.id).await?;
    tx.commit().await?;
    if let Some((_, text, _)) = change.mv {
        live.moves.push(text);
    }
    if let Some(t) = change.table {
        live.table = t;
    }
    live.clocks = change.clocks;
    live.turn_started_ms = now;
    live.deadline_ms = change.deadline_ms;
    if finished {
        live.phase = Phase::Finished;
        live.result = change.result;
        live.end_reason = change.end_reason;
        live.finished_ms = Some(now);
    }
    live.publish(slot);
    if finished {
        // The lobby lists the games being played and the archive.
        state.lobby_changed().await;
    }
    Ok(())
}

/// Ends the game: `seat` resigned or ran out of time.
async fn lose(
    state: &AppState,
    live: &mut Live,
    slot: &Slot,
    seat: usize,
    why: Loss,
    now: i64,
) -> ApiResult<()> {
    let name = live.seats[seat].as_ref().map_or("?", |u| u.name.as_str());
    let reason = match why {
        Loss::Resigned => format!("player {} ({name}) resigned", seat + 1),
        Loss::Time => format!("player {} ({name}) ran out of time", seat + 1),
    };
    let mut clocks = live.clocks_now(now);
    if why == Loss::Time {
        clocks[seat] = 0;
    }
    let change = Change {
        mv: None,
        table: None,
        clocks,
        turn_started_ms: now,
        deadline_ms: None,
        result: Some(ranks_without(live, seat)),
        end_reason: Some(reason),
    };
    commit(state, live, slot, change).await
}

/// Plays `text` for `user` at ply `ply` (the number of moves played before it): checked by the
/// engine, stored with the clock in one transaction, then announced. Refused with the reason:
/// not seated, not the user's turn, a stale ply, an illegal move, the game not being played.
pub async fn play(
    state: &AppState,
    user: &User,
    id: i64,
    ply: usize,
    text: &str,
) -> ApiResult<Json> {
    let slot = state.hub.slot(id);
    let mut live = lock(state, &slot, id).await?;
    if live.phase != Phase::Active {
        return Err(ApiError::conflict(format!(
            "this game is {}, not being played",
            live.phase.name()
        )));
    }
    let mine = live.seats_of(user);
    if mine.is_empty() {
        return Err(ApiError::forbidden("you do not sit in this game"));
    }
    let seat = live
        .to_move()
        .ok_or_else(|| ApiError::internal("an active game with nobody to move"))?;
    if !mine.contains(&seat) {
        return Err(ApiError::conflict(format!(
            "not your turn: player {} moves",
            seat + 1
        )));
    }
    if ply != live.moves.len() {
        return Err(ApiError::conflict(format!(
            "this move is for ply {ply} but the game is at ply {}; reload",
            live.moves.len()
        )));
    }
    let now = now_ms();
    let used = (now - live.turn_started_ms).max(0);
    if used >= live.clocks[seat] {
        lose(state, &mut live, &slot, seat, Loss::Time, now).await?;
        return Err(ApiError::conflict("your time ran out: the game is over"));
    }
    let mut table = live.table.clone_box();
    let played = table.play(text).map_err(ApiError::bad)?;
    let mut clocks = live.clocks.clone();
    clocks[seat] = live.clock.after_move(clocks[seat], used);
    let result = table.ranks().map(|r| r.iter().map(|x| x + 1).collect());
    let end_reason = table.end_reason();
    let deadline_ms = table.to_move().map(|s| now + clocks[s]);
    let change = Change {
        mv: Some((seat, played, used)),
        table: Some(table),
        clocks,
        turn_started_ms: now,
        deadline_ms,
        result,
        end_reason,
    };
    commit(state, &mut live, &slot, change).await?;
    bots::wake(state, &live);
    let update =
        json!({"type": "ack", "game": id, "ply": live.moves.len(), "move": live.moves.last()});
    drop(live);
    Ok(update)
}

/// Resigns `user`'s seat in game `id`.
pub async fn resign(state: &AppState, user: &User, id: i64) -> ApiResult<Json> {
    let slot = state.hub.slot(id);
    let mut live = lock(state, &slot, id).await?;
    {
        let mine = live.seats_of(user);
        let Some(&seat) = mine.first() else {
            return Err(ApiError::forbidden("you do not sit in this game"));
        };
        if live.phase != Phase::Active {
            return Err(ApiError::conflict(format!(
                "this game is {}, not being played",
                live.phase.name()
            )));
        }
        lose(state, &mut live, &slot, seat, Loss::Resigned, now_ms()).await?;
        Ok(live.view())
    }
}

/// Ends game `id` if the seat to move is out of time.
pub async fn check_time(state: &AppState, id: i64) -> ApiResult<()> {
    let slot = state.hub.slot(id);
    let mut live = lock(state, &slot, id).await?;
    {
        let now = now_ms();
        match (live.to_move(), live.deadline_ms) {
            (Some(seat), Some(deadline)) if deadline <= now => {
                lose(state, &mut live, &slot, seat, Loss::Time, now).await
            }
            _ => Ok(()),
        }
    }
}

/// How often a running server writes its heartbeat.
const HEARTBEAT_MS: i64 = 1_000;
/// A heartbeat older than this when a server starts means that no server was running: the
/// live games' clocks are given back the time since.
pub const DOWN_AFTER_MS: i64 = 5_000;

/// Gives the live games back the time no server was running (clocks stand still while the
/// server is down, as they would for a lost connection on a game site), then marks this
/// process alive. Of processes starting at once after a stop, one does it (the heartbeat is
/// updated only if it is still the one read). Correspondence games count days and go on.
///
/// # Errors
/// The database failed.
pub async fn resume_clocks(state: &AppState) -> ApiResult<()> {
    let now = now_ms();
    let mut tx = state.pool.begin().await?;
    let alive: i64 = sqlx::query("SELECT alive_ms FROM heartbeat WHERE id = 1")
        .fetch_one(&mut *tx)
        .await?
        .try_get("alive_ms")?;
    let won = sqlx::query("UPDATE heartbeat SET alive_ms = $1 WHERE id = 1 AND alive_ms = $2")
        .bind(now)
        .bind(alive)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        == 1;
    if won && alive > 0 && now - alive > DOWN_AFTER_MS {
        // A turn is charged up to the last heartbeat and again from now; one begun after that
        // heartbeat starts now. Both columns shift by the same amount (the old values).
        sqlx::query(
            "UPDATE games SET \
             turn_started_ms = turn_started_ms + ($1 - CASE WHEN turn_started_ms > $2 THEN turn_started_ms ELSE $2 END), \
             deadline_ms = deadline_ms + ($1 - CASE WHEN turn_started_ms > $2 THEN turn_started_ms ELSE $2 END) \
             WHERE status = 'active' AND clock_kind = 'live'",
        )
        .bind(now)
        .bind(alive)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Ends, every `every`, the games whose seat to move ran out of time: those this process holds
/// at once, every game in the database each tenth round (after a restart, or in
/// correspondence); forgets idle games; and writes the heartbeat.
pub async fn watch_clocks(state: AppState, every: std::time::Duration) {
    let mut round = 0u64;
    let mut beat = 0;
    loop {
        tokio::time::sleep(every).await;
        round += 1;
        let now = now_ms();
        if now - beat >= HEARTBEAT_MS {
            beat = now;
            let _ =
                sqlx::query("UPDATE heartbeat SET alive_ms = $1 WHERE id = 1 AND alive_ms < $1")
                    .bind(now)
                    .execute(&state.pool)
                    .await;
        }
        let mut due = Vec::new();
        for id in state.hub.ids() {
            if let Some(slot) = state.hub.loaded(id) {
                if let Ok(guard) = slot.live.try_lock() {
                    if let Some(live) = guard.as_ref() {
                        if live.phase == Phase::Active && live.deadline_ms.is_some_and(|d| d <= now)
                        {
                            due.push(id);
                        }
                    }
                }
            }
        }
        if round % 10 == 0 {
            state.hub.forget_idle();
            let rows = sqlx::query(
                "SELECT id FROM games WHERE status = 'active' AND deadline_ms <= $1 LIMIT 200",
            )
            .bind(now)
            .fetch_all(&state.pool)
            .await
            .unwrap_or_default();
            due.extend(rows.iter().filter_map(|r| r.try_get::<i64, _>("id").ok()));
        }
        due.sort_unstable();
        due.dedup();
        for id in due {
            if let Err(e) = check_time(&state, id).await {
                if e.status.is_server_error() {
                    eprintln!("agame serve: game {id}: {e}");
                }
            }
        }
    }
}

/// Adds a chat line to game `id`; anyone signed in may write, the text is kept as written
/// (pages show it as text, never as markup).
pub async fn chat(state: &AppState, user: &User, id: i64, text: &str) -> ApiResult<Json> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > MAX_CHAT {
        return Err(ApiError::bad(format!(
            "a chat line is 1 to {MAX_CHAT} characters"
        )));
    }
    if text.chars().any(|c| c.is_control()) {
        return Err(ApiError::bad("a chat line is one line of text"));
    }
    let slot = state.hub.slot(id);
    let mut live = lock(state, &slot, id).await?;
    let now = now_ms();
    sqlx::query("INSERT INTO chat (game_id, user_id, text, at_ms) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(user.id)
        .bind(text)
        .bind(now)
        .execute(&state.pool)
        .await?;
    let line = chat_line(id, &user.name, text, now);
    live.chat.push(line.clone());
    if live.chat.len() > CHAT_KEPT {
        live.chat.remove(0);
    }
    let _ = slot.tx.send(Arc::from(line.to_string()));
    drop(live);
    state.notify(id).await;
    Ok(line)
}

/// The chat lines of game `id`, oldest first.
pub async fn chat_lines(state: &AppState, id: i64) -> ApiResult<Vec<Json>> {
    let slot = state.hub.slot(id);
    let live = lock(state, &slot, id).await?;
    Ok(live.chat.clone())
}

/// The record of game `id` as `agame replay` reads it: `#` comment lines (the game, the seats,
/// the result, the command that replays it), then one move per line.
pub async fn record(state: &AppState, id: i64) -> ApiResult<String> {
    let slot = state.hub.slot(id);
    let live = lock(state, &slot, id).await?;
    {
        let names: Vec<&str> = live
            .seats
            .iter()
            .map(|u| u.as_ref().map_or("(open)", |u| u.name.as_str()))
            .collect();
        let result = match (&live.result, &live.end_reason) {
            (Some(r), why) => format!("ranks {} ({})", join(r), why.as_deref().unwrap_or("over")),
            _ => live.phase.name().to_string(),
        };
        let mut out = format!(
            "# agame serve, game {id}: {} ({}), {}\n# seats: {}\n# result: {result}\n# replay: agame replay {} {} FILE\n",
            live.spec.name(),
            live.variant,
            match live.clock {
                Clock::Live {
                    initial_ms,
                    increment_ms,
                } => format!("live {}+{} s", initial_ms / 1000, increment_ms / 1000),
                Clock::Correspondence { days } => format!("{days} days per move"),
            },
            names.join(", "),
            live.spec.name(),
            engine::replay_options(&live.spec),
        );
        for mv in &live.moves {
            out.push_str(mv);
            out.push('\n');
        }
        Ok(out)
    }
}

/// The picture of game `id` after `ply` moves (all by default), `bottom` at the bottom.
pub async fn svg(
    state: &AppState,
    id: i64,
    ply: Option<usize>,
    bottom: usize,
) -> ApiResult<String> {
    let slot = state.hub.slot(id);
    let live = lock(state, &slot, id).await?;
    {
        let Some(ply) = ply.filter(|&p| p < live.moves.len()) else {
            return Ok(live.table.svg(bottom));
        };
        let mut table = engine::start(&live.spec).map_err(ApiError::internal)?;
        for mv in &live.moves[..ply] {
            table.play(mv).map_err(ApiError::internal)?;
        }
        Ok(table.svg(bottom))
    }
}

/// Games by status (`open`, `active`, `finished`), newest first, optionally those of one
/// player; at most `limit`, before game number `before`.
pub async fn list(
    state: &AppState,
    status: Phase,
    user: Option<&str>,
    limit: i64,
    before: Option<i64>,
) -> ApiResult<Vec<Json>> {
    let rows = match user {
        Some(name) => {
            sqlx::query(
                "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id JOIN users u ON u.id = s.user_id \
                 WHERE g.status = $1 AND u.name_key = $2 AND g.id < $3 ORDER BY g.id DESC LIMIT $4",
            )
            .bind(status.name())
            .bind(name.to_ascii_lowercase())
            .bind(before.unwrap_or(i64::MAX))
            .bind(limit)
            .fetch_all(&state.pool)
            .await?
        }
        None => {
            sqlx::query("SELECT id FROM games WHERE status = $1 AND id < $2 ORDER BY id DESC LIMIT $3")
                .bind(status.name())
                .bind(before.unwrap_or(i64::MAX))
                .bind(limit)
                .fetch_all(&state.pool)
                .await?
        }
    };
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let id: i64 = r.try_get("id")?;
        let slot = state.hub.slot(id);
        let live = lock(state, &slot, id).await?;
        out.push(live.summary());
    }
    Ok(out)
}

/// Reads a phase name from a query.
pub fn read_phase(text: &str) -> ApiResult<Phase> {
    match text {
        "open" | "active" | "finished" => Phase::read(text),
        _ => Err(ApiError::bad("status is open, active or finished")),
    }
}

/// After a start: wakes the bots to move in the games left being played.
pub async fn wake_bots(state: AppState) {
    let rows = sqlx::query(
        "SELECT DISTINCT s.game_id FROM seats s JOIN users u ON u.id = s.user_id JOIN games g ON g.id = s.game_id \
         WHERE g.status = 'active' AND u.bot_spec IS NOT NULL",
    )
    .fetch_all(&state.pool)
    .await
    .unwrap_or_default();
    for row in rows {
        let Ok(id) = row.try_get::<i64, _>("game_id") else {
            continue;
        };
        let slot = state.hub.slot(id);
        match lock(&state, &slot, id).await {
            Ok(live) => bots::wake(&state, &live),
            Err(e) => eprintln!("agame serve: game {id}: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_add_the_increment_or_renew_the_days() {
        let live = Clock::Live {
            initial_ms: 60_000,
            increment_ms: 2_000,
        };
        assert_eq!(live.after_move(60_000, 5_000), 57_000);
        let corr = Clock::Correspondence { days: 3 };
        assert_eq!(corr.initial(), 3 * DAY_MS);
        assert_eq!(corr.after_move(1_000, 999), 3 * DAY_MS);
    }

    #[test]
    fn choices_out_of_range_are_refused() {
        for bad in [
            ClockChoice::Live {
                initial_s: 0,
                increment_s: 0,
            },
            ClockChoice::Live {
                initial_s: 60,
                increment_s: 500,
            },
            ClockChoice::Correspondence { days: 0 },
            ClockChoice::Correspondence { days: 31 },
        ] {
            assert_eq!(read_clock(&bad).unwrap_err().status.as_u16(), 400);
        }
    }
}
