"""The computer players' choices, hashed: the AI's characterization digest.

A change that must not change how the computer plays (an engine refactor, a faster
generator) keeps this digest; a generator that lists the same moves in another order may
change it (ties break differently), and then the AI's strength is measured again.

`normal` plays every seat of a few hands of each variant; `hard` plays seat 0 of one hand
with its wall-clock cap lifted, so only its counted budget decides (the figure does not
depend on the machine). A few minutes on one core.

Run: python benchmarks/aidigest.py [--hands 6] [--hard-hands 3]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.base import act  # noqa: E402
from game.ai.heuristic import HeuristicPlayer  # noqa: E402
from game.rules import VARIANTS, Game, Phase  # noqa: E402

UNCAPPED = 1e9  # seconds: hard's safety cap, never reached


def play_hand(variant: str, seed: int, levels: list[str]) -> str:
    """Play the first hand of a seeded game with these levels by seat; hash every choice."""
    rules = VARIANTS[variant]
    game = Game.new(rules, seed=seed)
    players = [HeuristicPlayer(level, seed=seed * 10 + s, budget=UNCAPPED if level == "hard" else None)
               for s, level in enumerate(levels[: rules.players])]
    h = hashlib.sha256()
    while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        seat = game.to_play
        view = game.view(seat)
        action = act(players[seat], view)
        h.update(repr(action).encode())
        game.apply(action)
    h.update(repr(game.last_scores).encode())
    return h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--hard-hands", type=int, default=3)
    args = parser.parse_args()
    total = hashlib.sha256()
    for variant in VARIANTS:
        for seed in range(1, args.hands + 1):
            d = play_hand(variant, seed, ["normal"] * 4)
            total.update(d.encode())
            print(f"{variant:16} normal seed {seed}: {d[:16]}", flush=True)
        for seed in range(1, args.hard_hands + 1):
            d = play_hand(variant, seed, ["hard"] + ["normal"] * 3)
            total.update(d.encode())
            print(f"{variant:16} hard   seed {seed}: {d[:16]}", flush=True)
    print(f"AI digest: {total.hexdigest()}")


if __name__ == "__main__":
    main()
