//! The load benchmark (not a test): many simulated clients playing random legal moves in many
//! games at once through one server, over WebSocket on loopback. It reports errors and the
//! time from a move sent to the move seen by the opponent (p50, p90, p99, max).
//!
//! ```sh
//! cargo run --release -p agame-server --features client --example load -- [GAMES] [MOVES] [THINK_MS] [ADDR]
//! ```
//!
//! GAMES games (500: 1,000 clients), MOVES moves in each (20), THINK_MS the mean time a client
//! thinks before its move (1000; uniform in 0..2*THINK_MS). Without ADDR it starts a server
//! in this process on a new SQLite file; with ADDR (`127.0.0.1:8080`) it uses that server,
//! which must be fresh (names `load-a0`... are signed up).

use agame_server::client::{Client, Socket};
use serde_json::{Value as Json, json};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(60);

#[derive(Default)]
struct Tally {
    latencies_us: Vec<u64>,
    errors: Vec<String>,
}

fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

async fn person(addr: SocketAddr, name: &str) -> Result<Client, String> {
    let mut c = Client::new(addr);
    let a = c
        .sign_up(name, "password-1")
        .await
        .map_err(|e| e.to_string())?;
    if a.status != 200 {
        let a = c
            .sign_in(name, "password-1")
            .await
            .map_err(|e| e.to_string())?;
        if a.status != 200 {
            return Err(format!("{name}: {}", a.body));
        }
    }
    Ok(c)
}

/// One game: both clients watch; each in turn thinks, sends a random legal move, and the
/// time until the other sees it is recorded.
async fn game(
    mut sockets: [Socket; 2],
    id: i64,
    moves: usize,
    think_ms: u64,
    mut seed: u64,
    tally: Arc<Mutex<Tally>>,
) {
    let fail = |e: String| tally.lock().unwrap().errors.push(format!("game {id}: {e}"));
    for s in &mut sockets {
        if let Err(e) = s.send(&json!({"type": "watch", "game": id})).await {
            return fail(e.to_string());
        }
    }
    let is_view = |m: &Json| m["type"] == "game" && m["id"] == id;
    let (Some(mut view), Some(_)) = (
        sockets[0].until(WAIT, is_view).await,
        sockets[1].until(WAIT, is_view).await,
    ) else {
        return fail("no view".into());
    };
    for _ in 0..moves {
        if view["status"] != "active" {
            return;
        }
        let seat = view["to_move"].as_u64().unwrap_or(0) as usize;
        let legal = view["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            return fail("no legal move in an active game".into());
        }
        let mv = legal[next(&mut seed) as usize % legal.len()].clone();
        let ply = view["ply"].as_u64().unwrap_or(0);
        if think_ms > 0 {
            tokio::time::sleep(Duration::from_millis(next(&mut seed) % (2 * think_ms))).await;
        }
        let sent = Instant::now();
        if let Err(e) = sockets[seat]
            .send(&json!({"type": "move", "game": id, "ply": ply, "move": mv}))
            .await
        {
            return fail(e.to_string());
        }
        let other = 1 - seat;
        let Some(seen) = sockets[other]
            .until(WAIT, |m| {
                m["type"] == "error" || (is_view(m) && m["ply"].as_u64() > Some(ply))
            })
            .await
        else {
            return fail(format!("the opponent never saw ply {}", ply + 1));
        };
        if seen["type"] == "error" {
            return fail(seen["error"].to_string());
        }
        let latency = sent.elapsed();
        match sockets[seat]
            .until(WAIT, |m| m["type"] == "ack" || m["type"] == "error")
            .await
        {
            Some(a) if a["type"] == "ack" => {}
            Some(e) => return fail(e["error"].to_string()),
            None => return fail("no acknowledgement".into()),
        }
        tally
            .lock()
            .unwrap()
            .latencies_us
            .push(latency.as_micros() as u64);
        view = seen;
    }
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (games, moves, think_ms) = (arg(0, 500) as usize, arg(1, 20) as usize, arg(2, 1000));
    let addr: SocketAddr = match args.get(3) {
        Some(a) => a.parse().map_err(|_| format!("bad address {a}"))?,
        None => {
            let dir = std::env::temp_dir().join(format!("agame-load-{}", std::process::id()));
            std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
            let config = agame_server::Config {
                listen: SocketAddr::from(([127, 0, 0, 1], 0)),
                database: format!("sqlite:{}", dir.join("agame.db").display()),
                ..agame_server::Config::default()
            };
            let server = agame_server::Server::bind(config).await?;
            let addr = server.local_addr();
            tokio::spawn(server.run());
            addr
        }
    };
    eprintln!(
        "{games} games, {} clients, {moves} moves each, think {think_ms} ms: setting up on {addr}",
        2 * games
    );
    let setup = Instant::now();
    let mut pairs = Vec::with_capacity(games);
    for n in 0..games {
        let a = person(addr, &format!("load-a{n}")).await?;
        let b = person(addr, &format!("load-b{n}")).await?;
        let g = a
            .post(
                "/api/games",
                &json!({"game": "pikemen", "seats": ["me", "open"], "rated": false,
                        "clock": {"kind": "live", "initial_s": 10800, "increment_s": 0}}),
            )
            .await
            .map_err(|e| e.to_string())?
            .json();
        let id = g["id"].as_i64().ok_or_else(|| format!("no game: {g}"))?;
        let joined = b
            .post(&format!("/api/games/{id}/join"), &json!({}))
            .await
            .map_err(|e| e.to_string())?;
        if joined.status != 200 {
            return Err(joined.body);
        }
        let sockets = [
            a.socket().await.map_err(|e| e.to_string())?,
            b.socket().await.map_err(|e| e.to_string())?,
        ];
        pairs.push((id, sockets));
    }
    eprintln!("set up in {:.1} s; playing", setup.elapsed().as_secs_f64());
    let tally = Arc::new(Mutex::new(Tally::default()));
    let started = Instant::now();
    let tasks: Vec<_> = pairs
        .into_iter()
        .enumerate()
        .map(|(n, (id, sockets))| {
            tokio::spawn(game(
                sockets,
                id,
                moves,
                think_ms,
                n as u64 + 1,
                tally.clone(),
            ))
        })
        .collect();
    for t in tasks {
        let _ = t.await;
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut tally = std::mem::take(&mut *tally.lock().unwrap());
    tally.latencies_us.sort_unstable();
    let l = &tally.latencies_us;
    let at = |q: f64| {
        l.get(((l.len() as f64 * q) as usize).min(l.len().saturating_sub(1)))
            .map_or(0.0, |&us| us as f64 / 1000.0)
    };
    for e in tally.errors.iter().take(10) {
        eprintln!("error: {e}");
    }
    println!(
        "{}",
        json!({
            "games": games, "clients": 2 * games, "moves": l.len(), "errors": tally.errors.len(),
            "seconds": (seconds * 10.0).round() / 10.0,
            "moves_per_second": (l.len() as f64 / seconds).round(),
            "latency_ms": {"p50": at(0.50), "p90": at(0.90), "p99": at(0.99), "max": at(1.0)},
        })
    );
    Ok(())
}
