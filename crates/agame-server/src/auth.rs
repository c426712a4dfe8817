//! Accounts and sessions: argon2 password hashes, random session tokens kept as hashes, an
//! HttpOnly SameSite cookie, and a CSRF token per session that every state-changing request
//! must echo in the `X-CSRF-Token` header (a page from another site cannot read it), beside an
//! `Origin` check.

use crate::AppState;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};
use blake2::{Blake2s256, Digest};
use sqlx::Row;

/// The session cookie's name.
pub const COOKIE: &str = "agame_session";
/// How long a session lasts.
pub const SESSION_DAYS: i64 = 30;
/// The longest name.
pub const MAX_NAME: usize = 24;
/// Password lengths accepted, in bytes.
pub const PASSWORD_BYTES: std::ops::RangeInclusive<usize> = 8..=128;

/// An account: a person, or a bot the server plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// Its number.
    pub id: i64,
    /// Its name (a bot's is `bot:` and its spec).
    pub name: String,
    /// A bot's spec, for the bots.
    pub bot: Option<String>,
}

/// A signed-in request: who, and the session's CSRF token.
#[derive(Clone, Debug)]
pub struct Session {
    /// Who is signed in.
    pub user: User,
    /// The token state-changing requests must carry.
    pub csrf: String,
}

/// Random bytes as lower-case hex (session tokens, CSRF tokens).
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::getrandom(&mut buf).expect("the system's random source works");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the database keeps of a session token: its hash, so that a copy of the database does
/// not sign anyone in.
pub fn token_hash(token: &str) -> String {
    Blake2s256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Checks a person's name: 1 to 24 letters, digits, `_`, `-` or `.` (so no markup, no `:`
/// which bots' names carry, nothing that looks like another name in another case).
pub fn check_name(name: &str) -> ApiResult<()> {
    let ok_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    if name.is_empty() || name.len() > MAX_NAME || !name.chars().all(ok_char) {
        return Err(ApiError::bad(format!(
            "a name is 1 to {MAX_NAME} letters, digits, '_', '-' or '.'"
        )));
    }
    if name.to_ascii_lowercase().starts_with("bot") {
        return Err(ApiError::bad(
            "names starting with 'bot' are kept for the bots",
        ));
    }
    Ok(())
}

/// The argon2 hash of a password (slow on purpose: call it off the event loop).
pub fn hash_password(password: &str) -> ApiResult<String> {
    let mut salt = [0u8; 16];
    getrandom::getrandom(&mut salt).map_err(ApiError::internal)?;
    let salt = SaltString::encode_b64(&salt).map_err(ApiError::internal)?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(ApiError::internal)
}

/// Whether `password` matches the stored `hash` (slow on purpose: off the event loop).
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// Creates an account; `409` if the name is taken in any case.
pub async fn sign_up(state: &AppState, name: &str, password: &str) -> ApiResult<User> {
    check_name(name)?;
    if !PASSWORD_BYTES.contains(&password.len()) {
        return Err(ApiError::bad(format!(
            "a password is {} to {} bytes",
            PASSWORD_BYTES.start(),
            PASSWORD_BYTES.end()
        )));
    }
    let password = password.to_string();
    let hash = tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(ApiError::internal)??;
    let key = name.to_ascii_lowercase();
    let taken = ApiError::conflict(format!("the name '{name}' is taken"));
    if sqlx::query("SELECT id FROM users WHERE name_key = $1")
        .bind(&key)
        .fetch_optional(&state.pool)
        .await?
        .is_some()
    {
        return Err(taken);
    }
    let row = sqlx::query(
        "INSERT INTO users (name, name_key, password_hash, created_ms) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(name)
    .bind(&key)
    .bind(&hash)
    .bind(now_ms())
    .fetch_one(&state.pool)
    .await
    // Two sign-ups of one name at once: the unique index refuses the second.
    .map_err(|e| match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => taken.clone(),
        _ => ApiError::internal(e),
    })?;
    Ok(User {
        id: row.try_get("id")?,
        name: name.to_string(),
        bot: None,
    })
}

/// Checks a name and password; one answer for an unknown name and a wrong password.
pub async fn sign_in(state: &AppState, name: &str, password: &str) -> ApiResult<User> {
    let wrong = || ApiError::unauthorized("wrong name or password");
    if name.len() > MAX_NAME || password.len() > *PASSWORD_BYTES.end() {
        return Err(wrong());
    }
    let key = name.to_ascii_lowercase();
    if let Some(ms) = state.throttle.wait_ms(&key, now_ms()) {
        return Err(ApiError::too_many(format!(
            "too many wrong passwords for this name: try again in {} s",
            (ms + 999) / 1000
        )));
    }
    let failed = || {
        state.throttle.failed(&key, now_ms());
        wrong()
    };
    let row = sqlx::query("SELECT id, name, password_hash FROM users WHERE name_key = $1")
        .bind(&key)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(failed)?;
    let hash: Option<String> = row.try_get("password_hash")?;
    let hash = hash.ok_or_else(failed)?;
    let password = password.to_string();
    let ok = tokio::task::spawn_blocking(move || verify_password(&password, &hash))
        .await
        .map_err(ApiError::internal)?;
    if !ok {
        return Err(failed());
    }
    state.throttle.succeeded(&key);
    Ok(User {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        bot: None,
    })
}

/// Opens a session for `user`: the token for the cookie, and the session.
pub async fn open_session(state: &AppState, user: User) -> ApiResult<(String, Session)> {
    let token = random_hex(32);
    let csrf = random_hex(16);
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, csrf, expires_ms) VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash(&token))
    .bind(user.id)
    .bind(&csrf)
    .bind(now_ms() + SESSION_DAYS * 86_400_000)
    .execute(&state.pool)
    .await?;
    Ok((token, Session { user, csrf }))
}

