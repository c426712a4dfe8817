"""The replay buffer: numpy rings of the latest `capacity` positions.

A position is its observation (float16: the observations are 0/1 planes and a few fractions),
its legal-action mask (packed bits), its policy target (sparse: the `policy_entries` largest
entries, renormalised) and its value target (the final return of the seat that was to move).
Symmetry augmentation happens before insertion (selfplay.py stores each position under one
random symmetry of the game), so sampling is plain indexing.
"""

from __future__ import annotations

import numpy as np


class Replay:
    def __init__(self, capacity: int, obs_size: int, num_actions: int, entries: int):
        self.capacity = capacity
        self.num_actions = num_actions
        self.obs = np.zeros((capacity, obs_size), np.float16)
        self.mask = np.zeros((capacity, (num_actions + 7) // 8), np.uint8)
        self.idx = np.zeros((capacity, entries), np.int32)
        self.probs = np.zeros((capacity, entries), np.float32)
        self.value = np.zeros((capacity,), np.float32)
        self.size = 0
        self.pos = 0
        self.added = 0

    def __len__(self) -> int:
        return self.size

    def add(self, obs, mask, idx, probs, value) -> None:
        """Adds n positions: obs [n, obs_size], mask [n, A] bool, idx/probs [n, K], value [n]."""
        n = len(obs)
        if n == 0:
            return
        if n > self.capacity:
            obs, mask, idx, probs, value = (a[-self.capacity :] for a in (obs, mask, idx, probs, value))
            n = self.capacity
        at = (self.pos + np.arange(n)) % self.capacity
        self.obs[at] = obs
        self.mask[at] = np.packbits(np.asarray(mask, np.bool_), axis=1)
        self.idx[at] = idx
        self.probs[at] = probs
        self.value[at] = value
        self.pos = int((self.pos + n) % self.capacity)
        self.size = int(min(self.capacity, self.size + n))
        self.added += n

    def sample(self, rng: np.random.Generator, batch: int):
        at = rng.integers(0, self.size, size=batch)
        mask = np.unpackbits(self.mask[at], axis=1, count=self.num_actions).astype(np.bool_)
        return (
            self.obs[at].astype(np.float32),
            mask,
            self.idx[at],
            self.probs[at],
            self.value[at],
        )

    # Checkpointing: the arrays and counters.
    def state(self) -> dict:
        n = self.size
        return {
            "replay.obs": self.obs[:n],
            "replay.mask": self.mask[:n],
            "replay.idx": self.idx[:n],
            "replay.probs": self.probs[:n],
            "replay.value": self.value[:n],
            "replay.counters": np.array([self.size, self.pos, self.added], np.int64),
        }

    def load(self, arrays) -> None:
        size, pos, added = (int(x) for x in arrays["replay.counters"])
        if size > self.capacity:
            raise ValueError("the checkpoint's replay buffer is larger than replay_capacity")
        for name in ("obs", "mask", "idx", "probs", "value"):
            getattr(self, name)[:size] = arrays[f"replay.{name}"]
        self.size, self.pos, self.added = size, pos % self.capacity, added


def sparse_policy(policy: np.ndarray, entries: int):
    """The `entries` largest entries of a policy row, renormalised: (idx, probs)."""
    nz = np.flatnonzero(policy > 0)
    if len(nz) > entries:
        nz = nz[np.argsort(-policy[nz], kind="stable")[:entries]]
    idx = np.zeros(entries, np.int32)
    probs = np.zeros(entries, np.float32)
    idx[: len(nz)] = nz
    p = policy[nz]
    total = p.sum()
    probs[: len(nz)] = p / total if total > 0 else 0.0
    return idx, probs
