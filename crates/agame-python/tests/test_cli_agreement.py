"""Python-side random games, checked against the `agame` program's legal lists."""

import random
import subprocess

import pytest

import agame
from conftest import CONFIGS, agame_binary, config_id


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_legal_lists_match_the_cli(config):
    binary = agame_binary()
    if binary is None:
        pytest.skip("no agame binary: build it with `cargo build -p agame` or set AGAME_BIN")
    name, options = config
    game = agame.load_game(name, max_plies=None, **options)
    rng = random.Random(2024)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        for ply in range(60):
            if state.is_terminal():
                break
            if ply % 7 == 0:
                # The position text carries its own rules, so only --position is needed.
                out = subprocess.run(
                    [binary, "legal", name, "--position", str(state)],
                    capture_output=True, text=True, check=True,
                ).stdout.split("\n")
                assert sorted(filter(None, out)) == sorted(state.legal_moves()), str(state)
                checked += 1
            state.play(rng.choice(state.legal_moves()))
    assert checked >= 3
