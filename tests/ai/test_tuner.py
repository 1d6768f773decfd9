"""The tuner (benchmarks/tune.py): SPSA climbs a known slope, is deterministic for its
seed, and writes a file the game loads as weights."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from game.ai.weights import HAND_WRITTEN, with_values

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "tune.py"


def _tune():
    spec = importlib.util.spec_from_file_location("benchmarks_tune", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_spsa_climbs_towards_the_best_point_and_repeats_itself():
    tune = _tune()
    best = [0.5, -0.3, 0.0]

    def score(x, k):
        # a noisy hill; the noise depends on the step only, as the training deals do
        noise = random.Random(k).gauss(0.0, 5.0)
        return -1000.0 * sum((a - b) ** 2 for a, b in zip(x, best, strict=True)) + noise

    steps = tune.spsa(score, 3, 300, random.Random(4))
    end = tune.settled(steps)
    assert all(abs(a - b) < 0.15 for a, b in zip(end, best, strict=True))
    assert tune.spsa(score, 3, 300, random.Random(4)) == steps


def test_the_tuned_file_is_laid_over_the_hand_written_weights(tmp_path):
    tune = _tune()
    x = [0.0] * len(tune.TUNED)
    x[0] = 0.5
    values = tune.changed(tune.weights_at(x))
    assert values == {tune.TUNED[0]: getattr(HAND_WRITTEN, tune.TUNED[0]) * 1.5}
    out = tmp_path / "tuned.py"
    tune.write_tuned(out, values, "python benchmarks/tune.py --steps 1")
    namespace: dict = {}
    exec(out.read_text(), namespace)
    assert with_values(HAND_WRITTEN, namespace["TUNED"]) == tune.weights_at(x)
    with pytest.raises(ValueError):
        with_values(HAND_WRITTEN, {"no_such_weight": 1.0})
