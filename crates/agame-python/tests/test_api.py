"""The Python API: names, values, errors, copies."""

import copy
import random

import pytest

import agame


def test_load_game_names_and_options():
    assert agame.registered_names() == ["pikemen", "gipf", "epaminondas"]
    assert agame.load_game("agame_gipf") == agame.load_game("gipf")
    assert agame.load_game("pikemen", players=4).num_players() == 4
    assert agame.load_game("epaminondas", board="8x8").options()["board"] == "8x8"
    assert agame.load_game("gipf").max_game_length() is None
    assert agame.load_game("pikemen").max_game_length() == 1000
    assert agame.load_game("pikemen", max_plies=None).max_game_length() is None
    seed_rule = agame.load_game("pikemen", after_charge="must-change")
    assert seed_rule.options()["after_charge"] == "must-change"
    assert "must-change" in str(seed_rule.new_initial_state())
    with pytest.raises(ValueError, match="may-keep"):
        agame.load_game("pikemen", after_charge="sometimes")


@pytest.mark.parametrize(
    "name, options, fragment",
    [
        ("chess", {}, "unknown game"),
        ("pikemen", {"players": 5}, "bad options"),
        ("pikemen", {"variant": "basic"}, "no option 'variant'"),
        ("gipf", {"variant": "giant"}, "expected basic, standard or tournament"),
        ("epaminondas", {"board": "14"}, "WxH"),
        ("epaminondas", {"board": "40x40"}, "bad options"),
    ],
)
def test_bad_options_raise_value_error(name, options, fragment):
    with pytest.raises(ValueError, match=fragment):
        agame.load_game(name, **options)


def test_start_positions():
    # Start counts checked elsewhere against hand counts and other programs (perft 1).
    assert len(agame.load_game("pikemen").new_initial_state().legal_moves()) == 120
    assert len(agame.load_game("gipf").new_initial_state().legal_moves()) == 42
    assert len(agame.load_game("epaminondas").new_initial_state().legal_moves()) == 114
    state = agame.load_game("gipf").new_initial_state()
    assert state.current_player() == 0
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0]


def test_play_text_and_errors_leave_the_state_unchanged():
    state = agame.load_game("gipf").new_initial_state()
    before = str(state)
    with pytest.raises(ValueError, match="cannot read move"):
        state.play("hello")
    with pytest.raises(ValueError, match="illegal"):
        state.play("xb2,b3,b4,b5")  # a removal while a push is due
    assert str(state) == before
    state.play("e1-e2")
    assert state.current_player() == 1
    assert str(state) != before


def test_text_round_trip_clone_and_hash(game):
    state = game.new_initial_state()
    rng = random.Random(7)
    for _ in range(30):
        if state.is_terminal():
            break
        state.play(rng.choice(state.legal_moves()))
    back = game.state_from_text(str(state))
    assert back == state
    assert hash(back) == hash(state) and back.hash() == state.hash()
    twin = state.clone()
    assert twin == state and twin is not state
    assert copy.deepcopy(state) == state
    if not twin.is_terminal():
        twin.play(twin.legal_moves()[0])
        assert twin != state


def test_state_from_text_refuses_other_rules():
    three = agame.load_game("pikemen", players=3).new_initial_state()
    with pytest.raises(ValueError, match="other rules"):
        agame.load_game("pikemen").state_from_text(str(three).split(" @ ")[0])
    with pytest.raises(ValueError, match="position text"):
        agame.load_game("gipf").state_from_text("standard W: nonsense")


def test_diagram_and_repr():
    state = agame.load_game("epaminondas", board="8x8").new_initial_state()
    assert "\n" in state.diagram()
    assert repr(state).startswith("<agame.State epaminondas")
    assert "board=8x8" in repr(state.get_game())



def test_random_games_end_and_returns_sum_to_zero(game):
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.play(rng.choice(state.legal_moves()))
    assert state.current_player() == -4
    assert abs(sum(state.returns())) < 1e-9
    assert state.legal_moves() == []
    # The default move limits (Pikemen, Epaminondas) end a game as a truncated draw.
    if state.is_truncated():
        assert state.returns() == [0.0] * state.num_players()


def test_svg_picture(game):
    import xml.etree.ElementTree as ET

    state = game.new_initial_state()
    picture = state.svg(size=300, coordinates=False)
    root = ET.fromstring(picture)
    assert root.tag.endswith("svg")
    assert state._repr_svg_().startswith("<svg")
    with pytest.raises(ValueError, match="no seat"):
        state.svg(bottom=7)


def test_legal_actions_follow_every_change(game):
    """The legal list is worked out once per position: whatever changes the position (an
    action, a move text, a failed attempt, a copy changed on its own) gives the list of the
    new position, and a position reached twice gives the same list."""
    rng = random.Random(11)
    state = game.new_initial_state()
    for ply in range(40):
        if state.is_terminal():
            assert state.legal_actions() == []
            with pytest.raises(ValueError, match="over"):
                state.apply_action(0)
            break
        actions = state.legal_actions()
        assert actions == sorted(actions) and len(actions) == len(state.legal_moves())
        mask = state.legal_actions_mask()
        assert sorted(int(a) for a in mask.nonzero()[0]) == actions
        twin = state.clone()
        fresh = game.state_from_text(str(state))
        assert fresh.legal_actions() == actions
        with pytest.raises(ValueError, match="not legal"):
            state.apply_action(game.num_distinct_actions())
        assert state.legal_actions() == actions
        if ply % 2:
            state.apply_action(rng.choice(actions))
        else:
            state.play(rng.choice(state.legal_moves()))
        after = game.state_from_text(str(state))
        assert state.legal_actions() == after.legal_actions()
        # The copy kept the old position and its list.
        assert twin.legal_actions() == actions


@pytest.mark.parametrize("limit", [None, 50])
def test_games_and_states_pickle(config, limit):
    import pickle

    name, options = config
    game = agame.load_game(name, max_plies=limit, **options)
    again = pickle.loads(pickle.dumps(game))
    assert again == game and repr(again) == repr(game)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    copy_ = pickle.loads(pickle.dumps(state))
    assert copy_ == state and str(copy_) == str(state)
    assert copy_.get_game() == game
    assert copy_.legal_actions() == state.legal_actions()


def test_a_state_shared_between_threads_says_so():
    """A State belongs to one thread at a time. Changes from several threads at once are
    refused with a message that says so (under the GIL they take turns, and none is)."""
    import sys
    import threading

    state = agame.load_game("pikemen", max_plies=None).new_initial_state()
    errors = []
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)

    def work():
        for _ in range(2000):
            try:
                state.legal_actions()
                state.legal_actions_mask()
                state.apply_action(10**6)
            except ValueError:
                pass
            except RuntimeError as e:
                errors.append(str(e))

    threads = [threading.Thread(target=work) for _ in range(8)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert all("belongs to one thread at a time" in e for e in errors), errors[:3]
    assert state == agame.load_game("pikemen", max_plies=None).new_initial_state()
