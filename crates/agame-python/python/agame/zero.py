"""Batched AlphaZero-style search: many trees, one per root, their leaves evaluated in
batches by a callable (a neural network) or natively with uniform priors.

>>> import agame, numpy as np
>>> game = agame.load_game("gipf")
>>> search = agame.zero.BatchedSearch(game, simulations=32, dirichlet_fraction=0.0)
>>> def evaluate(obs, mask):  # a "network": uniform priors, value 0
...     return mask.astype(np.float32), np.zeros(len(obs), np.float32)
>>> policies, actions = search.search([game.new_initial_state()] * 2, evaluate)
>>> policies.shape == (2, game.num_distinct_actions())
True
"""

from ._agame import BatchedSearch, Network

__all__ = ["BatchedSearch", "Network"]
