"""The games registered with OpenSpiel pass its random simulation test and play its MCTS bot."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import agame.openspiel  # noqa: E402

agame.openspiel.register()

GAMES = [
    "agame_pikemen(max_plies=150)",
    "agame_pikemen(players=3,max_plies=150)",
    "agame_pikemen(players=4,max_plies=150)",
    "agame_gipf(max_plies=200)",
    "agame_gipf(variant=basic,max_plies=200)",
    "agame_gipf(variant=tournament,max_plies=200)",
    "agame_epaminondas(max_plies=150)",
    "agame_epaminondas(board=8x8,stones=True,max_plies=150)",
]


@pytest.mark.parametrize("spec", GAMES)
def test_random_sim_test(spec):
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_game_facts():
    game = pyspiel.load_game("agame_gipf")
    assert game.num_players() == 2
    assert game.num_distinct_actions() == agame.load_game("gipf").num_distinct_actions()
    state = game.new_initial_state()
    assert len(state.legal_actions()) == 42
    assert state.current_player() == 0
    mask = state.legal_actions_mask()
    assert sum(mask) == 42
    obs = np.array(state.observation_tensor())
    assert obs.size == agame.load_game("gipf", max_plies=1000).observation_tensor_size()
    four = pyspiel.load_game("agame_pikemen(players=4)")
    assert four.num_players() == 4


def test_openspiel_mcts_bot_plays_a_whole_game():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("agame_epaminondas(board=8x8,max_plies=120)")
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=8, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert abs(sum(state.returns())) < 1e-9
