"""Export: the network as an `agame-zero` version 1 safetensors file (docs/model-format.md),
written atomically (a temporary file in the same folder, then os.replace)."""

from __future__ import annotations

import datetime
import json
import numpy as np
from safetensors.numpy import load_file, save

from .checkpoint import atomic_write
from .config import MAX_MODEL_BYTES

DTYPES = {"f32": np.float32, "f16": np.float16}


def choose_dtype(config, params: dict) -> str:
    """The config's export dtype; for "auto", F32 unless the file would pass MAX_MODEL_BYTES."""
    if config.export_dtype != "auto":
        return config.export_dtype
    size = sum(int(np.prod(np.shape(v))) for v in params.values())
    return "f32" if 4 * size + 64 * 1024 <= MAX_MODEL_BYTES else "f16"


def _cast(value: np.ndarray, dtype: str) -> np.ndarray:
    value = np.asarray(value, np.float32)
    if dtype == "bf16":
        import ml_dtypes  # shipped with jax

        return value.astype(ml_dtypes.bfloat16)
    return value.astype(DTYPES[dtype])


def rule_options(game) -> dict:
    """`Game.options()` without the move limit (`max_plies`): the rules only. The limit, when
    there is one, is the metadata key `max_plies` (docs/model-format.md)."""
    return {k: v for k, v in game.options().items() if k != "max_plies"}


def metadata(game, extra: dict) -> dict:
    shape = game.observation_tensor_shape()
    meta = {
        "format": "agame-zero",
        "format_version": "1",
        "game": game.name,
        "options": json.dumps(rule_options(game), sort_keys=True),
        "observation_shape": ",".join(str(d) for d in shape),
        "num_actions": str(game.num_distinct_actions()),
        "architecture": "mlp",
        "created": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    # Under a move limit the observation has the limit's plane: the reader needs the limit.
    limit = game.options().get("max_plies")
    if limit not in (None, "None"):
        meta["max_plies"] = str(limit)
    meta.update({k: str(v) for k, v in extra.items()})
    return meta


def to_bytes(game, params: dict, dtype: str = "f32", **extra) -> bytes:
    """The model file of `params` (a flat dict of the file's tensor names) for `game`."""
    tensors = {k: np.ascontiguousarray(_cast(v, dtype)) for k, v in params.items()}
    return save(tensors, metadata=metadata(game, extra))


def export(path: str, game, params: dict, dtype: str = "f32", **extra) -> None:
    """Writes `params` to `path` for `game`, atomically."""
    data = to_bytes(game, params, dtype, **extra)
    atomic_write(path, lambda f: f.write(data))


def native(game, params: dict):
    """`params` as an `agame.zero.Network` for `game` (float32): `BatchedSearch.run` evaluates
    its leaves in Rust without the GIL, some five times as fast as the jitted forward pass
    called back from the search for these small networks."""
    import agame

    return agame.zero.Network(to_bytes(game, {k: np.asarray(v) for k, v in params.items()}))


def load(path: str):
    """(params as float32 numpy, metadata) of a model file."""
    from safetensors import safe_open

    with safe_open(path, framework="numpy") as f:
        meta = f.metadata() or {}
    params = {k: np.asarray(v, np.float32) for k, v in load_file(path).items()}
    return params, meta
