"""The training loop: self-play, replay, optimisation, evaluation, checkpoint, curve, export,
once per iteration."""

from __future__ import annotations

import dataclasses
import json
import os
import time

import numpy as np

import agame

from . import checkpoint, curve, evaluate, export, network
from .config import Config, resolve
from .progress import Progress
from .replay import Replay
from .selfplay import derive_seed


# What shapes a checkpoint's arrays: a reconfigured resume must keep these.
SHAPING = ("game", "options", "hidden", "replay_capacity", "policy_entries")


def _initial_params(path: str, game, fresh: dict) -> dict:
    """The weights of the model file `path`, checked against `game` and the shapes of the
    run's own `fresh` parameters."""
    try:
        agame.zero.Network(path).check(game)
    except ValueError as e:
        raise SystemExit(f"init: {e}") from None
    params, _ = export.load(path)
    shapes = {k: tuple(np.shape(v)) for k, v in params.items()}
    wanted = {k: tuple(np.shape(v)) for k, v in fresh.items()}
    if shapes != wanted:

        def hidden(layers):
            return [layers[f"trunk.{i}.weight"][0] for i in range(len(layers)) if f"trunk.{i}.weight" in layers]

        raise SystemExit(
            f"init: {path} has the hidden layers {hidden(shapes)}, the config asks for "
            f"{hidden(wanted)} (its \"hidden\"): {shapes} against {wanted}"
        )
    return params


