"""Every fact the hints state, checked against the real game: false statements per variant.

For positions reached by `normal` play, the hint for the player to act is asked from that
player's view; each fact it carries is then re-derived from the true game (all hands
known) by `game.ai.fact_check`. Prints positions, facts checked and false statements.

Run: python benchmarks/hint_facts.py [--positions 300] [--variant NAME] [--show 5] [--seed 0]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.fact_check import Checker, normal_positions  # noqa: E402
from game.ai.hints import suggest  # noqa: E402
from game.rules import VARIANTS  # noqa: E402


def run(variant: str, positions: int, show: int, seed: int = 0) -> tuple[int, int, int, Counter]:
    facts = false = 0
    kinds: Counter = Counter()
    done = 0
    for g, seat in normal_positions(variant, positions, seed=seed):
        hint = suggest(g.view(seat))
        kinds[hint.reason_key] += 1
        facts += len(hint.facts)
        wrong = Checker(g, seat).false_statements(hint)
        false += len(wrong)
        for w in wrong[:max(show, 0)]:
            print(f"  FALSE ({variant}): {w}")
        done += 1
    return done, facts, false, kinds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--variant", choices=sorted(VARIANTS), action="append")
    ap.add_argument("--show", type=int, default=5, help="false statements to print per position")
    ap.add_argument("--seed", type=int, default=0, help="first game seed")
    args = ap.parse_args()
    total_false = 0
    for variant in args.variant or sorted(VARIANTS):
        t0 = time.perf_counter()
        done, facts, false, kinds = run(variant, args.positions, args.show, args.seed)
        total_false += false
        print(f"{variant:16s} positions {done:4d}  facts checked {facts:5d}  false {false}"
              f"  ({time.perf_counter() - t0:.0f} s)")
        print("   reasons: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    print(f"false statements in all: {total_false}")


if __name__ == "__main__":
    main()
