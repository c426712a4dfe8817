// The online page: accounts, the lobby, games with people and bots through `agame serve`
// (docs/server.md). Everything people wrote (names, chat) is shown as text, never as markup.

const $ = (id) => document.getElementById(id);

const OPTIONS = {
  pikemen: [
    ["players", "Players", "2", ["2", "3", "4"]],
    ["target", "Points to win", "12", "number"],
  ],
  gipf: [["variant", "Variant", "standard", ["basic", "standard", "tournament"]]],
  epaminondas: [
    ["board", "Board", "14x12", ["14x12", "12x12", "10x10", "8x8"]],
    ["stones", "Stones", false, "checkbox"],
    ["mirror", "Mirror rule", true, "checkbox"],
  ],
};

const state = {
  me: null, // { name, csrf }
  socket: null,
  game: null, // the view of the game shown
  gameId: null,
  clockOffset: 0, // server time minus local time
};

/** A request to the API; resolves to the JSON answer, rejects with the server's reason. */
async function api(method, path, body) {
  const headers = { "content-type": "application/json" };
  if (state.me) headers["x-csrf-token"] = state.me.csrf;
  const response = await fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("content-type") ?? "";
  const answer = type.startsWith("application/json") ? await response.json() : await response.text();
  if (!response.ok) throw new Error(answer.error ?? `${response.status}`);
  return answer;
}

