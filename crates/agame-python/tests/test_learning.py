"""Action numbers, masks, observations and symmetries from Python."""

import random

import numpy as np
import pytest

import agame



def test_random_games_end_with_returns_that_sum_to_zero(game):
    rng = random.Random(3)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 3000:
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    if state.is_terminal():
        assert state.current_player() == -4
        assert abs(sum(state.returns())) < 1e-9
        assert state.legal_actions() == []
        assert not state.legal_actions_mask().any()


def test_actions_mask_and_observation(game):
    state = game.new_initial_state()
    n = game.num_distinct_actions()
    shape = tuple(game.observation_tensor_shape())
    rng = random.Random(11)
    for _ in range(40):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions == sorted(set(actions))
        assert len(actions) == len(state.legal_moves())
        assert all(0 <= a < n for a in actions)
        mask = state.legal_actions_mask()
        assert mask.dtype == np.int8 and mask.shape == (n,)
        assert list(np.flatnonzero(mask)) == actions
        obs = state.observation_tensor()
        assert obs.dtype == np.float32 and obs.shape == shape
        assert np.array_equal(obs, state.observation_tensor(state.current_player()))
        # Move text and action numbers name the same decisions.
        texts = sorted(state.action_to_string(a) for a in actions)
        assert texts == sorted(state.legal_moves())
        a = rng.choice(actions)
        assert state.string_to_action(state.action_to_string(a)) == a
        state.apply_action(a)


def test_illegal_action_raises_and_changes_nothing():
    state = agame.load_game("pikemen").new_initial_state()
    before = str(state)
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in set(state.legal_actions()))
    with pytest.raises(ValueError):
        state.apply_action(illegal)
    with pytest.raises(ValueError):
        state.apply_action(-1)
    assert str(state) == before


def test_observation_seat_out_of_range():
    state = agame.load_game("gipf").new_initial_state()
    with pytest.raises(ValueError):
        state.observation_tensor(2)


def test_symmetries(game):
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    count = state.num_symmetries()
    assert count >= 1
    for sym in range(count):
        image = state.transformed(sym)
        # The image's legal actions are the transformed legal actions.
        mapped = sorted(state.transform_action(sym, a) for a in state.legal_actions())
        assert mapped == image.legal_actions()
        obs = state.transform_observation(sym, state.observation_tensor())
        assert np.array_equal(obs, image.observation_tensor())