class Trainer:
    def __init__(
        self, config: Config, out: str, command: str = "", ray_address=None, log=None, reconfigure: bool = False
    ):
        os.makedirs(out, exist_ok=True)
        # Temporary files of a run killed while writing (the files they would have replaced
        # are whole).
        for name in os.listdir(out):
            if name.startswith(".") and name.endswith(".tmp"):
                os.remove(os.path.join(out, name))
        self.out = out
        self.command = command
        self.log = log or Progress()
        resumed = checkpoint.exists(out)
        if resumed:
            meta = checkpoint.read_meta(out)
            saved = Config.from_dict(meta["config"])
            wanted = {str(k): str(v) for k, v in config.options.items()}
            if (saved.game, saved.options) != (config.game, wanted):
                raise SystemExit(
                    f"{out} holds a run of {saved.game} {saved.options}, not {config.game} "
                    f"{config.options}: use another --out"
                )
            given = dataclasses.asdict(resolve(config, agame.load_game(config.game, **config.options)))
            kept = dataclasses.asdict(resolve(saved, agame.load_game(saved.game, **saved.options)))
            changed = sorted(k for k in kept if k != "seed" and given.get(k) != kept[k])
            if reconfigure:
                # A new stage of the same run (for example a stronger teacher): the network,
                # optimizer and replay buffer go on; only what shapes them must stay.
                fixed = [k for k in changed if k in SHAPING]
                if fixed:
                    raise SystemExit(f"--reconfigure cannot change {', '.join(fixed)} (they shape the checkpoint)")
                if changed:
                    self.log.message(f"agame.train: resuming with a new config; changed: {', '.join(changed)}")
                config = dataclasses.replace(config, seed=saved.seed)
            else:
                if changed:
                    self.log.message(
                        f"agame.train: resuming with the checkpoint's config; ignored: {', '.join(changed)}"
                    )
                config = saved
        self.game = agame.load_game(config.game, **config.options)
        self.config = config = resolve(config, self.game)
        self.obs_size = int(np.prod(self.game.observation_tensor_shape()))
        self.num_actions = self.game.num_distinct_actions()
        self.optimizer = network.make_optimizer(config.learning_rate)
        self.train_step = network.make_train_step(self.optimizer, config.l2, config.value_weight)
        self.params = network.init_params(config.seed, self.obs_size, config.hidden, self.num_actions)
        if config.init is not None and not resumed:
            self.params = network.to_jax(_initial_params(config.init, self.game, self.params))
        self.opt_state = self.optimizer.init(self.params)
        self.replay = Replay(config.replay_capacity, self.obs_size, self.num_actions, config.policy_entries)
        self.rng = np.random.default_rng(derive_seed(config.seed, 5))
        self.iteration = 0
        self.games = 0
        self.positions = 0
        self.wall_seconds = 0.0
        self.curve = []
        if resumed:
            self._resume()
        with open(os.path.join(out, "config.json"), "w") as f:
            f.write(config.to_json() + "\n")
        self.teacher = None
        if config.teacher is not None and self.iteration < config.teacher_iterations:
            from .teacher import TeacherPlay

            # Game numbers follow the iterations, so a resumed run plays the games it would have.
            first = self.iteration * config.teacher_games_per_iteration
            self.teacher = TeacherPlay(config, derive_seed(config.seed, 11), first)
        if ray_address:
            from .ray_actors import RayPool

            self.pool = RayPool(ray_address, config, config.seed, self.iteration)
        else:
            from .ray_actors import LocalPool

            self.pool = LocalPool(config, config.seed, self.iteration)

    def _resume(self) -> None:
        meta, params, opt_state, arrays = checkpoint.load(self.out, self.opt_state)
        self.params = network.to_jax(params)
        self.opt_state = opt_state
        self.replay.load(arrays)
        self.iteration = meta["iteration"]
        self.games = meta["games"]
        self.positions = meta["positions"]
        self.wall_seconds = meta["wall_seconds"]
        self.curve = meta["curve"]
        self.rng.bit_generator.state = meta["rng"]
        self.log.message(
            f"agame.train: resuming {self.out} after iteration {self.iteration} "
            f"({self.games} games, {len(self.replay)} positions in the buffer)"
        )

    def _train(self):
        c = self.config
        if len(self.replay) < max(c.min_replay, 1):
            return None
        losses = []
        for _ in range(c.train_steps_per_iteration):
            obs, mask, idx, probs, value = self.replay.sample(self.rng, c.batch_size)
            self.params, self.opt_state, loss = self.train_step(
                self.params, self.opt_state, obs, mask, idx, probs, value
            )
            losses.append(loss)
        return np.mean(np.asarray(losses), axis=0)

    def step(self) -> dict:
        """One iteration; returns its curve row."""
        c = self.config
        start = time.monotonic()
        if self.teacher is not None and self.iteration < c.teacher_iterations:
            arrays, stats = self.teacher.play(c.teacher_games_per_iteration)
        else:
            params_np = network.to_numpy(self.params)
            arrays, stats = self.pool.play(params_np, c.steps_per_iteration)
        self.replay.add(*arrays)
        losses = self._train()
        self.iteration += 1
        self.games += stats["games"]
        self.positions += stats["positions"]
        row = {
            "iteration": self.iteration,
            "games": self.games,
            "positions": self.positions,
            "mean_plies": round(stats["mean_plies"], 1) if stats["games"] else None,
            "loss": None if losses is None else float(losses[0]),
            "policy_loss": None if losses is None else float(losses[1]),
            "value_loss": None if losses is None else float(losses[2]),
        }
        if c.eval_opponents and c.eval_games > 0 and (self.iteration == 1 or self.iteration % c.eval_every == 0):
            results = evaluate.evaluate_all(c, self.params, self.iteration)
            for opp, r in results.items():
                row[f"score {opp}"] = r["score"]
            if results:
                self.log.message(
                    f"iteration {self.iteration}: "
                    + ", ".join(f"{o} {r['wins']}-{r['draws']}-{r['losses']}" for o, r in results.items())
                )
        elapsed = time.monotonic() - start
        self.wall_seconds += elapsed
        row["wall_seconds"] = round(self.wall_seconds, 3)
        self.curve.append(row)
        self._save()
        row["positions_per_second"] = stats["positions"] / max(elapsed, 1e-9)
        row["elapsed"] = elapsed
        return row

    def _save(self) -> None:
        c = self.config
        params = network.to_numpy(self.params)
        export.export(
            os.path.join(self.out, "model.safetensors"),
            self.game,
            params,
            export.choose_dtype(c, params),
            trained_by=self.command or "python -m agame.train",
            iterations=self.iteration,
            self_play_games=self.games,
            wall_seconds=round(self.wall_seconds, 1),
            hidden=",".join(str(h) for h in c.hidden),
            # Only a run that mixes says so: a file without the key is read as 0.
            **({"value_mix": c.value_mix} if c.value_mix > 0 else {}),
        )
        title = f"{c.game} {json.dumps(c.options)}" if c.options else c.game
        curve.write(self.out, self.curve, c.eval_opponents, f"agame.train: {title}")
        meta = {
            "iteration": self.iteration,
            "games": self.games,
            "positions": self.positions,
            "wall_seconds": self.wall_seconds,
            "config": dataclasses.asdict(c),
            "curve": self.curve,
            "rng": self.rng.bit_generator.state,
        }
        # The checkpoint last: it is what a resumed run continues from.
        checkpoint.save(self.out, meta, params, self.opt_state, self.replay.state())

    def run(self, iterations=None, minutes=None) -> None:
        """Runs until `iterations` (in all, counting earlier runs into DIR) or for `minutes`."""
        deadline = None if minutes is None else time.monotonic() + 60.0 * minutes
        progress = self.log
        progress.target, progress.first, progress.deadline = iterations, self.iteration, deadline
        progress.start = time.monotonic()
        last = 0.0
        try:
            while iterations is None or self.iteration < iterations:
                if deadline is not None and time.monotonic() + last > deadline and self.iteration > progress.first:
                    break
                row = self.step()
                last = row["elapsed"]
                progress.update(self.iteration, self.games, row["positions_per_second"], row["loss"])
        finally:
            progress.close()
            self.pool.close()
