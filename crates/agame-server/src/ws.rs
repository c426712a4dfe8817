//! The WebSocket (`GET /api/ws`): live updates of the games a connection watches and of the
//! lobby, and moves, resignations and chat from its player. Messages are JSON objects with a
//! `type` (docs/server.md). The handshake must come from this server's pages (`Origin`);
//! messages are at most [`MAX_MESSAGE`] bytes and at most [`RATE`] a second on average.

use crate::AppState;
use crate::auth::{self, Session, Viewer};
use crate::error::ApiError;
use crate::games;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value as Json, json};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// The longest message a client may send, in bytes.
pub const MAX_MESSAGE: usize = 4096;
/// Messages per second a client may send on average.
pub const RATE: f64 = 10.0;
/// Messages a client may send at once.
pub const BURST: f64 = 30.0;
/// Refused messages after which the connection is closed.
pub const MAX_REFUSED: u32 = 50;
/// Games one connection may watch at once.
pub const MAX_WATCHED: usize = 50;

/// What a client sends.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    Watch {
        game: i64,
    },
    Unwatch {
        game: i64,
    },
    Lobby,
    Move {
        game: i64,
        ply: usize,
        #[serde(rename = "move")]
        text: String,
    },
    Resign {
        game: i64,
    },
    Chat {
        game: i64,
        text: String,
    },
    Ping,
}

/// `GET /api/ws`: the handshake; refused from other sites' pages.
pub async fn upgrade(
    State(state): State<AppState>,
    Viewer(session): Viewer,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Err(e) = auth::check_origin(&headers) {
        return e.into_response();
    }
    // Past the protocol limit the connection drops; up to it, too long messages are answered.
    ws.max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .on_upgrade(move |socket| run(state, session, socket))
}

fn error(message: &str, game: Option<i64>) -> Arc<str> {
    Arc::from(json!({"type": "error", "error": message, "game": game}).to_string())
}

/// A token bucket: `RATE` a second, `BURST` at once.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * RATE).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Forwards a broadcast channel to the connection's writer; a watcher that falls behind gets
/// the whole game again.
fn forward(
    state: AppState,
    mut rx: broadcast::Receiver<Arc<str>>,
    out: mpsc::Sender<Arc<str>>,
    game: Option<i64>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let message = match rx.recv().await {
                Ok(m) => m,
                Err(broadcast::error::RecvError::Lagged(_)) => match game {
                    Some(id) => match games::view(&state, id).await {
                        Ok(v) => Arc::from(v.to_string()),
                        Err(_) => continue,
                    },
                    None => Arc::from(json!({"type": "lobby"}).to_string()),
                },
                Err(broadcast::error::RecvError::Closed) => return,
            };
            if out.send(message).await.is_err() {
                return;
            }
        }
    })
}

async fn run(state: AppState, session: Option<Session>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (out, mut outbox) = mpsc::channel::<Arc<str>>(256);
    let writer = tokio::spawn(async move {
        while let Some(text) = outbox.recv().await {
            if sink
                .send(Message::Text(text.as_ref().into()))
                .await
                .is_err()
            {
                return;
            }
        }
        let _ = sink.send(Message::Close(None)).await;
    });
    let mut watched: HashMap<i64, JoinHandle<()>> = HashMap::new();
    let mut lobby: Option<JoinHandle<()>> = None;
    let mut bucket = Bucket {
        tokens: BURST,
        at: Instant::now(),
    };
    let mut refused = 0u32;
    let _ = out
        .send(Arc::from(
            json!({"type": "hello", "name": session.as_ref().map(|s| s.user.name.clone())})
                .to_string(),
        ))
        .await;
    while let Some(Ok(message)) = stream.next().await {
        let text = match message {
            Message::Text(t) => t,
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
            Message::Binary(_) => {
                refused += 1;
                let _ = out.send(error("send JSON text, not binary", None)).await;
                continue;
            }
        };
        let answer = if !bucket.take() {
            Some(error(
                &format!("too many messages: at most {RATE} a second"),
                None,
            ))
        } else if text.len() > MAX_MESSAGE {
            Some(error(
                &format!("message too long: at most {MAX_MESSAGE} bytes"),
                None,
            ))
        } else {
            match serde_json::from_str::<ClientMessage>(text.as_str()) {
                Err(e) => Some(error(&format!("bad message: {e}"), None)),
                Ok(m) => handle(&state, session.as_ref(), m, &out, &mut watched, &mut lobby).await,
            }
        };
        if let Some(answer) = answer {
            if answer.contains(r#""type":"error""#) {
                refused += 1;
            }
            if out.send(answer).await.is_err() {
                break;
            }
        }
        if refused >= MAX_REFUSED {
            let _ = out
                .send(error(
                    "too many refused messages: closing the connection",
                    None,
                ))
                .await;
            break;
        }
    }
    for (_, task) in watched {
        task.abort();
    }
    if let Some(task) = lobby {
        task.abort();
    }
    drop(out);
    let _ = tokio::time::timeout(std::time::Duration::from_secs(2), writer).await;
}

