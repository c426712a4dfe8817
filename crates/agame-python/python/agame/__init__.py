"""Exact, fast rules engines for Pikemen, GIPF and Epaminondas.

>>> import agame
>>> game = agame.load_game("gipf")
>>> state = game.new_initial_state()
>>> len(state.legal_moves())
42

Adapters: :mod:`agame.openspiel` (register the games with OpenSpiel) and
:mod:`agame.pettingzoo` (AEC environments).
"""

from ._agame import Game, State, __version__, load_game, registered_names

__all__ = ["Game", "State", "load_game", "registered_names", "__version__"]
