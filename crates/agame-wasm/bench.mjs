// Speed of the package against the native program, in the same run: perft and random playouts
// of each game, single-threaded. Usage (after build.sh and `cargo build --release -p agame`):
//   node crates/agame-wasm/bench.mjs [path/to/agame]
//
// Rates are by CPU time (the process's own user + system seconds), so that other work on the
// machine does not skew them; wall-clock rates are printed beside. Each wasm measure follows a
// smaller warm-up call: V8 compiles wasm functions on their first call and optimises hot ones
// later, and a run of a few milliseconds would time that instead of the engine.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const pkg = new URL("pkg/", import.meta.url);
const agame = await import(new URL("agame_wasm.js", pkg));
agame.initSync({ module: readFileSync(fileURLToPath(new URL("agame_wasm_bg.wasm", pkg))) });
const binary =
  process.argv[2] ?? fileURLToPath(new URL("../../target/release/agame", import.meta.url));

// [game, perft depth, playout games]: each about a second of CPU natively. No move limit on
// either side (`agame playouts` sets none; the package's default would stop at 1000).
const CASES = [
  ["pikemen", 5, 20000],
  ["gipf", 6, 500000],
  ["epaminondas", 4, 2000],
];

/** The native program's output and its CPU seconds (bash's `times`: children's user, system). */
function native(args) {
  const out = execFileSync("bash", ["-c", '"$0" "$@"; times', binary, ...args], { encoding: "utf8" });
  const lines = out.trimEnd().split("\n");
  const [user, system] = lines.pop().split(" ").map(seconds);
  lines.pop(); // the shell's own times
  return [lines.join("\n"), user + system];
}

/** Seconds from bash's `1m2.345s`. */
function seconds(text) {
  const [, m, s] = text.match(/(\d+)m([\d.]+)s/);
  return Number(m) * 60 + Number(s);
}

/** `f()`, its CPU seconds and its wall seconds. */
function timed(f) {
  const cpu = process.cpuUsage();
  const began = performance.now();
  const value = f();
  const wall = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpu);
  return [value, (used.user + used.system) / 1e6, wall];
}

console.log("game         measure             native (cpu)  wasm (cpu)   wasm/native  (wall: native wasm ratio)");
for (const [name, depth, games] of CASES) {
  const state = agame.loadGame(name, { maxPlies: null }).newInitialState();

  const [out, nCpu] = native(["perft", name, String(depth), "--threads", "1"]);
  const nPerft = Number(out.match(/perft\(\d+\) = (\d+)/)[1]);
  const nWall = Number(out.match(/time ([\d.]+) s/)[1]);
  state.perft(depth - 1);
  const [wPerft, wCpu, wWall] = timed(() => state.perft(depth));
  if (wPerft !== nPerft) throw new Error(`${name}: perft ${wPerft} != ${nPerft}`);
  row(name, `perft(${depth}) leaves/s`, wPerft, [nCpu, wCpu], [nWall, wWall]);

  const [playOut, pCpu] = native(["playouts", name, "--seed", "1", "--games", String(games)]);
  const json = JSON.parse(playOut.trim().split("\n").pop());
  state.playouts(Math.ceil(games / 10), 2);
  const [wPlies, wPlayCpu, wPlayWall] = timed(() => state.playouts(games, 1));
  if (wPlies !== json.plies) throw new Error(`${name}: playouts ${wPlies} plies != ${json.plies}`);
  row(name, "playout plies/s", wPlies, [pCpu, wPlayCpu], [json.seconds, wPlayWall]);
}

function row(name, what, count, [nCpu, wCpu], [nWall, wWall]) {
  const f = (s) => `${(count / s / 1e6).toFixed(2)} M/s`.padEnd(13);
  const wall = `${f(nWall)}${f(wWall)}${(nWall / wWall).toFixed(2)}`;
  console.log(`${name.padEnd(13)}${what.padEnd(20)}${f(nCpu)}${f(wCpu)}${(nCpu / wCpu).toFixed(2).padEnd(13)}(${wall})`);
}
