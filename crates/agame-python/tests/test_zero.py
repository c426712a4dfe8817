"""agame.zero.BatchedSearch: forced wins found with a uniform numpy "network" and natively,
bad evaluator output refused, exceptions passed through, tree reuse, seeds."""

import numpy as np
import pytest

import agame

# Hand-built positions with a forced win for the side to move (the Rust tests of
# abstract-game-batch check by the rules which moves win), and the decisions it takes.
PUZZLES = [
    (
        "pikemen",
        {},
        "L2NWL2NWM2NM2NS2W3/L2W1M2NW5/L2NM2NW1S1NWL1NW3/8/7S1U/M2NE4M1NE1L1E/S1NW2S2U4/"
        "1S1U1M1WM1SW2L1U 2 6,11 12",
        1,
    ),
    (
        "gipf",
        {},
        "standard W:b2,b4,b5,c4,c5,d5,e3,e6,e7,f4,Gf5,g6,h5 "
        "B:b3,c2,d6,d7,e2,Ge5,e8,f2,f3,f6,g5,Gh2 R:1/3 C:3/1 push:w",
        2,
    ),
    (
        "epaminondas",
        {"board": "8x8"},
        "2....22./...21.22/.2211.2./22.2.2.2/..2..11./11.1..../11.11.1./...1..11 1 "
        "mirror:on stones:off",
        2,
    ),
]


def uniform(obs, mask):
    assert obs.dtype == np.float32 and mask.dtype == np.bool_
    assert obs.shape[0] == mask.shape[0]
    return mask.astype(np.float32), np.zeros(len(obs), np.float32)


def wins(state, me, depth):
    """Whether seat `me` wins from `state` within `depth` decisions whatever the others do."""
    if state.is_terminal():
        return state.returns()[me] == max(state.returns()) and min(state.returns()) < 0
    if depth == 0:
        return False
    results = []
    for a in state.legal_actions():
        nxt = state.clone()
        nxt.apply_action(a)
        results.append(wins(nxt, me, depth - 1))
    return any(results) if state.current_player() == me else all(results)


@pytest.mark.parametrize("name,options,text,depth", PUZZLES, ids=[p[0] for p in PUZZLES])
@pytest.mark.parametrize("evaluate", [None, uniform], ids=["native", "numpy"])
def test_finds_the_forced_win(name, options, text, depth, evaluate):
    game = agame.load_game(name, **options)
    root = game.state_from_text(text)
    me = root.current_player()
    search = agame.zero.BatchedSearch(
        game, simulations=2000, leaves_per_tree=4, dirichlet_fraction=0.0
    )
    policies, actions = search.search([root, root.clone()], evaluate)
    assert policies.shape == (2, game.num_distinct_actions())
    np.testing.assert_allclose(policies.sum(axis=1), 1.0, rtol=1e-5)
    for action in actions:
        nxt = root.clone()
        nxt.apply_action(int(action))
        assert wins(nxt, me, depth + 1), root.action_to_string(int(action))
    assert (search.root_values() > 0).all()
    assert search.visit_counts().sum(axis=1).min() >= 2000 - 1


def test_gumbel_policies_are_distributions():
    game = agame.load_game("gipf")
    search = agame.zero.BatchedSearch(game, simulations=64, gumbel=8, seed=3)
    start = game.new_initial_state()
    policies, actions = search.search([start] * 3, uniform)
    np.testing.assert_allclose(policies.sum(axis=1), 1.0, rtol=1e-5)
    legal = start.legal_actions()
    assert all(int(a) in legal for a in actions)


@pytest.mark.parametrize(
    "bad,message",
    [
        (lambda obs, mask: (mask.astype(np.float32)[:, :-1], np.zeros(len(obs))), "priors"),
        (lambda obs, mask: (mask.astype(np.float32), np.zeros(len(obs) + 1)), "values"),
        (lambda obs, mask: (np.full(mask.shape, np.nan), np.zeros(len(obs))), "prior of action"),
        (lambda obs, mask: (-mask.astype(np.float32), np.zeros(len(obs))), "prior of action"),
        (lambda obs, mask: (mask.astype(np.float32), np.full(len(obs), 2.0)), "value 2"),
        (lambda obs, mask: mask, "tuple"),
        (lambda obs, mask: (mask.tolist(), np.zeros(len(obs))), "numpy array"),
    ],
)
def test_bad_evaluator_output_is_a_value_error(bad, message):
    game = agame.load_game("pikemen")
    search = agame.zero.BatchedSearch(game, simulations=16)
    search.set_roots([game.new_initial_state()])
    with pytest.raises(ValueError, match=message):
        search.run(bad)
    search.run()  # still usable; the first simulation expands the root itself
    assert search.visit_counts().sum() == 15


def test_an_exception_in_evaluate_comes_through():
    game = agame.load_game("epaminondas", board="8x8")
    search = agame.zero.BatchedSearch(game, simulations=8)
    search.set_roots([game.new_initial_state()])

    def broken(obs, mask):
        raise KeyError("network missing")

    with pytest.raises(KeyError, match="network missing"):
        search.run(broken)


def test_tree_reuse_and_roots():
    game = agame.load_game("gipf")
    start = game.new_initial_state()
    search = agame.zero.BatchedSearch(game, simulations=100, dirichlet_fraction=0.0)
    search.set_roots([start])
    search.run()
    visits = search.visit_counts()[0]
    action = int(search.select_actions()[0])
    search.advance(0, action)
    expected = start.clone()
    expected.apply_action(action)
    assert search.root(0) == expected
    assert search.visit_counts()[0].sum() == visits[action] - 1
    with pytest.raises(ValueError, match="not legal"):
        search.advance(0, game.num_distinct_actions() + 5)
    with pytest.raises(ValueError, match="other rules"):
        search.set_roots([agame.load_game("gipf", variant="basic").new_initial_state()])


def test_the_search_is_seeded():
    game = agame.load_game("pikemen")
    start = game.new_initial_state()

    def run(seed):
        search = agame.zero.BatchedSearch(game, simulations=50, seed=seed)
        policies, _ = search.search([start] * 2)
        return policies, search.select_actions(temperature=1.0)

    a, b, c = run(1), run(1), run(2)
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])
    assert not np.array_equal(a[0], c[0])


def test_value_mix_weighs_the_games_own_evaluation():
    game = agame.load_game("pikemen")
    start = game.new_initial_state()

    def valued(v):
        return lambda obs, mask: (mask.astype(np.float32), np.full(len(obs), v, np.float32))

    def searched(evaluate, mix):
        search = agame.zero.BatchedSearch(game, simulations=200, dirichlet_fraction=0.0)
        search.set_roots([start])
        if mix is None:
            search.run(evaluate)
        else:
            search.run(evaluate, value_mix=mix)
        return search.visit_counts(), search.root_values()

    # At weight 1 the evaluator's values are not read (its priors are), at 0 they are.
    for a, b in zip(searched(valued(0.9), 1.0), searched(valued(-0.9), 1.0)):
        np.testing.assert_array_equal(a, b)
    assert not np.array_equal(searched(valued(0.9), 0.0)[1], searched(valued(-0.9), 0.0)[1])
    # Weight 0 is the plain search; the native evaluator takes the weight too.
    for a, b in zip(searched(uniform, 0.0), searched(uniform, None)):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(searched(None, 1.0)[0], searched(uniform, 1.0)[0])
    search = agame.zero.BatchedSearch(game, simulations=8)
    search.set_roots([start])
    for bad in (-0.5, 1.5, float("nan")):
        with pytest.raises(ValueError, match="value_mix"):
            search.run(value_mix=bad)
