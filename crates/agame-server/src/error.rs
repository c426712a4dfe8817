//! The one error type of the API: an HTTP status and a sentence for people, sent as
//! `{"error": "..."}` (and over WebSocket as `{"type": "error", "error": "..."}`).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A refused request: why, and the HTTP status that says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for people.
    pub message: String,
}

impl ApiError {
    /// 400: the request does not make sense.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
    /// 401: no session, or a session that is not (or no longer) valid.
    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, message)
    }
    /// 403: signed in, but not allowed to do this.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }
    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }
    /// 409: the request came too late or clashes with the state (a name taken, a stale ply).
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }
    /// 429: too many tries; wait.
    pub fn too_many(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, message)
    }
    /// 500: the server failed (the database, mostly); the details go to the log.
    pub fn internal(detail: impl std::fmt::Display) -> ApiError {
        eprintln!("agame serve: internal error: {detail}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server failed to do this; try again",
        )
    }
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.status.as_u16())
    }
}

impl std::error::Error for ApiError {}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        ApiError::internal(e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}

/// What a handler returns.
pub type ApiResult<T> = Result<T, ApiError>;
