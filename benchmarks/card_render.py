"""Time the card renderer: a full deck drawn cold at 100 px, then cached look-ups.

    python benchmarks/card_render.py [--width 100] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame

from sprites import JOKER, RANKS, SUITS, CardArt

DECK: list[tuple[str, str | None, int]] = [(r, s, 0) for s in SUITS for r in RANKS] + [
    (JOKER, None, 0),
    (JOKER, None, 1),
]


def cold_deck(width: int) -> tuple[float, CardArt]:
    art = CardArt()  # fresh instance: empty cache
    start = time.perf_counter()
    for rank, suit, j in DECK:
        art.face(rank, suit, width, j)
    for style in art.back_styles():
        art.back(style, width)
    return time.perf_counter() - start, art


def cached_lookup(art: CardArt, width: int, rounds: int = 200) -> float:
    """Mean seconds per cached `face()` call."""
    start = time.perf_counter()
    for _ in range(rounds):
        for rank, suit, j in DECK:
            art.face(rank, suit, width, j)
    return (time.perf_counter() - start) / (rounds * len(DECK))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--width", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    pygame.init()
    colds = []
    art = None
    for _ in range(args.repeat):
        t, art = cold_deck(args.width)
        colds.append(t)
    assert art is not None
    per_lookup = cached_lookup(art, args.width)
    n = len(DECK) + len(art.back_styles())
    print(f"cold render, {len(DECK)} faces + {len(art.back_styles())} backs at {args.width} px: "
          f"median {statistics.median(colds) * 1000:.1f} ms, best {min(colds) * 1000:.1f} ms "
          f"({statistics.median(colds) / n * 1000:.2f} ms/card)")
    print(f"cached lookup: {per_lookup * 1e6:.2f} us/card")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
