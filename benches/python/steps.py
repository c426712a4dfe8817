"""Steps per second of a Python random-play loop: agame's games beside OpenSpiel's C++ chess.

    python benches/python/steps.py [--seconds S]

Two loops per game: "plain" (legal actions, pick one, apply) and "learning" (the same, plus
the observation tensor and the legal-action mask fetched every step, as a training loop does).
A finished game starts over. On a shared machine the load comes and goes, so the loops run in
short slices, every game and loop in turn, for about S seconds each in all; each keeps its
best slice (other processes only ever slow a slice down). Prints a table and, last, one JSON
object with every figure.
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

SLICE = 0.02  # seconds: shorter than a scheduler's time slice on a loaded machine


class Loop:
    """One game's loop, resumable slice after slice."""

    def __init__(self, new_state, learning):
        self.new_state = new_state
        self.learning = learning
        self.rng = random.Random(1)
        self.state = new_state()
        self.best = 0.0

    def run_slice(self):
        state, rng, learning = self.state, self.rng, self.learning
        steps = 0
        start = time.perf_counter()
        deadline = start + SLICE
        while True:
            for _ in range(32):
                if state.is_terminal():
                    state = self.new_state()
                if learning:
                    state.observation_tensor()
                    np.asarray(state.legal_actions_mask())
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        self.state = state
        self.best = max(self.best, steps / (now - start))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    games = {}
    if pyspiel is not None:
        chess = pyspiel.load_game("chess")
        games["openspiel chess"] = chess.new_initial_state
    for name in ("pikemen", "gipf", "epaminondas"):
        games[f"agame {name}"] = agame.load_game(name).new_initial_state
    loops = {(label, learning): Loop(new, learning) for label, new in games.items() for learning in (False, True)}
    for _ in range(max(1, round(args.seconds / SLICE))):
        for loop in loops.values():
            loop.run_slice()
    results = {}
    for label in games:
        results[label] = {
            "plain_steps_per_second": round(loops[label, False].best),
            "learning_steps_per_second": round(loops[label, True].best),
        }
    base = results.get("openspiel chess")
    print(f"{'game':<20}{'plain steps/s':>15}{'x chess':>9}{'learning steps/s':>19}{'x chess':>9}")
    for label, r in results.items():
        ratio_p = r["plain_steps_per_second"] / base["plain_steps_per_second"] if base else float("nan")
        ratio_l = r["learning_steps_per_second"] / base["learning_steps_per_second"] if base else float("nan")
        r["plain_vs_chess"] = round(ratio_p, 2)
        r["learning_vs_chess"] = round(ratio_l, 2)
        print(f"{label:<20}{r['plain_steps_per_second']:>15,}{ratio_p:>9.2f}{r['learning_steps_per_second']:>19,}{ratio_l:>9.2f}")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
