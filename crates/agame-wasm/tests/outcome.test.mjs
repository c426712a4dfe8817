// The page's outcome words (web/outcome.js) for every kind of status the package reports, and
// the package's end reasons.
import { test } from "node:test";
import assert from "node:assert/strict";
import agame, { CONFIGS, rng } from "./load.mjs";
import { outcomeText } from "../../../web/outcome.js";

const player = (seat) => `Player ${seat + 1}`;

test("a winner and a draw, with why the game ended", () => {
  assert.equal(outcomeText("winner 2", "crossing held", player), "Game over: Player 2 wins — crossing held.");
  assert.equal(outcomeText("draw", "move limit reached", player), "Game over: a draw — move limit reached.");
  // Without a reason, the outcome alone.
  assert.equal(outcomeText("winner 1", undefined, player), "Game over: Player 1 wins.");
});

test("rankings of many seats, with ties", () => {
  assert.equal(
    outcomeText("ranks 2,1,3", "target reached", player),
    "Game over: Player 2 first, Player 1 second, Player 3 third — target reached.",
  );
  assert.equal(
    outcomeText("ranks 1,2,2,1", "target reached", player),
    "Game over: Player 1 and Player 4 first (shared), Player 2 and Player 3 second (shared) — target reached.",
  );
});

test("a finished three-seat Pikemen game reads as a ranking", () => {
  const state = agame.loadGame("pikemen", { players: 3, maxPlies: 30 }).newInitialState();
  for (let i = 0; !state.isTerminal(); i++) state.play(state.legalMoves()[i % state.legalMoves().length]);
  assert.match(state.status(), /^(ranks|draw)/);
  assert.match(
    outcomeText(state.status(), state.endReason(), player),
    /^Game over: (Player \d.* first|a draw).* — (target reached|last player with pieces|move limit reached)\.$/,
  );
});

/** Every reason each game can give: its rules' own and the move limit's. */
const REASONS = {
  pikemen: ["target reached", "last player with pieces", "move limit reached"],
  gipf: ["the other player lost their last GIPF-piece", "the other player has no piece left to push", "move limit reached"],
  epaminondas: ["crossing held", "the other player has no legal move", "move limit reached"],
};

test("endReason is undefined while a game goes on, and one of the game's reasons at its end", () => {
  const random = rng(99);
  for (const [name, options] of CONFIGS) {
    const game = agame.loadGame(name, { ...options, maxPlies: 150 });
    for (let g = 0; g < 3; g++) {
      const state = game.newInitialState();
      while (!state.isTerminal()) {
        assert.equal(state.endReason(), undefined);
        const legal = state.legalMoves();
        state.play(legal[Math.floor(random() * legal.length)]);
      }
      const why = state.endReason();
      assert.ok(REASONS[name].includes(why), `${name}: ${why}`);
      assert.equal(why === "move limit reached", state.isTruncated(), `${name}: ${why}`);
    }
  }
});

test("each rule that ends a game gives its reason", () => {
  for (const [name, options, text, why] of [
    ["pikemen", {}, "L1U7/8/8/8/8/8/8/L2U7 2 12,0 12", "target reached"],
    ["pikemen", {}, "L1U7/8/8/8/8/8/8/8 1 3,0 12", "last player with pieces"],
    ["gipf", {}, "standard W:Gb5,Ge2,Gh5 B:b2 R:12/11 C:0/6 won:w", "the other player lost their last GIPF-piece"],
    ["gipf", { variant: "basic" }, "basic W:b5,e2,h5 B:b2,e8,h2 R:0/12 C:12/0 push:w", "the other player has no piece left to push"],
    [
      "epaminondas",
      { board: "6x8" },
      "1...../....../....../..2.../....../....../....../...... 1 mirror:on stones:off",
      "crossing held",
    ],
    [
      "epaminondas",
      { board: "6x8" },
      "....../....../....../..2.../....../....../....../...... 1 mirror:on stones:off",
      "the other player has no legal move",
    ],
  ]) {
    const state = agame.loadGame(name, options).stateFromText(text);
    assert.equal(state.endReason(), why, text);
    assert.ok(state.isTerminal());
  }
});
