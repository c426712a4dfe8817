"""Self-play workers: in this process (`LocalPool`), or as Ray actors (`RayPool`, with
`--ray ADDRESS`). Both take the current parameters (a dict of numpy arrays) and return the
finished games' positions and stats of `steps` moves in each worker's trees.

Ray is imported only by `RayPool`, so it is needed only with `--ray`. Each Ray actor holds its
own `SelfPlay` (its own games in progress, its own seed) and asks for one CPU.
"""

from __future__ import annotations

import numpy as np

from .selfplay import SelfPlay, derive_seed


def merge(results):
    arrays = tuple(np.concatenate([r[0][k] for r in results]) for k in range(5))
    stats = {
        "games": sum(r[1]["games"] for r in results),
        "positions": sum(r[1]["positions"] for r in results),
        "search_seconds": sum(r[1]["search_seconds"] for r in results),
    }
    finished = [r[1] for r in results if r[1]["games"]]
    stats["mean_plies"] = (
        sum(s["mean_plies"] * s["games"] for s in finished) / stats["games"] if finished else 0.0
    )
    return arrays, stats


class LocalPool:
    def __init__(self, config, run_seed: int, start_iteration: int):
        self.workers = [SelfPlay(config, derive_seed(run_seed, 10, 0, start_iteration))]

    def play(self, params: dict, steps: int):
        return merge([w.play(params, steps) for w in self.workers])

    def close(self) -> None:
        pass


class _Actor:
    """A SelfPlay in a Ray worker process."""

    def __init__(self, config_json: str, seed: int):
        import json

        from .config import Config

        self.selfplay = SelfPlay(Config.from_dict(json.loads(config_json)), seed)

    def play(self, params: dict, steps: int):
        return self.selfplay.play(params, steps)


class RayPool:
    def __init__(self, address: str, config, run_seed: int, start_iteration: int):
        import ray  # only with --ray

        self.ray = ray
        if not ray.is_initialized():
            ray.init(address=address, log_to_driver=False)
        actor = ray.remote(num_cpus=1)(_Actor)
        self.actors = [
            actor.remote(config.to_json(), derive_seed(run_seed, 10, k, start_iteration))
            for k in range(config.ray_actors)
        ]

    def play(self, params: dict, steps: int):
        ref = self.ray.put(params)
        return merge(self.ray.get([a.play.remote(ref, steps) for a in self.actors]))

    def close(self) -> None:
        for a in self.actors:
            self.ray.kill(a)
