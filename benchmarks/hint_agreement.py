"""How often the hint's move is one the hand review rates best or good.

Positions come from `normal` playing every seat (game.ai.fact_check.normal_positions),
kept only where the player has a real choice (more than one legal move, not the next
hand). At each, the hint (`game.ai.hints.suggest`) is asked from the player's view and
its move is rated by the review's own function (`game.ai.review.rate`) with `--worlds`
worlds a candidate (the analysis' DEEP budget, 150, by default: deeper than the review's own budget, so the rating
is not the hint's analysis read back). Prints, per variant, the share rated best or
good, how many were rated a mistake or a blunder, and the ways out missed: positions
where the hint does not end the hand and a move that does was rated better than the
hint's by more than the "best" threshold. The machine's load is printed beside it.

The script reads only interfaces main has had for long (suggest(view); rate(view,
action, index, worlds, seed)), so the same file measures an older checkout too:
    python benchmarks/hint_agreement.py [--positions 60] [--variant classic] [--worlds 150]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import review as R  # noqa: E402
from game.ai.fact_check import normal_positions  # noqa: E402
from game.ai.hints import suggest  # noqa: E402
from game.rules import VARIANTS  # noqa: E402
from game.rules.actions import Action, Discard, Meld, NextHand  # noqa: E402

try:  # the analysis' deep budget; an older checkout without it is measured at the same
    from game.ai.analysis import DEEP  # noqa: E402
    DEEP_WORLDS = DEEP.worlds
except ImportError:
    DEEP_WORLDS = 150


def ends_hand(hand: int, action: Action) -> bool:
    if isinstance(action, Meld):
        return hand - sum(len(g) for g in action.groups) <= 1
    return isinstance(action, Discard) and hand == 1


def run(variant: str, positions: int, worlds: int, seed: int, show: bool) -> dict:
    labels: dict[str, int] = {}
    missed = done = 0
    t0 = time.perf_counter()
    for g, seat in normal_positions(variant, positions * 4, seed=seed, every=2):
        if done == positions:
            break
        view = g.view(seat)
        legal = view.legal
        if len(legal) < 2 or any(isinstance(a, NextHand) for a in legal):
            continue
        hint = suggest(view)
        rated = R.rate(view, hint.action, 0, worlds, seed=done)
        labels[rated.label] = labels.get(rated.label, 0) + 1
        mine = next(t.mean for t in rated.tried if t.action == hint.action)
        best_out = max((t.mean for t in rated.tried if ends_hand(len(view.hand), t.action)),
                       default=None)
        limit = R.THRESHOLDS[0][0]
        if not ends_hand(len(view.hand), hint.action) and best_out is not None \
                and best_out > mine + limit:
            missed += 1
        if show and rated.label not in ("best", "good"):
            print(f"   {variant} #{done}: {rated.label} -{rated.loss:.0f} hint {hint.action} "
                  f"better {rated.best}", flush=True)
        done += 1
    good = labels.get("best", 0) + labels.get("good", 0)
    return {"variant": variant, "positions": done, "best_or_good": good,
            "mistakes": labels.get("mistake", 0) + labels.get("blunder", 0),
            "missed_ways_out": missed, "seconds": time.perf_counter() - t0, "labels": labels}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--variant", choices=sorted(VARIANTS), action="append")
    ap.add_argument("--worlds", type=int, default=DEEP_WORLDS)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--show", action="store_true", help="print every hint rated below good")
    args = ap.parse_args()
    for variant in args.variant or sorted(VARIANTS):
        row = run(variant, args.positions, args.worlds, args.seed, args.show)
        n = max(1, row["positions"])
        print(f"{variant:16s} positions {row['positions']:3d}  best or good "
              f"{100 * row['best_or_good'] / n:5.1f}%  mistake/blunder {row['mistakes']:2d}  "
              f"missed ways out {row['missed_ways_out']:2d}  labels {row['labels']}  "
              f"({row['seconds']:.0f} s, load {os.getloadavg()[0]:.1f})", flush=True)


if __name__ == "__main__":
    main()
