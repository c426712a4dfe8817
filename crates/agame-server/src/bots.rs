//! Bots are accounts too: one per spec of `abstract-game-search` (`bot:mcts:ms=500`), made on
//! first use. When a bot is to move, its search runs on tokio's blocking threads (never on the
//! event loop), a few at a time, and its move goes through the same checks as a person's.

use crate::AppState;
use crate::auth::User;
use crate::db::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::games::{self, Live};
use abstract_game_search::BotSpec;
use sqlx::Row;

/// The longest a bot may think per move, in milliseconds.
pub const MAX_MS: u64 = 10_000;
/// The most MCTS iterations or alpha-beta nodes per move.
pub const MAX_ITERATIONS: u64 = 200_000;
/// The deepest alpha-beta search.
pub const MAX_DEPTH: u32 = 6;

/// Reads a bot spec and refuses budgets that would let one game take the server's CPU.
pub fn read_spec(text: &str) -> ApiResult<BotSpec> {
    let spec: BotSpec = text
        .parse()
        .map_err(|e| ApiError::bad(format!("bot: {e}")))?;
    let too_much = spec.millis.is_some_and(|ms| ms > MAX_MS)
        || spec.iterations.is_some_and(|n| n > MAX_ITERATIONS)
        || spec.depth.is_some_and(|d| d > MAX_DEPTH);
    if too_much {
        return Err(ApiError::bad(format!(
            "bot: at most ms={MAX_MS}, iters/nodes={MAX_ITERATIONS}, depth={MAX_DEPTH} on this server"
        )));
    }
    Ok(spec)
}

/// The account of the bot `text` names, made on first use.
pub async fn account(state: &AppState, text: &str) -> ApiResult<User> {
    let spec = read_spec(text)?;
    let name = format!("bot:{spec}");
    let key = name.to_ascii_lowercase();
    let find = async || {
        sqlx::query("SELECT id FROM users WHERE name_key = $1")
            .bind(&key)
            .fetch_optional(&state.pool)
            .await
    };
    let id: i64 = match find().await? {
        Some(row) => row.try_get("id")?,
        None => {
            let made = sqlx::query(
                "INSERT INTO users (name, name_key, bot_spec, created_ms) VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(&name)
            .bind(&key)
            .bind(spec.to_string())
            .bind(now_ms())
            .fetch_one(&state.pool)
            .await;
            match made {
                Ok(row) => row.try_get("id")?,
                // Made at the same moment by another request.
                Err(_) => find()
                    .await?
                    .ok_or_else(|| ApiError::internal("bot account vanished"))?
                    .try_get("id")?,
            }
        }
    };
    Ok(User {
        id,
        name,
        bot: Some(spec.to_string()),
    })
}

/// If a bot is to move in `live`, starts its search (once per position) and plays its move.
pub fn wake(state: &AppState, live: &Live) {
    let Some(seat) = live.to_move() else {
        return;
    };
    let Some(user) = live.seats[seat].clone() else {
        return;
    };
    let Some(spec) = user.bot.as_deref().and_then(|s| s.parse::<BotSpec>().ok()) else {
        return;
    };
    let key = (live.id, live.moves.len());
    {
        let mut thinking = state.thinking.lock().unwrap_or_else(|e| e.into_inner());
        if !thinking.insert(key) {
            return;
        }
    }
    let table = live.table.clone_box();
    let state = state.clone();
    tokio::spawn(async move {
        let chosen = match state.bot_slots.acquire().await {
            Ok(_permit) => tokio::task::spawn_blocking(move || table.bot_move(&spec))
                .await
                .ok()
                .flatten(),
            Err(_) => None,
        };
        state
            .thinking
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&key);
        if let Some(mv) = chosen {
            if let Err(e) = games::play(&state, &user, key.0, key.1, &mv).await {
                if e.status.is_server_error() {
                    eprintln!("agame serve: {} in game {}: {e}", user.name, key.0);
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_past_the_caps_are_refused() {
        assert!(read_spec("mcts:ms=500").is_ok());
        assert!(read_spec("alphabeta:depth=3").is_ok());
        for bad in [
            "mcts:ms=60000",
            "mcts:iters=10000000",
            "alphabeta:depth=12",
            "chess",
        ] {
            assert_eq!(read_spec(bad).unwrap_err().status.as_u16(), 400, "{bad}");
        }
    }
}
