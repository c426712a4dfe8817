"""Type stubs of the extension module `agame._agame` (re-exported by `agame`)."""

import os
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

__version__: str

def load_game(name: str, **options: Any) -> Game:
    """Loads `pikemen`, `gipf` or `epaminondas` (an `agame_` prefix is allowed).

    Options: `players`, `target`, `after_charge` (Pikemen); `variant` (GIPF: basic, standard, tournament);
    `board="WxH"`, `stones`, `mirror` (Epaminondas); `max_plies` for every game (a draw after
    that many decisions; 1000 by default for Pikemen and Epaminondas, none for GIPF; `None`
    for no limit). Raises `ValueError` for unknown names, options or values.
    """

def registered_names() -> list[str]: ...

class Game:
    name: str
    def new_initial_state(self) -> State: ...
    def state_from_text(self, text: str) -> State: ...
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int: ...
    def observation_tensor_shape(self) -> list[int]: ...
    def observation_tensor_size(self) -> int: ...
    def max_game_length(self) -> Optional[int]: ...
    def options(self) -> dict[str, str]: ...

class State:
    def current_player(self) -> int:
        """0-based seat to decide, or -4 once the game is over."""
    def is_terminal(self) -> bool: ...
    def is_truncated(self) -> bool: ...
    def end_reason(self) -> Optional[str]:
        """Why the game ended ("crossing held", "move limit reached", ...); None while it goes on."""
    def returns(self) -> list[float]: ...
    def scores(self) -> list[int]: ...
    def num_players(self) -> int: ...
    def legal_moves(self) -> list[str]: ...
    def play(self, text: str) -> None: ...
    def legal_actions(self) -> list[int]: ...
    def legal_actions_mask(self) -> npt.NDArray[np.int8]: ...
    def apply_action(self, action: int) -> None: ...
    def action_to_string(self, action: int) -> str: ...
    def string_to_action(self, text: str) -> int: ...
    def observation_tensor(self, player: Optional[int] = None) -> npt.NDArray[np.float32]: ...
    def num_symmetries(self) -> int: ...
    def transformed(self, sym: int) -> State: ...
    def transform_action(self, sym: int, action: int) -> int: ...
    def transform_observation(
        self, sym: int, observation: npt.NDArray[np.float32]
    ) -> npt.NDArray[np.float32]: ...
    def clone(self) -> State: ...
    def get_game(self) -> Game: ...
    def svg(self, size: int = 480, coordinates: bool = True, bottom: int = 0) -> str:
        """The position as an SVG document (one element per piece, with data-square/data-spot)."""
    def _repr_svg_(self) -> str: ...
    def diagram(self) -> str: ...
    def hash(self) -> int: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

class VectorEnv:
    """`num_envs` games of one game and options stepped together (Gymnasium's vector API).

    Autoreset in the same step: a game that ends on a step is reset within it; `obs`, the mask
    and `to_play` show the new episode, `terminated`/`truncated` say it ended, `rewards` holds
    its returns, `info["final_observation"]` its last position (rows where
    `info["_final_observation"]` is True). The arrays returned are read-only views of the
    environment's own buffers, the same arrays on every call, overwritten by the next `reset`,
    `step` or `set_state` (nothing is copied per step): copy them to keep them.
    """

    def __init__(
        self,
        name: str,
        num_envs: int,
        seed: int = 0,
        threads: int = 1,
        opening_plies: int = 0,
        **options: Any,
    ) -> None: ...
    num_envs: int
    threads: int
    game: Game
    observation_shape: list[int]
    num_actions: int
    num_players: int
    def reset(
        self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """`(obs [N, planes, rows, cols], info)`; info holds `mask` [N, A] bool and `to_play` [N] uint8."""
    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """`(obs, rewards [N, players], terminated [N], truncated [N], info)`.

        `actions`: one integer per game. A bad action (illegal, out of range, wrong dtype or
        shape) raises `ValueError` naming its slot, and no game moves.
        """
    def sample_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action of every game, each from its own seeded generator."""
    def state(self, i: int) -> State: ...
    def set_state(self, i: int, state: State) -> None: ...
    metadata: dict[str, Any]
    """Gymnasium's: `autoreset_mode` is `gymnasium.vector.AutoresetMode.SAME_STEP` (the string
    `"SameStep"` without Gymnasium 1.0)."""
    single_observation_space: Any
    """Gymnasium's `Box(0, inf, observation_shape, float32)` (needs gymnasium)."""
    single_action_space: Any
    """Gymnasium's `Discrete(num_actions)` (needs gymnasium); the legal ones are the mask's."""
    observation_space: Any
    """The single observation space batched, `[N, planes, rows, cols]` (needs gymnasium)."""
    action_space: Any
    """`MultiDiscrete` of `num_actions` per game (needs gymnasium)."""
    unwrapped: VectorEnv
    def close(self) -> None:
        """Nothing to release: the threads stop when the environment goes."""
    def __enter__(self) -> VectorEnv: ...
    def __exit__(self, *exc: Any) -> bool: ...
    def __len__(self) -> int: ...

