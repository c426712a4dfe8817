-- When a server process last showed it was alive (one row): after a time when none was, the
-- live games' clocks are given back the time the server was down.
CREATE TABLE heartbeat (
    id BIGINT PRIMARY KEY,
    alive_ms BIGINT NOT NULL
);
INSERT INTO heartbeat (id, alive_ms) VALUES (1, 0);
