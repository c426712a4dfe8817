"""Checks each workspace crate's `rust-version` against the locked dependencies it builds with.

For every workspace member, walks its locked dependencies (normal, build and dev, every
platform) and fails if one declares a higher `rust-version` than the member. Together with
clippy's `incompatible_msrv` lint (which reads the same field) this is how the minimum Rust
version is verified without installing an older toolchain.
"""

import json
import subprocess
import sys


def version(text):
    # "1.85" and "1.85.0" are the same version.
    parts = [int(part) for part in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


meta = json.loads(
    subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
)
packages = {p["id"]: p for p in meta["packages"]}
deps = {node["id"]: [d["pkg"] for d in node["deps"]] for node in meta["resolve"]["nodes"]}
failures = []
for member in meta["workspace_members"]:
    declared = packages[member]["rust_version"]
    if declared is None:
        failures.append(f"{packages[member]['name']}: no rust-version")
        continue
    # A member's dev-dependencies count, theirs do not: walk direct deps of every kind, then
    # only what those need to build.
    seen, todo = set(), list(deps[member])
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        need = packages[pid]["rust_version"]
        if need and version(need) > version(declared):
            failures.append(
                f"{packages[member]['name']} (rust-version {declared}) builds with "
                f"{packages[pid]['name']} {packages[pid]['version']}, which needs {need}"
            )
        node_deps = next(n for n in meta["resolve"]["nodes"] if n["id"] == pid)["deps"]
        todo.extend(
            d["pkg"]
            for d in node_deps
            if any(k["kind"] in (None, "build") for k in d["dep_kinds"])
        )
    print(f"{packages[member]['name']}: rust-version {declared}, {len(seen)} locked dependencies checked")
if failures:
    sys.exit("\n".join(failures))
