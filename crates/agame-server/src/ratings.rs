//! Glicko-2 ratings (the `skillratings` crate), one per player, game, variant and player count.
//! A game of three or four seats counts as one result against each other seat (a higher rank
//! wins, an equal rank draws), all in one rating period, as the Glicko-2 paper treats a
//! tournament round.

use crate::error::ApiResult;
use serde_json::{Value as Json, json};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};
use sqlx::{Any, AnyPool, Row, Transaction};

/// The new ratings of the seats, from their old ratings and their ranks (1 is first).
#[must_use]
pub fn rate(old: &[Glicko2Rating], ranks: &[u8]) -> Vec<Glicko2Rating> {
    let config = Glicko2Config::new();
    (0..old.len())
        .map(|me| {
            let results: Vec<(Glicko2Rating, Outcomes)> = (0..old.len())
                .filter(|&o| o != me)
                .map(|o| {
                    let outcome = match ranks[me].cmp(&ranks[o]) {
                        std::cmp::Ordering::Less => Outcomes::WIN,
                        std::cmp::Ordering::Equal => Outcomes::DRAW,
                        std::cmp::Ordering::Greater => Outcomes::LOSS,
                    };
                    (old[o], outcome)
                })
                .collect();
            glicko2_rating_period(&old[me], &results, &config)
        })
        .collect()
}

/// Records a finished game's result (`users` by seat, `ranks` by seat) inside the transaction
/// that stores its end.
pub async fn record(
    tx: &mut Transaction<'_, Any>,
    game: &str,
    variant: &str,
    users: &[i64],
    ranks: &[u8],
) -> ApiResult<()> {
    if users.len() != ranks.len() || users.len() < 2 {
        return Ok(());
    }
    let players = users.len() as i64;
    let mut old = Vec::with_capacity(users.len());
    let mut games = Vec::with_capacity(users.len());
    for &user in users {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE user_id = $1 AND game = $2 AND variant = $3 AND players = $4",
        )
        .bind(user)
        .bind(game)
        .bind(variant)
        .bind(players)
        .fetch_optional(&mut **tx)
        .await?;
        match row {
            Some(r) => {
                old.push(Glicko2Rating {
                    rating: r.try_get("rating")?,
                    deviation: r.try_get("deviation")?,
                    volatility: r.try_get("volatility")?,
                });
                games.push(r.try_get::<i64, _>("games")?);
            }
            None => {
                old.push(Glicko2Rating::new());
                games.push(0);
            }
        }
    }
    for ((user, new), played) in users.iter().zip(rate(&old, ranks)).zip(games) {
        sqlx::query(
            "INSERT INTO ratings (user_id, game, variant, players, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (user_id, game, variant, players) DO UPDATE SET rating = $5, deviation = $6, volatility = $7, games = $8",
        )
        .bind(*user)
        .bind(game)
        .bind(variant)
        .bind(players)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .bind(played + 1)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// The leaderboard: the best ratings first (rating minus twice the deviation, so that a few
/// lucky games do not lead), optionally of one game, variant and player count.
pub async fn leaderboard(
    pool: &AnyPool,
    game: Option<&str>,
    variant: Option<&str>,
    players: Option<i64>,
    limit: i64,
) -> ApiResult<Vec<Json>> {
    let rows = sqlx::query(
        "SELECT u.name, u.bot_spec, r.game, r.variant, r.players, r.rating, r.deviation, r.games FROM ratings r JOIN users u ON u.id = r.user_id \
         WHERE ($1 = '' OR r.game = $1) AND ($2 = '' OR r.variant = $2) AND ($3 = 0 OR r.players = $3) \
         ORDER BY r.rating - 2 * r.deviation DESC, u.name LIMIT $4",
    )
    .bind(game.unwrap_or(""))
    .bind(variant.unwrap_or(""))
    .bind(players.unwrap_or(0))
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let rating: f64 = r.try_get("rating")?;
        let deviation: f64 = r.try_get("deviation")?;
        out.push(json!({
            "name": r.try_get::<String, _>("name")?,
            "bot": r.try_get::<Option<String>, _>("bot_spec")?.is_some(),
            "game": r.try_get::<String, _>("game")?,
            "variant": r.try_get::<String, _>("variant")?,
            "players": r.try_get::<i64, _>("players")?,
            "rating": rating.round(),
            "deviation": deviation.round(),
            "games": r.try_get::<i64, _>("games")?,
        }));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_gains_and_the_loser_loses() {
        let start = [Glicko2Rating::new(), Glicko2Rating::new()];
        let new = rate(&start, &[1, 2]);
        assert!(new[0].rating > 1500.0 && new[1].rating < 1500.0, "{new:?}");
        assert!((new[0].rating - 1500.0 + new[1].rating - 1500.0).abs() < 1e-6);
        assert!(new[0].deviation < 350.0);
        let drawn = rate(&start, &[1, 1]);
        assert!((drawn[0].rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn four_seats_count_against_each_other_seat() {
        let start = [Glicko2Rating::new(); 4];
        let new = rate(&start, &[2, 1, 4, 2]);
        assert!(new[1].rating > new[0].rating);
        assert!(
            (new[0].rating - new[3].rating).abs() < 1e-9,
            "equal ranks move alike"
        );
        assert!(new[2].rating < new[0].rating);
    }
}
