"""The MLP of docs/model-format.md in JAX: parameters, forward pass, loss and training step.

Parameters are a flat dict keyed by the file's tensor names (`trunk.0.weight` ...), weights
`[out, in]`, so export is a plain copy.
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np
import optax

NEG = -1e30  # logit of an illegal action (finite: a row without legal actions stays finite)


def init_params(seed: int, in_size: int, hidden: list, num_actions: int) -> dict:
    """He-initialised trunk, small heads (near-uniform priors and values near 0 at first)."""
    keys = jax.random.split(jax.random.PRNGKey(seed), len(hidden) + 2)
    sizes = [in_size, *hidden]
    params = {}
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
        params[f"trunk.{i}.weight"] = jax.random.normal(keys[i], (b, a)) * math.sqrt(2.0 / a)
        params[f"trunk.{i}.bias"] = jnp.zeros((b,))
    h = sizes[-1]
    params["policy.weight"] = jax.random.normal(keys[-2], (num_actions, h)) * 0.01
    params["policy.bias"] = jnp.zeros((num_actions,))
    params["value.weight"] = jax.random.normal(keys[-1], (1, h)) * 0.01
    params["value.bias"] = jnp.zeros((1,))
    return {k: v.astype(jnp.float32) for k, v in params.items()}


def num_layers(params: dict) -> int:
    return sum(1 for k in params if k.startswith("trunk.") and k.endswith(".weight"))


def forward(params: dict, x):
    """`x [B, planes*rows*cols]` -> `(logits [B, A], value [B])`, value after tanh."""
    h = x
    for i in range(num_layers(params)):
        h = jax.nn.relu(h @ params[f"trunk.{i}.weight"].T + params[f"trunk.{i}.bias"])
    logits = h @ params["policy.weight"].T + params["policy.bias"]
    value = jnp.tanh(h @ params["value.weight"].T + params["value.bias"])[:, 0]
    return logits, value


@jax.jit
def predict(params: dict, x, mask):
    """Priors (softmax over the legal actions, 0 elsewhere) and values, as the zero bot."""
    logits, value = forward(params, x)
    logits = jnp.where(mask, logits, NEG)
    priors = jax.nn.softmax(logits, axis=-1) * mask
    return priors, value


def forward_numpy(params: dict, obs: np.ndarray, mask: np.ndarray):
    """The same computation in float64 numpy (a reference for tests)."""
    h = obs.reshape(len(obs), -1).astype(np.float64)
    p = {k: np.asarray(v, np.float64) for k, v in params.items()}
    for i in range(num_layers(params)):
        h = np.maximum(h @ p[f"trunk.{i}.weight"].T + p[f"trunk.{i}.bias"], 0.0)
    logits = h @ p["policy.weight"].T + p["policy.bias"]
    value = np.tanh(h @ p["value.weight"].T + p["value.bias"])[:, 0]
    logits = np.where(mask, logits, -np.inf)
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True), value


def _bucket(n: int) -> int:
    """Batch sizes are padded to powers of two (few shapes, few compilations)."""
    size = 8
    while size < n:
        size *= 2
    return size


def make_evaluate(params: dict):
    """The `evaluate(obs, mask) -> (priors, values)` callable of `BatchedSearch`."""

    def evaluate(obs, mask):
        n = len(obs)
        size = _bucket(n)
        x = np.zeros((size, int(np.prod(obs.shape[1:]))), np.float32)
        x[:n] = obs.reshape(n, -1)
        m = np.zeros((size, mask.shape[1]), np.bool_)
        m[:n] = mask
        m[n:, 0] = True
        priors, values = predict(params, x, m)
        priors = np.asarray(priors)[:n]
        values = np.clip(np.asarray(values)[:n], -1.0, 1.0)
        return priors, values

    return evaluate


def loss_fn(params, batch, l2: float, value_weight: float):
    obs, mask, target, z = batch
    logits, value = forward(params, obs)
    logp = jax.nn.log_softmax(jnp.where(mask, logits, NEG), axis=-1)
    policy_loss = -jnp.sum(jnp.where(mask, target * logp, 0.0), axis=-1).mean()
    value_loss = jnp.mean((value - z) ** 2)
    decay = sum(jnp.sum(w**2) for k, w in params.items() if k.endswith(".weight"))
    total = policy_loss + value_weight * value_loss + l2 * decay
    return total, (policy_loss, value_loss)


def make_optimizer(learning_rate: float):
    return optax.adam(learning_rate)


def make_train_step(optimizer, l2: float, value_weight: float):
    @jax.jit
    def train_step(params, opt_state, obs, mask, idx, probs, z):
        # The sparse policy targets (idx, probs [B, K]) made dense inside the step.
        rows = jnp.arange(obs.shape[0])[:, None]
        target = jnp.zeros(mask.shape, jnp.float32).at[rows, idx].add(probs)
        batch = (obs, mask, target, z)
        (total, (pl, vl)), grads = jax.value_and_grad(loss_fn, has_aux=True)(
            params, batch, l2, value_weight
        )
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, jnp.stack([total, pl, vl])

    return train_step


def to_numpy(params: dict) -> dict:
    return {k: np.asarray(v, np.float32) for k, v in params.items()}


def to_jax(params: dict) -> dict:
    return {k: jnp.asarray(v, jnp.float32) for k, v in params.items()}
