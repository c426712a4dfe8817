import os
import pathlib
import shutil

import pytest

import agame

ROOT = pathlib.Path(__file__).resolve().parents[3]

# Every game, variant and player count the package offers, as load_game keyword options.
CONFIGS = [
    ("pikemen", {}),
    ("pikemen", {"players": 3}),
    ("pikemen", {"players": 4, "target": 15}),
    ("pikemen", {"after_charge": "must-change"}),
    ("gipf", {}),
    ("gipf", {"variant": "basic"}),
    ("gipf", {"variant": "tournament"}),
    ("epaminondas", {}),
    ("epaminondas", {"board": "8x8"}),
    ("epaminondas", {"stones": True, "mirror": False}),
]


def config_id(config):
    name, options = config
    return name + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.fixture(params=CONFIGS, ids=config_id)
def config(request):
    return request.param


@pytest.fixture
def game(config):
    name, options = config
    return agame.load_game(name, **options)


def agame_binary():
    """The `agame` program: $AGAME_BIN, or the workspace's debug or release build."""
    explicit = os.environ.get("AGAME_BIN")
    if explicit:
        return explicit
    for profile in ("debug", "release"):
        candidate = ROOT / "target" / profile / "agame"
        if candidate.exists():
            return str(candidate)
    return shutil.which("agame")
