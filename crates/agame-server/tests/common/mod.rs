//! What the server tests share: a real server on a free loopback port over a real SQLite file
//! (or the Postgres of `DATABASE_URL`), clients, and bounded waits.
#![allow(dead_code)]

use agame_server::client::{Client, Socket};
use agame_server::{Config, Server};
use serde_json::{Value as Json, json};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The longest wait for any one message.
pub const WAIT: Duration = Duration::from_secs(20);

/// A running server and the folder of its database.
pub struct Running {
    pub addr: SocketAddr,
    pub database: String,
    pub dir: PathBuf,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A name no other test (or earlier run against the same Postgres) uses.
pub fn unique(prefix: &str) -> String {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_micros()
        % 1_000_000_000;
    format!("{prefix}{}x{t}x{n}", std::process::id() % 10_000)
}

/// The repository root (it holds `web/`).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Starts a server on `database` (a new SQLite file when `None`).
pub async fn start_on(database: Option<String>) -> Running {
    let dir = std::env::temp_dir().join(unique("agame-server-test-"));
    std::fs::create_dir_all(&dir).unwrap();
    let database = database.unwrap_or_else(|| format!("sqlite:{}", dir.join("agame.db").display()));
    let config = Config {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        database: database.clone(),
        web: Some(root()),
        bot_threads: 2,
        clock_tick: Duration::from_millis(50),
        ..Config::default()
    };
    let server = Server::bind(config).await.expect("the server starts");
    let addr = server.local_addr();
    tokio::spawn(server.run());
    Running {
        addr,
        database,
        dir,
    }
}

/// Starts a server on a new SQLite file.
pub async fn start() -> Running {
    start_on(None).await
}

/// The Postgres of `DATABASE_URL`, or `None` with a notice.
pub fn postgres() -> Option<String> {
    match std::env::var("DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => Some(url),
        _ => {
            eprintln!("DATABASE_URL is not a postgres:// URL: skipping the Postgres test");
            None
        }
    }
}

/// A signed-up client with a fresh name.
pub async fn person(addr: SocketAddr, prefix: &str) -> (Client, String) {
    let name = unique(prefix);
    let mut c = Client::new(addr);
    let a = c.sign_up(&name, "password-1").await.unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    (c, name)
}

/// Makes a challenge; its view.
pub async fn challenge(c: &Client, game: &str, options: Json, seats: Json, clock: Json) -> Json {
    let a = c
        .post(
            "/api/games",
            &json!({"game": game, "options": options, "seats": seats, "clock": clock}),
        )
        .await
        .unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// A live clock of `s` seconds.
pub fn live(s: i64) -> Json {
    json!({"kind": "live", "initial_s": s, "increment_s": 0})
}

/// Watches game `id` on `socket`; the game's view.
pub async fn watch(socket: &mut Socket, id: i64) -> Json {
    socket
        .send(&json!({"type": "watch", "game": id}))
        .await
        .unwrap();
    socket
        .until(WAIT, |m| m["type"] == "game" && m["id"] == id)
        .await
        .expect("the game's view")
}

/// Waits for the view of game `id` at ply `ply` (or over).
pub async fn at_ply(socket: &mut Socket, id: i64, ply: u64) -> Json {
    socket
        .until(WAIT, |m| {
            m["type"] == "game"
                && m["id"] == id
                && (m["ply"].as_u64() >= Some(ply) || m["status"] == "finished")
        })
        .await
        .unwrap_or_else(|| panic!("game {id} never reached ply {ply}"))
}

/// The game's view over HTTP.
pub async fn view(c: &Client, id: i64) -> Json {
    let a = c.get(&format!("/api/games/{id}")).await.unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}