class BatchedSearch:
    """Many trees searched together, one per root (re-exported as `agame.zero.BatchedSearch`).

    `evaluate(obs [B, planes, rows, cols] float32, mask [B, A] bool) -> (priors [B, A], values [B])`,
    values for the seat to move at each leaf, in [-1, 1]; with more seats, the others get
    `-v / (n - 1)`. Bad priors or values (wrong shape, NaN or negative priors of legal actions)
    raise `ValueError`; the priors of illegal actions are ignored, whatever they hold.
    """

    def __init__(
        self,
        game: Game,
        simulations: int = 64,
        leaves_per_tree: int = 1,
        c_puct: float = 1.25,
        virtual_loss: float = 1.0,
        dirichlet_alpha: float = 0.3,
        dirichlet_fraction: float = 0.25,
        gumbel: Optional[int] = None,
        gumbel_c_visit: float = 50.0,
        gumbel_c_scale: float = 1.0,
        seed: int = 0,
    ) -> None: ...
    num_trees: int
    num_actions: int
    def set_roots(self, states: list[State]) -> None: ...
    def run(self, evaluate: Optional[Any] = None, value_mix: float = 0.0) -> None: ...
    def policies(self) -> npt.NDArray[np.float32]: ...
    def visit_counts(self) -> npt.NDArray[np.int64]: ...
    def root_values(self) -> npt.NDArray[np.float32]: ...
    def select_actions(self, temperature: float = 0.0) -> npt.NDArray[np.int64]: ...
    def advance(self, tree: int, action: int) -> None: ...
    def root(self, tree: int) -> State: ...
    def search(
        self,
        states: list[State],
        evaluate: Optional[Any] = None,
        temperature: float = 0.0,
        value_mix: float = 0.0,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int64]]: ...

class Bot:
    """A bot of one game from a spec string, as `agame match` takes it: `"mcts:ms=100"`,
    `"alphabeta:depth=4"`, `"zero:model=models/gipf.safetensors:sims=200"`. `ValueError` for a
    spec that does not read, or a network file that cannot be read or does not fit the game."""

    def __init__(self, game: Game, spec: str) -> None: ...
    def choose_move(self, state: State) -> Optional[str]:
        """The bot's move as text, or None when the game is over (GIL released)."""
    def choose_action(self, state: State) -> Optional[int]: ...
    def analyse(self, state: State) -> Optional[dict[str, Any]]:
        """The move with what the search found, or None when the game is over: `move`,
        `action`, `value` (for the seat that moves, -1 to 1), `depth`, `iterations`, `seconds`
        (GIL released)."""
    def new_game(self) -> None: ...

class Network:
    """A trained network file (docs/model-format.md), evaluated natively (re-exported as
    `agame.zero.Network`). Pass it to `BatchedSearch.run` to evaluate leaves without Python."""

    def __init__(self, source: Union[str, os.PathLike[str], bytes]) -> None: ...
    def check(self, game: Game) -> None:
        """ValueError unless the network was trained for this game, rules and sizes."""
    def forward(
        self, obs: npt.NDArray[np.float32]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """(logits [B, A], values [B]) for obs [B, planes, rows, cols] or [B, planes*rows*cols]."""
    def evaluate(
        self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """(priors [B, A], values [B]): the softmax of the logits over the legal actions."""
    metadata: dict[str, str]
    game_name: str
    num_actions: int
    observation_shape: list[int]
    hidden: list[int]
