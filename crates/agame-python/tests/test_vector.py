"""agame.VectorEnv: the batch against the same games stepped one by one through agame.State,
masks, autoreset, all-or-nothing refusals, states in and out, threads."""

import numpy as np
import pytest

import agame

from conftest import CONFIGS, config_id


def step_alone(state, action):
    """The state after `action`, played on a copy through the per-step API."""
    nxt = state.clone()
    nxt.apply_action(int(action))
    return nxt


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_the_batch_is_its_games_stepped_one_by_one(config, threads):
    name, options = config
    n = 6
    env = agame.VectorEnv(name, n, seed=3, threads=threads, opening_plies=2, **options)
    obs, info = env.reset()
    game = env.game
    assert obs.shape == (n, *game.observation_tensor_shape())
    assert info["mask"].shape == (n, game.num_distinct_actions())
    singles = [env.state(i) for i in range(n)]
    for _ in range(40):
        for i, s in enumerate(singles):
            assert str(env.state(i)) == str(s)
            np.testing.assert_array_equal(obs[i], s.observation_tensor())
            np.testing.assert_array_equal(np.flatnonzero(info["mask"][i]), s.legal_actions())
            assert info["to_play"][i] == s.current_player()
        actions = env.sample_actions()
        assert actions.dtype == np.int64
        nexts = [step_alone(s, a) for s, a in zip(singles, actions)]
        obs, rewards, terminated, truncated, info = env.step(actions)
        for i, nxt in enumerate(nexts):
            if nxt.is_terminal():
                np.testing.assert_allclose(rewards[i], nxt.returns())
                assert truncated[i] == nxt.is_truncated()
                assert terminated[i] == (not nxt.is_truncated())
                assert info["_final_observation"][i]
                mover = singles[i].current_player()
                np.testing.assert_array_equal(
                    info["final_observation"][i], nxt.observation_tensor(mover)
                )
                # The slot already holds the next episode's first position.
                assert not env.state(i).is_terminal()
                singles[i] = env.state(i)
            else:
                assert not (terminated[i] or truncated[i] or info["_final_observation"][i])
                assert not rewards[i].any()
                singles[i] = nxt


def test_thread_counts_give_the_same_games():
    def play(threads):
        env = agame.VectorEnv("pikemen", 16, seed=9, threads=threads, opening_plies=4)
        env.reset()
        out = []
        for _ in range(50):
            obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
            out.append((obs.copy(), rewards.copy(), info["mask"].copy()))
        return out

    one, two = play(1), play(2)
    assert agame.VectorEnv("gipf", 4, threads=2).threads == 2
    for (a, b, c), (x, y, z) in zip(one, two):
        np.testing.assert_array_equal(a, x)
        np.testing.assert_array_equal(b, y)
        np.testing.assert_array_equal(c, z)


def test_autoreset_with_a_short_move_limit():
    env = agame.VectorEnv("epaminondas", 3, board="8x8", max_plies=3)
    obs0, _ = env.reset(seed=1)
    start = obs0.copy()
    for step in range(1, 7):
        obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
        cut = step % 3 == 0
        assert list(truncated) == [cut] * 3 and not terminated.any()
        assert not rewards.any()
        if cut:
            np.testing.assert_array_equal(obs, start)


def bad_actions(env):
    good = env.sample_actions()
    illegal = good.copy()
    legal_row = env.state(2).legal_actions()
    illegal[2] = next(a for a in range(env.num_actions) if a not in legal_row)
    out_of_range = good.copy()
    out_of_range[1] = env.num_actions
    negative = good.copy()
    negative[4] = -1
    return good, [
        (illegal, "slot 2"),
        (out_of_range, "slot 1"),
        (negative, "slot 4"),
        (good[:-1], "1-D integer array of 5"),
        (good.reshape(5, 1), "1-D integer array"),
        (good.astype(np.float64), "1-D integer array"),
    ]


def test_bad_actions_move_no_game():
    env = agame.VectorEnv("gipf", 5, seed=4, opening_plies=8)
    obs, info = env.reset()
    before = [str(env.state(i)) for i in range(5)]
    seen = obs.copy(), info["mask"].copy()
    good, cases = bad_actions(env)
    for actions, message in cases:
        with pytest.raises(ValueError, match=message):
            env.step(actions)
        assert [str(env.state(i)) for i in range(5)] == before
        np.testing.assert_array_equal(obs, seen[0])
        np.testing.assert_array_equal(info["mask"], seen[1])
    env.step(list(good))  # a list of ints is accepted too


def test_states_go_in_and_out():
    env = agame.VectorEnv("pikemen", 2, players=3)
    env.reset()
    game = agame.load_game("pikemen", players=3)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[5])
    env.set_state(1, state)
    assert env.state(1) == state
    env.step(env.sample_actions())
    with pytest.raises(ValueError, match="other rules"):
        env.set_state(0, agame.load_game("pikemen").new_initial_state())
    with pytest.raises(ValueError, match="no slot 7"):
        env.state(7)


