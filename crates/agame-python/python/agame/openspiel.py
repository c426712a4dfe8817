"""The three games as OpenSpiel Python games.

>>> import agame.openspiel, pyspiel                     # doctest: +SKIP
>>> agame.openspiel.register()                          # doctest: +SKIP
>>> game = pyspiel.load_game("agame_gipf")              # doctest: +SKIP
>>> game = pyspiel.load_game("agame_pikemen(players=3)")  # doctest: +SKIP

Each game's options are OpenSpiel game parameters, with the names `agame.load_game` takes.
`max_plies` is a parameter too: OpenSpiel needs a maximum game length, so every game registered
here has a move limit (a draw once it is reached).
"""

from __future__ import annotations

import numpy as np

import agame

try:
    import pyspiel
except ImportError:  # pragma: no cover - the module is only useful with OpenSpiel
    pyspiel = None

# Options as OpenSpiel parameters (their types come from the defaults).
_PARAMETERS = {
    "pikemen": {"players": 2, "target": 12, "after_charge": "may-keep", "max_plies": 1000},
    "gipf": {"variant": "standard", "max_plies": 1000},
    "epaminondas": {"board": "14x12", "stones": False, "mirror": True, "max_plies": 1000},
}
_LONG_NAMES = {"pikemen": "Pikemen", "gipf": "GIPF", "epaminondas": "Epaminondas"}
_PLAYERS = {"pikemen": (2, 4), "gipf": (2, 2), "epaminondas": (2, 2)}


def _load(name: str, params: dict) -> agame.Game:
    options = dict(_PARAMETERS[name])
    options.update(params or {})
    return agame.load_game(name, **options)


def _game_type(name: str):
    low, high = _PLAYERS[name]
    return pyspiel.GameType(
        short_name=f"agame_{name}",
        long_name=f"{_LONG_NAMES[name]} (agame)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        # With 3-4 seats the returns still sum to zero (ranks), so every game is zero-sum.
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_PARAMETERS[name]),
    )


def _game_class(name: str):
    game_type = _game_type(name)

    class AgameGame(pyspiel.Game):
        """An agame game seen through OpenSpiel's Python game interface."""

        def __init__(self, params=None):
            self.agame = _load(name, params or {})
            info = pyspiel.GameInfo(
                num_distinct_actions=self.agame.num_distinct_actions(),
                max_chance_outcomes=0,
                num_players=self.agame.num_players(),
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=self.agame.max_game_length(),
            )
            super().__init__(game_type, info, params or {})

        def new_initial_state(self):
            return AgameState(self, self.agame.new_initial_state())

        def make_py_observer(self, iig_obs_type=None, params=None):
            return AgameObserver(self.agame, params)

    class AgameState(pyspiel.State):
        """An agame state seen through OpenSpiel's Python state interface."""

        def __init__(self, game, inner):
            super().__init__(game)
            self.inner = inner

        def current_player(self):
            p = self.inner.current_player()
            return pyspiel.PlayerId.TERMINAL if p < 0 else p

        def _legal_actions(self, player):
            return self.inner.legal_actions()

        def _apply_action(self, action):
            self.inner.apply_action(action)

        def _action_to_string(self, player, action):
            return self.inner.action_to_string(action)

        def is_terminal(self):
            return self.inner.is_terminal()

        def returns(self):
            return self.inner.returns()

        def __str__(self):
            return str(self.inner)

    AgameGame.__name__ = f"{_LONG_NAMES[name]}Game"
    AgameState.__name__ = f"{_LONG_NAMES[name]}State"
    return game_type, AgameGame


class AgameObserver:
    """OpenSpiel's PyObserver: `tensor` (flat) and `dict` (shaped view) of the observation."""

    def __init__(self, game: agame.Game, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        shape = tuple(game.observation_tensor_shape())
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        self.tensor[:] = state.inner.observation_tensor(player).ravel()

    def string_from(self, state, player):
        return str(state.inner)


_registered = False


def register() -> None:
    """Registers `agame_pikemen`, `agame_gipf` and `agame_epaminondas` with OpenSpiel (once)."""
    global _registered
    if pyspiel is None:
        raise ImportError("agame.openspiel needs OpenSpiel: pip install open_spiel")
    if _registered:
        return
    for name in _PARAMETERS:
        game_type, game_class = _game_class(name)
        pyspiel.register_game(game_type, game_class)
    _registered = True
