// The bot thinks here, so that the page never freezes: one message per question.
import init, { loadGame } from "../crates/agame-wasm/pkg/agame_wasm.js";

const ready = init();

self.onmessage = async ({ data }) => {
  await ready;
  const { id, name, options, position, spec } = data;
  try {
    const state = loadGame(name, options).stateFromText(position);
    self.postMessage({ id, move: state.botMove(spec) });
  } catch (e) {
    self.postMessage({ id, error: String(e.message ?? e) });
  }
};
