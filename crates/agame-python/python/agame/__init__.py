"""Exact, fast rules engines for Pikemen, GIPF and Epaminondas.

>>> import agame
>>> game = agame.load_game("gipf")
>>> state = game.new_initial_state()
>>> len(state.legal_moves())
42

Adapters: :mod:`agame.openspiel` (register the games with OpenSpiel) and
:mod:`agame.pettingzoo` (AEC environments). For learning: :class:`VectorEnv` (many games
stepped in one call) and :mod:`agame.zero` (batched tree search).
"""

from . import zero
from ._agame import Bot, Game, State, VectorEnv, __version__, load_game, registered_names

__all__ = ["Bot", "Game", "State", "VectorEnv", "load_game", "registered_names", "zero", "__version__"]
