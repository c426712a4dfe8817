"""Evaluation: the network (a BatchedSearch over its own evaluator at a fixed number of
simulations, no noise, the most visited move) against fixed opponents, the Rust bots of
`agame.Bot(game, spec)` (`random`, `greedy`, `mcts:ms=100`, `alphabeta:ms=100`, ...).

`games` games per opponent, the network's seat going round the seats; all of them at once, so
the network's moves are searched in one batch. A game still going after `max_plies` plies
counts as a draw. The score is (wins + draws / 2) / games.

Without `agame.Bot` (a package built before it), `random` is played in Python and the other
opponents are skipped with a warning.
"""

from __future__ import annotations

import sys

import numpy as np

import agame

from . import export
from .selfplay import derive_seed

_warned: set = set()


class _PythonRandom:
    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def choose_move(self, state) -> str:
        moves = state.legal_moves()
        return moves[int(self.rng.integers(len(moves)))]


def make_bot(game, spec: str, seed: int):
    """`agame.Bot(game, spec)`, or None (with a warning) when it cannot be had."""
    bot_class = getattr(agame, "Bot", None)
    if bot_class is not None:
        return bot_class(game, spec)
    if spec.split(":")[0] == "random":
        return _PythonRandom(seed)
    if spec not in _warned:
        _warned.add(spec)
        print(f"agame.train: no agame.Bot in this build: opponent {spec!r} skipped", file=sys.stderr)
    return None


def play_match(config, params, spec: str, games: int, seed: int):
    """Plays `games` games against `spec`; returns a dict of wins, draws, losses and score,
    or None when the opponent is not available."""
    game = agame.load_game(config.game, **config.options)
    bot = make_bot(game, spec, seed)
    if bot is None:
        return None
    players = game.num_players()
    evaluate = export.native(game, params)
    states = [game.new_initial_state() for _ in range(games)]
    seats = [g % players for g in range(games)]
    plies = [0] * games
    search = agame.zero.BatchedSearch(
        game,
        simulations=config.eval_simulations,
        c_puct=config.c_puct,
        dirichlet_fraction=0.0,
        seed=derive_seed(seed, 3),
    )

    def going(g):
        return not states[g].is_terminal() and plies[g] < config.eval_max_plies

    while any(going(g) for g in range(games)):
        mine = [g for g in range(games) if going(g) and states[g].current_player() == seats[g]]
        if mine:
            search.set_roots([states[g] for g in mine])
            search.run(evaluate, value_mix=config.value_mix)
            for g, action in zip(mine, search.select_actions(temperature=0.0)):
                states[g].apply_action(int(action))
                plies[g] += 1
        for g in range(games):
            # Every opponent move until it is the network's turn again.
            while going(g) and states[g].current_player() != seats[g]:
                states[g].play(bot.choose_move(states[g]))
                plies[g] += 1
    wins = draws = losses = 0
    for g in range(games):
        r = states[g].returns() if states[g].is_terminal() else [0.0] * players
        mine, best = r[seats[g]], max(r)
        if not states[g].is_terminal() or max(r) == min(r):
            draws += 1
        elif mine == best and r.count(best) == 1:
            wins += 1
        elif mine == best:
            draws += 1
        else:
            losses += 1
    return {
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "score": (wins + 0.5 * draws) / games,
    }


def evaluate_all(config, params, iteration: int):
    """{opponent: result} for every opponent of the config that could be played."""
    results = {}
    for k, spec in enumerate(config.eval_opponents):
        result = play_match(
            config, params, spec, config.eval_games, derive_seed(config.seed, 4, iteration, k)
        )
        if result is not None:
            results[spec] = result
    return results
