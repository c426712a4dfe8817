//! `agame serve`: an online server for Pikemen, GIPF and Epaminondas. Accounts (argon2,
//! HttpOnly session cookies, CSRF tokens), a lobby of challenges with bots in any seat, live
//! games with clocks and correspondence games, moves checked by the engines and acknowledged
//! once stored, live updates to players and spectators over WebSocket, an archive of records
//! `agame replay` reads, and Glicko-2 ratings. SQLite by default; several processes may share
//! one Postgres, which fans moves out between them (`LISTEN`/`NOTIFY`).
//!
//! ```no_run
//! # async fn run() -> Result<(), String> {
//! let config = agame_server::Config {
//!     database: "sqlite:games.db".into(),
//!     ..agame_server::Config::default()
//! };
//! let server = agame_server::Server::bind(config).await?;
//! println!("listening on http://{}", server.local_addr());
//! server.run().await
//! # }
//! ```
//!
//! The HTTP and WebSocket API is described in docs/server.md.
#![deny(missing_docs)]

pub mod auth;
mod bots;
#[cfg(feature = "client")]
pub mod client;
pub mod db;
pub mod engine;
pub mod error;
pub mod games;
mod http;
pub mod ratings;
pub mod throttle;
mod web;
mod ws;

use db::Backend;
use sqlx::AnyPool;
use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (`127.0.0.1:8080`; port 0 for any free port).
    pub listen: SocketAddr,
    /// The database URL: `sqlite:PATH` or `postgres://...`.
    pub database: String,
    /// The folder holding `web/` (the page); `None` serves the API only.
    pub web: Option<PathBuf>,
    /// Mark the session cookie `Secure` (behind HTTPS).
    pub secure_cookies: bool,
    /// Bot searches run at once (each on its own blocking thread).
    pub bot_threads: usize,
    /// How often clocks are checked for timeouts.
    pub clock_tick: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: "sqlite:agame.db".into(),
            web: None,
            secure_cookies: false,
            bot_threads: std::thread::available_parallelism().map_or(1, usize::from),
            clock_tick: Duration::from_millis(200),
        }
    }
}

/// What every request handler shares.
#[derive(Clone, Debug)]
pub struct AppState(Arc<Inner>);

/// The shared state behind [`AppState`].
#[derive(Debug)]
pub struct Inner {
    /// The database.
    pub pool: AnyPool,
    /// Which database.
    pub backend: Backend,
    /// The games this process holds.
    pub hub: games::Hub,
    /// Games and plies a bot is thinking about (so that it thinks once per position).
    pub thinking: Mutex<HashSet<(i64, usize)>>,
    /// Limits the bot searches running at once.
    pub bot_slots: tokio::sync::Semaphore,
    /// The page's root folder.
    pub web: Option<PathBuf>,
    /// Whether the session cookie is `Secure`.
    pub secure_cookies: bool,
    /// This process's mark in Postgres notifications (it skips its own).
    pub process: String,
    /// Failed sign-ins per name.
    pub throttle: throttle::Throttle,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

/// The channel of Postgres notifications between server processes.
const CHANNEL: &str = "agame";

impl AppState {
    /// Tells the other server processes (Postgres) that game `id` changed.
    pub async fn notify(&self, id: i64) {
        if self.backend == Backend::Postgres {
            let _ = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(format!("{} game {id}", self.process))
                .execute(&self.pool)
                .await;
        }
    }

    /// The same inside a transaction: Postgres delivers it when the transaction commits.
    pub async fn notify_in(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        id: i64,
    ) -> Result<(), sqlx::Error> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(format!("{} game {id}", self.process))
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    /// Tells the lobby's watchers, here and in the other processes, that it changed.
    pub async fn lobby_changed(&self) {
        let _ = self
            .hub
            .lobby
            .send(Arc::from(serde_json::json!({"type": "lobby"}).to_string()));
        if self.backend == Backend::Postgres {
            let _ = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(format!("{} lobby", self.process))
                .execute(&self.pool)
                .await;
        }
    }
}

/// Follows the other processes' notifications: reloads the games they changed that this
/// process holds, and passes lobby changes on. Reconnects after a lost connection.
async fn listen(state: AppState, url: String) {
    loop {
        match sqlx::postgres::PgListener::connect(&url).await {
            Ok(mut listener) => {
                if listener.listen(CHANNEL).await.is_ok() {
                    while let Ok(n) = listener.recv().await {
                        let mut words = n.payload().split(' ');
                        if words.next() == Some(state.process.as_str()) {
                            continue;
                        }
                        match (words.next(), words.next().and_then(|w| w.parse().ok())) {
                            (Some("game"), Some(id)) => {
                                if let Err(e) = games::refresh(&state, id).await {
                                    eprintln!("agame serve: reloading game {id}: {e}");
                                }
                            }
                            (Some("lobby"), _) => {
                                let _ = state.hub.lobby.send(Arc::from(
                                    serde_json::json!({"type": "lobby"}).to_string(),
                                ));
                            }
                            _ => {}
                        }
                    }
                }
            }
            Err(e) => eprintln!("agame serve: cannot listen to Postgres: {e}"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// A server bound to its address, ready to run.
#[derive(Debug)]
pub struct Server {
    listener: tokio::net::TcpListener,
    state: AppState,
    config: Config,
}

impl Server {
    /// Opens the database (bringing its schema up to date) and binds the address.
    pub async fn bind(config: Config) -> Result<Server, String> {
        let backend = Backend::of(&config.database)?;
        let pool = db::connect(&config.database).await?;
        let listener = tokio::net::TcpListener::bind(config.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
        let state = AppState(Arc::new(Inner {
            pool,
            backend,
            hub: games::Hub::default(),
            thinking: Mutex::new(HashSet::new()),
            bot_slots: tokio::sync::Semaphore::new(config.bot_threads.max(1)),
            web: config.web.clone(),
            secure_cookies: config.secure_cookies,
            process: auth::random_hex(8),
            throttle: throttle::Throttle::default(),
        }));
        Ok(Server {
            listener,
            state,
            config,
        })
    }

    /// The address it listens on.
    #[must_use]
    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().unwrap_or(self.config.listen)
    }

    /// Serves until the process ends: the clocks are watched, bots to move in games left
    /// running are woken, and with Postgres the other processes' changes are followed.
    pub async fn run(self) -> Result<(), String> {
        let state = self.state.clone();
        games::resume_clocks(&state)
            .await
            .map_err(|e| format!("cannot resume the clocks: {e}"))?;
        tokio::spawn(games::watch_clocks(state.clone(), self.config.clock_tick));
        if state.backend == Backend::Postgres {
            tokio::spawn(listen(state.clone(), self.config.database.clone()));
        }
        tokio::spawn(games::wake_bots(state.clone()));
        axum::serve(self.listener, http::router(state))
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    }
}