/// Handles one message; the answer to send, if any.
async fn handle(
    state: &AppState,
    session: Option<&Session>,
    message: ClientMessage,
    out: &mpsc::Sender<Arc<str>>,
    watched: &mut HashMap<i64, JoinHandle<()>>,
    lobby: &mut Option<JoinHandle<()>>,
) -> Option<Arc<str>> {
    let signed_in = || session.ok_or_else(|| ApiError::unauthorized("sign in to play"));
    let result: Result<Option<Json>, (ApiError, Option<i64>)> = match message {
        ClientMessage::Ping => Ok(Some(json!({"type": "pong"}))),
        ClientMessage::Lobby => {
            if lobby.is_none() {
                *lobby = Some(forward(
                    state.clone(),
                    state.hub.lobby.subscribe(),
                    out.clone(),
                    None,
                ));
            }
            Ok(Some(json!({"type": "lobby"})))
        }
        ClientMessage::Watch { game } => {
            if watched.len() >= MAX_WATCHED && !watched.contains_key(&game) {
                Err((
                    ApiError::bad(format!("watch at most {MAX_WATCHED} games at once")),
                    Some(game),
                ))
            } else {
                match games::view(state, game).await {
                    Err(e) => Err((e, Some(game))),
                    Ok(view) => {
                        let slot = state.hub.slot(game);
                        if let Some(old) = watched.insert(
                            game,
                            forward(state.clone(), slot.tx.subscribe(), out.clone(), Some(game)),
                        ) {
                            old.abort();
                        }
                        if let Ok(lines) = games::chat_lines(state, game).await {
                            let history =
                                json!({"type": "chat_history", "game": game, "lines": lines});
                            let _ = out.send(Arc::from(history.to_string())).await;
                        }
                        Ok(Some(view))
                    }
                }
            }
        }
        ClientMessage::Unwatch { game } => {
            if let Some(task) = watched.remove(&game) {
                task.abort();
            }
            Ok(None)
        }
        ClientMessage::Move { game, ply, text } => match signed_in() {
            Err(e) => Err((e, Some(game))),
            Ok(s) => games::play(state, &s.user, game, ply, &text)
                .await
                .map(Some)
                .map_err(|e| (e, Some(game))),
        },
        ClientMessage::Resign { game } => match signed_in() {
            Err(e) => Err((e, Some(game))),
            Ok(s) => games::resign(state, &s.user, game)
                .await
                .map(|_| Some(json!({"type": "ack", "game": game, "resigned": true})))
                .map_err(|e| (e, Some(game))),
        },
        ClientMessage::Chat { game, text } => match signed_in() {
            Err(e) => Err((e, Some(game))),
            Ok(s) => games::chat(state, &s.user, game, &text)
                .await
                .map(|_| None)
                .map_err(|e| (e, Some(game))),
        },
    };
    match result {
        Ok(answer) => answer.map(|a| Arc::from(a.to_string())),
        Err((e, game)) => Some(error(&e.message, game)),
    }
}
