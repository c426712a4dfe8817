// The learning calls: action numbers, the legal-action mask and observations, checked against
// legalMoves() and play() along random games, and their refusals.
import { test } from "node:test";
import assert from "node:assert/strict";
import agame, { CONFIGS, rng } from "./load.mjs";

const product = (shape) => shape.reduce((a, b) => a * b, 1);

test("numDistinctActions and observationShape are fixed per game", () => {
  for (const [name, options] of CONFIGS) {
    const game = agame.loadGame(name, options);
    const n = game.numDistinctActions();
    const shape = game.observationShape();
    assert.ok(Number.isInteger(n) && n > 0, `${name}: ${n}`);
    assert.ok(Array.isArray(shape) && shape.length === 3 && shape.every((d) => Number.isInteger(d) && d > 0));
    const state = game.newInitialState();
    assert.equal(state.legalActionsMask().length, n);
    assert.equal(state.observation().length, product(shape));
  }
  // The move limit adds a plane (the fraction of decisions left).
  const [planes] = agame.loadGame("pikemen", { maxPlies: null }).observationShape();
  assert.equal(agame.loadGame("pikemen").observationShape()[0], planes + 1);
});

test("legalActions, the mask and the texts agree with legalMoves along random games", () => {
  for (const [name, options] of CONFIGS) {
    const game = agame.loadGame(name, { ...options, maxPlies: 200 });
    const n = game.numDistinctActions();
    const random = rng(31);
    const state = game.newInitialState();
    const mask = new Uint8Array(n);
    let previous;
    while (true) {
      const moves = state.legalMoves();
      const actions = state.legalActions();
      assert.ok(actions instanceof Uint32Array);
      const into = new Uint32Array(n).fill(0xffffffff);
      const count = state.legalActionsInto(into);
      assert.equal(count, actions.length);
      assert.deepEqual(into.subarray(0, count), actions);
      assert.ok(into.subarray(count).every((x) => x === 0xffffffff), "the rest is left as it was");
      assert.equal(actions.length, moves.length, state.toString());
      for (let i = 1; i < actions.length; i++) assert.ok(actions[i - 1] < actions[i], "ascending");
      const texts = [...actions].map((a) => state.actionToString(a));
      assert.deepEqual([...texts].sort(), [...moves].sort(), state.toString());
      assert.deepEqual(
        moves.map((m) => state.stringToAction(m)).sort((a, b) => a - b),
        [...actions],
      );
      assert.equal(state.legalActionsMask(mask), mask, "writes into the caller's array");
      assert.deepEqual(
        [...mask.keys()].filter((a) => mask[a] === 1),
        [...actions],
      );
      assert.ok(mask.every((b) => b <= 1));
      assert.deepEqual(state.legalActionsMask(), mask);
      const observation = state.observation();
      assert.ok(observation instanceof Float32Array);
      // The move limit's plane (the fraction of decisions left) changes every ply.
      if (previous) assert.notDeepEqual(observation, previous, "a new position, a new observation");
      previous = observation;
      if (state.isTerminal()) break;
      // By number or by text, alike: a copy plays the text of the action chosen.
      const pick = Math.floor(random() * actions.length);
      const copy = state.clone();
      copy.play(state.actionToString(actions[pick]));
      state.applyAction(actions[pick]);
      assert.equal(state.toString(), copy.toString());
    }
    assert.equal(state.legalActions().length, 0);
    assert.ok(state.legalActionsMask().every((b) => b === 0));
    assert.throws(() => state.applyAction(0), /game is over/);
  }
});

test("observations: the mover's by default, any seat's on request, written where asked", () => {
  for (const [name, options] of CONFIGS) {
    const game = agame.loadGame(name, options);
    const state = game.newInitialState();
    const first = state.legalActions()[0];
    state.applyAction(first);
    const seat = state.currentPlayer();
    const size = product(game.observationShape());
    assert.deepEqual(state.observation(), state.observation(seat));
    assert.deepEqual(state.observation(null), state.observation(seat));
    const out = new Float32Array(size).fill(7);
    assert.equal(state.observation(seat, out), out);
    assert.deepEqual(out, state.observation());
    for (let p = 0; p < state.numPlayers(); p++) {
      assert.equal(state.observation(p).length, size);
    }
    // Two seats see the board from their own sides.
    assert.notDeepEqual(state.observation(0), state.observation(1));
  }
});

test("action numbers round trip through their texts, and the copy by text reads back", () => {
  for (const [name, options] of CONFIGS) {
    const state = agame.loadGame(name, options).newInitialState();
    for (const a of state.legalActions()) {
      const text = state.actionToString(a);
      assert.equal(state.stringToAction(text), a, `${name} ${text}`);
      assert.equal(state.stringToAction(` ${text} `), a, "trimmed like play()");
    }
  }
});

