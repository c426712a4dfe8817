"""The AEC environments pass PettingZoo's API test."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from agame.pettingzoo import env  # noqa: E402

ENVS = [
    ("pikemen", {"max_plies": 200}),
    ("pikemen", {"players": 4, "max_plies": 200}),
    ("gipf", {"max_plies": 300}),
    ("gipf", {"variant": "tournament", "max_plies": 300}),
    ("epaminondas", {"board": "8x8", "max_plies": 200}),
    ("epaminondas", {"max_plies": 200}),
]


@pytest.mark.parametrize("name, options", ENVS)
def test_api_test(name, options):
    api_test(env(name, **options), num_cycles=200)


def test_a_random_game_with_masks():
    e = env("gipf", max_plies=500)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0
            action = int(rng.choice(legal))
            steps += 1
        e.step(action)
    assert steps > 0
    assert e.agents == []


def test_move_limit_is_a_truncation():
    e = env("pikemen", max_plies=4)
    e.reset()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert truncated and not terminated
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_render_ansi_is_the_diagram():
    e = env("epaminondas", board="8x8", render_mode="ansi")
    e.reset()
    assert "\n" in e.render()


def test_render_svg_is_the_picture():
    e = env("gipf", render_mode="svg")
    e.reset()
    assert e.render().startswith("<svg")


@pytest.mark.parametrize(
    "name, options, truncated",
    [
        ("pikemen", {"max_plies": 0}, True),
        ("pikemen", {"players": 4, "max_plies": 0}, True),
        ("epaminondas", {"board": "2x4"}, False),
    ],
)
def test_a_game_over_at_its_start_is_reported_over(name, options, truncated):
    e = env(name, **options)
    e.reset()
    assert e.game.new_initial_state().is_terminal()
    ended = e.truncations if truncated else e.terminations
    assert all(ended.values()), (e.terminations, e.truncations)
    obs, reward, terminated, trunc, info = e.last()
    assert (terminated, trunc) == (not truncated, truncated)
    assert not obs["action_mask"].any()
    for agent in e.agent_iter():
        e.step(None)
    assert e.agents == []


@pytest.mark.parametrize("action", [1.5, "x", "1", None, np.float64(1.0)])
def test_step_refuses_what_is_not_an_integer(action):
    e = env("pikemen")
    e.reset()
    before = str(e.state)
    with pytest.raises(TypeError, match="an action is an integer"):
        e.step(action)
    assert str(e.state) == before


def test_step_takes_numpy_integers():
    e = env("pikemen")
    e.reset()
    legal = np.flatnonzero(e.last()[0]["action_mask"])
    e.step(np.int64(legal[0]))
    assert e.state.legal_actions() != []
