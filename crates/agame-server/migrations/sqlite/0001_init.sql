-- The first schema. Times are milliseconds since 1970 (UTC); ranks and clocks are lists
-- written as text ("1,2", "300000,300000"); seats count from 0.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    bot_spec TEXT,
    created_ms BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    csrf TEXT NOT NULL,
    expires_ms BIGINT NOT NULL
);

CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    variant TEXT NOT NULL,
    players BIGINT NOT NULL,
    clock_kind TEXT NOT NULL,
    initial_ms BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    days BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    status TEXT NOT NULL,
    ply BIGINT NOT NULL,
    clocks TEXT NOT NULL,
    turn_started_ms BIGINT NOT NULL,
    deadline_ms BIGINT,
    result TEXT,
    end_reason TEXT,
    created_by BIGINT NOT NULL REFERENCES users (id),
    created_ms BIGINT NOT NULL,
    finished_ms BIGINT
);
CREATE INDEX games_by_status ON games (status, id);

CREATE TABLE seats (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    user_id BIGINT REFERENCES users (id),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE moves (
    game_id BIGINT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    text TEXT NOT NULL,
    used_ms BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE chat (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id BIGINT NOT NULL REFERENCES games (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    text TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);
CREATE INDEX chat_by_game ON chat (game_id, id);

CREATE TABLE ratings (
    user_id BIGINT NOT NULL REFERENCES users (id),
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    players BIGINT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (user_id, game, variant, players)
);
