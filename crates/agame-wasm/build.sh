#!/usr/bin/env bash
# Builds the npm package folder crates/agame-wasm/pkg (needs the wasm32-unknown-unknown target
# and wasm-bindgen-cli at the wasm-bindgen version of Cargo.lock; see the crate's README).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build -p agame-wasm --target wasm32-unknown-unknown --release
out=crates/agame-wasm/pkg
rm -rf "$out"
# --target web: an ES module that browsers load by URL and Node by `initSync` with the bytes.
wasm-bindgen --target web --out-dir "$out" target/wasm32-unknown-unknown/release/agame_wasm.wasm
cp crates/agame-wasm/package.json "$out/"
echo "built $out"
