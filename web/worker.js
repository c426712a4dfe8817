// The bot thinks here, so that the page never freezes: one message per question.
import init, { loadGame, registerNetwork } from "../crates/agame-wasm/pkg/agame_wasm.js";

const ready = init();

// Trained networks (models/*.safetensors), fetched once each when a zero spec names one.
const networks = new Map();

/** Registers the network file `name` of models/ (for `zero:model=NAME`), fetching it once. */
function network(name) {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) {
    return Promise.reject(new Error(`zero: model=${name}: the page has only the files of models/`));
  }
  if (!networks.has(name)) {
    const loading = fetch(new URL(`../models/${name}`, import.meta.url)).then(async (r) => {
      if (!r.ok) throw new Error(`zero: models/${name}: ${r.status} ${r.statusText}`);
      registerNetwork(name, new Uint8Array(await r.arrayBuffer()));
    });
    loading.catch(() => networks.delete(name)); // a failed fetch is tried again next time
    networks.set(name, loading);
  }
  return networks.get(name);
}

self.onmessage = async ({ data }) => {
  await ready;
  const { id, name, options, position, spec } = data;
  try {
    const model = /^zero(?::.*)?:model=([^:]+)/.exec(spec);
    if (model) await network(model[1]);
    const state = loadGame(name, options).stateFromText(position);
    self.postMessage({ id, move: state.botMove(spec) });
  } catch (e) {
    self.postMessage({ id, error: String(e.message ?? e) });
  }
};
