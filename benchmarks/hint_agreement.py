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

`--classify` says why each hint rated below good failed: "missing" when the review's
better move is not among the hint's candidates (analysis.candidate_moves), "rater" when
the review itself, rated again with two other seeds, calls the hint's move best or good
at least once (the yardstick's own noise), else "noise" (the hint's worlds ranked the
candidates wrongly). `--ceiling` asks, instead of the hint, the review's own analysis on
another seed (150 worlds a candidate, the rater's depth): how often the rater agrees with
itself, the most a hint of any budget can expect from this measurement.

The default run reads only interfaces main has had for long (suggest(view); rate(view,
action, index, worlds, seed)), so the same file measures an older checkout too:
    python benchmarks/hint_agreement.py [--positions 60] [--variant classic] [--worlds 150]
        [--classify] [--ceiling]
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


# the review's seeds a failure is rated again with (--classify)
RERATE_SEEDS = (1000, 2000)


def ceiling_move(view, worlds: int, seed: int) -> Action:
    """The review's own best move on another stream of worlds (--ceiling)."""
    from dataclasses import replace

    from game.ai.analysis import analyse

    return analyse(view, replace(R.REVIEW, worlds=worlds), seed + RERATE_SEEDS[0]).best.action


def failure_kind(view, hint: Action, rated, worlds: int, seed: int) -> str:
    """Why a hint rated below good failed (--classify; see the module's doc)."""
    from game.ai.analysis import HINT, candidate_moves, suit_blind

    if suit_blind(rated.best) not in {suit_blind(a) for a, _ in candidate_moves(view, HINT)}:
        return "missing"
    again = (R.rate(view, hint, 0, worlds, seed=seed + k).label for k in RERATE_SEEDS)
    return "rater" if any(label in ("best", "good") for label in again) else "noise"


def run(variant: str, positions: int, worlds: int, seed: int, show: bool,
        classify: bool = False, ceiling: bool = False) -> dict:
    labels: dict[str, int] = {}
    kinds: dict[str, int] = {}
    missed = done = 0
    t0 = time.perf_counter()
    for g, seat in normal_positions(variant, positions * 4, seed=seed, every=2):
        if done == positions:
            break
        view = g.view(seat)
        legal = view.legal
        if len(legal) < 2 or any(isinstance(a, NextHand) for a in legal):
            continue
        move = ceiling_move(view, worlds, done) if ceiling else suggest(view).action
        rated = R.rate(view, move, 0, worlds, seed=done)
        labels[rated.label] = labels.get(rated.label, 0) + 1
        mine = next(t.mean for t in rated.tried if t.action == move)
        best_out = max((t.mean for t in rated.tried if ends_hand(len(view.hand), t.action)),
                       default=None)
        limit = R.THRESHOLDS[0][0]
        if not ends_hand(len(view.hand), move) and best_out is not None \
                and best_out > mine + limit:
            missed += 1
        kind = ""
        if classify and rated.label not in ("best", "good"):
            kind = failure_kind(view, move, rated, worlds, done)
            kinds[kind] = kinds.get(kind, 0) + 1
        if show and rated.label not in ("best", "good"):
            print(f"   {variant} #{done}: {rated.label} -{rated.loss:.0f} {kind} hint {move} "
                  f"better {rated.best}", flush=True)
        done += 1
    good = labels.get("best", 0) + labels.get("good", 0)
    return {"variant": variant, "positions": done, "best_or_good": good,
            "mistakes": labels.get("mistake", 0) + labels.get("blunder", 0),
            "missed_ways_out": missed, "seconds": time.perf_counter() - t0, "labels": labels,
            "failures": kinds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--variant", choices=sorted(VARIANTS), action="append")
    ap.add_argument("--worlds", type=int, default=DEEP_WORLDS)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--show", action="store_true", help="print every hint rated below good")
    ap.add_argument("--classify", action="store_true",
                    help="say why each hint rated below good failed (missing, rater, noise)")
    ap.add_argument("--ceiling", action="store_true",
                    help="rate the review's own best move on another seed instead of the hint")
    args = ap.parse_args()
    for variant in args.variant or sorted(VARIANTS):
        row = run(variant, args.positions, args.worlds, args.seed, args.show, args.classify,
                  args.ceiling)
        n = max(1, row["positions"])
        print(f"{variant:16s} positions {row['positions']:3d}  best or good "
              f"{100 * row['best_or_good'] / n:5.1f}%  mistake/blunder {row['mistakes']:2d}  "
              f"missed ways out {row['missed_ways_out']:2d}  labels {row['labels']}  "
              f"{'failures ' + str(row['failures']) + '  ' if args.classify else ''}"
              f"({row['seconds']:.0f} s, load {os.getloadavg()[0]:.1f})", flush=True)


if __name__ == "__main__":
    main()
