//! The server against real clients: a real server on a free loopback port with a real SQLite
//! file (and, for the tests named `postgres_*`, the Postgres of `DATABASE_URL`). Every wait is
//! bounded (`common::WAIT`), every loop bounded in count.

mod common;

use agame_server::client::Client;
use common::*;
use serde_json::{Value as Json, json};

// ---------------------------------------------------------------- accounts

#[tokio::test]
async fn accounts_sign_up_in_and_out() {
    let s = start().await;
    let (mut alice, name) = person(s.addr, "alice").await;
    let me = alice.get("/api/me").await.unwrap();
    assert_eq!(me.json()["name"], name.as_str());
    assert_eq!(me.json()["csrf"].as_str(), alice.csrf.as_deref());
    // The cookie is HttpOnly and SameSite.
    let mut fresh = Client::new(s.addr);
    let again = fresh.sign_in(&name, "password-1").await.unwrap();
    let cookie = again.header("set-cookie").unwrap().to_string();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    // The name is taken in any case; a wrong password and an unknown name answer alike.
    let mut other = Client::new(s.addr);
    let taken = other
        .sign_up(&name.to_uppercase(), "password-2")
        .await
        .unwrap();
    assert_eq!(
        (taken.status, taken.error()),
        (409, format!("the name '{}' is taken", name.to_uppercase()))
    );
    let wrong = other.sign_in(&name, "password-2").await.unwrap();
    let unknown = other.sign_in("nobody-here", "password-2").await.unwrap();
    assert_eq!(
        (wrong.status, wrong.error()),
        (401, "wrong name or password".into())
    );
    assert_eq!((unknown.status, unknown.error()), (401, wrong.error()));
    let short = other.sign_up(&unique("p"), "short").await.unwrap();
    assert_eq!(
        (short.status, short.error()),
        (400, "a password is 8 to 128 bytes".into())
    );
    // Signing out ends the session on the server, not only in the browser.
    let out = alice.post("/api/logout", &json!({})).await.unwrap();
    assert_eq!(out.status, 200, "{}", out.body);
    assert!(out.header("set-cookie").unwrap().contains("Max-Age=0"));
    let gone = alice.get("/api/me").await.unwrap();
    assert_eq!(
        (gone.status, gone.error()),
        (401, "not signed in (unknown session)".into())
    );
    alice.sign_in(&name, "password-1").await.unwrap();
    assert_eq!(alice.get("/api/me").await.unwrap().status, 200);
}

#[tokio::test]
async fn wrong_passwords_lock_the_name_for_a_while() {
    let s = start().await;
    let (_alice, name) = person(s.addr, "locked").await;
    let (_bob, other) = person(s.addr, "free").await;
    let mut guesser = Client::new(s.addr);
    for _ in 0..agame_server::throttle::MAX_FAILURES {
        let a = guesser.sign_in(&name, "wrong-guess").await.unwrap();
        assert_eq!(a.status, 401, "{}", a.body);
    }
    // Now even the right password is refused, in any case of the name; other names are not.
    for tried in [name.clone(), name.to_uppercase()] {
        let a = guesser.sign_in(&tried, "password-1").await.unwrap();
        assert_eq!(a.status, 429, "{}", a.body);
        assert!(
            a.error()
                .starts_with("too many wrong passwords for this name: try again in "),
            "{}",
            a.error()
        );
        assert!(a.header("set-cookie").is_none());
    }
    let b = Client::new(s.addr)
        .sign_in(&other, "password-1")
        .await
        .unwrap();
    assert_eq!(b.status, 200, "{}", b.body);
}

