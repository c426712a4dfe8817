"""Checkpoints: DIR/checkpoint.npz, rewritten atomically after every iteration.

One uncompressed npz holding the parameters (`param.<name>`), the optimizer state's leaves
(`opt.<i>`, in jax.tree_util order), the replay buffer (`replay.*`) and `meta`, a JSON
document: iteration, counters, wall time, the config, the learning curve so far and the RNG
states. It is written to a temporary file in DIR, synced and renamed over the old one, so a
run killed at any moment (even `kill -9`) leaves the previous checkpoint whole and loses at
most the iteration it was in.
"""

from __future__ import annotations

import json
import os

import jax
import numpy as np

NAME = "checkpoint.npz"


def atomic_write(path: str, write) -> None:
    """Calls `write(file)` on a temporary file beside `path`, then renames it over `path`."""
    folder = os.path.dirname(os.path.abspath(path))
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    try:
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        pass


def save(folder: str, meta: dict, params: dict, opt_state, replay_arrays: dict) -> None:
    arrays = {"meta": np.frombuffer(json.dumps(meta).encode(), np.uint8)}
    for k, v in params.items():
        arrays[f"param.{k}"] = np.asarray(v)
    for i, leaf in enumerate(jax.tree_util.tree_leaves(opt_state)):
        arrays[f"opt.{i}"] = np.asarray(leaf)
    arrays.update(replay_arrays)
    atomic_write(os.path.join(folder, NAME), lambda f: np.savez(f, **arrays))


def exists(folder: str) -> bool:
    return os.path.exists(os.path.join(folder, NAME))


def read_meta(folder: str) -> dict:
    with np.load(os.path.join(folder, NAME)) as z:
        return json.loads(z["meta"].tobytes().decode())


def load(folder: str, opt_template):
    """(meta, params, opt_state, arrays); the optimizer state takes the template's structure."""
    z = np.load(os.path.join(folder, NAME))
    meta = json.loads(z["meta"].tobytes().decode())
    params = {k[len("param.") :]: z[k] for k in z.files if k.startswith("param.")}
    leaves, treedef = jax.tree_util.tree_flatten(opt_template)
    saved = [z[f"opt.{i}"] for i in range(len(leaves))]
    for i, (a, b) in enumerate(zip(leaves, saved)):
        if np.shape(a) != b.shape:
            raise ValueError(f"checkpoint: optimizer leaf {i} has shape {b.shape}, not {np.shape(a)}")
    opt_state = jax.tree_util.tree_unflatten(treedef, [jax.numpy.asarray(b) for b in saved])
    arrays = {k: z[k] for k in z.files if k.startswith("replay.")}
    z.close()
    return meta, params, opt_state, arrays
