"""Moves of several groups that `legal_actions()` neither lists nor reaches, per variant.

`legal_actions()` lists every single group and every take, every minimal opening of
several groups (from the hand and with the pile: `game/rules/openers.py`) and one way out
of several groups; the rest must follow through listed moves of the same turn. This
counts, on positions of random and `normal` play, the legal multi-group moves (brute force, `tests/rules/multimeld.py`) whose
outcome is not listed and whose end state no sequence of listed moves of the same turn
reaches. Per variant and agent it prints: positions checked, positions with a legal
multi-group move, distinct legal multi-group outcomes, how many are not listed, positions
with an unreachable outcome (by kind: opening, opening with the pile, way out), italian
openings reached only after the draw, searches out of budget, CPU seconds, and a few
examples.

Run: python benchmarks/multimeld_reach.py [--variants classic,italian] [--positions 600]
         [--seeds 21,23] [--examples 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import VARIANTS, TakePile  # noqa: E402
from tests.rules.completeness import describe, positions  # noqa: E402
from tests.rules.multimeld import audit, opened  # noqa: E402


def measure(variant: str, agent: str, seed: int, count: int, examples: int) -> None:
    t0 = time.process_time()
    with_multi = legal = unlisted = bad = unknown = after_draw = 0
    kinds: Counter = Counter()
    shown: list[str] = []
    for g in positions(variant, agent, seed, count, every=0.5):
        f = audit(g)
        legal += f.legal
        unlisted += f.unlisted
        unknown += f.unknown
        after_draw += f.after_draw
        with_multi += bool(f.legal)
        if not f.unreachable:
            continue
        bad += 1
        kinds.update({"take" if isinstance(a, TakePile) else "way out" if opened(g) else "opening"
                      for a in f.unreachable})
        if len(shown) < examples:
            shown.append(f"    {describe(g)}\n      e.g. {f.unreachable[0]}")
    print(f"{variant:16} {agent:6} seed={seed}: positions={count} with_legal_multi={with_multi} "
          f"legal_outcomes={legal} unlisted={unlisted} positions_unreachable={bad} "
          f"by_kind={dict(kinds)} reached_after_draw={after_draw} out_of_budget={unknown} "
          f"cpu={time.process_time() - t0:.1f}s")
    for line in shown:
        print(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default=",".join(sorted(VARIANTS)))
    ap.add_argument("--positions", type=int, default=600)
    ap.add_argument("--seeds", default="21,23", help="random play's seed, normal play's seed")
    ap.add_argument("--examples", type=int, default=2)
    args = ap.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    for variant in args.variants.split(","):
        for agent, seed in zip(("random", "normal"), seeds, strict=False):  # one seed: random only
            measure(variant, agent, seed, args.positions, args.examples)


if __name__ == "__main__":
    main()
