"""Self-play PPO with action masking on an agame PettingZoo environment, with Ray RLlib.

    pip install ./crates/agame-python "ray[rllib]" torch pettingzoo
    python docs/examples/rllib_pettingzoo.py --iterations 2              # one machine
    python docs/examples/rllib_pettingzoo.py --address auto --runners 32   # a running Ray cluster

One policy plays every seat (shared parameters). Ray spreads the environment runners, and so
the self-play games, over whatever cluster `ray.init` joins; nothing here is specific to one
machine.
"""

import argparse

import gymnasium as gym
import numpy as np
import ray
from pettingzoo.utils import BaseWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.tune.registry import register_env

from agame.pettingzoo import env as agame_env


class RLlibObservations(BaseWrapper):
    """RLlib's action-masking module wants the keys `observations` and `action_mask`, as
    float vectors; agame's environments give `observation` planes and an int8 mask."""

    def observation_space(self, agent):
        inner = self.env.observation_space(agent)
        size = int(np.prod(inner["observation"].shape))
        actions = inner["action_mask"].shape[0]
        return gym.spaces.Dict(
            {
                "observations": gym.spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": gym.spaces.Box(0.0, 1.0, (actions,), np.float32),
            }
        )

    def observe(self, agent):
        obs = self.env.observe(agent)
        return {
            "observations": obs["observation"].ravel(),
            "action_mask": obs["action_mask"].astype(np.float32),
        }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="epaminondas")
    parser.add_argument("--board", default="8x8", help="Epaminondas board size")
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=2)
    parser.add_argument("--runners", type=int, default=1, help="environment runners")
    parser.add_argument("--address", default=None, help="a Ray cluster to join, e.g. auto")
    args = parser.parse_args()

    options = {"max_plies": args.max_plies}
    if args.game == "epaminondas":
        options["board"] = args.board
    register_env(
        "agame",
        lambda _: PettingZooEnv(RLlibObservations(agame_env(args.game, **options))),
    )
    ray.init(address=args.address)
    config = (
        PPOConfig()
        # RLlib's checker steps random actions; masked games refuse illegal ones.
        .environment("agame", disable_env_checking=True)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent, *a, **k: "shared")
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [128, 128]},
                    )
                }
            )
        )
        .env_runners(num_env_runners=args.runners)
        .training(train_batch_size_per_learner=1000, minibatch_size=250, num_epochs=2)
    )
    algo = config.build_algo()
    for i in range(args.iterations):
        result = algo.train()
        runners = result.get("env_runners", {})
        print(
            f"iteration {i + 1}: {runners.get('num_env_steps_sampled_lifetime', '?')} steps, "
            f"mean episode length {runners.get('episode_len_mean', float('nan')):.1f}"
        )
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
