// Speed of the package driven from JavaScript one ply at a time, as a program that uses it as
// its rules engine does: uniformly random games from the start to the end (no move limit),
// each ply either by action numbers (`legalActions()` then `applyAction(n)`) or by move text
// (`legalMoves()` then `play(text)`), beside the same games played inside the module
// (`playouts`). "into" writes the numbers into one array (`legalActionsInto`) instead of
// making one per ply. Usage, after build.sh:
//   node crates/agame-wasm/bench_driven.mjs [seconds per measure] [other/pkg/ ...]
// Further package folders (for example a build of an older commit) are measured in the same
// run, for before/after ratios on a shared machine; calls a package lacks are skipped.
//
// Rates are plies per CPU second of this process (user + system), so that other work on the
// machine skews them less; each measure follows a warm-up of a fifth of its time, since V8
// compiles wasm and JavaScript functions lazily and optimises hot ones later.
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolve } from "node:path";

const seconds = Number(process.argv[2] ?? 2);
const folders = [new URL("pkg/", import.meta.url), ...process.argv.slice(3).map((p) => pathToFileURL(resolve(p) + "/"))];

/** A small seeded generator (mulberry32), the tests' own. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random games by action numbers until `budget` CPU seconds are used; the plies played. */
function byNumbers(game, random, budget, cpu) {
  let plies = 0;
  while (cpu() < budget) {
    const state = game.newInitialState();
    while (!state.isTerminal()) {
      const actions = state.legalActions();
      state.applyAction(actions[Math.floor(random() * actions.length)]);
      plies++;
    }
    state.free();
  }
  return plies;
}

/** As `byNumbers`, the numbers written into one array for the whole run. */
function byNumbersInto(game, random, budget, cpu) {
  const actions = new Uint32Array(game.numDistinctActions());
  let plies = 0;
  while (cpu() < budget) {
    const state = game.newInitialState();
    while (!state.isTerminal()) {
      const n = state.legalActionsInto(actions);
      state.applyAction(actions[Math.floor(random() * n)]);
      plies++;
    }
    state.free();
  }
  return plies;
}

/** Random games by move text until `budget` CPU seconds are used; the plies played. */
function byText(game, random, budget, cpu) {
  let plies = 0;
  while (cpu() < budget) {
    const state = game.newInitialState();
    while (!state.isTerminal()) {
      const moves = state.legalMoves();
      state.play(moves[Math.floor(random() * moves.length)]);
      plies++;
    }
    state.free();
  }
  return plies;
}

/** Random games inside the module, 20 at a time, until `budget` CPU seconds are used. */
function inside(game, random, budget, cpu) {
  const state = game.newInitialState();
  let plies = 0;
  while (cpu() < budget) plies += state.playouts(20, Math.floor(random() * 2 ** 32));
  state.free();
  return plies;
}

/** The process's CPU seconds since `start` (from `process.cpuUsage()`). */
function since(start) {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** Plies per CPU second of `run` over `seconds`, after a warm-up of a fifth of that. */
function rate(run, game) {
  const random = rng(1);
  let start = process.cpuUsage();
  run(game, random, seconds / 5, () => since(start));
  start = process.cpuUsage();
  const plies = run(game, random, seconds, () => since(start));
  return plies / since(start);
}

const CASES = [
  ["pikemen", {}],
  ["epaminondas", {}],
  ["gipf", {}],
];
const WAYS = [
  ["inside (playouts)", inside, "playouts"],
  ["by numbers", byNumbers, "legalActions"],
  ["by numbers, into", byNumbersInto, "legalActionsInto"],
  ["by text", byText, "legalMoves"],
];

const packages = [];
for (const folder of folders) {
  const agame = await import(new URL("agame_wasm.js", folder));
  agame.initSync({ module: readFileSync(fileURLToPath(new URL("agame_wasm_bg.wasm", folder))) });
  packages.push([fileURLToPath(folder), agame]);
}

console.log(`plies per CPU second, ${seconds} s per measure; packages: ${packages.map(([p]) => p).join(", ")}`);
console.log(`${"game".padEnd(13)}${"way".padEnd(20)}${packages.map((_, i) => `package ${i + 1}`.padStart(14)).join("")}`);
for (const [name, options] of CASES) {
  for (const [way, run, call] of WAYS) {
    const cells = packages.map(([, agame]) => {
      const game = agame.loadGame(name, { ...options, maxPlies: null });
      const probe = game.newInitialState();
      const has = typeof probe[call] === "function";
      probe.free();
      return has ? rate(run, game) : undefined;
    });
    const shown = cells.map((r) => (r === undefined ? "-" : r >= 1e6 ? `${(r / 1e6).toFixed(2)} M` : `${(r / 1e3).toFixed(1)} k`));
    console.log(`${name.padEnd(13)}${way.padEnd(20)}${shown.map((s) => s.padStart(14)).join("")}`);
  }
}
