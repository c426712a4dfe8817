"""Self-play: `trees` games at once, one tree each of one `BatchedSearch`, the network's
current parameters evaluated natively (`export.native`) as its evaluator.

Each step runs the search in every tree, records (observation, mask, visit policy, seat) for
every game, plays a move (drawn from the visits for the first `temperature_plies` plies, the
most visited after) and moves the tree along it (`advance`, tree reuse). A finished game gives
each of its positions the final return of the seat that was to move there. Once
`refill_fraction` of the trees have finished, a new search (new seed) starts new games in
them; the games still going carry on (their trees are rebuilt). Games in progress live in
memory only: a resumed run starts new ones.
"""

from __future__ import annotations

import time

import numpy as np

import agame

from . import export
from .replay import sparse_policy


def derive_seed(*parts: int) -> int:
    return int(np.random.SeedSequence([int(p) & 0xFFFFFFFF for p in parts]).generate_state(1)[0])


def position(state, idx: np.ndarray, probs: np.ndarray, rng, augment: bool, num_actions: int):
    """A training position of `state` with the sparse policy target (idx, probs), under one
    random symmetry of the game when `augment`: (flat observation, mask, idx, probs, seat)."""
    obs = state.observation_tensor()
    legal = state.legal_actions()
    nsym = state.num_symmetries() if augment else 1
    sym = int(rng.integers(nsym)) if nsym > 1 else 0
    if sym:
        obs = state.transform_observation(sym, obs)
        image = {a: state.transform_action(sym, a) for a in legal}
        legal = list(image.values())
        used = probs > 0
        idx = idx.copy()
        idx[used] = [image[int(a)] for a in idx[used]]
    mask = np.zeros(num_actions, np.bool_)
    mask[legal] = True
    return (obs.reshape(-1), mask, idx, probs, state.current_player())


def stack(out, game, entries: int):
    """Positions [(obs, mask, idx, probs, value)] as the replay buffer's five arrays."""
    if out:
        return tuple(np.stack([r[k] for r in out]) for k in range(4)) + (
            np.array([r[4] for r in out], np.float32),
        )
    size = int(np.prod(game.observation_tensor_shape()))
    return (
        np.zeros((0, size), np.float32),
        np.zeros((0, game.num_distinct_actions()), np.bool_),
        np.zeros((0, entries), np.int32),
        np.zeros((0, entries), np.float32),
        np.zeros((0,), np.float32),
    )


class SelfPlay:
    def __init__(self, config, seed: int):
        self.config = config
        self.game = agame.load_game(config.game, **config.options)
        self.num_actions = self.game.num_distinct_actions()
        self.seed = seed
        self.rng = np.random.default_rng(derive_seed(seed, 1))
        self.refills = 0
        n = config.trees
        self.states = [None] * n
        self.plies = [0] * n
        self.records = [[] for _ in range(n)]
        self.search = None

    # --- checkpointing of what is not the games in progress
    def rng_state(self) -> dict:
        return {"rng": self.rng.bit_generator.state, "refills": self.refills}

    def load_rng_state(self, state: dict) -> None:
        self.rng.bit_generator.state = state["rng"]
        self.refills = int(state["refills"])

    def _refill(self) -> None:
        c = self.config
        for i, s in enumerate(self.states):
            if s is None:
                self.states[i] = self.game.new_initial_state()
                self.plies[i] = 0
                self.records[i] = []
        self.search = agame.zero.BatchedSearch(
            self.game,
            simulations=c.simulations,
            leaves_per_tree=c.leaves_per_tree,
            c_puct=c.c_puct,
            dirichlet_alpha=c.dirichlet_alpha,
            dirichlet_fraction=c.dirichlet_fraction,
            gumbel=c.gumbel,
            seed=derive_seed(self.seed, 2, self.refills),
        )
        self.search.set_roots(list(self.states))
        self.refills += 1

    def _record(self, i: int, state, policy: np.ndarray) -> None:
        c = self.config
        idx, probs = sparse_policy(policy, c.policy_entries)
        self.records[i].append(position(state, idx, probs, self.rng, c.augment, self.num_actions))

    def play(self, params, steps: int):
        """Plays `steps` moves in every tree; returns the finished games' positions and stats."""
        c = self.config
        evaluate = export.native(self.game, params)
        out = []
        games = 0
        plies_done = []
        positions = 0
        search_seconds = 0.0
        cap = c.max_game_plies
        for _ in range(steps):
            idle = sum(s is None for s in self.states)
            if self.search is None or idle >= max(1, c.refill_fraction * len(self.states)):
                self._refill()
            t0 = time.perf_counter()
            self.search.run(evaluate, value_mix=c.value_mix)
            search_seconds += time.perf_counter() - t0
            policies = self.search.policies()
            hot = self.search.select_actions(temperature=1.0)
            cold = self.search.select_actions(temperature=0.0)
            for i, state in enumerate(self.states):
                if state is None:
                    continue
                self._record(i, state, policies[i])
                positions += 1
                action = int(hot[i] if self.plies[i] < c.temperature_plies else cold[i])
                state.apply_action(action)
                self.plies[i] += 1
                self.search.advance(i, action)
                if state.is_terminal() or (cap is not None and self.plies[i] >= cap):
                    returns = state.returns() if state.is_terminal() else [0.0] * state.num_players()
                    for obs, mask, idx, probs, seat in self.records[i]:
                        out.append((obs, mask, idx, probs, returns[seat]))
                    games += 1
                    plies_done.append(self.plies[i])
                    self.records[i] = []
                    self.states[i] = None
        arrays = stack(out, self.game, c.policy_entries)
        stats = {
            "games": games,
            "positions": positions,
            "mean_plies": float(np.mean(plies_done)) if plies_done else 0.0,
            "search_seconds": search_seconds,
        }
        return arrays, stats