def test_set_state_shows_at_once():
    env = agame.VectorEnv("gipf", 2)
    obs, info = env.reset()
    state = env.state(0)
    state.apply_action(state.legal_actions()[0])
    env.set_state(0, state)
    np.testing.assert_array_equal(obs[0], state.observation_tensor())
    assert info["to_play"][0] == state.current_player()


def test_seeds_reproduce():
    env = agame.VectorEnv("epaminondas", 4, seed=2, opening_plies=6)
    first = env.reset(seed=8)[0].copy()
    env.step(env.sample_actions())
    again = env.reset(seed=8)[0]
    np.testing.assert_array_equal(first, again)
    assert not np.array_equal(env.reset()[0], first)


def test_options_are_checked():
    with pytest.raises(ValueError, match="num_envs"):
        agame.VectorEnv("gipf", 0)
    with pytest.raises(ValueError, match="threads"):
        agame.VectorEnv("gipf", 2, threads=0)
    with pytest.raises(ValueError, match="players"):
        agame.VectorEnv("gipf", 2, players=3)
    assert len(agame.VectorEnv("gipf", 3)) == 3


def all_arrays(env):
    """Every array a step returns, by name, from one `step`."""
    obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
    return {
        "obs": obs,
        "rewards": rewards,
        "terminated": terminated,
        "truncated": truncated,
        "mask": info["mask"],
        "to_play": info["to_play"],
        "final_observation": info["final_observation"],
        "_final_observation": info["_final_observation"],
    }


def test_arrays_are_read_only_views_reused_by_every_step():
    env = agame.VectorEnv("pikemen", 4, seed=1)
    obs0, info0 = env.reset()
    first = all_arrays(env)
    again = all_arrays(env)
    assert obs0 is first["obs"] and info0["mask"] is first["mask"]
    for name, array in first.items():
        assert array is again[name], name  # the same buffers, no copy per step
        assert not array.flags.writeable, name
        assert not array.flags.owndata, name
        with pytest.raises(ValueError, match="read-only"):
            array[0] = array[0]
        # For good: numpy refuses to make them writable again.
        with pytest.raises(ValueError):
            array.setflags(write=True)
    kept = first["obs"].copy()
    np.testing.assert_array_equal(kept, first["obs"])
    kept[0] = 1.0  # a copy is the caller's to write


def test_arrays_outlive_their_environment():
    import gc

    env = agame.VectorEnv("gipf", 3, seed=2)
    obs, info = env.reset()
    expected = obs.copy(), info["mask"].copy()
    del env
    gc.collect()
    np.testing.assert_array_equal(obs, expected[0])
    np.testing.assert_array_equal(info["mask"], expected[1])


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_step_equals_a_fresh_computation_per_game(config):
    """The rows rewritten in place (old legal actions and observation cleared, new ones set)
    equal what each game shows computed afresh, over many episodes (a short move limit makes
    games end and restart often), and `_final_observation` is `terminated | truncated`."""
    name, options = config
    n = 5
    env = agame.VectorEnv(name, n, seed=11, opening_plies=3, max_plies=7, **options)
    obs, info = env.reset()
    game = env.game
    ended = 0
    for _ in range(30):
        for i in range(n):
            s = env.state(i)
            np.testing.assert_array_equal(obs[i], s.observation_tensor())
            mask = np.zeros(game.num_distinct_actions(), bool)
            mask[s.legal_actions()] = True
            np.testing.assert_array_equal(info["mask"][i], mask)
            assert info["to_play"][i] == s.current_player()
        obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
        np.testing.assert_array_equal(info["_final_observation"], terminated | truncated)
        ended += int((terminated | truncated).sum())
    assert ended >= n * 3


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_gymnasium_spaces_hold_what_the_batch_gives(config):
    gymnasium = pytest.importorskip("gymnasium")
    name, options = config
    n = 5
    with agame.VectorEnv(name, n, seed=2, opening_plies=3, **options) as env:
        assert env.unwrapped is env
        assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
        single = env.single_observation_space
        assert isinstance(single, gymnasium.spaces.Box)
        assert single.shape == tuple(env.observation_shape) and single.dtype == np.float32
        assert env.single_action_space == gymnasium.spaces.Discrete(env.num_actions)
        assert env.observation_space.shape == (n, *env.observation_shape)
        assert env.action_space == gymnasium.spaces.MultiDiscrete([env.num_actions] * n)
        obs, _ = env.reset()
        for _ in range(60):
            # Every observation lies in the space (float32, the shape, no entry below 0).
            assert env.observation_space.contains(obs)
            actions = env.sample_actions()
            assert env.action_space.contains(actions)
            obs, *_ = env.step(actions)
    env.close()
