"""python -m agame.train (agame/train/): a short run whose loss falls and whose model file
fits docs/model-format.md, resuming after kill -9, export round trips, seeded runs."""

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="agame.train needs the train extra: pip install 'agame[train]'")
pytest.importorskip("optax", reason="agame.train needs the train extra: pip install 'agame[train]'")
pytest.importorskip("safetensors", reason="agame.train needs the train extra: pip install 'agame[train]'")

import agame  # noqa: E402
from agame.train import checkpoint, curve, export, network  # noqa: E402
from agame.train.config import Config, parameter_count, resolve  # noqa: E402
from agame.train.loop import Trainer  # noqa: E402

GAME, OPTIONS = "epaminondas", {"board": "6x6"}

# A small, quick configuration (the defaults are for real runs).
SMALL = {
    "hidden": [64, 32],
    "trees": 16,
    "simulations": 16,
    "steps_per_iteration": 12,
    "train_steps_per_iteration": 24,
    "batch_size": 128,
    "min_replay": 128,
    "replay_capacity": 5000,
    "eval_every": 4,
    "eval_games": 2,
    "eval_opponents": ["random"],
    "eval_simulations": 8,
}


class Quiet:
    """A Progress stand-in that keeps its messages."""

    def __init__(self):
        self.messages = []

    def message(self, text):
        self.messages.append(text)

    def update(self, *args):
        pass

    def close(self):
        pass


def train_command(out, *args, config=None):
    path = out + ".json"
    with open(path, "w") as f:
        json.dump(config or SMALL, f)
    return [
        sys.executable, "-m", "agame.train", GAME, "--option", "board=6x6",
        "--out", out, "--config", path, *args,
    ]


