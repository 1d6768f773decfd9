"""The tuner's results, laid over the hand-written weights (weights.py).

Empty: the shipped weights are the hand-written ones until a tuning run measures better
on held-out deals (see docs/TUNING.md). benchmarks/tune.py rewrites this file.
"""

TUNED: dict[str, float] = {}
