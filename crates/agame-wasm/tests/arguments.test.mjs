// Arguments of the wrong type or range: every call throws a clear Error, changes nothing, does
// not trap and does not leave module memory behind (issue 22, item 13).
import { test } from "node:test";
import assert from "node:assert/strict";
import agame, { wasm } from "./load.mjs";

const NOT_STRINGS = [5, undefined, null, true, {}, [], ["e2"], { length: 3 }, 5n, Symbol("s"), () => "e2"];

/** A fresh state of each game, its text, and a legal move. */
function states() {
  return ["pikemen", "gipf", "epaminondas"].map((name) => {
    const game = agame.loadGame(name);
    const state = game.newInitialState();
    return { game, state, before: state.toString(), move: state.legalMoves()[0] };
  });
}

/** The state is as it was and still usable. */
function unchanged({ state, before, move }) {
  assert.equal(state.toString(), before);
  const copy = state.clone();
  copy.play(move);
  assert.notEqual(copy.toString(), before);
}

test("non-strings where strings are expected throw an Error instead of trapping", () => {
  for (const s of states()) {
    for (const bad of NOT_STRINGS) {
      const check = (f, what) =>
        assert.throws(f, (e) => e instanceof Error && e.message.includes(`${what} must be a string`), `${what} ${String(typeof bad)}`);
      check(() => s.state.play(bad), "play: the move");
      check(() => s.game.stateFromText(bad), "stateFromText: the position text");
      check(() => s.state.botMove(bad), "botMove: the bot spec");
      check(() => agame.loadGame(bad), "loadGame: the game name");
      unchanged(s);
    }
  }
  assert.throws(() => agame.loadGame("pikemen", { afterCharge: { length: 1e8 } }), /afterCharge: takes a number, a string or a boolean, not an object/);
});

test("strings longer than any the call reads are refused before being copied", () => {
  for (const s of states()) {
    assert.throws(() => s.state.play("a".repeat(5000)), /play: the move of 5000 characters is longer than the 1024/);
    assert.throws(() => s.state.botMove("m".repeat(2000)), /longer than the 1024/);
    assert.throws(() => s.game.stateFromText("x".repeat(70000)), /stateFromText: the position text of 70000 characters is longer than the 65536/);
    unchanged(s);
  }
});

test("objects with a large length leave no module memory behind", () => {
  const { game, state } = states()[0];
  const huge = { length: 100 * 2 ** 20 };
  const calls = [
    () => state.play(huge),
    () => game.stateFromText(huge),
    () => state.botMove(huge),
    () => agame.loadGame(huge),
    () => state.stringToAction(huge),
    () => state.svg({ highlights: huge }),
    () => state.svg({ highlights: ["e4", huge] }),
  ];
  for (const call of calls) assert.throws(call, Error); // the first call of each may grow buffers once
  const before = wasm.memory.buffer.byteLength;
  for (let i = 0; i < 20; i++) for (const call of calls) assert.throws(call, Error);
  const grown = wasm.memory.buffer.byteLength - before;
  assert.ok(grown === 0, `memory grew by ${grown} bytes over 140 refused calls`);
});

test("perft takes a whole depth from 0 to 1000, as the CLI does", () => {
  const state = agame.loadGame("pikemen").newInitialState();
  for (const bad of [-1, 2.5, 1001, 2 ** 32, NaN, "2", undefined, null, {}, 2n]) {
    assert.throws(() => state.perft(bad), { name: "Error", message: /perft: the depth must be a whole number from 0 to 1000/ });
  }
  assert.equal(state.perft(1), state.legalMoves().length);
});

test("playouts take a whole number of games and a whole seed", () => {
  const state = agame.loadGame("pikemen").newInitialState();
  for (const [games, seed] of [[-1, 0], [1.5, 0], [2 ** 32, 0], ["1", 0], [undefined, 0], [1, -1], [1, 0.5], [1, 2 ** 53], [1, undefined]]) {
    assert.throws(() => state.playouts(games, seed), { name: "Error", message: /playouts: the (number of games|seed) must be a whole number/ });
  }
  // Seeds beyond 32 bits are seeds of their own (they used to wrap to their low 32 bits).
  assert.equal(state.playouts(0, 2 ** 40), 0);
  assert.notEqual(state.playouts(3, 2 ** 40), state.playouts(3, 0));
});

test("svg settings and bot budgets are checked for type and range", () => {
  const state = agame.loadGame("pikemen").newInitialState();
  for (const [settings, reason] of [
    [5, /svg settings must be an object, not the number 5/],
    ["big", /svg settings must be an object, not a string/],
    [[1], /svg settings must be an object, not an array/],
    [{ size: -1 }, /svg: size must be a whole number from 0 to 8192/],
    [{ size: 10000 }, /svg: size must be a whole number from 0 to 8192/],
    [{ size: 0 }, /svg: size must be at least 1 pixel/],
    [{ size: "300" }, /svg: size must be a whole number/],
    [{ coordinates: 1 }, /svg: coordinates must be true or false/],
    [{ lastMove: "yes" }, /svg: lastMove must be true or false/],
    [{ bottom: 2.5 }, /svg: bottom must be a whole number/],
    [{ highlights: "e4" }, /svg: highlights must be an array of strings, not a string/],
    [{ highlights: ["e4", 5] }, /svg: highlights\[1\] must be a string/],
  ]) {
    assert.throws(() => state.svg(settings), { name: "Error", message: reason });
  }
  assert.match(state.svg({ size: 200, coordinates: false, lastMove: false, highlights: ["e4"], bottom: 1 }), /width="200"/);
  for (const [budget, reason] of [
    [5, /budget must be an object/],
    [{ depth: -1 }, /budget: depth must be a whole number/],
    [{ iterations: 1.5 }, /budget: iterations must be a whole number/],
    [{ ms: "100" }, /budget: ms must be a whole number/],
  ]) {
    assert.throws(() => state.botMove("random", budget), { name: "Error", message: reason });
  }
  // A page has no threads to search on.
  assert.throws(() => state.botMove("alphabeta:depth=1:threads=2"), /threads=2: the WebAssembly package searches on one thread/);
  assert.ok(state.legalMoves().includes(state.botMove("alphabeta:depth=1:threads=1")));
});

test("getters and proxies that throw give an Error and leave the state usable", () => {
  const boom = { get players() { throw new Error("boom"); } };
  assert.throws(() => agame.loadGame("pikemen", boom), /options: reading it threw boom/);
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.throws(() => agame.loadGame("pikemen", proxy), /options: reading it threw/);
  const s = states()[0];
  assert.throws(() => s.state.svg({ get size() { throw new Error("no size"); } }), /svg settings: reading it threw no size/);
  assert.throws(() => s.state.svg({ highlights: new Proxy(["e4"], { get() { throw new Error("trap"); } }) }), /threw trap/);
  assert.throws(() => s.state.botMove("random", { get depth() { throw 7; } }), /budget: reading it threw the number 7/);
  // Not left borrowed: a call that changes the state still works.
  unchanged(s);
  s.state.play(s.move);
});
