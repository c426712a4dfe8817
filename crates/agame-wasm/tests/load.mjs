// Loads the built package (crates/agame-wasm/pkg) in Node: the web build, given its bytes.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const pkg = new URL("../pkg/", import.meta.url);
const agame = await import(new URL("agame_wasm.js", pkg));
/** The module's exports, whose `memory` the argument tests watch. */
export const wasm = agame.initSync({ module: readFileSync(fileURLToPath(new URL("agame_wasm_bg.wasm", pkg))) });
export default agame;

/** A small seeded generator (mulberry32), so that failures repeat. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every configuration the tests play, as [name, options]. */
export const CONFIGS = [
  ["pikemen", {}],
  ["pikemen", { players: 3 }],
  ["pikemen", { players: 4, target: 15 }],
  ["gipf", {}],
  ["gipf", { variant: "basic" }],
  ["gipf", { variant: "tournament" }],
  ["epaminondas", {}],
  ["epaminondas", { board: "8x8" }],
  ["epaminondas", { stones: true, mirror: false }],
];
