// The JavaScript API: options, play, errors that change nothing, text, pictures and bots.
import { test } from "node:test";
import assert from "node:assert/strict";
import agame, { CONFIGS, rng } from "./load.mjs";

test("registeredNames and loadGame options", () => {
  assert.deepEqual(agame.registeredNames(), ["pikemen", "gipf", "epaminondas"]);
  assert.equal(agame.loadGame("pikemen").maxGameLength(), 1000);
  assert.equal(agame.loadGame("gipf").maxGameLength(), undefined);
  assert.equal(agame.loadGame("epaminondas", { maxPlies: 50 }).maxGameLength(), 50);
  assert.equal(agame.loadGame("pikemen", { players: 4 }).newInitialState().numPlayers(), 4);
  assert.equal(agame.loadGame("agame_gipf").name, "gipf");
  // The seed text's charge rule, which position text marks.
  const seedRule = agame.loadGame("pikemen", { afterCharge: "must-change" }).newInitialState();
  assert.match(seedRule.toString(), / 12 must-change @ 0\/1000$/);
  assert.doesNotMatch(agame.loadGame("pikemen").newInitialState().toString(), /must-change/);
});

test("bad names and options throw Errors with the reason", () => {
  assert.throws(() => agame.loadGame("chess"), { name: "Error", message: /unknown game 'chess'/ });
  assert.throws(() => agame.loadGame("gipf", { players: 3 }), /gipf has no option 'players'/);
  assert.throws(() => agame.loadGame("gipf", { variant: "huge" }), /variant/);
  assert.throws(() => agame.loadGame("epaminondas", { board: "big" }), /WxH/);
  assert.throws(() => agame.loadGame("pikemen", { players: 9 }), /bad options/);
  assert.throws(() => agame.loadGame("pikemen", { players: -1.5 }), /whole number/);
  assert.throws(() => agame.loadGame("pikemen", "players=3"), /options must be an object/);
  assert.throws(() => agame.loadGame("pikemen", { afterCharge: "never" }), /afterCharge takes 'may-keep' or 'must-change'/);
  assert.throws(() => agame.loadGame("epaminondas", { maxPlies: "x" }), /maxPlies takes a number of decisions, or null/);
});

test("illegal or unreadable moves throw and leave the state unchanged", () => {
  for (const [name, options] of CONFIGS) {
    const state = agame.loadGame(name, options).newInitialState();
    const before = state.toString();
    assert.throws(() => state.play("zz-top"), (e) => e instanceof Error && /zz-top/.test(e.message));
    assert.throws(() => state.play(""), Error);
    assert.equal(state.toString(), before);
    assert.equal(state.currentPlayer(), 0);
  }
});

test("position text round trips, and bad text throws", () => {
  for (const [name, options] of CONFIGS) {
    const game = agame.loadGame(name, options);
    const state = game.newInitialState();
    const random = rng(7);
    for (let i = 0; i < 20 && !state.isTerminal(); i++) {
      const legal = state.legalMoves();
      state.play(legal[Math.floor(random() * legal.length)]);
    }
    const copy = game.stateFromText(state.toString());
    assert.equal(copy.toString(), state.toString());
    assert.deepEqual(copy.legalMoves(), state.legalMoves());
    assert.equal(copy.hash(), state.hash());
    assert.throws(() => game.stateFromText("no such position"), /position text/);
  }
  const other = agame.loadGame("pikemen", { players: 3 }).newInitialState().toString();
  assert.throws(() => agame.loadGame("pikemen").stateFromText(other), /other rules/);
});

test("clone is independent", () => {
  const state = agame.loadGame("gipf").newInitialState();
  const copy = state.clone();
  copy.play(copy.legalMoves()[0]);
  assert.notEqual(copy.toString(), state.toString());
});

test("a game played to its end has an outcome, returns and scores", () => {
  for (const [name, options] of CONFIGS) {
    const state = agame.loadGame(name, options).newInitialState();
    const random = rng(11);
    assert.equal(state.status(), "ongoing");
    assert.deepEqual([...state.returns()], new Array(state.numPlayers()).fill(0));
    while (!state.isTerminal()) {
      const legal = state.legalMoves();
      state.play(legal[Math.floor(random() * legal.length)]);
    }
    assert.equal(state.currentPlayer(), -4);
    assert.deepEqual(state.legalMoves(), []);
    assert.match(state.status(), /^(winner \d|draw|ranks [\d,]+)$/);
    assert.equal(state.returns().length, state.numPlayers());
    assert.equal(state.scores().length, state.numPlayers());
    if (state.isTruncated()) assert.equal(state.status(), "draw");
    assert.throws(() => state.botMove("random"), /game is over/);
  }
});

test("svg pictures: settings, last move and highlights", () => {
  const state = agame.loadGame("pikemen").newInitialState();
  const plain = state.svg();
  assert.match(plain, /^<svg[^>]*>/);
  state.play(state.legalMoves()[0]);
  const withLast = state.svg({ lastMove: true, size: 300, coordinates: false });
  assert.notEqual(withLast, state.svg());
  assert.match(withLast, /width="300"/);
  const marked = state.svg({ highlights: ["e4", "d5"] });
  assert.notEqual(marked, state.svg());
  assert.throws(() => state.svg({ highlights: ["z99"] }), /no place 'z99'/);
  assert.throws(() => state.svg({ colour: "red" }), /no setting 'colour'/);
  assert.throws(() => state.svg({ bottom: 7 }), /no seat 7/);
  const gipf = agame.loadGame("gipf").newInitialState();
  assert.match(gipf.svg({ highlights: ["e5"] }), /<svg/);
});

test("bots answer with a legal move within an iteration, depth or time budget", () => {
  for (const [name, options] of CONFIGS) {
    const state = agame.loadGame(name, options).newInitialState();
    const legal = state.legalMoves();
    for (const [spec, budget] of [
      ["mcts:iters=50", undefined],
      ["alphabeta:depth=1", undefined],
      ["mcts", { iterations: 30 }],
      ["alphabeta", { depth: 1 }],
      ["mcts", { ms: 20 }],
      ["random:seed=4", undefined],
      ["greedy", undefined],
    ]) {
      const before = state.toString();
      const move = state.botMove(spec, budget);
      assert.ok(legal.includes(move), `${spec} chose ${move}`);
      assert.equal(state.toString(), before);
    }
  }
  const state = agame.loadGame("pikemen").newInitialState();
  assert.equal(state.botMove("mcts:iters=40:seed=3"), state.botMove("mcts:iters=40:seed=3"));
  assert.throws(() => state.botMove("minimax"), /bot: unknown bot .minimax.[^]*alphabeta/);
  assert.throws(() => state.botMove("mcts", { moves: 3 }), /no limit 'moves'/);
});

test("perft from the start", () => {
  const state = agame.loadGame("epaminondas", { board: "8x8" }).newInitialState();
  assert.equal(state.perft(1), state.legalMoves().length);
  assert.equal(state.perft(0), 1);
});

test("playouts play whole games, the same for the same seed", () => {
  const state = agame.loadGame("pikemen").newInitialState();
  const plies = state.playouts(3, 5);
  assert.ok(plies >= 3, `${plies}`);
  assert.equal(state.playouts(3, 5), plies);
  assert.equal(state.status(), "ongoing");
});
