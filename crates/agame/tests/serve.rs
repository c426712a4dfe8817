//! `agame serve` as a process (feature `serve`): its records replay with `agame replay`, and a
//! `kill -9` during 100 live games loses no acknowledged move. All traffic on loopback; every
//! wait bounded.
#![cfg(feature = "serve")]

mod common;

use agame_server::client::{Client, Socket};
use serde_json::{Value as Json, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);

/// `agame serve` on a free port over the SQLite file in `data`; the process and its address.
fn serve(data: &Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_agame"))
        .args(["serve", "--port", "0", "--data"])
        .arg(data)
        .current_dir(common::root())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start agame serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (child, addr)
}

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agame-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn person(addr: SocketAddr, name: &str) -> Client {
    let mut c = Client::new(addr);
    let a = c.sign_up(name, "password-1").await.unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    c
}

/// A game between two new people, started; its number and view.
async fn new_game(addr: SocketAddr, n: usize, options: Json) -> (Client, Client, i64, Json) {
    let a = person(addr, &format!("a{n}")).await;
    let b = person(addr, &format!("b{n}")).await;
    let g = a
        .post(
            "/api/games",
            &json!({"game": "pikemen", "options": options, "seats": ["me", "open"],
                    "clock": {"kind": "live", "initial_s": 3600, "increment_s": 0}}),
        )
        .await
        .unwrap()
        .json();
    let id = g["id"].as_i64().unwrap();
    let v = b
        .post(&format!("/api/games/{id}/join"), &json!({}))
        .await
        .unwrap()
        .json();
    assert_eq!(v["status"], "active", "{v}");
    (a, b, id, v)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_of_finished_games_replay_with_agame_replay() {
    let dir = data_dir("record");
    let (mut server, addr) = serve(&dir);
    let (a, b, id, mut v) = new_game(addr, 0, json!({"maxPlies": 8})).await;
    for _ in 0..8 {
        let mover = if v["to_move"] == 0 { &a } else { &b };
        let ply = v["ply"].as_u64().unwrap();
        let mv = v["legal"].as_array().unwrap().last().unwrap().clone();
        let ack = mover
            .post(
                &format!("/api/games/{id}/move"),
                &json!({"ply": ply, "move": mv}),
            )
            .await
            .unwrap();
        assert_eq!(ack.status, 200, "{}", ack.body);
        v = a.get(&format!("/api/games/{id}")).await.unwrap().json();
    }
    assert_eq!(v["status"], "finished");
    let record = a
        .get(&format!("/api/games/{id}/record"))
        .await
        .unwrap()
        .body;
    server.kill().unwrap();
    let _ = server.wait();
    let file = dir.join("game.txt");
    std::fs::write(&file, &record).unwrap();
    let replay = record
        .lines()
        .find_map(|l| l.strip_prefix("# replay: agame replay "))
        .expect("the record says how to replay it");
    let mut args: Vec<String> = replay
        .split_whitespace()
        .filter(|w| *w != "FILE")
        .map(String::from)
        .collect();
    args.insert(0, "replay".into());
    args.push(file.display().to_string());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = common::stdout(&args);
    assert!(out.contains("draw (move limit reached)"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays random moves in game `id` for both seats until stopped; every acknowledged move is
/// recorded in `acked` (ply, move).
async fn keep_playing(
    mut sockets: [Socket; 2],
    id: i64,
    acked: Arc<Mutex<HashMap<i64, Vec<String>>>>,
    mut seed: u64,
) {
    let Some(mut v) = sockets[0]
        .until(WAIT, |m| m["type"] == "game" && m["id"] == id)
        .await
    else {
        return;
    };
    for _ in 0..400 {
        if v["status"] != "active" {
            return;
        }
        let seat = v["to_move"].as_u64().unwrap() as usize;
        let legal = v["legal"].as_array().unwrap();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = legal[(seed >> 33) as usize % legal.len()]
            .as_str()
            .unwrap()
            .to_string();
        let ply = v["ply"].as_u64().unwrap();
        let sent = json!({"type": "move", "game": id, "ply": ply, "move": mv});
        if sockets[seat].send(&sent).await.is_err() {
            return;
        }
        let Some(ack) = sockets[seat]
            .until(WAIT, |m| m["type"] == "ack" || m["type"] == "error")
            .await
        else {
            return;
        };
        assert_eq!(ack["type"], "ack", "{ack}");
        acked.lock().unwrap().entry(id).or_default().push(mv);
        let other = 1 - seat;
        let Some(next) = sockets[other]
            .until(WAIT, |m| {
                m["type"] == "game" && m["ply"].as_u64() > Some(ply)
            })
            .await
        else {
            return;
        };
        v = next;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_9_during_100_live_games_loses_no_acknowledged_move() {
    const GAMES: usize = 100;
    let dir = data_dir("kill");
    let (mut server, addr) = serve(&dir);
    let mut games = Vec::with_capacity(GAMES);
    for n in 0..GAMES {
        games.push(new_game(addr, n, json!({})).await);
    }
    let acked: Arc<Mutex<HashMap<i64, Vec<String>>>> = Arc::default();
    let mut tasks = Vec::new();
    for (n, (a, b, id, _)) in games.iter().enumerate() {
        let mut sockets = [a.socket().await.unwrap(), b.socket().await.unwrap()];
        sockets[0]
            .send(&json!({"type": "watch", "game": id}))
            .await
            .unwrap();
        sockets[1]
            .send(&json!({"type": "watch", "game": id}))
            .await
            .unwrap();
        tasks.push(tokio::spawn(keep_playing(
            sockets,
            *id,
            acked.clone(),
            n as u64,
        )));
    }
    // Kill the server while the games are being played (after some moves in all, bounded).
    let started = Instant::now();
    while acked.lock().unwrap().values().map(Vec::len).sum::<usize>() < 10 * GAMES
        && started.elapsed() < Duration::from_secs(120)
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.kill().unwrap(); // SIGKILL
    let _ = server.wait();
    for t in tasks {
        let _ = tokio::time::timeout(WAIT * 2, t).await;
    }
    let acked = acked.lock().unwrap().clone();
    let total: usize = acked.values().map(Vec::len).sum();
    assert!(
        total >= 10 * GAMES / 2,
        "only {total} moves were acknowledged"
    );
    // Restart on the same database: every acknowledged move is there, and the games go on.
    let (mut server, addr) = serve(&dir);
    for (a, b, id, _) in &mut games {
        a.addr = addr;
        b.addr = addr;
        let v = a.get(&format!("/api/games/{id}")).await.unwrap().json();
        let stored: Vec<&str> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let mine = acked.get(id).cloned().unwrap_or_default();
        assert!(
            stored.len() >= mine.len() && stored[..mine.len()] == mine[..],
            "game {id}: acknowledged {mine:?}, stored {stored:?}"
        );
        assert!(
            stored.len() <= mine.len() + 1,
            "at most the unacknowledged move more"
        );
        assert_eq!(v["status"], "active");
        let mover = if v["to_move"] == 0 { &*a } else { &*b };
        let mv = &v["legal"][0];
        let next = mover
            .post(
                &format!("/api/games/{id}/move"),
                &json!({"ply": v["ply"], "move": mv}),
            )
            .await
            .unwrap();
        assert_eq!(next.status, 200, "game {id} goes on: {}", next.body);
    }
    server.kill().unwrap();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn live_clocks_stand_still_while_no_server_runs() {
    let dir = data_dir("down");
    let (mut server, addr) = serve(&dir);
    // Let the server write a heartbeat after the game has started.
    let (mut a, _b, id, _) = new_game(addr, 0, json!({})).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let before = a.get(&format!("/api/games/{id}")).await.unwrap().json();
    server.kill().unwrap();
    let _ = server.wait();
    let down = Duration::from_millis(agame_server::games::DOWN_AFTER_MS as u64 + 3000);
    tokio::time::sleep(down).await;
    let (mut server, addr) = serve(&dir);
    a.addr = addr;
    let after = a.get(&format!("/api/games/{id}")).await.unwrap().json();
    let left = |v: &Json| v["clocks"][0].as_i64().unwrap();
    // Seat 0 is to move all along: it is charged the restart and up to the last heartbeat,
    // so it may get back the second before the kill, not charged the 8 s the server was down.
    server.kill().unwrap();
    let _ = server.wait();
    assert_eq!(after["to_move"], 0);
    let charged = left(&before) - left(&after);
    assert!(
        (-1100..2500).contains(&charged),
        "charged {charged} ms for a stop of {down:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
