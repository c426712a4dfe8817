"""AlphaZero-style training for the zero bot: `python -m agame.train` (docs/learning.md,
"Training"). Needs the `train` extra (jax, optax, safetensors).

Pieces: config.py (every hyperparameter), network.py (the MLP in JAX), selfplay.py (games with
BatchedSearch), replay.py (the buffer), evaluate.py (matches against the Rust bots),
checkpoint.py, curve.py (CSV and SVG), progress.py, export.py (the safetensors file),
ray_actors.py (self-play workers, local or on Ray), loop.py (the loop), __main__.py (the
command line).
"""
