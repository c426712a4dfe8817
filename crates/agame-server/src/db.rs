//! The database: SQLite (a file, the default) or Postgres, through sqlx's `Any` driver so that
//! every query is written once (`$1` placeholders, which both read). The schema comes from
//! the migrations embedded in the program, one folder per database (their column types
//! differ), run at start.

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor};
use std::time::{SystemTime, UNIX_EPOCH};

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file.
    Sqlite,
    /// A Postgres server.
    Postgres,
}

impl Backend {
    /// The backend of `url` (`sqlite:...` or `postgres://...`).
    pub fn of(url: &str) -> Result<Backend, String> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(format!(
                "--database takes sqlite:PATH or postgres://..., not '{}'",
                url.split(':').next().unwrap_or("")
            ))
        }
    }
}

/// Opens the database at `url` and brings its schema up to date.
pub async fn connect(url: &str) -> Result<AnyPool, String> {
    install_default_drivers();
    let backend = Backend::of(url)?;
    let mut options = AnyPoolOptions::new();
    options = match backend {
        // One writer at a time in SQLite: a few connections are enough, and WAL lets readers
        // go on during a write. synchronous=NORMAL in WAL mode keeps every committed
        // transaction through a crash of the process (not of the machine).
        Backend::Sqlite => options.max_connections(4).after_connect(|conn, _| {
            Box::pin(async move {
                conn.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000;")
                    .await?;
                Ok(())
            })
        }),
        Backend::Postgres => options.max_connections(16),
    };
    let url = match backend {
        Backend::Sqlite if !url.contains("mode=") => {
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}mode=rwc")
        }
        _ => url.to_string(),
    };
    let pool = options
        .connect(&url)
        .await
        .map_err(|e| format!("cannot open the database: {e}"))?;
    let migrated = match backend {
        Backend::Sqlite => sqlx::migrate!("migrations/sqlite").run(&pool).await,
        Backend::Postgres => sqlx::migrate!("migrations/postgres").run(&pool).await,
    };
    migrated.map_err(|e| format!("cannot bring the database schema up to date: {e}"))?;
    Ok(pool)
}

/// Milliseconds since 1970 (UTC), the unit of every time in the database.
#[must_use]
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// A list of numbers as the database keeps it (`"300000,300000"`).
#[must_use]
pub fn join<T: ToString>(values: &[T]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads a list that [`join`] wrote; an empty text is an empty list.
pub fn split<T: std::str::FromStr>(text: &str) -> Result<Vec<T>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|p| {
            p.parse()
                .map_err(|_| format!("bad list in the database: '{text}'"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_round_trip() {
        assert_eq!(join(&[300_000_i64, 5]), "300000,5");
        assert_eq!(split::<i64>("300000,5").unwrap(), vec![300_000, 5]);
        assert_eq!(split::<i64>("").unwrap(), Vec::<i64>::new());
        assert!(split::<i64>("1,x").is_err());
    }

    #[test]
    fn urls_name_their_backend() {
        assert_eq!(Backend::of("sqlite:/tmp/a.db"), Ok(Backend::Sqlite));
        assert_eq!(
            Backend::of("postgres://u@127.0.0.1/db"),
            Ok(Backend::Postgres)
        );
        assert!(Backend::of("mysql://x").unwrap_err().contains("mysql"));
    }
}
