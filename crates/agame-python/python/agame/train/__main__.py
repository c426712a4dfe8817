"""`python -m agame.train GAME [--option k=v ...] [--minutes M | --iterations N] --out DIR
[--config FILE.json] [--seed S] [--ray ADDRESS] [--resume | --reconfigure]`: AlphaZero-style training of an MLP by
self-play with agame.zero.BatchedSearch (docs/learning.md, "Training")."""

from __future__ import annotations

import argparse
import json
import shlex
import sys


def parse(argv):
    p = argparse.ArgumentParser(
        prog="python -m agame.train",
        description="Trains a network for the zero bot by self-play (docs/learning.md, Training).",
    )
    p.add_argument("game", help="pikemen, gipf or epaminondas")
    p.add_argument("--option", action="append", default=[], metavar="K=V", help="a game option (load_game keyword), repeatable")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--minutes", type=float, help="train for this long (this run)")
    budget.add_argument("--iterations", type=int, help="train until this many iterations in all")
    p.add_argument("--out", required=True, help="the run's folder: checkpoint, model, curve, config")
    p.add_argument("--config", help="a JSON file of Config fields (agame/train/config.py)")
    p.add_argument("--seed", type=int, help="the run's seed (default 0)")
    p.add_argument("--ray", metavar="ADDRESS", help="self-play on Ray actors of this cluster (e.g. 127.0.0.1:6379 or auto)")
    p.add_argument("--resume", action="store_true", help="require a checkpoint in --out (a run resumes from one anyway)")
    p.add_argument(
        "--reconfigure",
        action="store_true",
        help="resume with this command's config instead of the checkpoint's (a new stage, e.g. another teacher)",
    )
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    from . import checkpoint
    from .config import Config
    from .loop import Trainer

    data = {}
    if args.config:
        with open(args.config) as f:
            data = json.load(f)
    data["game"] = args.game
    options = dict(data.get("options", {}))
    for item in args.option:
        if "=" not in item:
            raise SystemExit(f"--option {item!r}: expected KEY=VALUE")
        k, v = item.split("=", 1)
        options[k] = v
    data["options"] = options
    if args.seed is not None:
        data["seed"] = args.seed
    if (args.resume or args.reconfigure) and not checkpoint.exists(args.out):
        flag = "--resume" if args.resume else "--reconfigure"
        raise SystemExit(f"{flag}: no checkpoint in {args.out}")
    config = Config.from_dict(data)
    command = "python -m agame.train " + " ".join(shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv))
    trainer = Trainer(config, args.out, command=command, ray_address=args.ray, reconfigure=args.reconfigure)
    minutes = args.minutes
    if minutes is None and args.iterations is None:
        minutes = 10.0
    trainer.run(iterations=args.iterations, minutes=minutes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
