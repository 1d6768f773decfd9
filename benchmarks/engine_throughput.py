"""Hands and moves per second of uniform-random play (uniform over legal_actions()).

Run: python benchmarks/engine_throughput.py [--hands 400] [--variant NAME]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import VARIANTS, Game, NextHand, Phase  # noqa: E402


def run(variant: str, hands: int, seed: int) -> tuple[float, float, float]:
    rules = VARIANTS[variant]
    rng = random.Random(seed)
    done = moves = 0
    game_seed = seed
    start = time.perf_counter()
    while done < hands:
        g = Game.new(rules, seed=game_seed)
        game_seed += 1
        while not g.is_over and done < hands:
            g.apply(rng.choice(g.legal_actions()))
            moves += 1
            if g.phase is Phase.HAND_OVER:
                done += 1
                g.apply(NextHand())
            elif g.phase is Phase.GAME_OVER:
                done += 1
    elapsed = time.perf_counter() - start
    return done / elapsed, moves / elapsed, moves / max(done, 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=list(VARIANTS), action="append")
    args = parser.parse_args()
    for name in args.variant or list(VARIANTS):
        hps, mps, per = run(name, args.hands, args.seed)
        print(f"{name:>16}: {hps:8.1f} hands/s  {mps:9.0f} moves/s  "
              f"({per:.0f} moves per hand, {args.hands} hands, one core)")


if __name__ == "__main__":
    main()
