"""Every hyperparameter of `python -m agame.train` in one dataclass.

Fields left `None` get a default that depends on the game (`resolve`); the resolved config is
what a run saves in DIR/config.json and in its checkpoints. The defaults are sized for a
2-core CPU: small MLPs, a few dozen trees of a few dozen simulations.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, Optional

# A model file stays at most this large (the export switches to F16 when F32 would not fit).
MAX_MODEL_BYTES = 5_000_000

DEFAULT_OPPONENTS = ("random", "greedy", "mcts:ms=100", "alphabeta:ms=100")


@dataclass
class Config:
    game: str = "pikemen"
    # load_game keyword options as strings (`--option board=8x8`).
    options: dict = field(default_factory=dict)
    seed: int = 0

    # Network: an MLP (docs/model-format.md). None: per game (see `resolve`).
    hidden: Optional[list] = None
    # A model file whose weights start a new run instead of random ones (fine-tuning a shipped
    # network by self-play): same game, options and layers. A resumed run ignores it.
    init: Optional[str] = None
    # dtype of the exported weights: "auto" (F32 unless the file would pass MAX_MODEL_BYTES,
    # then F16), "f32", "f16" or "bf16".
    export_dtype: str = "auto"

    # Self-play: `trees` games at once, one BatchedSearch tree each.
    trees: int = 32
    simulations: int = 32
    # Leaves per tree per batch (virtual loss): 2 makes the batches twice as large and
    # self-play about 1.6 times as fast on 2 cores.
    leaves_per_tree: int = 2
    c_puct: float = 1.25
    # The weight (0 to 1) of the game's own evaluation in each leaf's value, the rest on the
    # network's (BatchedSearch.run's value_mix), in self-play and evaluation; saved in the
    # model file as `value_mix`, which the `zero` bot uses unless its spec says `mix=X`.
    value_mix: float = 0.0
    # None: 10 / (legal moves at the start), clipped to [0.03, 1].
    dirichlet_alpha: Optional[float] = None
    dirichlet_fraction: float = 0.25
    # Gumbel root search with this many sampled actions instead of PUCT + Dirichlet (None: off).
    gumbel: Optional[int] = None
    # Moves drawn in proportion to visits for the first this many plies, the most visited after.
    temperature_plies: Optional[int] = None
    # Self-play games cut off after this many plies count as draws (None: the game's own limit).
    max_game_plies: Optional[int] = None
    # A new search (new games in the finished trees) once this fraction of trees has finished.
    refill_fraction: float = 0.25
    # Search steps (one move in every tree) per iteration.
    steps_per_iteration: int = 32

    # Teacher games (teacher.py): for the first `teacher_iterations` iterations the positions
    # come from `teacher_games_per_iteration` games of this bot (an agame.Bot spec, e.g.
    # "alphabeta:nodes=3000"), labelled with its move and its search value, instead of
    # self-play. None: no teacher, self-play from the first iteration.
    teacher: Optional[str] = None
    teacher_iterations: int = 0
    teacher_games_per_iteration: int = 8
    # Value target: this weight on the teacher's search value, the rest on the game's return.
    teacher_value_weight: float = 0.5
    # Each teacher game opens with 0 to this many uniformly random plies (not recorded).
    teacher_random_plies: int = 8
    # A uniformly random move instead of the teacher's, with this probability.
    teacher_epsilon: float = 0.05
    # With this probability a random child of each position is labelled too (teacher.py).
    teacher_branch: float = 0.0
    teacher_threads: int = 2

    # Replay buffer and training.
    replay_capacity: int = 40_000
    # Policy targets are kept sparse: the largest this many entries, renormalised.
    policy_entries: int = 64
    # Augmentation: each position is stored under one random symmetry of the game.
    augment: bool = True
    batch_size: int = 256
    train_steps_per_iteration: int = 32
    learning_rate: float = 1e-3
    l2: float = 1e-4
    value_weight: float = 1.0
    # Training starts once the buffer holds this many positions.
    min_replay: int = 512

    # Evaluation against fixed opponents (agame.Bot specs), every `eval_every` iterations.
    # (The first iteration evaluates too; a game against an `ms=100` bot costs 0.1 s a move.)
    eval_every: int = 10
    eval_games: int = 6
    eval_opponents: list = field(default_factory=lambda: list(DEFAULT_OPPONENTS))
    eval_simulations: int = 64
    # Evaluation games still going after this many plies count as draws.
    eval_max_plies: int = 200

    # Ray: self-play actors (only with --ray).
    ray_actors: int = 2

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), indent=2, sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Config":
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise ValueError(f"unknown config keys: {', '.join(unknown)}")
        return cls(**data)


# Hidden layers per game: the policy head is num_actions x h[-1], so the games with many
# actions get a narrower last layer (every file stays under MAX_MODEL_BYTES).
GAME_HIDDEN = {
    "pikemen": [256, 128],
    "gipf": [256, 256],
    "epaminondas": [256, 64],
}

GAME_TEMPERATURE_PLIES = {"pikemen": 12, "gipf": 10, "epaminondas": 10}


def parameter_count(in_size: int, hidden: list, num_actions: int) -> int:
    sizes = [in_size, *hidden]
    trunk = sum(a * b + b for a, b in zip(sizes[:-1], sizes[1:]))
    return trunk + (num_actions + 1) * (sizes[-1] + 1)


def resolve(config: Config, game) -> Config:
    """The config with its per-game defaults filled in, for `game` (an `agame.Game`)."""
    c = dataclasses.replace(config)
    c.options = {str(k): str(v) for k, v in c.options.items()}
    if c.hidden is None:
        c.hidden = list(GAME_HIDDEN.get(game.name.removeprefix("agame_"), [256, 256]))
    c.hidden = [int(h) for h in c.hidden]
    if not c.hidden or min(c.hidden) < 1:
        raise ValueError("hidden: at least one layer, each of at least one unit")
    if c.dirichlet_alpha is None:
        legal = len(game.new_initial_state().legal_actions())
        c.dirichlet_alpha = round(min(1.0, max(0.03, 10.0 / max(1, legal))), 4)
    if c.temperature_plies is None:
        c.temperature_plies = GAME_TEMPERATURE_PLIES.get(game.name, 10)
    if c.export_dtype not in ("auto", "f32", "f16", "bf16"):
        raise ValueError(f"export_dtype: auto, f32, f16 or bf16, not {c.export_dtype!r}")
    c.eval_opponents = list(c.eval_opponents)
    if not all(0.0 <= x <= 1.0 for x in (c.teacher_value_weight, c.teacher_epsilon, c.teacher_branch)):
        raise ValueError("teacher_value_weight, teacher_epsilon and teacher_branch are between 0 and 1")
    if not 0.0 <= c.value_mix <= 1.0:
        raise ValueError(f"value_mix is between 0 and 1, not {c.value_mix}")
    if c.teacher is not None and (c.teacher_games_per_iteration < 1 or c.teacher_threads < 1):
        raise ValueError("teacher_games_per_iteration and teacher_threads must be at least 1")
    for name in ("trees", "simulations", "steps_per_iteration", "batch_size", "replay_capacity"):
        if getattr(c, name) < 1:
            raise ValueError(f"{name} must be at least 1")
    return c
