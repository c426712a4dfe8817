// Random games through the package, checked against the `agame` program's legal lists, and
// finished ones against its outcome and end reason.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import agame, { CONFIGS, rng } from "./load.mjs";

const binary =
  process.env.AGAME_BIN ?? new URL("../../../target/debug/agame", import.meta.url).pathname;

for (const [name, options] of CONFIGS) {
  test(`legal lists of ${name} ${JSON.stringify(options)} match the CLI's`, (t) => {
    if (!existsSync(binary)) {
      t.skip("no agame binary: build it with `cargo build -p agame` or set AGAME_BIN");
      return;
    }
    // No move limit: the CLI reads the bare position text.
    const game = agame.loadGame(name, { ...options, maxPlies: null });
    const random = rng(2024);
    let checked = 0;
    for (let g = 0; g < 3; g++) {
      const state = game.newInitialState();
      for (let ply = 0; ply < 400 && !state.isTerminal(); ply++) {
        const legal = state.legalMoves();
        if (ply % 23 === 0) {
          const out = execFileSync(binary, ["legal", name, "--position", state.toString()], {
            encoding: "utf8",
          });
          const cli = out.split("\n").filter(Boolean).sort();
          assert.deepEqual([...legal].sort(), cli, state.toString());
          checked++;
        }
        state.play(legal[Math.floor(random() * legal.length)]);
      }
      if (state.isTerminal()) {
        // An empty record from the final position: `replay` prints the outcome and why.
        const out = execFileSync(binary, ["replay", name, "--position", state.toString(), "-"], {
          encoding: "utf8",
          input: "",
        });
        const outcome = `outcome: ${state.status()} (${state.endReason()})\n`;
        assert.ok(out.includes(outcome), `${out} lacks ${outcome}`);
      }
    }
    assert.ok(checked >= 3, `only ${checked} positions checked`);
  });
}