/** An element with text (never markup) and attributes. */
function el(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function seatName(seat) {
  return seat ? seat.name : "(open)";
}

function showAccount() {
  $("who").textContent = state.me ? `Signed in as ${state.me.name}` : "Not signed in";
  $("who").dataset.name = state.me?.name ?? "";
  for (const id of ["name", "password", "sign-up", "sign-in"]) $(id).hidden = !!state.me;
  for (const label of document.querySelectorAll("#account label")) label.hidden = !!state.me;
  $("sign-out").hidden = !state.me;
}

async function account(path) {
  $("account-error").textContent = "";
  try {
    state.me = await api("POST", path, { name: $("name").value.trim(), password: $("password").value });
    $("password").value = "";
    showAccount();
    connect();
    refreshLists();
    if (state.gameId) watch(state.gameId);
  } catch (e) {
    $("account-error").textContent = e.message;
  }
}

$("sign-up").addEventListener("click", () => account("/api/signup"));
$("account").addEventListener("submit", (e) => {
  e.preventDefault();
  account("/api/login");
});
$("sign-out").addEventListener("click", async () => {
  await api("POST", "/api/logout", {}).catch(() => {});
  state.me = null;
  showAccount();
  connect();
});

// ------------------------------------------------------------------ the socket

function connect() {
  state.socket?.close();
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/ws`;
  const socket = new WebSocket(url);
  state.socket = socket;
  socket.onopen = () => {
    socket.send(JSON.stringify({ type: "lobby" }));
    if (state.gameId) socket.send(JSON.stringify({ type: "watch", game: state.gameId }));
  };
  socket.onmessage = ({ data }) => {
    const m = JSON.parse(data);
    if (m.type === "lobby") refreshLists();
    else if (m.type === "game" && m.id === state.gameId) showGame(m);
    else if (m.type === "chat" && m.game === state.gameId) addChat(m);
    else if (m.type === "chat_history" && m.game === state.gameId) {
      $("chat").replaceChildren();
      m.lines.forEach(addChat);
    } else if (m.type === "error") $("move-problem").textContent = m.error;
  };
  socket.onclose = () => {
    // Come back after a lost connection (not after a replaced one).
    if (state.socket === socket) setTimeout(() => state.socket === socket && connect(), 2000);
  };
}

function send(message) {
  if (state.socket?.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
}

// ------------------------------------------------------------------ lists

function gameLine(g) {
  const li = el("li");
  li.dataset.game = g.id;
  const link = el("a", `#${g.id} ${g.game}`, { href: `#game=${g.id}` });
  li.append(link, ` ${g.seats.map(seatName).join(" vs ")}`);
  if (g.status === "finished" && g.result) li.append(` (${g.end_reason ?? "over"})`);
  const seated = state.me && g.seats.some((s) => s?.name === state.me.name);
  if (g.status === "open" && state.me && !seated) {
    const join = el("button", "Join", { type: "button", class: "join" });
    join.addEventListener("click", async () => {
      try {
        await api("POST", `/api/games/${g.id}/join`, {});
        location.hash = `game=${g.id}`;
      } catch (e) {
        $("challenge-error").textContent = e.message;
      }
    });
    li.append(" ", join);
  }
  if (g.status === "open" && seated) {
    const cancel = el("button", "Cancel", { type: "button" });
    cancel.addEventListener("click", () => api("POST", `/api/games/${g.id}/cancel`, {}).catch(() => {}));
    li.append(" ", cancel);
  }
  return li;
}

async function refreshLists() {
  try {
    const lobby = await api("GET", "/api/lobby");
    $("lobby-open").replaceChildren(...lobby.open.map(gameLine));
    $("lobby-active").replaceChildren(...lobby.active.map(gameLine));
    const archive = await api("GET", "/api/games?status=finished&limit=20");
    $("archive").replaceChildren(...archive.games.map(gameLine));
    const board = await api("GET", "/api/leaderboard?limit=20");
    $("leaderboard").tBodies[0].replaceChildren(
      ...board.ratings.map((r) => {
        const tr = el("tr");
        for (const v of [r.name, `${r.game} (${r.variant})`, r.players, r.rating, r.games]) tr.append(el("td", v));
        return tr;
      }),
    );
  } catch (e) {
    console.warn(e.message);
  }
}

// ------------------------------------------------------------------ a game

function watch(id) {
  if (state.gameId && state.gameId !== id) send({ type: "unwatch", game: state.gameId });
  state.gameId = id;
  state.game = null;
  $("game-area").hidden = false;
  $("chat").replaceChildren();
  send({ type: "watch", game: id });
}

function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function showClocks() {
  const g = state.game;
  if (!g) return;
  const now = Date.now() + state.clockOffset;
  [...$("seats").children].forEach((li, seat) => {
    let left = g.clocks[seat];
    if (g.status === "active" && g.to_move === seat) left -= now - g.now_ms;
    li.querySelector(".clock").textContent = clockText(left);
  });
}
setInterval(showClocks, 250);

function mySeats(g) {
  return state.me ? g.seats.flatMap((s, i) => (s?.name === state.me.name ? [i] : [])) : [];
}

function picture(g, ply) {
  const mine = mySeats(g);
  // The picture of a ply never changes, so each ply has its own address.
  const query = new URLSearchParams({ ply: ply ?? g.ply, bottom: mine.length ? mine[0] : 0 });
  const img = el("img", null, {
    src: `/api/games/${g.id}/svg?${query}`,
    alt: `the board after ${ply ?? g.ply} moves`,
  });
  $("online-board").replaceChildren(img);
}

function showGame(g) {
  state.game = g;
  state.clockOffset = g.now_ms - Date.now();
  $("game-title").textContent = `Game ${g.id}: ${g.game} (${g.variant})`;
  let status;
  if (g.status === "open") status = "Waiting for players";
  else if (g.status === "cancelled") status = "Cancelled";
  else if (g.status === "finished") {
    const first = g.result.flatMap((r, i) => (r === 1 ? [i] : []));
    const winners = first.length === g.seats.length ? "a draw" : `${first.map((i) => seatName(g.seats[i])).join(" and ")} won`;
    status = `Over: ${winners} (${g.end_reason})`;
  } else {
    const who = seatName(g.seats[g.to_move]);
    status = mySeats(g).includes(g.to_move) ? `Your move (player ${g.to_move + 1})` : `${who} (player ${g.to_move + 1}) to move`;
  }
  $("game-status").textContent = status;
  $("game-status").dataset.status = g.status;
  $("game-status").dataset.ply = g.ply;
  $("seats").replaceChildren(
    ...g.seats.map((s, i) => {
      const li = el("li", `${seatName(s)}${s?.bot ? " (bot)" : ""}`);
      if (g.status === "active" && g.to_move === i) li.className = "to-move";
      li.append(el("span", "", { class: "clock" }));
      return li;
    }),
  );
  showClocks();
  $("online-moves").replaceChildren(...g.moves.map((m) => el("li", m)));
  const myTurn = g.status === "active" && mySeats(g).includes(g.to_move);
  $("online-legal").replaceChildren(...(myTurn ? g.legal : []).map((m) => el("option", m, { value: m })));
  $("online-play").disabled = !myTurn;
  $("online-resign").disabled = !(g.status === "active" && mySeats(g).length);
  $("move-problem").textContent = "";
  $("record-link").href = `/api/games/${g.id}/record`;
  $("replay-bar").hidden = g.status !== "finished";
  $("replay-ply").max = g.ply;
  $("replay-ply").value = g.ply;
  $("replay-at").textContent = `${g.ply} of ${g.ply}`;
  picture(g);
}

$("replay-ply").addEventListener("input", () => {
  const g = state.game;
  const ply = Number($("replay-ply").value);
  $("replay-at").textContent = `${ply} of ${g.ply}`;
  picture(g, ply);
});

$("online-move").addEventListener("submit", (e) => {
  e.preventDefault();
  const g = state.game;
  const move = $("online-legal").value;
  if (!g || !move) return;
  $("online-play").disabled = true;
  send({ type: "move", game: g.id, ply: g.ply, move });
});

$("online-resign").addEventListener("click", () => {
  if (state.game && confirm("Resign this game?")) send({ type: "resign", game: state.game.id });
});

function addChat(line) {
  const li = el("li");
  li.append(el("span", line.from, { class: "from" }), el("span", line.text, { class: "text" }));
  $("chat").append(li);
  $("chat").scrollTop = $("chat").scrollHeight;
}

$("chat-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text || !state.gameId) return;
  send({ type: "chat", game: state.gameId, text });
  $("chat-text").value = "";
});

