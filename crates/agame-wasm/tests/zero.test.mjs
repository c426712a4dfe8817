// The trained networks shipped in models/ as bots of the package: registerNetwork, then
// botMove("zero:model=NAME..."), and the refusals.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import agame from "./load.mjs";

const model = (file) => new Uint8Array(readFileSync(new URL(`../../../models/${file}`, import.meta.url)));

test("each shipped network plays legal moves of its game", () => {
  for (const [file, name, options] of [
    ["gipf.safetensors", "gipf", {}],
    ["pikemen.safetensors", "pikemen", {}],
    ["epaminondas.safetensors", "epaminondas", { board: "8x8" }],
    ["epaminondas-14x12.safetensors", "epaminondas", {}],
  ]) {
    assert.equal(agame.registerNetwork(file, model(file)), name);
    const state = agame.loadGame(name, options).newInitialState();
    for (let ply = 0; ply < 4 && !state.isTerminal(); ply++) {
      const move = state.botMove(`zero:model=${file}:sims=16`);
      assert.ok(state.legalMoves().includes(move), `${name}: ${move}`);
      state.play(move);
    }
  }
});

test("networks that are not one, or do not fit, are refused and change nothing", () => {
  const gipf = model("gipf.safetensors");
  assert.throws(() => agame.registerNetwork("half", gipf.slice(0, gipf.length >> 1)), /not a readable network file/);
  assert.throws(() => agame.registerNetwork("x:y", gipf), /hold no ':'/);
  assert.throws(() => agame.registerNetwork("bytes", [1, 2, 3]), /Uint8Array/);
  agame.registerNetwork("gipf-net", gipf);
  const pikemen = agame.loadGame("pikemen").newInitialState();
  const before = pikemen.toString();
  assert.throws(() => pikemen.botMove("zero:model=gipf-net"), /trained for gipf, not pikemen/);
  assert.throws(() => pikemen.botMove("zero:model=half"), /no network is registered as 'half'/);
  assert.throws(() => pikemen.botMove("zero:sims=5"), /zero needs model=FILE/);
  assert.equal(pikemen.toString(), before);
});
