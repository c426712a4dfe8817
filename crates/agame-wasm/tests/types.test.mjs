// The package's TypeScript declarations (pkg/agame_wasm.d.ts, written by wasm-bindgen from the
// Rust signatures and their type attributes) give every call its argument and result types.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const dts = readFileSync(new URL("../pkg/agame_wasm.d.ts", import.meta.url), "utf8");

test("the declarations type every call of the package", () => {
  for (const line of [
    "numDistinctActions(): number;",
    "observationShape(): [number, number, number];",
    "stateFromText(text: string): State;",
    "legalActions(): Uint32Array;",
    "legalActionsMask(out?: Uint8Array): Uint8Array;",
    "applyAction(action: number): void;",
    "actionToString(action: number): string;",
    "stringToAction(text: string): number;",
    "observation(player?: number | null, out?: Float32Array): Float32Array;",
    "legalMoves(): string[];",
    "play(text: string): void;",
    "botMove(spec: string, budget?: Budget): string;",
    "svg(settings?: SvgSettings): string;",
    "perft(depth: number): number;",
    "playouts(games: number, seed: number): number;",
    "export function loadGame(name: string, options?: GameOptions): Game;",
  ]) {
    assert.ok(dts.includes(line), `agame_wasm.d.ts lacks ${line}`);
  }
  // No call is left untyped.
  const publicPart = dts.slice(0, dts.indexOf("export type InitInput"));
  assert.doesNotMatch(publicPart, /\(\w+\??: any\b/);
});
