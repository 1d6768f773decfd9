"""Contact sheet of every face and back, for reviewing the art by eye.

    python -m sprites.sheet out.png [--width 120] [--four-colour]
"""

from __future__ import annotations

import argparse
import os
import sys

import pygame

from sprites.cards import JOKER, RANKS, CardArt
from sprites.suits import SUITS

FELT = (28, 98, 56)
FELT_DARK = (20, 78, 44)


def _felt(size: tuple[int, int]) -> pygame.Surface:
    felt = pygame.Surface(size)
    felt.fill(FELT)
    # Faint diagonal weave so the backdrop reads as cloth, not flat colour.
    w, h = size
    for x in range(-h, w, 6):
        pygame.draw.line(felt, FELT_DARK, (x, 0), (x + h, h))
    return felt


def render_sheet(width: int = 120, four_colour: bool = False) -> pygame.Surface:
    art = CardArt(four_colour=four_colour)
    cw, ch = art.size_for(width)
    gap = max(6, width // 10)
    cols = len(RANKS)
    # Four suit rows, then a row with both jokers, every back style and a fanned hand.
    rows = len(SUITS) + 1
    fan_cards = 8
    sheet_w = gap + cols * (cw + gap)
    sheet_h = gap + rows * (ch + gap)
    sheet = _felt((sheet_w, sheet_h))
    for r, suit in enumerate(SUITS):
        for c, rank in enumerate(RANKS):
            sheet.blit(art.face(rank, suit, width), (gap + c * (cw + gap), gap + r * (ch + gap)))
    y = gap + len(SUITS) * (ch + gap)
    x = gap
    for j in range(2):
        sheet.blit(art.face(JOKER, None, width, joker_index=j), (x, y))
        x += cw + gap
    for style in art.back_styles():
        sheet.blit(art.back(style, width), (x, y))
        x += cw + gap
    # A tight fan (30% of each card showing) to check that the corner indices read.
    step = round(cw * 0.3)
    hand = [("A", "S"), ("10", "H"), ("K", "D"), ("Q", "C"), ("J", "S"), ("7", "D"), ("2", "C")]
    for i, (rank, suit) in enumerate(hand[: fan_cards - 1]):
        sheet.blit(art.face(rank, suit, width), (x + i * step, y))
    sheet.blit(art.face(JOKER, None, width, 1), (x + len(hand) * step, y))
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render every card face and back to a PNG.")
    parser.add_argument("out", help="output PNG path")
    parser.add_argument("--width", type=int, default=120, help="card width in pixels")
    parser.add_argument("--four-colour", action="store_true", help="blue diamonds, green clubs")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.image.save(render_sheet(args.width, args.four_colour), args.out)
    finally:
        pygame.quit()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
