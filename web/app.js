// The page: a game against the bots, played by clicking the board or typing moves.
import init, { loadGame } from "../crates/agame-wasm/pkg/agame_wasm.js";
import { click, clickable, describe, isRemoval, placesOf, readRecord } from "./clicks.js";
import { outcomeText } from "./outcome.js";
import { RULES } from "./rules.js";

const $ = (id) => document.getElementById(id);

// Each game's options as form fields: [option, label, default, kind].
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

// The colours the pictures give the seats, where the game names them.
const COLOURS = { gipf: ["White", "Black"], epaminondas: ["White", "Black"] };

/** `Player 1 (White)`: a seat (0-based) as the page names it. */
function player(seat) {
  const colour = COLOURS[page.name]?.[seat];
  return `Player ${seat + 1}${colour ? ` (${colour})` : ""}`;
}

const page = {
  name: "pikemen",
  options: {},
  game: null,
  start: null, // the position the game started from
  moves: [], // the moves played since, as text
  state: null,
  selected: null,
  targets: [],
  asked: 0, // the number of the last question to the worker; older answers are stale
  thinking: false,
  boardFocus: false, // whether the keyboard focus was last on the board
};

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const waiting = new Map();
worker.onmessage = ({ data }) => {
  const answer = waiting.get(data.id);
  waiting.delete(data.id);
  answer?.(data);
};

function ask(spec) {
  const id = ++page.asked;
  worker.postMessage({
    id,
    name: page.name,
    options: page.options,
    position: page.state.toString(),
    spec,
  });
  return new Promise((resolve) => waiting.set(id, (data) => resolve({ ...data, stale: id !== page.asked })));
}

function showOptions(name, values = {}) {
  const box = $("game-options");
  box.replaceChildren();
  for (const [key, label, initial, kind] of OPTIONS[name]) {
    const field = document.createElement(Array.isArray(kind) ? "select" : "input");
    field.id = `opt-${key}`;
    const value = values[key] ?? initial;
    if (Array.isArray(kind)) {
      for (const v of kind) field.add(new Option(v, v));
      field.value = String(value);
    } else if (kind === "checkbox") {
      field.type = "checkbox";
      field.checked = value === true || value === "true" || value === "on";
    } else {
      field.type = "number";
      field.min = "1";
      field.value = String(value);
    }
    const wrap = document.createElement("label");
    wrap.append(`${label} `, field);
    box.append(wrap);
  }
}

function readOptions(name) {
  const out = {};
  for (const [key, , , kind] of OPTIONS[name]) {
    const field = $(`opt-${key}`);
    if (kind === "checkbox") out[key] = field.checked;
    else if (kind === "number" || key === "players") out[key] = Number(field.value);
    else out[key] = field.value;
  }
  return out;
}

function botSeats() {
  const n = page.state.numPlayers();
  const mode = $("bot-seats").value;
  const seats = new Set();
  for (let s = 0; s < n; s++) {
    if ((mode === "second" && s === 1) || (mode === "first" && s === 0) || (mode === "others" && s > 0)) {
      seats.add(s);
    }
  }
  return seats;
}

function newGame() {
  const name = $("game").value;
  try {
    const options = readOptions(name);
    const game = loadGame(name, options);
    const text = $("position").value.trim();
    const start = text ? game.stateFromText(text) : game.newInitialState();
    Object.assign(page, { name, options, game, start, moves: [], selected: null, targets: [] });
    $("board-area").className = name;
    $("rules-text").innerHTML = RULES[name];
    page.asked++;
    page.thinking = false;
    replay();
    error("");
  } catch (e) {
    error(e.message);
    return;
  }
  update();
}

function replay() {
  const state = page.start.clone();
  for (const m of page.moves) state.play(m);
  page.state = state;
}

function error(text) {
  $("move-error").textContent = text;
}

