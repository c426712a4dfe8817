// The page's click logic (web/clicks.js) on the real legal lists of each game.
import { test } from "node:test";
import assert from "node:assert/strict";
import agame from "./load.mjs";
import { click, clickable, describe, placesOf, readRecord } from "../../../web/clicks.js";

test("placesOf reads every game's move text", () => {
  assert.deepEqual(placesOf("a1-a4(N)"), ["a1", "a4"]);
  assert.deepEqual(placesOf("e2(U)"), ["e2"]);
  assert.deepEqual(placesOf("Ge1-e2"), ["e1", "e2"]);
  assert.deepEqual(placesOf("xb2,c3,d4,e5"), ["b2", "c3", "d4", "e5"]);
  assert.deepEqual(placesOf("n12xk9"), ["n12", "k9"]);
});

test("every legal move can be reached by clicks in each game", () => {
  for (const name of ["pikemen", "gipf", "epaminondas"]) {
    const options = name === "gipf" ? { variant: "tournament" } : {};
    const state = agame.loadGame(name, options).newInitialState();
    const legal = state.legalMoves();
    for (const move of legal) {
      const [from, to] = placesOf(move);
      assert.ok(clickable(legal).has(from), `${name} ${move}`);
      let what = click(legal, null, from);
      if (to !== undefined) {
        assert.ok(what.select === from && what.targets.includes(to), `${name} ${move}`);
        what = click(legal, from, to);
      } else if (what.select) {
        what = { choose: what.here };
      }
      assert.ok(what.play === move || what.choose?.includes(move), `${name} ${move}: ${JSON.stringify(what)}`);
    }
  }
});

test("a click that fits nothing clears the selection", () => {
  const legal = agame.loadGame("epaminondas").newInitialState().legalMoves();
  assert.deepEqual(click(legal, null, "g6"), { clear: true });
});

test("removal decisions are chosen by a spot of their row", () => {
  const legal = ["xa1,b2,c3,d4", "xb2,c3,d4,e5", "kc3,d4,e5,f6"];
  assert.deepEqual(click(legal, null, "a1"), { play: "xa1,b2,c3,d4" });
  assert.deepEqual(click(legal, null, "c3"), { choose: legal });
});

test("records are read like agame replay's move files", () => {
  assert.deepEqual(readRecord("# a game\na1-a3\n\n  b2-b3  \n#x\n"), ["a1-a3", "b2-b3"]);
});

test("choices are spelled out on their buttons", () => {
  assert.equal(describe("xb2,b3,b4,b5"), "remove b2 b3 b4 b5");
  assert.equal(describe("kc3,d4,e5,f6"), "keep c3 d4 e5 f6 standing");
  assert.equal(describe("a1-b2"), "a1-b2");
  assert.equal(describe("Gb1-b2"), "b1-b2 with a GIPF-piece");
  assert.equal(describe("e2(E)"), "e2: point E");
  assert.equal(describe("e2(U)"), "e2: stand up");
  assert.equal(describe("a1-a4(NW)"), "a1-a4, then point NW");
  assert.equal(describe("b5xe2(U)"), "b5xe2, then stand up");
  assert.equal(describe("a1-a4"), "a1-a4");
  assert.equal(describe("k3-i3"), "k3-i3"); // an Epaminondas square k3, not a keep
});
