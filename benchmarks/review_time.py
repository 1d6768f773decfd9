"""How long the hand review takes, and the figures its rating thresholds rest on.

    python benchmarks/review_time.py            # review a ~40-move classic hand
    python benchmarks/review_time.py --swing 300 --noise

The hand is played by `normal` in every seat (seat 0 stands for the human); the first
hand of `--moves` to `--moves`+`--window` moves is reviewed at the default budget (game/ai/review.py
WORLDS). Prints wall and CPU time (the machine is shared: CPU time is the steadier
figure). `--swing N` plays N hands and prints the standard deviation of a hand's margin
between the sides; `--noise` reviews the same hand with a second seed and prints how far
the two estimates of each decision's loss lie apart, and the mean spread between the
best and worst move tried at a decision.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_player  # noqa: E402
from game.ai import review as R  # noqa: E402
from game.ai.base import act  # noqa: E402
from game.rules import Game, Phase  # noqa: E402
from game.rules.actions import Action, NextHand  # noqa: E402
from game.rules.ruleset import VARIANTS  # noqa: E402


def hands(variant: str, seed: int):
    """Each finished hand of a game played by `normal` in every seat, as a record."""
    rules = VARIANTS[variant]
    g = Game.new(rules, seed=seed)
    players = [make_player("normal", seed + s) for s in range(rules.players)]
    moves: list[Action] = []
    while not g.is_over:
        if g.phase is Phase.HAND_OVER:
            yield R.record_of(g, moves, 0), g
            moves = []
            g.apply(NextHand())
            continue
        v = g.view(g.to_play)
        a = act(players[g.to_play], v)
        moves.append(a)
        g.apply(a)
    yield R.record_of(g, moves, 0), g


def hand_of(variant: str, at_least: int, seed: int, window: int = 4) -> R.HandRecord:
    for s in range(seed, seed + 50):
        for rec, _g in hands(variant, s):
            if rec is not None and at_least <= len(rec.moves) <= at_least + window:
                return rec
    raise SystemExit("no hand that long")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--window", type=int, default=4, help="how many moves longer it may be")
    ap.add_argument("--worlds", type=int, default=R.WORLDS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--swing", type=int, default=0)
    ap.add_argument("--noise", action="store_true")
    a = ap.parse_args()
    rules = VARIANTS[a.variant]
    rec = hand_of(a.variant, a.moves, a.seed, a.window)
    cpu, wall = time.process_time(), time.perf_counter()
    rv = R.review_hand(rules, rec, worlds=a.worlds, seed=a.seed)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    assert rv is not None
    print(f"{a.variant}: a {len(rec.moves)}-move hand, {len(rv.decisions)} decisions of seat 0 "
          f"rated at {a.worlds} worlds: wall {wall:.1f} s, CPU {cpu:.1f} s "
          f"({cpu / max(1, len(rv.decisions)):.2f} s CPU a decision)")
    print("labels:", rv.counts(), f"accuracy {rv.accuracy:.0%}")
    if a.noise:
        other = R.review_hand(rules, rec, worlds=a.worlds, seed=a.seed + 7)
        assert other is not None
        diffs = [abs(x.loss - y.loss) for x, y in zip(rv.decisions, other.decisions, strict=True)]
        spread = [max(t.mean for t in d.tried) - min(t.mean for t in d.tried)
                  for d in rv.decisions + other.decisions if len(d.tried) > 1]
        print(f"noise: loss estimates of the same decisions differ by {statistics.mean(diffs):.1f} "
              f"on average (max {max(diffs):.1f}); best-to-worst spread of the moves tried: "
              f"mean {statistics.mean(spread):.1f}, median {statistics.median(spread):.1f}")
    if a.swing:
        margins: list[int] = []
        s = a.seed
        while len(margins) < a.swing:
            for rec2, g in hands(a.variant, s):
                if rec2 is not None and g.last_scores:
                    margins.append(R.Duplicate.margin(R.hand_totals(g), 0))
            s += 1
        print(f"swing: {len(margins)} hands, hand margin of seat 0's side: mean "
              f"{statistics.mean(margins):.0f}, standard deviation {statistics.pstdev(margins):.0f}")


if __name__ == "__main__":
    main()
