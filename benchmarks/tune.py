"""Tune the evaluation's weights (game/ai/weights.py) by self-play on duplicate deals.

SPSA (simultaneous perturbation stochastic approximation): each step draws a random
sign for every tuned weight, plays the weights nudged one way and the other way on the
same training deals, and moves every weight along the measured difference. Two
evaluations a step whatever the number of weights, and the same deals for both halves
of a step, so the luck of the cards cancels out of the difference.

An evaluation is `normal` with the candidate weights playing duplicate deals (each deal
twice, partnerships swapped: the tournament's own `run_duplicate`) against a pool: the
reference expert (game/ai/expert.py) on half the deals, `normal` with the hand-written
weights on the other half. Its score is the mean hand margin a deal.

Training deals come from tournament seeds of 10,000 and up, a fresh seed every step;
the measurements in docs/TUNING.md use seeds below 10,000, which the tuner never plays.
Given its arguments a run is deterministic (the signs come from `--seed`, every game is
seeded), so the command in docs/TUNING.md reproduces the shipped weights exactly.

Every `--save-every` steps the mean of the second half of the steps so far is written
to `--out` (default game/ai/tuned_weights.py, the file the game loads), so an
interrupted run still leaves its latest estimate.

Run: nice python benchmarks/tune.py [--steps 100] [--deals 100] [--seed 1] [--jobs 2]
Held-out check, the shipped `normal` against the hand-written one on duplicate deals of
a seed under 10,000: python benchmarks/tune.py --compare 400 --seed 5
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.base import register  # noqa: E402
from game.ai.heuristic import HeuristicPlayer  # noqa: E402
from game.ai.weights import HAND_WRITTEN, Weights  # noqa: E402
from game.cli.tournament import format_result, run_duplicate  # noqa: E402

# The weights tuned: those `normal` ranks its moves by in every turn of a classic hand
# (draw or take, opening, melding, discarding, going out). The rest change few moves.
TUNED = (
    "draw_worth", "take_top", "take_canasta", "take_opens", "take_denies", "pile_melds",
    "pile_single", "opening_base", "opening_two", "opening_joker", "opening_per_pile_card",
    "opening_late", "meld_value_share", "meld_per_card", "meld_canasta", "wild_wait",
    "short_two", "short_joker", "keep_pair_for_pile", "melt", "pile_worth_base",
    "pile_worth_per_card", "keep_melded", "keep_triple", "keep_pair", "keep_pair_frozen",
    "shed_value", "shed_value_ending", "go_out_behind",
)
# Tournament seeds of the training deals start here (measurements use smaller ones).
TRAIN_SEEDS = 10_000
# A weight moves within this many times its hand-written value either way of it.
BOUND = 1.0
# SPSA's gains: a step's perturbation (a share of each weight's hand-written value) and
# its learning rate, both decaying with the step number as the method prescribes.
PERTURB = 0.25
RATE = 0.0008
STABILITY = 10
ALPHA = 0.602
GAMMA = 0.101


@dataclasses.dataclass(frozen=True)
class Step:
    """One SPSA step: its number, the two scores, and the point it left."""

    k: int
    plus: float
    minus: float
    x: tuple[float, ...]


def spsa(score: Callable[[Sequence[float], int], float], dims: int, steps: int,
         rng: random.Random, on_step: Callable[[Step], None] = lambda s: None
         ) -> list[Step]:
    """Maximise `score(x, k)` over x in [-BOUND, BOUND]^dims from 0; `k` names the
    step's training deals, the same for both halves of a step."""
    x = [0.0] * dims
    out = []
    for k in range(steps):
        a = RATE / (k + 1 + STABILITY) ** ALPHA
        c = PERTURB / (k + 1) ** GAMMA
        delta = [rng.choice((-1.0, 1.0)) for _ in range(dims)]
        plus = score([xi + c * d for xi, d in zip(x, delta, strict=True)], k)
        minus = score([xi - c * d for xi, d in zip(x, delta, strict=True)], k)
        g = (plus - minus) / (2.0 * c)
        x = [max(-BOUND, min(BOUND, xi + a * g * d)) for xi, d in zip(x, delta, strict=True)]
        step = Step(k, plus, minus, tuple(x))
        out.append(step)
        on_step(step)
    return out