test("bad action numbers, texts, seats and arrays throw and change nothing", () => {
  for (const [name, options] of CONFIGS) {
    const game = agame.loadGame(name, options);
    const n = game.numDistinctActions();
    const size = product(game.observationShape());
    const state = game.newInitialState();
    const before = state.toString();
    const legal = [...state.legalActions()];
    const illegal = [...Array(n).keys()].find((a) => !legal.includes(a));
    for (const a of [illegal, n, 2 ** 32 - 1].filter((a) => a !== undefined)) {
      assert.throws(() => state.applyAction(a), { name: "Error", message: new RegExp(`action ${a} is not legal here`) });
    }
    for (const a of [-1, 2.5, NaN, Infinity, 2 ** 32, "3", undefined, null, {}, [1], 3n]) {
      assert.throws(() => state.applyAction(a), { name: "Error", message: /applyAction: the action must be a whole number/ });
      assert.throws(() => state.actionToString(a), { name: "Error", message: /actionToString: the action must be a whole number/ });
    }
    assert.throws(() => state.actionToString(2 ** 32 - 1), /no move has action number 4294967295/);
    for (const s of [5, undefined, null, {}, ["a1-a2"]]) {
      assert.throws(() => state.stringToAction(s), /stringToAction: the move must be a string/);
    }
    assert.throws(() => state.stringToAction("zz-top"), /cannot read move 'zz-top'/);
    // Masks and observations of the wrong type or length, and seats that do not exist.
    for (const out of [new Uint8Array(n - 1), new Uint8Array(n + 1), new Int8Array(n), new Array(n).fill(0), 5, "mask"]) {
      assert.throws(() => state.legalActionsMask(out), /legalActionsMask: out must be a Uint8Array of \d+ entries/);
    }
    const kept = new Float32Array(size - 1).fill(3);
    for (const out of [kept, new Float32Array(size + 1), new Float64Array(size), new Array(size), {}]) {
      assert.throws(() => state.observation(0, out), /observation: out must be a Float32Array of \d+ entries/);
    }
    assert.ok(kept.every((x) => x === 3), "a refused array is left as it was");
    const short = new Uint32Array(legal.length - 1).fill(3);
    assert.throws(() => state.legalActionsInto(short), /legalActionsInto: out has \d+ entries where \d+ legal actions are to be written/);
    assert.ok(short.every((x) => x === 3));
    for (const out of [new Int32Array(n), new Array(n).fill(0), undefined, 5]) {
      assert.throws(() => state.legalActionsInto(out), /legalActionsInto: out must be a Uint32Array/);
    }
    for (const p of [state.numPlayers(), 255]) {
      const out = new Float32Array(size).fill(3);
      assert.throws(() => state.observation(p, out), /observation: no seat/);
      assert.ok(out.every((x) => x === 3));
    }
    for (const p of [-1, 0.5, 256, "0", {}]) {
      assert.throws(() => state.observation(p), /observation: the player must be a whole number/);
    }
    assert.equal(state.toString(), before);
    assert.deepEqual([...state.legalActions()], legal);
  }
});

test("a caller's typed array that throws from its own length or set gives an Error, not a broken state", () => {
  const game = agame.loadGame("pikemen");
  const state = game.newInitialState();
  const out = new Uint8Array(game.numDistinctActions());
  Object.defineProperty(out, "set", { value: () => { throw new Error("no writing here"); } });
  assert.throws(() => state.legalActionsMask(out), /legalActionsMask: out: reading it threw no writing here/);
  const liar = new Float32Array(product(game.observationShape()));
  Object.defineProperty(liar, "length", { get: () => { throw new Error("no length"); } });
  assert.throws(() => state.observation(0, liar), /reading it threw no length/);
  // The state is not left borrowed.
  state.applyAction(state.legalActions()[0]);
  assert.equal(state.currentPlayer(), 1);
});

test("states of one game, their copies and states read from text share move strings correctly", () => {
  // The strings of move texts are numbered once per game: whichever state meets a move first,
  // every other one lists the same text for it.
  for (const [name, options] of CONFIGS) {
    const game = agame.loadGame(name, options);
    const random = rng(77);
    const states = [game.newInitialState()];
    for (let ply = 0; ply < 120; ply++) {
      const state = states[Math.floor(random() * states.length)];
      if (state.isTerminal()) continue;
      const moves = state.legalMoves();
      const texts = [...state.legalActions()].map((a) => state.actionToString(a));
      assert.deepEqual([...moves].sort(), texts.sort(), state.toString());
      state.play(moves[Math.floor(random() * moves.length)]);
      if (ply % 10 === 0) states.push(state.clone());
      if (ply % 15 === 0) states.push(game.stateFromText(state.toString()));
    }
    // A game of its own numbers its texts from scratch, and agrees.
    const other = agame.loadGame(name, options);
    for (const state of states) {
      const fresh = other.stateFromText(state.toString());
      assert.deepEqual(fresh.legalMoves(), state.legalMoves());
    }
  }
});
