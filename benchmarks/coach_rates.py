"""How often the coach speaks: on its catalogue of blunders, and on a strong player's own moves.

1. Every scripted catalogue position (game/ai/coach_cases.py): is the blunder flagged as
   its kind, and is the near-identical reasonable move left alone?
2. For positions reached by a computer player playing every seat, the share of that
   player's own moves (decisions with two or more legal moves) the coach would flag.

Run: python benchmarks/coach_rates.py [--level hard] [--positions 300] [--variant NAME]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game.ai  # noqa: E402, F401 - registers the players
from game.ai.base import act  # noqa: E402
from game.ai.coach import judge  # noqa: E402
from game.ai.coach_cases import CASES  # noqa: E402
from game.ai.heuristic import HeuristicPlayer  # noqa: E402
from game.rules import VARIANTS, Game, NextHand, Phase  # noqa: E402


def catalogue() -> None:
    flagged = quiet = 0
    for case in CASES:
        g = case.build()
        view = g.view(g.to_play)
        w = judge(view, case.blunder(g))
        ok = w is not None and w.kind is case.kind
        flagged += ok
        calm = judge(view, case.reasonable(g)) is None
        quiet += calm
        if not ok or not calm:
            print(f"  {case.kind.value}: flagged {ok}, reasonable move quiet {calm}")
    n = len(CASES)
    print(f"catalogue: {n} kinds, blunders flagged {flagged}/{n} ({100 * flagged / n:.0f}%), "
          f"reasonable moves left alone {quiet}/{n}")


def own_moves(variant: str, level: str, positions: int, seed: int) -> tuple[int, Counter]:
    rules = VARIANTS[variant]
    flags: Counter = Counter()
    done = 0
    game_seed = seed
    while done < positions:
        g = Game.new(rules, seed=game_seed)
        players = [HeuristicPlayer(level, seed=game_seed * 8 + s) for s in range(rules.players)]
        game_seed += 1
        while not g.is_over and done < positions and g.hand_number <= 3:
            if g.phase is Phase.HAND_OVER:
                g.apply(NextHand())
                continue
            seat = g.to_play
            view = g.view(seat)
            if g.phase is Phase.ASK_PARTNER:
                g.apply(act(players[seat], view))
                continue
            action = players[seat].choose(view)
            if len(view.legal) > 1:
                done += 1
                w = judge(view, action)
                if w is not None:
                    flags[w.kind.value] += 1
            g.apply(action)
    return done, flags


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--variant", choices=sorted(VARIANTS), action="append")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    catalogue()
    for variant in args.variant or sorted(VARIANTS):
        t0 = time.perf_counter()
        done, flags = own_moves(variant, args.level, args.positions, args.seed)
        n = sum(flags.values())
        print(f"{variant:16s} {args.level} moves {done:4d}  flagged {n:3d} ({100 * n / max(done, 1):.1f}%)"
              f"  ({time.perf_counter() - t0:.0f} s)  " + ", ".join(f"{k} {v}" for k, v in flags.most_common()))


if __name__ == "__main__":
    main()
