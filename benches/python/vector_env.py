"""Steps per second of batched random play (agame.VectorEnv) beside the per-step loops, and
simulations per second of agame.zero.BatchedSearch, in one run.

    python benches/python/vector_env.py [--seconds S] [--envs N]

Loops, each taking the observation and the legal-action mask of every step, as a training
loop does:
- "openspiel chess": OpenSpiel's C++ chess through pyspiel (observation tensor, legal
  actions, a random one), when pyspiel is installed;
- "per-step": agame's State API, one game per call (observation, mask, a random legal action);
- "vector 1 thread" / "vector 2 threads": VectorEnv of N games, sample_actions() then step(),
  counting N steps per call.
Then the batched search with the uniform evaluator (GIPF standard, 256 trees, 8 leaves per
tree): natively (evaluate=None) and through a numpy callable.

The machine may be shared: the loops run in short slices, every loop in turn, for about S
seconds each in all, and each keeps its best slice. Prints a table and, last, one JSON object.
"""

import argparse
import json
import random
import time

import numpy as np

import agame

try:
    import pyspiel
except ImportError:
    pyspiel = None

SLICE = 0.05


class PerStep:
    def __init__(self, new_state, observe, mask):
        self.new_state, self.observe, self.mask = new_state, observe, mask
        self.state = new_state()
        self.rng = random.Random(1)

    def run(self, deadline):
        state, rng, steps = self.state, self.rng, 0
        while time.perf_counter() < deadline:
            for _ in range(16):
                if state.is_terminal():
                    state = self.new_state()
                self.observe(state)
                self.mask(state)
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        self.state = state
        return steps


class Vector:
    def __init__(self, name, envs, threads):
        self.env = agame.VectorEnv(name, envs, seed=1, threads=threads)
        self.env.reset()

    def run(self, deadline):
        env, steps = self.env, 0
        while time.perf_counter() < deadline:
            obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
            steps += env.num_envs
        return steps


def best_rates(loops, seconds):
    best = {k: 0.0 for k in loops}
    for _ in range(max(1, round(seconds / SLICE))):
        for key, loop in loops.items():
            start = time.perf_counter()
            steps = loop.run(start + SLICE)
            best[key] = max(best[key], steps / (time.perf_counter() - start))
    return best


def uniform(obs, mask):
    return mask.astype(np.float32), np.zeros(len(obs), np.float32)


def search_rate(evaluate, seconds, trees=256, simulations=64, leaves=8):
    game = agame.load_game("gipf")
    search = agame.zero.BatchedSearch(
        game, simulations=simulations, leaves_per_tree=leaves, dirichlet_fraction=0.0
    )
    roots = [game.new_initial_state()] * trees
    best = 0.0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        search.set_roots(roots)
        search.run(evaluate)
        best = max(best, trees * simulations / (time.perf_counter() - start))
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--envs", type=int, default=1024)
    args = parser.parse_args()
    results = {}
    if pyspiel is not None:
        chess = pyspiel.load_game("chess")
        loop = PerStep(
            chess.new_initial_state,
            lambda s: s.observation_tensor(),
            lambda s: s.legal_actions_mask(),
        )
        results["openspiel chess"] = {"per-step": best_rates({0: loop}, args.seconds)[0]}
    for name in ("gipf", "pikemen", "epaminondas"):
        game = agame.load_game(name)
        loops = {
            "per-step": PerStep(
                game.new_initial_state,
                lambda s: s.observation_tensor(),
                lambda s: np.asarray(s.legal_actions_mask()),
            ),
            "vector 1 thread": Vector(name, args.envs, 1),
            "vector 2 threads": Vector(name, args.envs, 2),
        }
        results[f"agame {name}"] = best_rates(loops, args.seconds)
    print(f"{'loop':24} {'per-step':>12} {'vector 1T':>12} {'vector 2T':>12} {'1T/per-step':>12} {'2T/1T':>7}")
    for label, r in results.items():
        if "vector 1 thread" in r:
            v1, v2, p = r["vector 1 thread"], r["vector 2 threads"], r["per-step"]
            print(f"{label:24} {p:12,.0f} {v1:12,.0f} {v2:12,.0f} {v1 / p:12.2f} {v2 / v1:7.2f}")
        else:
            print(f"{label:24} {r['per-step']:12,.0f}")
    native = search_rate(None, args.seconds)
    numpy_eval = search_rate(uniform, args.seconds)
    print(f"BatchedSearch gipf, uniform: native {native:,.0f} sims/s, numpy callable {numpy_eval:,.0f} sims/s")
    results["search gipf uniform"] = {"native": native, "numpy": numpy_eval}
    print(json.dumps({k: {kk: round(vv) for kk, vv in v.items()} for k, v in results.items()}))


if __name__ == "__main__":
    main()
