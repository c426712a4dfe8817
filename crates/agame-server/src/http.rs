//! The HTTP API (docs/server.md lists it): JSON in and out, errors as `{"error": "..."}`.

use crate::auth::{self, Auth};
use crate::error::{ApiError, ApiResult};
use crate::games::{self, NewGame};
use crate::{AppState, ratings, web, ws};
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value as Json_, json};

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// A JSON body whose mistakes are answered as API errors (`{"error": ...}`), not plain text.
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> ApiResult<Body<T>> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(JsonRejection::BytesRejection(e)) => Err(ApiError {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                message: format!("request body too large (at most {MAX_BODY} bytes): {e}"),
            }),
            Err(e) => Err(ApiError::bad(format!(
                "bad request body: {}",
                e.body_text()
            ))),
        }
    }
}

/// A game number from the path.
#[derive(Debug)]
pub struct GameId(pub i64);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> ApiResult<GameId> {
        let Path(text) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::bad("bad game number"))?;
        text.parse::<i64>()
            .ok()
            .filter(|&n| n > 0)
            .map(GameId)
            .ok_or_else(|| ApiError::not_found(format!("no game '{text}'")))
    }
}

/// The whole application: the API, the WebSocket and the page.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(|| async { Redirect::to("/web/online.html") }))
        .route("/api/health", get(|| async { Json(json!({"ok": true})) }))
        .route("/api/signup", post(sign_up))
        .route("/api/login", post(sign_in))
        .route("/api/logout", post(sign_out))
        .route("/api/me", get(me))
        .route("/api/lobby", get(lobby))
        .route("/api/bots", get(bots))
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/cancel", post(cancel))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/chat", get(chat_lines).post(chat))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/svg", get(svg))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/ws", get(ws::upgrade))
        .route("/web/{*path}", get(web::page))
        .route("/crates/agame-wasm/pkg/{*path}", get(web::package))
        .fallback(|| async { ApiError::not_found("no such page") })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(security_headers))
        .with_state(state)
}

/// Headers on every answer: no sniffing of JSON as HTML, no framing, scripts only from here.
async fn security_headers(req: Request, next: Next) -> Response {
    let mut response = next.run(req).await;
    let h = response.headers_mut();
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
    h.insert("referrer-policy", HeaderValue::from_static("same-origin"));
    h.insert(
        "content-security-policy",
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
        ),
    );
    response
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

fn signed_in(state: &AppState, token: &str, session: &auth::Session) -> Response {
    let mut response =
        Json(json!({"name": session.user.name, "csrf": session.csrf})).into_response();
    if let Ok(v) = HeaderValue::from_str(&auth::cookie(token, state.secure_cookies)) {
        response.headers_mut().insert(header::SET_COOKIE, v);
    }
    response
}

async fn sign_up(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(c): Body<Credentials>,
) -> ApiResult<Response> {
    auth::check_origin(&headers)?;
    let user = auth::sign_up(&state, &c.name, &c.password).await?;
    let (token, session) = auth::open_session(&state, user).await?;
    Ok(signed_in(&state, &token, &session))
}

async fn sign_in(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(c): Body<Credentials>,
) -> ApiResult<Response> {
    auth::check_origin(&headers)?;
    let user = auth::sign_in(&state, &c.name, &c.password).await?;
    let (token, session) = auth::open_session(&state, user).await?;
    Ok(signed_in(&state, &token, &session))
}

async fn sign_out(
    State(state): State<AppState>,
    headers: HeaderMap,
    _: Auth,
) -> ApiResult<Response> {
    if let Some(token) = auth::token_of(&headers) {
        auth::close_session(&state, &token).await?;
    }
    let mut response = Json(json!({"ok": true})).into_response();
    if let Ok(v) = HeaderValue::from_str(&auth::cookie("", state.secure_cookies)) {
        response.headers_mut().insert(header::SET_COOKIE, v);
    }
    Ok(response)
}

