"""Engine throughput: uniform-random play over `legal_actions()`, and the worlds a second
`hard` can play out (a resampled world, the candidate move, then its default rollout).

Figures are given in CPU time of this process (time.process_time) beside wall-clock
time: the machine may be shared, and CPU time is what one idle core would take.

Run: python benchmarks/engine_throughput.py [--hands 400] [--variant NAME] [--worlds 60]
     [--profile N]   (where the time goes: the N functions of random play with the most
                      time of their own, by cProfile, whose overhead slows everything)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.sampling import Sampler  # noqa: E402
from game.rules import VARIANTS, Game, NextHand, Phase  # noqa: E402
from game.rules.memo import CountTables  # noqa: E402
from game.rules.units import units_for  # noqa: E402
from game.rules.view import PlayerView  # noqa: E402


@dataclass(frozen=True)
class Timing:
    count: int
    cpu: float
    wall: float

    def cpu_rate(self) -> float:
        return self.count / max(self.cpu, 1e-9)

    def wall_rate(self) -> float:
        return self.count / max(self.wall, 1e-9)


def random_play(variant: str, hands: int, seed: int) -> tuple[Timing, Timing]:
    """Hands and moves of uniform-random play."""
    rules = VARIANTS[variant]
    rng = random.Random(seed)
    done = moves = 0
    game_seed = seed
    cpu, wall = time.process_time(), time.perf_counter()
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
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return Timing(done, cpu, wall), Timing(moves, cpu, wall)


def decision_points(variant: str, count: int, seed: int) -> list[tuple[PlayerView, object]]:
    """Views at the start of meld phases reached by random play, each with a random
    legal move: the kind of decision `hard` samples."""
    rules = VARIANTS[variant]
    rng = random.Random(seed)
    out: list[tuple[PlayerView, object]] = []
    game_seed = seed
    while len(out) < count:
        g = Game.new(rules, seed=game_seed)
        game_seed += 1
        while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) and len(out) < count:
            legal = g.legal_actions()
            if g.phase is Phase.MELD and rng.random() < 0.2:
                out.append((g.view(g.to_play), rng.choice(legal)))
            g.apply(rng.choice(legal))
    return out


def worlds(variant: str, count: int, seed: int) -> tuple[Timing, Timing]:
    """Resampled worlds a second, alone and with `hard`'s rollout of a move in each."""
    points = decision_points(variant, count, seed)
    rng = random.Random(seed)
    cpu, wall = time.process_time(), time.perf_counter()
    for view, _ in points:
        Game.resample(view, random.Random(rng.getrandbits(64)))
    alone = Timing(len(points), time.process_time() - cpu, time.perf_counter() - wall)
    sampler = Sampler(seed, cap=60.0)
    tables = CountTables(units_for(VARIANTS[variant]))  # shared as one analysis's worlds share them
    cpu, wall = time.process_time(), time.perf_counter()
    for view, action in points:
        g = Game.resample(view, random.Random(rng.getrandbits(64)), tables)
        g.apply(action)
        sampler.playout(g, view.seat)
    rolled = Timing(len(points), time.process_time() - cpu, time.perf_counter() - wall)
    return alone, rolled


def profile(variant: str, hands: int, seed: int, top: int) -> None:
    """Random play under cProfile: the functions with the most time of their own."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.runcall(random_play, variant, hands, seed)
    stats = pstats.Stats(profiler)
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[:top]  # type: ignore[attr-defined]
    print(f"{'':>16}  profile of {hands} hands ({total:.2f} s under cProfile): own time")
    for (path, line, name), (_, calls, own, cum, _) in rows:
        where = f"{Path(path).name}:{line} {name}"
        print(f"{'':>18}{100 * own / total:5.1f}%  cum {100 * cum / total:5.1f}%"
              f"  {calls:8d} calls  {where}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--worlds", type=int, default=60,
                        help="decision points played out per variant (0: skip)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=list(VARIANTS), action="append")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="also print the N functions random play spends most time in")
    args = parser.parse_args()
    for name in args.variant or list(VARIANTS):
        hands, moves = random_play(name, args.hands, args.seed)
        print(f"{name:>16}: {hands.cpu_rate():8.1f} hands/s {moves.cpu_rate():9.0f} moves/s CPU"
              f"  | wall {hands.wall_rate():8.1f} hands/s {moves.wall_rate():9.0f} moves/s"
              f"  ({moves.count / max(hands.count, 1):.0f} moves per hand, {hands.count} hands)")
        if args.worlds:
            alone, rolled = worlds(name, args.worlds, args.seed)
            print(f"{'':>16}  resample {alone.cpu_rate():8.0f} worlds/s CPU"
                  f" (wall {alone.wall_rate():.0f});  resample+move+rollout"
                  f" {rolled.cpu_rate():6.1f} worlds/s CPU (wall {rolled.wall_rate():.1f})")
        if args.profile:
            profile(name, max(args.hands // 4, 20), args.seed, args.profile)


if __name__ == "__main__":
    main()
