//! The page: the files of `web/` (and the WebAssembly package the bot page loads), read from
//! the folder `--web` names, never from outside it.

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use std::path::PathBuf;

/// The content type of a file, by its extension.
fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map_or("", |(_, ext)| ext) {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The file `path` names under `folder` of the page's root: plain names only (no `..`, no
/// hidden files, no absolute paths).
fn file_of(root: &std::path::Path, folder: &str, path: &str) -> Option<PathBuf> {
    let plain = |part: &str| {
        !part.is_empty()
            && !part.starts_with('.')
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    if !path.split('/').all(plain) {
        return None;
    }
    Some(root.join(folder).join(path))
}

async fn send(state: &AppState, folder: &str, path: &str) -> ApiResult<Response> {
    let root = state.web.as_ref().ok_or_else(|| {
        ApiError::not_found("this server was started without the page (--web DIR)")
    })?;
    let path = if path.is_empty() { "index.html" } else { path };
    let file = file_of(root, folder, path).ok_or_else(|| ApiError::not_found("no such page"))?;
    let bytes = tokio::fs::read(&file)
        .await
        .map_err(|_| ApiError::not_found(format!("no page {folder}/{path}")))?;
    let mut response = bytes.into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(path)),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(response)
}

/// `GET /web/...`: the page.
pub async fn page(State(state): State<AppState>, Path(path): Path<String>) -> ApiResult<Response> {
    send(&state, "web", &path).await
}

/// `GET /crates/agame-wasm/pkg/...`: the WebAssembly package of the bot page.
pub async fn package(
    State(state): State<AppState>,
    Path(path): Path<String>,
) -> ApiResult<Response> {
    send(&state, "crates/agame-wasm/pkg", &path).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_paths_under_the_root_are_served() {
        let root = std::path::Path::new("/srv");
        assert_eq!(
            file_of(root, "web", "tests/e2e.mjs"),
            Some(PathBuf::from("/srv/web/tests/e2e.mjs"))
        );
        for bad in [
            "../secret",
            "a/../../b",
            ".git/config",
            "/etc/passwd",
            "a//b",
            "x\\y",
            "%2e%2e",
        ] {
            assert_eq!(file_of(root, "web", bad), None, "{bad}");
        }
        assert_eq!(content_type("online.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("agame_wasm_bg.wasm"), "application/wasm");
    }
}
