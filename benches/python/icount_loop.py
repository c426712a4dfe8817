"""A fixed loop of batched random play, for instruction counts under callgrind (load-independent,
unlike benches/python/vector_env.py's timings):

    PYTHONHASHSEED=0 valgrind --tool=callgrind python benches/python/icount_loop.py pikemen 256 100

Run it again with 0 steps and subtract: the difference over (games x steps) is the
instructions of one game-step, Python's share included (docs/performance.md)."""

import sys

import agame

name, games, steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
env = agame.VectorEnv(name, games, seed=1)
env.reset()
for _ in range(5):
    env.step(env.sample_actions())
for _ in range(steps):
    env.step(env.sample_actions())
