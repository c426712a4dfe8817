"""Steps per second of a Python random-play loop: agame's games beside OpenSpiel's C++ chess.

    python benches/python/steps.py [--seconds S]

Two loops per game, each run for S seconds of play: "plain" (legal actions, pick one, apply)
and "learning" (the same, plus the observation tensor and the legal-action mask fetched every
step, as a training loop does). A finished game starts over. Prints a table and, last, one JSON
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


def run(new_state, seconds, learning):
    rng = random.Random(1)
    state = new_state()
    steps = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while True:
        for _ in range(256):
            if state.is_terminal():
                state = new_state()
            if learning:
                state.observation_tensor()
                np.asarray(state.legal_actions_mask())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        if time.perf_counter() >= deadline:
            break
    return steps / (time.perf_counter() - start)


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
    results = {}
    for label, new_state in games.items():
        plain = run(new_state, args.seconds, learning=False)
        learn = run(new_state, args.seconds, learning=True)
        results[label] = {"plain_steps_per_second": round(plain), "learning_steps_per_second": round(learn)}
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