def test_a_short_run_learns_and_writes_a_model_file(tmp_path):
    out = str(tmp_path / "run")
    config = dict(SMALL, eval_every=100)
    start = time.monotonic()
    done = subprocess.run(
        train_command(out, "--iterations", "10", "--seed", "3", config=config),
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - start < 120
    assert "iteration 10/10" in done.stderr
    rows = curve.read_csv(os.path.join(out, "curve.csv"))
    assert [int(r["iteration"]) for r in rows] == list(range(1, 11))
    losses = [float(r["loss"]) for r in rows if r["loss"]]
    assert len(losses) >= 6
    # The loss falls: the last iterations' mean is below the first ones'.
    assert np.mean(losses[-2:]) < np.mean(losses[:2]) - 0.05, losses
    assert rows[0]["score random"] != ""
    assert os.path.getsize(os.path.join(out, "curve.svg")) > 1000
    saved = json.load(open(os.path.join(out, "config.json")))
    assert saved["hidden"] == [64, 32] and saved["seed"] == 3

    # The model file: metadata and tensors as docs/model-format.md says.
    game = agame.load_game(GAME, **OPTIONS)
    params, meta = export.load(os.path.join(out, "model.safetensors"))
    assert meta["format"] == "agame-zero" and meta["format_version"] == "1"
    assert meta["game"] == "epaminondas" and meta["architecture"] == "mlp"
    rules = {k: v for k, v in game.options().items() if k != "max_plies"}
    assert json.loads(meta["options"]) == rules == {"board": "6x6", "stones": "false", "mirror": "true"}
    assert meta["observation_shape"] == "7,6,6"  # 6 planes and the move limit's
    assert meta["max_plies"] == "1000"
    assert meta["num_actions"] == str(game.num_distinct_actions()) == "1440"
    assert meta["iterations"] == "10"
    assert int(meta["self_play_games"]) == int(rows[-1]["games"]) > 0
    assert float(meta["wall_seconds"]) > 0
    assert meta["trained_by"].startswith("python -m agame.train epaminondas")
    assert meta["created"].endswith("Z")
    shapes = {k: v.shape for k, v in params.items()}
    assert shapes == {
        "trunk.0.weight": (64, 252), "trunk.0.bias": (64,),
        "trunk.1.weight": (32, 64), "trunk.1.bias": (32,),
        "policy.weight": (1440, 32), "policy.bias": (1440,),
        "value.weight": (1, 32), "value.bias": (1,),
    }
    from safetensors import safe_open

    with safe_open(os.path.join(out, "model.safetensors"), framework="numpy") as f:
        assert all(f.get_slice(k).get_dtype() == "F32" for k in f.keys())


def test_kill_9_then_resume_continues_from_the_last_checkpoint(tmp_path):
    out = str(tmp_path / "run")
    proc = subprocess.Popen(
        train_command(out, "--iterations", "100"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 180
        while True:
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "no second checkpoint in 180 s"
            if checkpoint.exists(out):
                try:
                    if checkpoint.read_meta(out)["iteration"] >= 2:
                        break
                except Exception:  # being replaced right now: never half-written, but retry
                    pass
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    killed_at = checkpoint.read_meta(out)["iteration"]
    assert killed_at >= 2
    done = subprocess.run(
        train_command(out, "--iterations", str(killed_at + 2), "--resume"),
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert f"resuming {out} after iteration {killed_at} " in done.stderr
    meta = checkpoint.read_meta(out)
    assert meta["iteration"] == killed_at + 2
    rows = curve.read_csv(os.path.join(out, "curve.csv"))
    assert [int(r["iteration"]) for r in rows] == list(range(1, killed_at + 3))
    assert not [n for n in os.listdir(out) if n.endswith(".tmp")]
    _, model_meta = export.load(os.path.join(out, "model.safetensors"))
    assert model_meta["iterations"] == str(killed_at + 2)


def test_resume_refuses_another_game_and_a_missing_checkpoint(tmp_path):
    out = str(tmp_path / "run")
    done = subprocess.run(train_command(out, "--iterations", "1", "--resume"), capture_output=True, text=True)
    assert done.returncode != 0 and "no checkpoint" in done.stderr


def test_export_then_reload_round_trip(tmp_path):
    game = agame.load_game(GAME, **OPTIONS)
    shape = game.observation_tensor_shape()
    size, actions = int(np.prod(shape)), game.num_distinct_actions()
    params = network.to_numpy(network.init_params(7, size, [32, 16], actions))
    # Non-trivial heads (the initial ones are nearly zero).
    rng = np.random.default_rng(1)
    params["policy.weight"] = rng.normal(0, 0.5, params["policy.weight"].shape).astype(np.float32)
    params["value.weight"] = rng.normal(0, 0.5, params["value.weight"].shape).astype(np.float32)
    path = str(tmp_path / "model.safetensors")
    export.export(path, game, params, "f32", iterations=3)
    back, meta = export.load(path)
    assert back.keys() == params.keys()
    for k in params:
        np.testing.assert_array_equal(back[k], params[k])
    assert meta["iterations"] == "3" and meta["format_version"] == "1"
    assert not [n for n in os.listdir(tmp_path) if n != "model.safetensors"]

    # The JAX forward pass of the reloaded weights is the format's computation.
    state = game.new_initial_state()
    obs, masks = [], []
    for _ in range(6):
        obs.append(state.observation_tensor())
        masks.append(state.legal_actions_mask().astype(bool))
        state.apply_action(state.legal_actions()[len(obs) % len(state.legal_actions())])
    obs, masks = np.stack(obs), np.stack(masks)
    priors, values = network.make_evaluate(network.to_jax(back))(obs, masks)
    ref_priors, ref_values = network.forward_numpy(back, obs, masks)
    np.testing.assert_allclose(priors, ref_priors, atol=1e-5)
    np.testing.assert_allclose(values, ref_values, atol=1e-5)
    assert (priors[~masks] == 0).all()

    # F16 (what "auto" picks for a file over 5 MB): the same tensors to half precision.
    export.export(path, game, params, "f16")
    from safetensors import safe_open

    with safe_open(path, framework="numpy") as f:
        assert {f.get_slice(k).get_dtype() for k in f.keys()} == {"F16"}
    half, _ = export.load(path)
    for k in params:
        np.testing.assert_allclose(half[k], params[k], rtol=1e-3, atol=1e-4)


def test_the_defaults_fit_the_size_limit():
    for name, options in [("pikemen", {}), ("gipf", {}), ("epaminondas", {}), ("pikemen", {"players": 4})]:
        game = agame.load_game(name, **options)
        c = resolve(Config(game=name, options=options), game)
        size = int(np.prod(game.observation_tensor_shape()))
        # Only the shapes matter here.
        params = {"w": np.empty(parameter_count(size, c.hidden, game.num_distinct_actions()))}
        dtype = export.choose_dtype(c, params)
        assert params["w"].size * (4 if dtype == "f32" else 2) <= 5_000_000, (name, c.hidden, dtype)


def test_training_is_seeded(tmp_path):
    config = Config(game=GAME, options=OPTIONS, seed=11, **dict(SMALL, eval_games=0, steps_per_iteration=8))

    def run(folder):
        trainer = Trainer(config, str(tmp_path / folder), log=Quiet())
        trainer.run(iterations=3)
        return network.to_numpy(trainer.params)

    a, b = run("a"), run("b")
    for k in a:
        np.testing.assert_array_equal(a[k], b[k])


def test_the_documented_defaults_are_the_defaults():
    import dataclasses
    import pathlib
    import re

    doc = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "learning.md").read_text()
    section = doc[doc.index("## Training"):]
    documented = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    defaults = dataclasses.asdict(Config())
    for key in ("game", "options", "seed"):
        defaults.pop(key)
    assert documented == defaults


def test_self_play_on_ray_actors(tmp_path, monkeypatch):
    ray = pytest.importorskip("ray", reason="Ray is optional (pip install ray)")
    # A local cluster on the loopback only.
    monkeypatch.setenv("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    config = Config(game=GAME, options=OPTIONS, **dict(SMALL, eval_games=0, ray_actors=2, steps_per_iteration=8))
    try:
        trainer = Trainer(config, str(tmp_path / "run"), log=Quiet(), ray_address="local")
        trainer.run(iterations=3)
        assert trainer.iteration == 3 and trainer.games > 0
        # Two actors: more moves per iteration than one worker's trees can make.
        one = 3 * config.trees * config.steps_per_iteration
        assert one < trainer.positions <= 2 * one
    finally:
        ray.shutdown()


def trained_model(tmp_path, name=GAME, options=OPTIONS, hidden=(32, 16)):
    """A model file with non-trivial weights (random heads) and its parameters."""
    game = agame.load_game(name, **options)
    size = int(np.prod(game.observation_tensor_shape()))
    params = network.to_numpy(network.init_params(5, size, list(hidden), game.num_distinct_actions()))
    rng = np.random.default_rng(2)
    for k in ("policy.weight", "value.weight"):
        params[k] = rng.normal(0, 0.3, params[k].shape).astype(np.float32)
    path = str(tmp_path / f"{name}.safetensors")
    export.export(path, game, params, "f32")
    return game, path, params


def positions(game, n, seed=0):
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    out = []
    while len(out) < n:
        if state.is_terminal():
            state = game.new_initial_state()
        out.append(state.clone())
        state.apply_action(int(rng.choice(state.legal_actions())))
    return out


@pytest.mark.skipif(not hasattr(agame.zero, "Network"), reason="agame.zero.Network is not in this build")
@pytest.mark.parametrize("name,options", [("epaminondas", {"board": "6x6"}), ("pikemen", {}), ("gipf", {})])
def test_the_rust_network_agrees_with_the_jax_forward_pass(tmp_path, name, options):
    game, path, params = trained_model(tmp_path, name, options)
    states = positions(game, 12)
    obs = np.stack([s.observation_tensor() for s in states]).astype(np.float32)
    mask = np.stack([s.legal_actions_mask().astype(bool) for s in states])
    try:
        net = agame.zero.Network(path, game)
    except TypeError:  # Network(source), then check(game)
        net = agame.zero.Network(path)
        net.check(game)
    evaluate = getattr(net, "evaluate", net)
    priors, values = evaluate(obs, mask)
    jax_priors, jax_values = network.make_evaluate(network.to_jax(params))(obs, mask)
    np.testing.assert_allclose(np.asarray(priors), jax_priors, atol=1e-4)
    np.testing.assert_allclose(np.asarray(values), jax_values, atol=1e-4)


@pytest.mark.skipif(not hasattr(agame, "Bot"), reason="agame.Bot is not in this build")
def test_the_zero_bot_plays_legal_moves_with_a_trained_file(tmp_path):
    game, path, _ = trained_model(tmp_path)
    # Trained under the default move limit (its plane in the observation); it plays the game
    # under that limit and, by its max_plies metadata, without one.
    for g in (game, agame.load_game(GAME, **OPTIONS, max_plies=None)):
        bot = agame.Bot(g, f"zero:model={path}:sims=16")
        state = g.new_initial_state()
        for _ in range(40):
            if state.is_terminal():
                break
            move = bot.choose_move(state)
            assert move in state.legal_moves()
            state.play(move)
    with pytest.raises(ValueError):
        agame.Bot(agame.load_game(GAME, board="8x8"), f"zero:model={path}:sims=16")


@pytest.mark.skipif(not hasattr(agame, "Bot"), reason="agame.Bot is not in this build")
def test_evaluation_against_the_rust_bots(tmp_path):
    from agame.train import evaluate

    game, path, params = trained_model(tmp_path)
    config = resolve(Config(game=GAME, options=OPTIONS, eval_simulations=8, eval_max_plies=60), game)
    for spec in ("random", "greedy"):
        result = evaluate.play_match(config, network.to_jax(params), spec, 2, seed=1)
        assert result["wins"] + result["draws"] + result["losses"] == 2
        assert 0.0 <= result["score"] <= 1.0


# --- teacher games (agame/train/teacher.py)

TEACHER = dict(
    SMALL,
    teacher="alphabeta:depth=1",
    teacher_iterations=3,
    teacher_games_per_iteration=4,
    teacher_random_plies=4,
    eval_games=0,
)


def test_bot_analyse_reports_the_move_and_the_search_value():
    game = agame.load_game(GAME, **OPTIONS)
    state = game.new_initial_state()
    info = agame.Bot(game, "alphabeta:nodes=5000").analyse(state)
    assert set(info) == {"move", "action", "value", "depth", "iterations", "seconds"}
    assert info["move"] == agame.Bot(game, "alphabeta:nodes=5000").choose_move(state)
    assert state.action_to_string(info["action"]) == info["move"]
    assert info["action"] in state.legal_actions()
    assert -1.0 <= info["value"] <= 1.0 and info["depth"] >= 1 and info["iterations"] > 0
    # The move that ends the game: the search's value is its return for the seat that moves.
    s = game.new_initial_state()
    bot = agame.Bot(game, "alphabeta:depth=3")
    while not s.is_terminal():
        info = bot.analyse(s)
        nxt = s.clone()
        nxt.apply_action(info["action"])
        if nxt.is_terminal():
            assert info["value"] == nxt.returns()[s.current_player()] != 0.0
        s = nxt
    assert bot.analyse(s) is None


def test_teacher_positions_carry_the_teachers_move_and_a_blended_value():
    from agame.train.selfplay import derive_seed
    from agame.train.teacher import TeacherPlay

    c = resolve(Config(game=GAME, options=OPTIONS, **dict(TEACHER, augment=False, teacher_value_weight=0.0)), agame.load_game(GAME, **OPTIONS))
    (obs, mask, idx, probs, value), stats = TeacherPlay(c, derive_seed(0, 11)).play(4)
    assert stats["games"] == 4 and stats["positions"] == len(obs) > 0
    # One-hot policy targets on a legal move; with weight 0 the values are the final returns.
    assert np.all(probs[:, 0] == 1.0) and np.all(probs[:, 1:] == 0.0)
    assert np.all(mask[np.arange(len(idx)), idx[:, 0]])
    assert set(np.unique(value)) <= {-1.0, 0.0, 1.0}
    # The first recorded position of game 0 (after its random opening): the teacher's own move.
    game = agame.load_game(GAME, **OPTIONS)
    rng = np.random.default_rng(derive_seed(derive_seed(0, 11), 7, 0))
    state = game.new_initial_state()
    for _ in range(int(rng.integers(c.teacher_random_plies + 1))):
        legal = state.legal_actions()
        state.apply_action(int(legal[rng.integers(len(legal))]))
    np.testing.assert_array_equal(obs[0], state.observation_tensor().reshape(-1))
    assert idx[0, 0] == agame.Bot(game, c.teacher).analyse(state)["action"]


def test_teacher_games_do_not_depend_on_the_thread_count():
    from agame.train.teacher import TeacherPlay

    game = agame.load_game(GAME, **OPTIONS)
    one = resolve(Config(game=GAME, options=OPTIONS, **dict(TEACHER, teacher_threads=1)), game)
    two = resolve(Config(game=GAME, options=OPTIONS, **dict(TEACHER, teacher_threads=2)), game)
    a, _ = TeacherPlay(one, 5).play(5)
    b, _ = TeacherPlay(two, 5).play(5)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)


def test_a_run_starts_from_teacher_games_then_plays_itself(tmp_path):
    config = Config(game=GAME, options=OPTIONS, seed=2, **TEACHER)
    trainer = Trainer(config, str(tmp_path / "t"), log=Quiet())
    trainer.run(iterations=5)
    rows = trainer.curve
    # Teacher iterations play teacher_games_per_iteration games each; self-play after them.
    assert [r["games"] for r in rows[:3]] == [4, 8, 12]
    assert rows[2]["loss"] is not None
    assert trainer.teacher.next_game == 12
    resumed = Trainer(config, str(tmp_path / "t"), log=Quiet())
    assert resumed.teacher is None  # past teacher_iterations: self-play only


def test_reconfigure_resumes_the_network_and_buffer_with_a_new_teacher(tmp_path):
    out = str(tmp_path / "t")
    first = Config(game=GAME, options=OPTIONS, seed=2, **TEACHER)
    trainer = Trainer(first, out, log=Quiet())
    trainer.run(iterations=2)
    saved_params = network.to_numpy(trainer.params)
    saved_buffer = len(trainer.replay)
    stronger = Config(game=GAME, options=OPTIONS, **dict(TEACHER, teacher="alphabeta:depth=2", teacher_iterations=10))
    # A plain resume keeps the checkpoint's config and says what it ignored.
    plain = Trainer(stronger, out, log=Quiet())
    assert plain.config.teacher == "alphabeta:depth=1"
    assert any("ignored: teacher, teacher_iterations" in m for m in plain.log.messages)
    log = Quiet()
    again = Trainer(stronger, out, log=log, reconfigure=True)
    assert again.config.teacher == "alphabeta:depth=2" and again.config.teacher_iterations == 10
    assert again.config.seed == 2  # the run's seed stays
    assert any("changed: teacher, teacher_iterations" in m for m in log.messages)
    assert again.iteration == 2 and len(again.replay) == saved_buffer
    for k, v in saved_params.items():
        np.testing.assert_array_equal(network.to_numpy(again.params)[k], v)
    # The teacher goes on with the next game numbers.
    assert again.teacher.next_game == 2 * TEACHER["teacher_games_per_iteration"]
    again.run(iterations=3)
    assert again.curve[-1]["iteration"] == 3 and again.config.teacher == "alphabeta:depth=2"
    # What shapes the checkpoint cannot change.
    wider = Config(game=GAME, options=OPTIONS, **dict(TEACHER, hidden=[32, 32]))
    with pytest.raises(SystemExit, match="cannot change hidden"):
        Trainer(wider, out, log=Quiet(), reconfigure=True)


def test_reconfigure_needs_a_checkpoint(tmp_path):
    out = str(tmp_path / "run")
    done = subprocess.run(train_command(out, "--iterations", "1", "--reconfigure"), capture_output=True, text=True)
    assert done.returncode != 0 and "--reconfigure: no checkpoint" in done.stderr


def test_teacher_branches_label_random_children_by_the_search_alone():
    from agame.train.teacher import TeacherPlay

    game = agame.load_game(GAME, **OPTIONS)
    base = dict(TEACHER, augment=False, teacher_value_weight=0.0, teacher_epsilon=0.0)
    plain = resolve(Config(game=GAME, options=OPTIONS, **base), game)
    branched = resolve(Config(game=GAME, options=OPTIONS, **dict(base, teacher_branch=1.0)), game)
    (_, _, _, _, v0), s0 = TeacherPlay(plain, 9).play(3)
    (obs, mask, idx, probs, v1), s1 = TeacherPlay(branched, 9).play(3)
    # Without branches every value is a game's return; with them, about one child a position
    # more, valued by the search (the teacher's move still the one-hot target).
    assert set(np.unique(v0)) <= {-1.0, 0.0, 1.0}
    assert len(v0) == s0["positions"] and s1["positions"] == len(obs) > len(v0)
    assert np.any(~np.isin(v1, [-1.0, 0.0, 1.0]))
    assert np.all(probs[:, 0] == 1.0) and np.all(mask[np.arange(len(idx)), idx[:, 0]])
    with pytest.raises(ValueError, match="teacher_branch"):
        resolve(Config(game=GAME, options=OPTIONS, teacher_branch=1.5), game)


def test_init_starts_a_new_run_from_a_model_file(tmp_path):
    first = Trainer(Config(game=GAME, options=OPTIONS, seed=3, **SMALL), str(tmp_path / "a"), log=Quiet())
    first.run(iterations=2)
    model = str(tmp_path / "a" / "model.safetensors")
    trained, _ = export.load(model)
    # Another seed would start from other random weights: the file's weights are the start.
    second = Trainer(Config(game=GAME, options=OPTIONS, seed=4, init=model, **SMALL), str(tmp_path / "b"), log=Quiet())
    assert second.iteration == 0 and len(second.replay) == 0
    for k, v in trained.items():
        np.testing.assert_array_equal(network.to_numpy(second.params)[k], v)
    second.run(iterations=1)
    # A resumed run goes on from its checkpoint, not from the file.
    after = network.to_numpy(second.params)
    resumed = Trainer(Config(game=GAME, options=OPTIONS, seed=4, init=model, **SMALL), str(tmp_path / "b"), log=Quiet())
    for k, v in after.items():
        np.testing.assert_array_equal(network.to_numpy(resumed.params)[k], v)
    # A file of other layers, or of other rules, is refused with the reason.
    wider = dict(SMALL, hidden=[32, 32])
    with pytest.raises(SystemExit, match=r"init: .* has the hidden layers \[64, 32\], the config asks for \[32, 32\]"):
        Trainer(Config(game=GAME, options=OPTIONS, init=model, **wider), str(tmp_path / "c"), log=Quiet())
    with pytest.raises(SystemExit, match="init: "):
        Trainer(Config(game=GAME, options={"board": "8x8"}, init=model, **SMALL), str(tmp_path / "d"), log=Quiet())


def test_self_play_evaluates_natively_as_the_jax_network_does():
    from agame.train.selfplay import SelfPlay

    game = agame.load_game(GAME, **OPTIONS)
    config = resolve(Config(game=GAME, options=OPTIONS, **SMALL), game)
    params = network.to_numpy(network.init_params(5, int(np.prod(game.observation_tensor_shape())), [64, 32], game.num_distinct_actions()))
    # Trained-looking weights: the heads of fresh parameters are nearly flat.
    rng = np.random.default_rng(0)
    params = {k: v + rng.normal(0, 0.2, v.shape).astype(np.float32) for k, v in params.items()}
    net = export.native(game, params)
    states = [game.new_initial_state() for _ in range(3)]
    for k, s in enumerate(states):
        for _ in range(k * 3):
            s.apply_action(s.legal_actions()[0])
    obs = np.stack([s.observation_tensor() for s in states]).astype(np.float32)
    masks = np.zeros((3, game.num_distinct_actions()), np.bool_)
    for k, s in enumerate(states):
        masks[k, s.legal_actions()] = True
    priors, values = net.evaluate(obs, masks)
    ref_priors, ref_values = network.forward_numpy(params, obs, masks)
    np.testing.assert_allclose(priors, ref_priors, atol=1e-4)
    np.testing.assert_allclose(values, ref_values, atol=1e-4)
    # And self-play runs with it: positions with their targets.
    arrays, stats = SelfPlay(config, 1).play(params, 4)
    assert stats["positions"] == 4 * config.trees


def test_value_mix_is_checked_and_written_to_the_model_file(tmp_path):
    game = agame.load_game(GAME, **OPTIONS)
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError, match="value_mix"):
            resolve(Config(game=GAME, options=OPTIONS, value_mix=bad), game)
    mixed = Trainer(Config(game=GAME, options=OPTIONS, value_mix=0.5, **SMALL), str(tmp_path / "a"), log=Quiet())
    mixed.run(iterations=1)
    _, meta = export.load(str(tmp_path / "a" / "model.safetensors"))
    assert meta["value_mix"] == "0.5"
    # The zero bot reads it as its default mix.
    assert agame.zero.Network(str(tmp_path / "a" / "model.safetensors")).metadata["value_mix"] == "0.5"
    plain = Trainer(Config(game=GAME, options=OPTIONS, **SMALL), str(tmp_path / "b"), log=Quiet())
    plain.run(iterations=1)
    _, meta = export.load(str(tmp_path / "b" / "model.safetensors"))
    assert "value_mix" not in meta