def settled(steps: Sequence[Step]) -> tuple[float, ...]:
    """The mean point of the second half of the steps: SPSA's iterates wander by the
    noise of the games, their average far less."""
    tail = steps[len(steps) // 2:]
    return tuple(sum(s.x[i] for s in tail) / len(tail) for i in range(len(tail[0].x)))


def weights_at(x: Sequence[float], names: Sequence[str] = TUNED,
               base: Weights = HAND_WRITTEN) -> Weights:
    """The weights at point `x`: each tuned one its hand-written value times 1 + x."""
    return dataclasses.replace(base, **{n: getattr(base, n) * (1.0 + xi)
                                        for n, xi in zip(names, x, strict=True)})


def changed(w: Weights, names: Sequence[str] = TUNED) -> dict[str, float]:
    """The tuned weights that differ from the hand-written ones, rounded."""
    out = {}
    for n in names:
        v = round(getattr(w, n), 2)
        if v != getattr(HAND_WRITTEN, n):
            out[n] = v
    return out


def write_tuned(path: Path, values: dict[str, float], command: str) -> None:
    """Write the file the game lays over the hand-written weights."""
    lines = ['"""The tuner\'s results, laid over the hand-written weights (weights.py).', "",
             "Written by benchmarks/tune.py (see docs/TUNING.md):", f"    {command}", '"""',
             "", "TUNED: dict[str, float] = {"]
    lines += [f"    {n!r}: {v!r}," for n, v in values.items()]
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def pool_score(variant: str, deals: int, jobs: int) -> Callable[[Sequence[float], int], float]:
    """The score of point x on step k's training deals: the mean margin a deal of
    `normal` with x's weights, half the deals against the expert and half against
    `normal` with the hand-written weights."""
    _register_hand_written()

    def score(x: Sequence[float], k: int) -> float:
        w = weights_at(x)
        # registered before the tournament's workers fork, so they inherit it
        register("candidate", lambda seed=0: HeuristicPlayer("normal", seed, weights=w))
        total = 0.0
        for i, opponent in enumerate(("expert", "hand-written")):
            r = run_duplicate(variant, "candidate", opponent, deals // 2,
                              seed=TRAIN_SEEDS + 2 * k + i, jobs=jobs)
            if r["errors"]:
                raise RuntimeError(f"games failed: {r['error_details']}")
            total += r["mean_margin_per_deal"]
        return total / 2

    return score


def _register_hand_written() -> None:
    register("hand-written", lambda seed=0: HeuristicPlayer("normal", seed, weights=HAND_WRITTEN))


def compare(variant: str, deals: int, seed: int, jobs: int) -> None:
    """Print the shipped `normal` against the hand-written one on held-out deals."""
    if seed >= TRAIN_SEEDS:
        raise SystemExit(f"seed {seed} is among the training seeds (>= {TRAIN_SEEDS})")
    _register_hand_written()
    for line in format_result(run_duplicate(variant, "normal", "hand-written", deals,
                                            seed=seed, jobs=jobs)):
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--deals", type=int, default=100, help="deals per evaluation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--save-every", type=int, default=10)
    parser.add_argument("--compare", type=int, default=0, metavar="DEALS",
                        help="only measure the shipped weights against the hand-written ones")
    parser.add_argument("--out", type=Path,
                        default=Path(__file__).resolve().parent.parent / "game/ai/tuned_weights.py")
    args = parser.parse_args()
    if args.compare:
        compare(args.variant, args.compare, args.seed, args.jobs)
        return
    command = (f"python benchmarks/tune.py --variant {args.variant} --steps {args.steps} "
               f"--deals {args.deals} --seed {args.seed}")
    start = time.perf_counter()
    history: list[Step] = []

    def report(step: Step) -> None:
        history.append(step)
        moved = sorted(zip(TUNED, step.x, strict=True), key=lambda t: -abs(t[1]))[:4]
        print(f"step {step.k + 1:4}/{args.steps}  +{step.plus:7.1f}  -{step.minus:7.1f}  "
              f"{time.perf_counter() - start:6.0f} s  "
              + "  ".join(f"{n} {v:+.2f}" for n, v in moved), flush=True)
        if len(history) % args.save_every == 0 or len(history) == args.steps:
            values = changed(weights_at(settled(history)))
            write_tuned(args.out, values, command)
            print(f"  wrote {len(values)} weights to {args.out}", flush=True)

    spsa(pool_score(args.variant, args.deals, args.jobs), len(TUNED), args.steps,
         random.Random(args.seed), report)


if __name__ == "__main__":
    main()