#[tokio::test]
async fn forged_and_expired_sessions_are_refused() {
    let s = start().await;
    let (alice, _) = person(s.addr, "alice").await;
    let mut forged = alice.clone();
    forged.session = Some("0".repeat(64));
    let a = forged.post("/api/games", &json!({})).await.unwrap();
    assert_eq!(
        (a.status, a.error()),
        (401, "not signed in (unknown session)".into())
    );
    forged.session = Some("not even hex".into());
    assert_eq!(
        forged.get("/api/me").await.unwrap().error(),
        "not signed in (bad session)"
    );
    // Expire alice's session in the database.
    let pool = agame_server::db::connect(&s.database).await.unwrap();
    sqlx::query("UPDATE sessions SET expires_ms = 1 WHERE token_hash = $1")
        .bind(agame_server::auth::token_hash(
            alice.session.as_deref().unwrap(),
        ))
        .execute(&pool)
        .await
        .unwrap();
    let a = alice
        .post(
            "/api/games",
            &json!({"game": "gipf", "seats": ["me", "open"], "clock": live(60)}),
        )
        .await
        .unwrap();
    assert_eq!(
        (a.status, a.error()),
        (401, "the session expired: sign in again".into())
    );
    let lobby = alice.get("/api/lobby").await.unwrap().json();
    assert_eq!(lobby["open"], json!([]), "nothing was made");
}

#[tokio::test]
async fn state_changing_requests_need_the_csrf_token_and_this_origin() {
    let s = start().await;
    let (alice, _) = person(s.addr, "alice").await;
    let body = json!({"game": "gipf", "seats": ["me", "open"], "clock": live(60)});
    let mut no_token = alice.clone();
    no_token.csrf = None;
    let a = no_token.post("/api/games", &body).await.unwrap();
    assert_eq!(a.status, 403);
    assert!(a.error().contains("X-CSRF-Token"), "{}", a.error());
    let mut wrong = alice.clone();
    wrong.csrf = Some("f".repeat(32));
    assert_eq!(wrong.post("/api/games", &body).await.unwrap().status, 403);
    let mut evil = alice.clone();
    evil.extra
        .push(("Origin".into(), "http://evil.example".into()));
    let a = evil.post("/api/games", &body).await.unwrap();
    assert_eq!(
        (a.status, a.error()),
        (
            403,
            "cross-site request refused (its Origin is not this server)".into()
        )
    );
    let mut evil_signup = Client::new(s.addr);
    evil_signup
        .extra
        .push(("Origin".into(), "http://evil.example".into()));
    assert_eq!(
        evil_signup
            .sign_up(&unique("e"), "password-1")
            .await
            .unwrap()
            .status,
        403
    );
    // A WebSocket handshake from another site's page is refused too.
    assert!(evil.socket().await.is_err());
    assert_eq!(
        alice.get("/api/lobby").await.unwrap().json()["open"],
        json!([])
    );
    // The same request with the token and this server's origin works.
    let mut good = alice.clone();
    good.extra
        .push(("Origin".into(), format!("http://{}", s.addr)));
    assert_eq!(good.post("/api/games", &body).await.unwrap().status, 200);
}

// ---------------------------------------------------------------- games

/// Plays random legal moves (seeded) for both players over WebSocket until the game ends or
/// `max` moves were made; checks each acknowledgement and that the opponent sees each move.
async fn play_out(players: [&Client; 2], id: i64, max: usize) -> Json {
    let mut sockets = [
        players[0].socket().await.unwrap(),
        players[1].socket().await.unwrap(),
    ];
    let mut state = watch(&mut sockets[0], id).await;
    watch(&mut sockets[1], id).await;
    let mut seed = 7u64;
    for _ in 0..max {
        if state["status"] != "active" {
            break;
        }
        let seat = state["to_move"].as_u64().unwrap() as usize;
        let legal = state["legal"].as_array().unwrap();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = legal[(seed >> 33) as usize % legal.len()]
            .as_str()
            .unwrap()
            .to_string();
        let ply = state["ply"].as_u64().unwrap();
        sockets[seat]
            .send(&json!({"type": "move", "game": id, "ply": ply, "move": mv}))
            .await
            .unwrap();
        let ack = sockets[seat]
            .until(WAIT, |m| m["type"] == "ack" || m["type"] == "error")
            .await
            .unwrap();
        assert_eq!(ack["type"], "ack", "{ack}");
        assert_eq!(ack["ply"], ply + 1);
        // The opponent sees the move.
        state = at_ply(&mut sockets[1 - seat], id, ply + 1).await;
        assert_eq!(state["moves"][ply as usize], mv.as_str());
    }
    state
}

