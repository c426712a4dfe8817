"""Why a game ended: State.end_reason(), the game's own words (the CLI's and the page's too)."""

import random

import pytest

import agame


@pytest.mark.parametrize(
    "name, options, text, reason",
    [
        ("pikemen", {}, "L1U7/8/8/8/8/8/8/L2U7 2 12,0 12", "target reached"),
        ("pikemen", {}, "L1U7/8/8/8/8/8/8/8 1 3,0 12", "last player with pieces"),
        (
            "gipf",
            {},
            "standard W:Gb5,Ge2,Gh5 B:b2 R:12/11 C:0/6 won:w",
            "the other player lost their last GIPF-piece",
        ),
        (
            "gipf",
            {"variant": "basic"},
            "basic W:b5,e2,h5 B:b2,e8,h2 R:0/12 C:12/0 push:w",
            "the other player has no piece left to push",
        ),
        (
            "epaminondas",
            {"board": "6x8"},
            "1...../....../....../..2.../....../....../....../...... 1 mirror:on stones:off",
            "crossing held",
        ),
        (
            "epaminondas",
            {"board": "6x8"},
            "....../....../....../..2.../....../....../....../...... 1 mirror:on stones:off",
            "the other player has no legal move",
        ),
    ],
)
def test_each_rule_that_ends_a_game_gives_its_reason(name, options, text, reason):
    game = agame.load_game(name, **options)
    assert game.new_initial_state().end_reason() is None
    state = game.state_from_text(text)
    assert state.is_terminal()
    assert state.end_reason() == reason


def test_the_move_limit_is_a_reason_and_a_truncation():
    state = agame.load_game("pikemen", max_plies=2).new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        assert state.end_reason() is None
        state.play(rng.choice(state.legal_moves()))
    assert state.end_reason() == "move limit reached"
    assert state.is_truncated()
