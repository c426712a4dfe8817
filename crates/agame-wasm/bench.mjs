// Speed of the package against the native program, in the same run: perft and random playouts
// of each game, single-threaded. Usage (after build.sh and `cargo build --release -p agame`):
//   node crates/agame-wasm/bench.mjs [path/to/agame]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const pkg = new URL("pkg/", import.meta.url);
const agame = await import(new URL("agame_wasm.js", pkg));
agame.initSync({ module: readFileSync(fileURLToPath(new URL("agame_wasm_bg.wasm", pkg))) });
const binary =
  process.argv[2] ?? fileURLToPath(new URL("../../target/release/agame", import.meta.url));

// [game, CLI options, perft depth, playout games]: each takes about a second natively.
const CASES = [
  ["pikemen", [], 5, 2000],
  ["gipf", [], 5, 1000],
  ["epaminondas", [], 4, 300],
];

function native(args) {
  return execFileSync(binary, args, { encoding: "utf8" });
}

function timed(f) {
  const began = performance.now();
  const value = f();
  return [value, (performance.now() - began) / 1000];
}

console.log("game         measure            native          wasm            wasm/native");
for (const [name, cli, depth, games] of CASES) {
  const state = agame.loadGame(name, { maxPlies: null }).newInitialState();

  const out = native(["perft", name, ...cli, String(depth), "--threads", "1"]);
  const [, nPerft] = out.match(/perft\(\d+\) = (\d+)/);
  const nSecs = Number(out.match(/time ([\d.]+) s/)[1]);
  const [wPerft, wSecs] = timed(() => state.perft(depth));
  if (wPerft !== Number(nPerft)) throw new Error(`${name}: perft ${wPerft} != ${nPerft}`);
  row(name, `perft(${depth}) leaves/s`, wPerft / nSecs, wPerft / wSecs);
  console.log(`  (perft seconds: native ${nSecs}, wasm ${wSecs.toFixed(3)})`);

  const json = JSON.parse(native(["playouts", name, ...cli, "--games", String(games)]).trim().split("\n").pop());
  const [wPlies, wPlaySecs] = timed(() => state.playouts(games, 1));
  row(name, "playout plies/s", json.plies_per_second, wPlies / wPlaySecs);
}

function row(name, what, n, w) {
  const f = (x) => `${(x / 1e6).toFixed(2)} M/s`.padEnd(16);
  console.log(`${name.padEnd(13)}${what.padEnd(19)}${f(n)}${f(w)}${(w / n).toFixed(2)}`);
}