function update() {
  const { state } = page;
  const legal = state.legalMoves();
  const over = state.isTerminal();
  const seat = state.currentPlayer();
  const bots = botSeats();
  const status = $("status");
  status.classList.toggle("over", over);
  if (over) status.textContent = outcomeText(state.status(), state.endReason(), player);
  else if (bots.has(seat)) status.textContent = `${player(seat)}, the bot, is thinking…`;
  else if (legal.every(isRemoval)) {
    status.textContent = `${player(seat)}: choose the row to remove (click a spot of a marked row).`;
  } else status.textContent = `${player(seat)} to move.`;
  status.dataset.state = over ? "over" : bots.has(seat) ? "bot" : "human";

  drawBoard(legal);

  $("legal-list").replaceChildren(...legal.map((m) => new Option(m, m)));
  const list = $("moves");
  list.replaceChildren(
    ...page.moves.map((m) => {
      const li = document.createElement("li");
      li.textContent = m;
      return li;
    }),
  );
  list.scrollTop = list.scrollHeight; // the latest moves in sight
  $("scores").textContent = [...state.scores()].map((s, i) => `${player(i)}: ${s}`).join(", ");
  $("undo").disabled = page.moves.length === 0;
  $("hint").disabled = over || bots.has(seat);
  if (!over && bots.has(seat) && !page.thinking) botTurn();
}

function drawBoard(legal) {
  const highlights = page.selected ? page.targets : [];
  const svg = page.state.svg({ lastMove: page.moves.length > 0, highlights });
  const board = $("board");
  // Redrawing drops the focused element: a keyboard player keeps the focus on the board.
  const focused = board.contains(document.activeElement) ? placeOf(document.activeElement) : null;
  const keepFocus = page.boardFocus && (focused !== null || document.activeElement === document.body);
  board.innerHTML = svg;
  const svgEl = board.querySelector("svg");
  svgEl.setAttribute("role", "group");
  svgEl.setAttribute("aria-label", `${page.name} board`);
  const can = page.state.isTerminal() || botSeats().has(page.state.currentPlayer()) ? new Set() : clickable(legal);
  const targets = new Set(highlights);
  const stops = new Map(); // one tab stop per place: a target's highlight, else its first element
  for (const el of board.querySelectorAll("[data-square], [data-spot], [data-dot]")) {
    const place = placeOf(el);
    if (!can.has(place) && !targets.has(place)) continue;
    const better = targets.has(place) && el.classList.contains("highlight");
    if (el.closest("[tabindex]") || (stops.has(place) && !better)) continue;
    stops.set(place, el);
  }
  for (const el of board.querySelectorAll("[data-square], [data-spot], [data-dot]")) {
    const place = placeOf(el);
    // The pictures title their pieces; the rest gets its place name, for screen readers.
    if (!el.querySelector(":scope > title")) {
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = place;
      el.prepend(title);
    }
    if (stops.get(place) === el) {
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      if (targets.has(place)) el.setAttribute("aria-label", `${place}: a target${pieceAt(board, place)}`);
      if (place === page.selected) el.setAttribute("aria-pressed", "true");
    }
    if (place === page.selected) el.classList.add("selected");
  }
  if (keepFocus) (stops.get(focused) ?? stops.values().next().value)?.focus();
}

/** The place an element of the picture stands for (a GIPF arrow names its dot). */
function placeOf(el) {
  return el.dataset.dot ?? el.dataset.square ?? el.dataset.spot ?? null;
}

/** ` (white piece on e4)`: what stands on a place, from the picture's titles; or nothing. */
function pieceAt(board, place) {
  const piece = [...board.querySelectorAll(".piece")].find((el) => placeOf(el) === place);
  const title = piece?.querySelector(":scope > title")?.textContent;
  return title ? ` (${title})` : "";
}