#[tokio::test]
async fn two_people_play_a_whole_game_and_it_is_archived_and_rated() {
    let s = start().await;
    let (alice, an) = person(s.addr, "alice").await;
    let (bob, bn) = person(s.addr, "bob").await;
    let open = challenge(
        &alice,
        "pikemen",
        json!({"maxPlies": 16}),
        json!(["me", "open"]),
        live(600),
    )
    .await;
    let id = open["id"].as_i64().unwrap();
    assert_eq!(open["status"], "open");
    let lobby = bob.get("/api/lobby").await.unwrap().json();
    assert!(
        lobby["open"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id)
    );
    let joined = bob
        .post(&format!("/api/games/{id}/join"), &json!({}))
        .await
        .unwrap();
    assert_eq!(joined.status, 200, "{}", joined.body);
    assert_eq!(joined.json()["status"], "active");
    assert_eq!(joined.json()["seats"][1]["name"], bn.as_str());
    let end = play_out([&alice, &bob], id, 40).await;
    assert_eq!(end["status"], "finished", "{end}");
    assert_eq!(end["ply"], 16, "the move limit ends it");
    assert_eq!(end["end_reason"], "move limit reached");
    assert_eq!(end["result"], json!([1, 1]));
    // The archive lists it; its record replays (checked by agame's tests) and names the rules.
    let finished = alice
        .get(&format!("/api/games?status=finished&user={bn}"))
        .await
        .unwrap()
        .json();
    assert_eq!(finished["games"][0]["id"], id);
    let record = alice.get(&format!("/api/games/{id}/record")).await.unwrap();
    assert_eq!(
        record.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    let lines: Vec<&str> = record
        .body
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect();
    assert_eq!(
        lines,
        end["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect::<Vec<_>>()
    );
    assert!(record.body.contains("# replay: agame replay pikemen --players 2 --target 12 --after-charge may-keep --max-plies 16 FILE"), "{}", record.body);
    assert!(record.body.contains(&format!("# seats: {an}, {bn}")));
    // Both are rated, once.
    let board = alice
        .get("/api/leaderboard?game=pikemen&players=2")
        .await
        .unwrap()
        .json();
    let rows: Vec<&Json> = board["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["name"] == an.as_str() || r["name"] == bn.as_str())
        .collect();
    assert_eq!(rows.len(), 2, "{board}");
    for r in rows {
        assert_eq!(r["games"], 1);
        assert_eq!(r["rating"], 1500.0, "a draw between equals moves no rating");
        assert!(r["deviation"].as_f64().unwrap() < 350.0);
        assert_eq!(
            r["variant"],
            "players=2,target=12,afterCharge=may-keep,maxPlies=16"
        );
    }
    // The picture of any ply.
    let svg = alice
        .get(&format!("/api/games/{id}/svg?ply=3&bottom=1"))
        .await
        .unwrap();
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    assert!(
        svg.body.starts_with("<svg"),
        "{}",
        &svg.body[..40.min(svg.body.len())]
    );
}

#[tokio::test]
async fn a_resignation_wins_for_the_other_and_moves_the_ratings() {
    let s = start().await;
    let (alice, an) = person(s.addr, "alice").await;
    let (bob, bn) = person(s.addr, "bob").await;
    let g = challenge(
        &alice,
        "epaminondas",
        json!({"board": "8x8"}),
        json!(["open", "me"]),
        live(600),
    )
    .await;
    let id = g["id"].as_i64().unwrap();
    bob.post(&format!("/api/games/{id}/join"), &json!({"seat": 0}))
        .await
        .unwrap();
    let mut spectator = Client::new(s.addr).socket().await.unwrap();
    watch(&mut spectator, id).await;
    let carol = person(s.addr, "carol").await.0;
    let not_hers = carol
        .post(&format!("/api/games/{id}/resign"), &json!({}))
        .await
        .unwrap();
    assert_eq!(
        (not_hers.status, not_hers.error()),
        (403, "you do not sit in this game".into())
    );
    let r = bob
        .post(&format!("/api/games/{id}/resign"), &json!({}))
        .await
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let end = spectator
        .until(WAIT, |m| m["type"] == "game" && m["status"] == "finished")
        .await
        .unwrap();
    assert_eq!(end["result"], json!([2, 1]));
    assert_eq!(end["end_reason"], format!("player 1 ({bn}) resigned"));
    let twice = bob
        .post(&format!("/api/games/{id}/resign"), &json!({}))
        .await
        .unwrap();
    assert_eq!(
        (twice.status, twice.error()),
        (409, "this game is finished, not being played".into())
    );
    let board = alice
        .get("/api/leaderboard?game=epaminondas")
        .await
        .unwrap()
        .json();
    let rating = |n: &str| {
        board["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == n)
            .unwrap()["rating"]
            .as_f64()
            .unwrap()
    };
    assert!(rating(&an) > 1500.0 && rating(&bn) < 1500.0, "{board}");
}

#[tokio::test]
async fn a_seat_out_of_time_loses_and_late_moves_are_refused() {
    let s = start().await;
    let (alice, an) = person(s.addr, "alice").await;
    let (bob, _) = person(s.addr, "bob").await;
    let g = challenge(&alice, "gipf", json!({}), json!(["me", "open"]), live(1)).await;
    let id = g["id"].as_i64().unwrap();
    let active = bob
        .post(&format!("/api/games/{id}/join"), &json!({}))
        .await
        .unwrap()
        .json();
    let mut socket = bob.socket().await.unwrap();
    watch(&mut socket, id).await;
    let end = socket
        .until(WAIT, |m| m["type"] == "game" && m["status"] == "finished")
        .await
        .unwrap();
    assert_eq!(
        end["end_reason"],
        format!("player 1 ({an}) ran out of time")
    );
    assert_eq!(end["result"], json!([2, 1]));
    assert_eq!(end["clocks"][0], 0);
    let mv = active["legal"][0].as_str().unwrap();
    let late = alice
        .post(
            &format!("/api/games/{id}/move"),
            &json!({"ply": 0, "move": mv}),
        )
        .await
        .unwrap();
    assert_eq!(
        (late.status, late.error()),
        (409, "this game is finished, not being played".into())
    );
    assert_eq!(view(&alice, id).await["ply"], 0);
}

#[tokio::test]
async fn correspondence_games_give_days_per_move() {
    let s = start().await;
    let (alice, _) = person(s.addr, "alice").await;
    let (bob, _) = person(s.addr, "bob").await;
    let g = challenge(
        &alice,
        "gipf",
        json!({"variant": "basic"}),
        json!(["me", "open"]),
        json!({"kind": "correspondence", "days": 3}),
    )
    .await;
    let id = g["id"].as_i64().unwrap();
    let v = bob
        .post(&format!("/api/games/{id}/join"), &json!({}))
        .await
        .unwrap()
        .json();
    let three_days = 3 * 86_400_000_i64;
    let left = v["deadline_ms"].as_i64().unwrap() - v["now_ms"].as_i64().unwrap();
    assert!((three_days - 5_000..=three_days).contains(&left), "{left}");
    let mv = v["legal"][0].as_str().unwrap();
    let a = alice
        .post(
            &format!("/api/games/{id}/move"),
            &json!({"ply": 0, "move": mv}),
        )
        .await
        .unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    let v = view(&alice, id).await;
    assert_eq!(v["clocks"][0], three_days, "the mover's days start again");
    assert_eq!(v["clock"], json!({"kind": "correspondence", "days": 3}));
}

#[tokio::test]
async fn bots_take_any_seat_and_four_seat_pikemen_starts_when_full() {
    let s = start().await;
    let (alice, _) = person(s.addr, "alice").await;
    let (bob, _) = person(s.addr, "bob").await;
    let g = challenge(
        &alice,
        "pikemen",
        json!({"players": 4, "maxPlies": 12}),
        json!(["me", {"bot": "random:seed=1"}, "open", {"bot": "greedy"}]),
        live(600),
    )
    .await;
    let id = g["id"].as_i64().unwrap();
    assert_eq!(g["status"], "open");
    assert_eq!(
        g["seats"][1],
        json!({"name": "bot:random:seed=1", "bot": true})
    );
    bob.post(&format!("/api/games/{id}/join"), &json!({}))
        .await
        .unwrap();
    // Alice and Bob play their seats; the bots answer theirs.
    let mut sockets = [alice.socket().await.unwrap(), bob.socket().await.unwrap()];
    let mut state = watch(&mut sockets[0], id).await;
    watch(&mut sockets[1], id).await;
    for _ in 0..12 {
        if state["status"] != "active" {
            break;
        }
        let ply = state["ply"].as_u64().unwrap();
        // Alice sits in seat 0, Bob in seat 2; the bots in 1 and 3 move by themselves.
        let seat = state["to_move"].as_u64().unwrap();
        if seat == 0 || seat == 2 {
            let who = usize::from(seat == 2);
            let mv = state["legal"][0].as_str().unwrap();
            sockets[who]
                .send(&json!({"type": "move", "game": id, "ply": ply, "move": mv}))
                .await
                .unwrap();
        }
        state = at_ply(&mut sockets[0], id, ply + 1).await;
    }
    assert_eq!(state["status"], "finished", "{state}");
    assert_eq!(state["ply"], 12);
    let bots = state["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["bot"] == true)
        .count();
    assert_eq!(bots, 2);
    // Bots with budgets past the server's caps, the same bot twice, or seats that do not add
    // up are refused.
    for (seats, error) in [
        (
            json!(["me", {"bot": "mcts:ms=999999"}]),
            "bot: at most ms=10000",
        ),
        (
            json!([{"bot": "random"}, {"bot": "random"}]),
            "cannot sit twice",
        ),
        (json!(["me"]), "this game has 2 seats"),
        (
            json!(["me", "you"]),
            "a seat is \"me\", \"open\" or {\"bot\": SPEC}, not 'you'",
        ),
    ] {
        let a = alice
            .post(
                "/api/games",
                &json!({"game": "gipf", "seats": seats, "clock": live(60)}),
            )
            .await
            .unwrap();
        assert_eq!(a.status, 400, "{}", a.body);
        assert!(a.error().contains(error), "{}", a.error());
    }
}

#[tokio::test]
async fn spectators_watch_without_an_account_and_cannot_play() {
    let s = start().await;
    let (alice, _) = person(s.addr, "alice").await;
    let g = challenge(
        &alice,
        "gipf",
        json!({}),
        json!(["me", {"bot": "random"}]),
        live(600),
    )
    .await;
    let id = g["id"].as_i64().unwrap();
    let mut watcher = Client::new(s.addr).socket().await.unwrap();
    let v = watch(&mut watcher, id).await;
    let mv = v["legal"][0].as_str().unwrap();
    watcher
        .send(&json!({"type": "move", "game": id, "ply": 0, "move": mv}))
        .await
        .unwrap();
    let e = watcher.until(WAIT, |m| m["type"] == "error").await.unwrap();
    assert_eq!(
        e,
        json!({"type": "error", "error": "sign in to play", "game": id})
    );
    alice
        .post(
            &format!("/api/games/{id}/move"),
            &json!({"ply": 0, "move": mv}),
        )
        .await
        .unwrap();
    // The watcher sees Alice's move, then the bot's answer.
    let after = at_ply(&mut watcher, id, 2).await;
    assert_eq!(after["moves"][0], mv);
    assert_eq!(after["seats"][1]["name"], "bot:random");
}

// ---------------------------------------------------------------- refusals

#[tokio::test]
async fn moves_outside_ones_seat_turn_or_the_rules_are_refused_and_change_nothing() {
    let s = start().await;
    let (alice, _) = person(s.addr, "alice").await;
    let (bob, _) = person(s.addr, "bob").await;
    let (carol, _) = person(s.addr, "carol").await;
    let g = challenge(
        &alice,
        "epaminondas",
        json!({"board": "8x8"}),
        json!(["me", "open"]),
        live(600),
    )
    .await;
    let id = g["id"].as_i64().unwrap();
    let early = alice
        .post(
            &format!("/api/games/{id}/move"),
            &json!({"ply": 0, "move": "a1-a2"}),
        )
        .await
        .unwrap();
    assert_eq!(
        (early.status, early.error()),
        (409, "this game is open, not being played".into())
    );
    let v = bob
        .post(&format!("/api/games/{id}/join"), &json!({}))
        .await
        .unwrap()
        .json();
    let again = bob
        .post(&format!("/api/games/{id}/join"), &json!({}))
        .await
        .unwrap();
    assert_eq!(
        (again.status, again.error()),
        (409, "this game is not open for players".into())
    );
    let mv = v["legal"][0].as_str().unwrap();
    let path = format!("/api/games/{id}/move");
    for (who, body, status, error) in [
        (
            &carol,
            json!({"ply": 0, "move": mv}),
            403,
            "you do not sit in this game".to_string(),
        ),
        (
            &bob,
            json!({"ply": 0, "move": mv}),
            409,
            "not your turn: player 1 moves".into(),
        ),
        (
            &alice,
            json!({"ply": 5, "move": mv}),
            409,
            "this move is for ply 5 but the game is at ply 0; reload".into(),
        ),
        (
            &alice,
            json!({"ply": 0, "move": "a1-h8"}),
            400,
            "a1-h8: ".into(),
        ),
        (
            &alice,
            json!({"ply": 0, "move": "'; DROP TABLE moves; --"}),
            400,
            "cannot read move".into(),
        ),
        (&alice, json!({"ply": 0}), 400, "bad request body: ".into()),
        (
            &alice,
            json!({"ply": -1, "move": mv}),
            400,
            "bad request body: ".into(),
        ),
        (
            &alice,
            json!({"ply": 0, "move": mv, "extra": 1}),
            400,
            "unknown field `extra`".into(),
        ),
    ] {
        let a = who.post(&path, &body).await.unwrap();
        assert_eq!(a.status, status, "{body}: {}", a.body);
        assert!(a.error().contains(&error), "{body}: {}", a.error());
    }
    let malformed = alice.raw("POST", &path, Some(b"{not json")).await.unwrap();
    assert_eq!(malformed.status, 400);
    assert!(
        malformed.error().starts_with("bad request body"),
        "{}",
        malformed.body
    );
    let huge = format!("{{\"ply\": 0, \"move\": \"{}\"}}", "x".repeat(100_000));
    let big = alice
        .raw("POST", &path, Some(huge.as_bytes()))
        .await
        .unwrap();
    assert_eq!(big.status, 413, "{}", big.body);
    assert!(big.error().contains("too large"), "{}", big.error());
    let no_game = alice
        .post("/api/games/999999/move", &json!({"ply": 0, "move": mv}))
        .await
        .unwrap();
    assert_eq!(
        (no_game.status, no_game.error()),
        (404, "no game 999999".into())
    );
    let bad_id = alice.get("/api/games/1%20OR%201=1").await.unwrap();
    assert_eq!(bad_id.status, 404);
    // Nothing changed; then the right move is taken.
    let v = view(&alice, id).await;
    assert_eq!(
        (v["ply"].as_u64(), v["to_move"].as_u64()),
        (Some(0), Some(0))
    );
    let ok = alice
        .post(&path, &json!({"ply": 0, "move": mv}))
        .await
        .unwrap();
    assert_eq!(
        ok.json(),
        json!({"type": "ack", "game": id, "ply": 1, "move": mv})
    );
}

#[tokio::test]
async fn malformed_oversized_and_flooding_messages_are_refused() {
    let s = start().await;
    let (alice, _) = person(s.addr, "alice").await;
    let mut ws = alice.socket().await.unwrap();
    assert_eq!(ws.next(WAIT).await.unwrap()["type"], "hello");
    for (text, error) in [
        ("{nope", "bad message: "),
        (
            r#"{"type": "launch"}"#,
            "bad message: unknown variant `launch`",
        ),
        (
            r#"{"type": "watch", "game": "1; DROP TABLE games"}"#,
            "bad message: invalid type",
        ),
        (r#"{"type": "watch", "game": 424242}"#, "no game 424242"),
    ] {
        ws.send_text(text).await.unwrap();
        let e = ws.next(WAIT).await.unwrap();
        assert_eq!(e["type"], "error", "{text}");
        assert!(
            e["error"].as_str().unwrap().starts_with(error),
            "{text}: {e}"
        );
    }
    ws.send_text(&format!(
        "{{\"type\": \"ping\", \"pad\": \"{}\"}}",
        "x".repeat(5000)
    ))
    .await
    .unwrap();
    let e = ws.next(WAIT).await.unwrap();
    assert_eq!(e["error"], "message too long: at most 4096 bytes");
    ws.send(&json!({"type": "ping"})).await.unwrap();
    assert_eq!(
        ws.next(WAIT).await.unwrap()["type"],
        "pong",
        "the connection goes on"
    );
    // A flood: past the burst, messages are refused; after 50 refusals the server closes.
    for _ in 0..200 {
        if ws.send(&json!({"type": "ping"})).await.is_err() {
            break;
        }
    }
    let mut pongs = 0;
    let mut limited = 0;
    let mut closing = false;
    for _ in 0..400 {
        match ws.next(WAIT).await {
            Some(m) if m["type"] == "pong" => pongs += 1,
            Some(m) if m["error"] == "too many messages: at most 10 a second" => limited += 1,
            Some(m) if m["error"] == "too many refused messages: closing the connection" => {
                closing = true
            }
            Some(m) => panic!("{m}"),
            None => break,
        }
    }
    assert!(pongs <= 32, "{pongs} pongs: the burst is 30");
    assert!(limited >= 40, "{limited} refusals");
    assert!(closing, "the server said why it closed");
    // Other connections are not affected.
    let mut other = alice.socket().await.unwrap();
    other.next(WAIT).await.unwrap();
    other.send(&json!({"type": "ping"})).await.unwrap();
    assert_eq!(other.next(WAIT).await.unwrap()["type"], "pong");
}

#[tokio::test]
async fn injection_in_names_chat_and_options_is_refused_or_kept_as_text() {
    let s = start().await;
    for name in [
        "x'); DROP TABLE users; --",
        "<script>alert(1)</script>",
        "a\"b",
        "bot:random",
    ] {
        let a = Client::new(s.addr)
            .sign_up(name, "password-1")
            .await
            .unwrap();
        assert_eq!(a.status, 400, "{name}: {}", a.body);
    }
    let (alice, an) = person(s.addr, "alice").await;
    let g = challenge(&alice, "gipf", json!({}), json!(["me", "open"]), live(600)).await;
    let id = g["id"].as_i64().unwrap();
    let mut watcher = Client::new(s.addr).socket().await.unwrap();
    watch(&mut watcher, id).await;
    let nasty = [
        "<img src=x onerror=alert(1)>",
        "'); DELETE FROM games; --",
        "\" OR 1=1 --",
    ];
    for text in nasty {
        let a = alice
            .post(&format!("/api/games/{id}/chat"), &json!({"text": text}))
            .await
            .unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
        assert_eq!(a.header("content-type"), Some("application/json"));
        assert_eq!(a.header("x-content-type-options"), Some("nosniff"));
        let line = watcher.until(WAIT, |m| m["type"] == "chat").await.unwrap();
        assert_eq!(
            (line["from"].as_str(), line["text"].as_str()),
            (Some(an.as_str()), Some(text))
        );
    }
    let lines = alice
        .get(&format!("/api/games/{id}/chat"))
        .await
        .unwrap()
        .json();
    let texts: Vec<&str> = lines["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, nasty, "kept exactly as written");
    assert_eq!(
        view(&alice, id).await["status"],
        "open",
        "the games are all there"
    );
    for (text, error) in [
        ("", "a chat line is 1 to 500 characters"),
        ("two\nlines", "a chat line is one line of text"),
    ] {
        let a = alice
            .post(&format!("/api/games/{id}/chat"), &json!({"text": text}))
            .await
            .unwrap();
        assert_eq!((a.status, a.error().as_str()), (400, error));
    }
    let long = alice
        .post(
            &format!("/api/games/{id}/chat"),
            &json!({"text": "y".repeat(501)}),
        )
        .await
        .unwrap();
    assert_eq!(long.status, 400);
    let bad_option = alice
        .post("/api/games", &json!({"game": "epaminondas", "options": {"board": "<b>8x8</b>"}, "seats": ["me", "open"], "clock": live(60)}))
        .await
        .unwrap();
    assert_eq!(bad_option.status, 400);
    assert!(
        bad_option.error().contains("board takes 'WxH'"),
        "{}",
        bad_option.error()
    );
    let bad_game = alice
        .post(
            "/api/games",
            &json!({"game": "chess'--", "seats": [], "clock": live(60)}),
        )
        .await
        .unwrap();
    assert!(
        bad_game.error().starts_with("unknown game 'chess'--'"),
        "{}",
        bad_game.error()
    );
}

#[tokio::test]
async fn the_page_is_served_and_nothing_outside_it() {
    let s = start().await;
    let c = Client::new(s.addr);
    let root = c.get("/").await.unwrap();
    assert_eq!(
        (root.status, root.header("location")),
        (303, Some("/web/online.html"))
    );
    let page = c.get("/web/online.html").await.unwrap();
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(
        page.header("content-security-policy")
            .unwrap()
            .contains("default-src 'self'")
    );
    assert_eq!(
        c.get("/web/online.js")
            .await
            .unwrap()
            .header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    for bad in [
        "/web/../Cargo.toml",
        "/web/%2e%2e/Cargo.toml",
        "/web/.gitignore",
        "/Cargo.toml",
        "/web/nothing.html",
    ] {
        let a = c.get(bad).await.unwrap();
        assert_eq!(a.status, 404, "{bad}: {}", a.body);
    }
}

// ---------------------------------------------------------------- Postgres

#[tokio::test]
async fn postgres_games_are_played_as_on_sqlite() {
    let Some(url) = postgres() else { return };
    let s = start_on(Some(url)).await;
    let (alice, _) = person(s.addr, "alice").await;
    let (bob, _) = person(s.addr, "bob").await;
    let g = challenge(
        &alice,
        "pikemen",
        json!({"maxPlies": 10}),
        json!(["me", "open"]),
        live(600),
    )
    .await;
    let id = g["id"].as_i64().unwrap();
    bob.post(&format!("/api/games/{id}/join"), &json!({}))
        .await
        .unwrap();
    let end = play_out([&alice, &bob], id, 20).await;
    assert_eq!(
        (end["status"].as_str(), end["ply"].as_u64()),
        (Some("finished"), Some(10))
    );
}

#[tokio::test]
async fn postgres_two_processes_share_games_through_listen_notify() {
    let Some(url) = postgres() else { return };
    let a = start_on(Some(url.clone())).await;
    let b = start_on(Some(url)).await;
    let (alice, an) = person(a.addr, "alice").await;
    let mut bob = Client::new(b.addr);
    let bn = unique("bob");
    assert_eq!(bob.sign_up(&bn, "password-1").await.unwrap().status, 200);
    let g = challenge(
        &alice,
        "gipf",
        json!({"variant": "basic"}),
        json!(["me", "open"]),
        live(600),
    )
    .await;
    let id = g["id"].as_i64().unwrap();
    // Alice watches on server A; Bob joins and plays on server B.
    let mut wa = alice.socket().await.unwrap();
    watch(&mut wa, id).await;
    let joined = bob
        .post(&format!("/api/games/{id}/join"), &json!({}))
        .await
        .unwrap()
        .json();
    assert_eq!(joined["seats"][0]["name"], an.as_str());
    let active = at_ply(&mut wa, id, 0).await;
    let active = if active["status"] == "active" {
        active
    } else {
        wa.until(WAIT, |m| m["type"] == "game" && m["status"] == "active")
            .await
            .unwrap()
    };
    let mut state = active;
    let mut wb = bob.socket().await.unwrap();
    watch(&mut wb, id).await;
    for _ in 0..6 {
        let ply = state["ply"].as_u64().unwrap();
        let mv = state["legal"][0].as_str().unwrap().to_string();
        let (mover, other) = if state["to_move"] == 0 {
            (&mut wa, &mut wb)
        } else {
            (&mut wb, &mut wa)
        };
        mover
            .send(&json!({"type": "move", "game": id, "ply": ply, "move": mv}))
            .await
            .unwrap();
        let ack = mover
            .until(WAIT, |m| m["type"] == "ack" || m["type"] == "error")
            .await
            .unwrap();
        assert_eq!(ack["type"], "ack", "{ack}");
        // The move made on one server reaches the other's watcher.
        state = at_ply(other, id, ply + 1).await;
        assert_eq!(state["moves"][ply as usize], mv.as_str());
    }
    // A stale move sent to the other server is refused there.
    let stale = alice
        .post(
            &format!("/api/games/{id}/move"),
            &json!({"ply": 0, "move": "x"}),
        )
        .await
        .unwrap();
    assert_eq!(stale.status, 409, "{}", stale.body);
}
