"""Decision time of the computer players: median and 99th percentile per level and variant.

Every decision of the measured level in real games is timed (the other seats are played
by `normal`); all variants in VARIANTS at run time are measured.

Run: python benchmarks/ai_latency.py [--levels easy,normal,hard] [--hands 6]
         [--variants classic,italian] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.heuristic import HeuristicPlayer  # noqa: E402
from game.rules import VARIANTS, AnswerGoOut, Game, Phase  # noqa: E402


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[i]


def measure(variant: str, level: str, hands: int, seed: int) -> dict:
    rules = VARIANTS[variant]
    times: list[float] = []
    played = 0
    game_seed = seed
    while played < hands:
        g = Game.new(rules, seed=game_seed)
        game_seed += 1
        # the measured level on even seats (one partnership / every other player)
        players = [HeuristicPlayer(level if s % 2 == 0 else "normal", seed=game_seed * 10 + s)
                   for s in range(rules.players)]
        while not g.is_over and played < hands:
            if g.phase is Phase.HAND_OVER:
                played += 1
                g.apply(g.legal_actions()[0])
                continue
            seat = g.to_play
            view = g.view(seat)
            t0 = time.perf_counter()
            if g.phase is Phase.ASK_PARTNER:
                action = AnswerGoOut(players[seat].answer_go_out(view))
            else:
                action = players[seat].choose(view)
            dt = time.perf_counter() - t0
            if seat % 2 == 0:
                times.append(dt * 1000.0)
            g.apply(action)
        if g.is_over:
            played += 1
    times.sort()
    return {
        "variant": variant, "level": level, "decisions": len(times),
        "median_ms": round(statistics.median(times), 3) if times else None,
        "p99_ms": round(percentile(times, 0.99), 3),
        "max_ms": round(times[-1], 3) if times else None,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default="easy,normal,hard")
    ap.add_argument("--hands", type=int, default=6, help="hands per level and variant "
                    "(hard is measured on a third of them, at least 2: it is slow)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default="", help="comma-separated (default: all in VARIANTS)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    variants = [v.strip() for v in args.variants.split(",") if v.strip()] or list(VARIANTS)
    for variant in variants:
        for level in [x.strip() for x in args.levels.split(",") if x.strip()]:
            hands = max(2, args.hands // 3) if level == "hard" else args.hands
            row = measure(variant, level, hands, args.seed)
            rows.append(row)
            if not args.json:
                print(f"{variant:>16} {level:>7}: {row['decisions']:5d} decisions, "
                      f"median {row['median_ms']:8.3f} ms, p99 {row['p99_ms']:8.3f} ms, "
                      f"max {row['max_ms']:8.3f} ms", flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