function onBoard(event) {
  const el = event.target.closest("[data-square], [data-spot], [data-dot]");
  if (!el || page.state.isTerminal() || botSeats().has(page.state.currentPlayer())) return;
  // A dot and its first spot share an arrow: a click on a dot names the dot.
  const place = placeOf(el);
  const legal = page.state.legalMoves();
  const what = click(legal, page.selected, place);
  showChoices([]);
  if (what.play) return play(what.play);
  if (what.choose) {
    showChoices(what.choose);
    return;
  }
  if (what.select) {
    page.selected = what.select;
    page.targets = what.targets;
    showChoices(what.here);
  } else {
    page.selected = null;
    page.targets = [];
  }
  update();
}

function showChoices(moves) {
  $("choices").replaceChildren(
    ...moves.map((m) => {
      const b = document.createElement("button");
      b.textContent = describe(m);
      b.dataset.move = m;
      b.onclick = () => play(m);
      return b;
    }),
  );
}

function play(move) {
  try {
    page.state.play(move);
  } catch (e) {
    error(e.message);
    return;
  }
  error("");
  page.moves.push(move);
  page.selected = null;
  page.targets = [];
  showChoices([]);
  $("hint-text").textContent = "";
  update();
}

async function botTurn() {
  page.thinking = true;
  const answer = await ask($("bot").value.trim() || "mcts:ms=1000");
  if (answer.stale) return;
  page.thinking = false;
  if (answer.error) {
    error(`bot: ${answer.error}`);
    $("status").textContent = `The bot could not move: ${answer.error}`;
    return;
  }
  play(answer.move);
}

function undo() {
  if (page.moves.length === 0) return;
  page.asked++; // forget a bot answer under way
  page.thinking = false;
  const bots = botSeats();
  // Take back to the last decision of a person (the bot's replies go with it).
  do {
    page.moves.pop();
    replay();
  } while (page.moves.length > 0 && bots.has(page.state.currentPlayer()));
  page.selected = null;
  showChoices([]);
  update();
}

async function hint() {
  $("hint-text").textContent = "Thinking…";
  const answer = await ask($("bot").value.trim() || "mcts:ms=1000");
  if (answer.stale) return;
  $("hint-text").textContent = answer.error ? answer.error : `Hint: ${answer.move}`;
  if (!answer.error) {
    page.selected = placesOf(answer.move)[0] ?? null;
    page.targets = placesOf(answer.move).slice(1);
    drawBoard(page.state.legalMoves());
  }
}

function save() {
  const text = page.moves.map((m) => `${m}\n`).join("");
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = `${page.name}.moves`;
  a.click();
  URL.revokeObjectURL(a.href);
}

async function load(file) {
  const moves = readRecord(await file.text());
  const state = page.start.clone();
  for (const [i, m] of moves.entries()) {
    try {
      state.play(m);
    } catch (e) {
      error(`record line ${i + 1}: ${e.message}`);
      return;
    }
  }
  page.asked++;
  page.thinking = false;
  page.moves = moves;
  page.state = state;
  error("");
  update();
}

await init();
const params = new URLSearchParams(location.search);
const name = params.get("game") ?? "pikemen";
$("game").value = name;
showOptions(name, Object.fromEntries(params));
if (params.has("position")) $("position").value = params.get("position");
if (params.has("bot")) $("bot").value = params.get("bot");
if (params.has("seats")) $("bot-seats").value = params.get("seats");
$("game").onchange = () => {
  showOptions($("game").value);
  $("position").value = ""; // another game's position would not read
};
$("setup").onsubmit = (e) => {
  e.preventDefault();
  newGame();
};
$("board").addEventListener("click", onBoard);
document.addEventListener("focusin", (e) => {
  page.boardFocus = $("board").contains(e.target);
});
$("board").addEventListener("keydown", (e) => {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    onBoard(e);
  }
});
$("type-move").onsubmit = (e) => {
  e.preventDefault();
  const text = $("move-text").value.trim();
  if (text) play(text);
  $("move-text").value = "";
};
$("undo").onclick = undo;
$("hint").onclick = hint;
$("save").onclick = save;
$("load").onchange = (e) => e.target.files[0] && load(e.target.files[0]);
newGame();