async fn me(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Json<Json_>> {
    // No cookie: a visitor, not an error; a cookie of no valid session is one.
    let Some(token) = auth::token_of(&headers) else {
        return Ok(Json(json!({"name": null, "csrf": null})));
    };
    let s = auth::session_of(&state, &token).await?;
    Ok(Json(json!({"name": s.user.name, "csrf": s.csrf})))
}

async fn lobby(State(state): State<AppState>) -> ApiResult<Json<Json_>> {
    let open = games::list(&state, games::Phase::Open, None, 100, None).await?;
    let active = games::list(&state, games::Phase::Active, None, 50, None).await?;
    Ok(Json(json!({"open": open, "active": active})))
}

async fn bots() -> Json<Json_> {
    Json(json!({
        "suggested": ["random", "greedy", "mcts:ms=500", "mcts:ms=2000", "alphabeta:depth=3", "alphabeta:ms=1000"],
        "limits": {"ms": crate::bots::MAX_MS, "iterations": crate::bots::MAX_ITERATIONS, "depth": crate::bots::MAX_DEPTH},
        "help": abstract_game_search::SPEC_HELP,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    status: Option<String>,
    user: Option<String>,
    limit: Option<i64>,
    before: Option<i64>,
}

async fn list(
    State(state): State<AppState>,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Json_>> {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let status = games::read_phase(q.status.as_deref().unwrap_or("finished"))?;
    let limit = q.limit.unwrap_or(50).clamp(1, 200);
    let found = games::list(&state, status, q.user.as_deref(), limit, q.before).await?;
    Ok(Json(json!({"games": found})))
}

async fn create(
    State(state): State<AppState>,
    Auth(s): Auth,
    Body(new): Body<NewGame>,
) -> ApiResult<Json<Json_>> {
    Ok(Json(games::create(&state, &s.user, new).await?))
}

async fn game(State(state): State<AppState>, GameId(id): GameId) -> ApiResult<Json<Json_>> {
    Ok(Json(games::view(&state, id).await?))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    seat: Option<usize>,
}

async fn join(
    State(state): State<AppState>,
    GameId(id): GameId,
    Auth(s): Auth,
    Body(b): Body<JoinBody>,
) -> ApiResult<Json<Json_>> {
    Ok(Json(games::join_game(&state, &s.user, id, b.seat).await?))
}

async fn cancel(
    State(state): State<AppState>,
    GameId(id): GameId,
    Auth(s): Auth,
) -> ApiResult<Json<Json_>> {
    Ok(Json(games::cancel(&state, &s.user, id).await?))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    ply: usize,
    #[serde(rename = "move")]
    text: String,
}

async fn play(
    State(state): State<AppState>,
    GameId(id): GameId,
    Auth(s): Auth,
    Body(m): Body<MoveBody>,
) -> ApiResult<Json<Json_>> {
    Ok(Json(
        games::play(&state, &s.user, id, m.ply, &m.text).await?,
    ))
}

async fn resign(
    State(state): State<AppState>,
    GameId(id): GameId,
    Auth(s): Auth,
) -> ApiResult<Json<Json_>> {
    Ok(Json(games::resign(&state, &s.user, id).await?))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatBody {
    text: String,
}

async fn chat(
    State(state): State<AppState>,
    GameId(id): GameId,
    Auth(s): Auth,
    Body(c): Body<ChatBody>,
) -> ApiResult<Json<Json_>> {
    Ok(Json(games::chat(&state, &s.user, id, &c.text).await?))
}

async fn chat_lines(State(state): State<AppState>, GameId(id): GameId) -> ApiResult<Json<Json_>> {
    Ok(Json(json!({"chat": games::chat_lines(&state, id).await?})))
}

async fn record(State(state): State<AppState>, GameId(id): GameId) -> ApiResult<Response> {
    let text = games::record(&state, id).await?;
    let mut response = text.into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"game-{id}.txt\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(response)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SvgQuery {
    ply: Option<usize>,
    bottom: Option<usize>,
}

async fn svg(
    State(state): State<AppState>,
    GameId(id): GameId,
    query: Result<Query<SvgQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Response> {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let picture = games::svg(&state, id, q.ply, q.bottom.unwrap_or(0)).await?;
    let mut response = picture.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml"),
    );
    Ok(response)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardQuery {
    game: Option<String>,
    variant: Option<String>,
    players: Option<i64>,
    limit: Option<i64>,
}

async fn leaderboard(
    State(state): State<AppState>,
    query: Result<Query<BoardQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Json_>> {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let rows = ratings::leaderboard(
        &state.pool,
        q.game.as_deref(),
        q.variant.as_deref(),
        q.players,
        q.limit.unwrap_or(50).clamp(1, 500),
    )
    .await?;
    Ok(Json(json!({"ratings": rows})))
}
