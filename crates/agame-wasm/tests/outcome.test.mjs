// The page's outcome words (web/outcome.js) for every kind of status the package reports.
import { test } from "node:test";
import assert from "node:assert/strict";
import agame from "./load.mjs";
import { outcomeText } from "../../../web/outcome.js";

const player = (seat) => `Player ${seat + 1}`;

test("a winner, a draw, and the move limit", () => {
  assert.equal(outcomeText("winner 2", false, player), "Game over: Player 2 wins.");
  assert.equal(outcomeText("draw", true, player), "Game over: a draw (the move limit was reached).");
});

test("rankings of many seats, with ties", () => {
  assert.equal(
    outcomeText("ranks 2,1,3", false, player),
    "Game over: Player 2 first, Player 1 second, Player 3 third.",
  );
  assert.equal(
    outcomeText("ranks 1,2,2,1", false, player),
    "Game over: Player 1 and Player 4 first (shared), Player 2 and Player 3 second (shared).",
  );
});

test("a finished three-seat Pikemen game reads as a ranking", () => {
  const state = agame.loadGame("pikemen", { players: 3, maxPlies: 30 }).newInitialState();
  for (let i = 0; !state.isTerminal(); i++) state.play(state.legalMoves()[i % state.legalMoves().length]);
  assert.match(state.status(), /^(ranks|draw)/);
  assert.match(outcomeText(state.status(), state.isTruncated(), player), /^Game over: (Player \d.* first|a draw)/);
});
