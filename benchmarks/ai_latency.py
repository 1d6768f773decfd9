"""Decision time of the computer players: median and 99th percentile per level and variant.

Every decision of the measured level in real games is timed, in wall time and in the
deciding thread's CPU time (the other seats are played by `normal`); all variants in
VARIANTS at run time are measured. For `hard` it also prints how many of its decisions
were sampled, the worlds, rollouts and candidates per sampled decision, how many worlds
were dealt per world kept (inference redraws the implausible ones: these are not refused
worlds), and how many decisions the wall-clock cap cut short. A world the engine refused would raise and stop the run, so a
finished run has 0 refused worlds. The load average is printed too: on a shared machine
wall time says more about the neighbours than about the player.

`--hints N` times the hint instead (`game.ai.hints.suggest`, the analysis at the HINT
budget) at N positions of `normal` play per variant: its median and 95th percentile, in
wall and CPU time.

Run: python benchmarks/ai_latency.py [--levels easy,normal,hard] [--hands 6]
         [--variants classic,italian] [--cap SECONDS] [--hints N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.base import act  # noqa: E402
from game.ai.heuristic import HeuristicPlayer  # noqa: E402
from game.rules import VARIANTS, Game, Phase  # noqa: E402


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[i]


def measure(variant: str, level: str, hands: int, seed: int, cap: float | None = None) -> dict:
    rules = VARIANTS[variant]
    times: list[float] = []
    cpu: list[float] = []
    sampled: list = []  # per sampled decision: its sampling.Decision
    played = 0
    game_seed = seed
    while played < hands:
        g = Game.new(rules, seed=game_seed)
        game_seed += 1
        # the measured level on even seats (one partnership / every other player)
        players = [HeuristicPlayer(level, seed=game_seed * 10 + s, budget=cap) if s % 2 == 0
                   else HeuristicPlayer("normal", seed=game_seed * 10 + s)
                   for s in range(rules.players)]
        while not g.is_over and played < hands:
            if g.phase is Phase.HAND_OVER:
                played += 1
                g.apply(g.legal_actions()[0])
                continue
            seat = g.to_play
            view = g.view(seat)
            before = _decisions(players[seat])
            t0 = time.perf_counter()
            c0 = time.thread_time()
            action = act(players[seat], view)
            dt = time.perf_counter() - t0
            dc = time.thread_time() - c0
            if seat % 2 == 0:
                times.append(dt * 1000.0)
                cpu.append(dc * 1000.0)
                sampled.extend(_decisions(players[seat])[len(before):])
            g.apply(action)
        if g.is_over:
            played += 1
    times.sort()
    cpu.sort()
    row = {
        "variant": variant, "level": level, "decisions": len(times),
        "median_ms": round(statistics.median(times), 3) if times else None,
        "p99_ms": round(percentile(times, 0.99), 3),
        "max_ms": round(times[-1], 3) if times else None,
        "cpu_median_ms": round(statistics.median(cpu), 3) if cpu else None,
        "cpu_p99_ms": round(percentile(cpu, 0.99), 3),
    }
    if sampled:
        worlds = [d.worlds for d in sampled]
        row.update({
            "sampled_decisions": len(sampled),
            "worlds_per_sampled": round(statistics.mean(worlds), 1),
            "min_worlds": min(worlds),
            "rollouts_per_sampled": round(statistics.mean(d.rollouts for d in sampled), 1),
            "candidates_per_sampled": round(statistics.mean(d.candidates for d in sampled), 2),
            # worlds dealt per kept world: inference redraws the implausible ones
            "draws_per_world": round(sum(d.draws for d in sampled)
                                     / max(1, sum(d.worlds for d in sampled)), 2),
            "capped": sum(1 for d in sampled if d.capped),
            "refused_worlds": 0,  # a refused world raises IllegalMove: the run would stop
        })
    return row


def hint_times(variant: str, positions: int, seed: int) -> dict:
    """The hint's wall and CPU time at `positions` decisions of `normal` play."""
    from game.ai.fact_check import normal_positions
    from game.ai.hints import suggest

    wall: list[float] = []
    cpu: list[float] = []
    for g, seat in normal_positions(variant, positions, seed=seed):
        view = g.view(seat)
        t0, c0 = time.perf_counter(), time.thread_time()
        suggest(view)
        wall.append((time.perf_counter() - t0) * 1000.0)
        cpu.append((time.thread_time() - c0) * 1000.0)
    wall.sort()
    cpu.sort()
    return {"variant": variant, "level": "hint", "decisions": len(wall),
            "median_ms": round(statistics.median(wall), 1), "p95_ms": round(percentile(wall, 0.95), 1),
            "cpu_median_ms": round(statistics.median(cpu), 1), "cpu_p95_ms": round(percentile(cpu, 0.95), 1)}


def _decisions(player: HeuristicPlayer) -> list:
    """The sampled decisions a `hard` player has made so far (none for other levels)."""
    sampler = player._sampler  # the player's own search, read for figures only
    return list(sampler.decisions) if sampler is not None else []


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default="easy,normal,hard")
    ap.add_argument("--hands", type=int, default=6, help="hands per level and variant "
                    "(hard is measured on a third of them, at least 2: it is slow)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cap", type=float, default=None,
                    help="hard's wall-clock cap in seconds instead of its default (a large "
                         "value shows the full rollout count's time on a busy machine)")
    ap.add_argument("--variants", default="", help="comma-separated (default: all in VARIANTS)")
    ap.add_argument("--hints", type=int, default=0, help="time the hint at this many positions "
                    "a variant instead of the players")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    variants = [v.strip() for v in args.variants.split(",") if v.strip()] or list(VARIANTS)
    if args.hints:
        for variant in variants:
            row = hint_times(variant, args.hints, args.seed)
            rows.append(row)
            if not args.json:
                print(f"{variant:>16}    hint: {row['decisions']:5d} positions, median {row['median_ms']:8.1f} ms, "
                      f"p95 {row['p95_ms']:8.1f} ms, cpu median {row['cpu_median_ms']:8.1f} ms, "
                      f"cpu p95 {row['cpu_p95_ms']:8.1f} ms [load {os.getloadavg()[0]:.1f}]", flush=True)
        if args.json:
            print(json.dumps(rows))
        return
    for variant in variants:
        for level in [x.strip() for x in args.levels.split(",") if x.strip()]:
            hands = max(2, args.hands // 3) if level == "hard" else args.hands
            row = measure(variant, level, hands, args.seed, args.cap)
            rows.append(row)
            if not args.json:
                line = (f"{variant:>16} {level:>7}: {row['decisions']:5d} decisions, "
                        f"median {row['median_ms']:8.3f} ms, p99 {row['p99_ms']:8.3f} ms, "
                        f"max {row['max_ms']:8.3f} ms, cpu median {row['cpu_median_ms']:8.3f} ms, "
                        f"cpu p99 {row['cpu_p99_ms']:8.3f} ms")
                if "sampled_decisions" in row:
                    line += (f"; {row['sampled_decisions']} sampled: "
                             f"{row['worlds_per_sampled']} worlds (min {row['min_worlds']}), "
                             f"{row['rollouts_per_sampled']} rollouts and "
                             f"{row['candidates_per_sampled']} candidates each, "
                             f"{row['draws_per_world']} draws per kept world, "
                             f"{row['capped']} capped, {row['refused_worlds']} refused worlds")
                print(line + f" [load {os.getloadavg()[0]:.1f}]", flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