/// Ends the session of `token`.
pub async fn close_session(state: &AppState, token: &str) -> ApiResult<()> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(token_hash(token))
        .execute(&state.pool)
        .await?;
    Ok(())
}

/// The `Set-Cookie` value that carries `token` (empty and expired to sign out).
pub fn cookie(token: &str, secure: bool) -> String {
    let age = if token.is_empty() {
        0
    } else {
        SESSION_DAYS * 86_400
    };
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={age}{secure}")
}

/// The session token the request's cookies carry.
pub fn token_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_string())
}

/// The session of `token`: `401` for an unknown (forged) or expired one.
pub async fn session_of(state: &AppState, token: &str) -> ApiResult<Session> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::unauthorized("not signed in (bad session)"));
    }
    let row = sqlx::query(
        "SELECT s.csrf, s.expires_ms, u.id, u.name, u.bot_spec FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1",
    )
    .bind(token_hash(token))
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| ApiError::unauthorized("not signed in (unknown session)"))?;
    let expires: i64 = row.try_get("expires_ms")?;
    if expires <= now_ms() {
        return Err(ApiError::unauthorized("the session expired: sign in again"));
    }
    Ok(Session {
        user: User {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            bot: row.try_get("bot_spec")?,
        },
        csrf: row.try_get("csrf")?,
    })
}

/// Refuses a request whose `Origin` header names another site than its `Host`. Browsers send
/// `Origin` with every cross-site request that changes state and with every WebSocket
/// handshake; programs that send none are not browsers, so not a CSRF channel.
pub fn check_origin(headers: &HeaderMap) -> ApiResult<()> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin = origin.to_str().unwrap_or("");
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    match (authority, host) {
        (Some(a), Some(h)) if a == h => Ok(()),
        _ => Err(ApiError::forbidden(
            "cross-site request refused (its Origin is not this server)",
        )),
    }
}

/// A signed-in request. For methods that change state it also checks the `Origin` and that the
/// `X-CSRF-Token` header is the session's token.
#[derive(Debug)]
pub struct Auth(pub Session);

impl FromRequestParts<AppState> for Auth {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Auth> {
        let token =
            token_of(&parts.headers).ok_or_else(|| ApiError::unauthorized("not signed in"))?;
        let session = session_of(state, &token).await?;
        if !matches!(parts.method, Method::GET | Method::HEAD) {
            check_origin(&parts.headers)?;
            let sent = parts
                .headers
                .get("x-csrf-token")
                .and_then(|v| v.to_str().ok());
            if sent != Some(session.csrf.as_str()) {
                return Err(ApiError::forbidden(
                    "missing or wrong X-CSRF-Token header (GET /api/me gives the token)",
                ));
            }
        }
        Ok(Auth(session))
    }
}

/// A request that may or may not be signed in (a spectator needs no account).
#[derive(Debug)]
pub struct Viewer(pub Option<Session>);

impl FromRequestParts<AppState> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Viewer> {
        match token_of(&parts.headers) {
            Some(token) => Ok(Viewer(session_of(state, &token).await.ok())),
            None => Ok(Viewer(None)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_plain_and_bots_keep_theirs() {
        for good in ["alice", "Bob_2", "x.y-z"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "<script>",
            "a b",
            "robert'); DROP TABLE users;--",
            "bot",
            "Bot:x",
            "émile",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        assert!(check_name(&"a".repeat(25)).is_err());
    }

    #[test]
    fn passwords_verify_against_their_hash_only() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("correct horse!", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn tokens_are_random_and_kept_hashed() {
        let (a, b) = (random_hex(32), random_hex(32));
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_ne!(token_hash(&a), a);
        assert_eq!(token_hash(&a), token_hash(&a));
    }

    #[test]
    fn the_cookie_is_read_among_others_and_is_http_only() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            "x=1; agame_session=abc; y=2".parse().unwrap(),
        );
        assert_eq!(token_of(&headers).as_deref(), Some("abc"));
        let c = cookie("abc", false);
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax"), "{c}");
        assert!(cookie("", true).contains("Max-Age=0; Secure"));
    }

    #[test]
    fn origins_of_other_sites_are_refused() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, "127.0.0.1:8080".parse().unwrap());
        assert!(check_origin(&headers).is_ok());
        headers.insert(header::ORIGIN, "http://127.0.0.1:8080".parse().unwrap());
        assert!(check_origin(&headers).is_ok());
        headers.insert(header::ORIGIN, "http://evil.example".parse().unwrap());
        assert_eq!(check_origin(&headers).unwrap_err().status.as_u16(), 403);
    }
}