// ------------------------------------------------------------------ challenges

function optionFields() {
  const fields = OPTIONS[$("c-game").value].map(([name, label, value, kind]) => {
    const l = el("label", `${label} `);
    let input;
    if (Array.isArray(kind)) {
      input = el("select");
      for (const v of kind) input.append(el("option", v, { value: v }));
      input.value = value;
    } else if (kind === "checkbox") {
      input = el("input", null, { type: "checkbox" });
      input.checked = value;
    } else {
      input = el("input", null, { type: "number", min: 1, value, size: 4 });
    }
    input.dataset.option = name;
    input.addEventListener("change", seatFields);
    l.append(input);
    return l;
  });
  $("c-options").replaceChildren(...fields);
  seatFields();
}

function seatFields() {
  const players = $("c-game").value === "pikemen" ? Number(document.querySelector("[data-option=players]").value) : 2;
  const fields = [];
  for (let i = 0; i < players; i++) {
    const l = el("label", `Player ${i + 1} `);
    const who = el("select", null, { "data-seat": i });
    for (const [v, t] of [["me", "me"], ["open", "open"], ["bot", "a bot"]]) who.append(el("option", t, { value: v }));
    who.value = i === 0 ? "me" : "open";
    const spec = el("input", null, { value: "mcts:ms=1000", size: 14, "data-spec": i, hidden: "" });
    who.addEventListener("change", () => (spec.hidden = who.value !== "bot"));
    l.append(who, spec);
    fields.push(l);
  }
  $("c-seats").replaceChildren(...fields);
}

$("c-game").addEventListener("change", optionFields);
$("c-clock").addEventListener("change", () => {
  $("c-live").hidden = $("c-clock").value !== "live";
  $("c-days").hidden = $("c-clock").value === "live";
});

$("challenge").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("challenge-error").textContent = "";
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    options[name] = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
  }
  if ($("c-max-plies").value) options.maxPlies = Number($("c-max-plies").value);
  const seats = [...document.querySelectorAll("[data-seat]")].map((s) =>
    s.value === "bot" ? { bot: document.querySelector(`[data-spec="${s.dataset.seat}"]`).value } : s.value,
  );
  const clock =
    $("c-clock").value === "live"
      ? { kind: "live", initial_s: Math.round(Number($("c-minutes").value) * 60), increment_s: Number($("c-increment").value) }
      : { kind: "correspondence", days: Number($("c-days-n").value) };
  try {
    const g = await api("POST", "/api/games", { game: $("c-game").value, options, seats, clock, rated: $("c-rated").checked });
    location.hash = `game=${g.id}`;
  } catch (err) {
    $("challenge-error").textContent = err.message;
  }
});

// ------------------------------------------------------------------ start

function fromHash() {
  const id = Number(new URLSearchParams(location.hash.slice(1)).get("game"));
  if (id > 0) watch(id);
}
window.addEventListener("hashchange", fromHash);

optionFields();
api("GET", "/api/me")
  .then((me) => (state.me = me.name ? me : null))
  .catch(() => (state.me = null))
  .finally(() => {
    showAccount();
    connect();
    refreshLists();
    fromHash();
  });
