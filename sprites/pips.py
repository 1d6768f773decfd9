"""Pip layouts for the number cards and the ace.

Positions follow the standard Anglo-American layouts: two outer columns, a centre column,
and rows spaced so 9 and 10 use four rows per side. Coordinates are fractions of the pip
field; pips below the middle row are printed upside down, as on real cards, so the card
reads the same either way up.
"""

from __future__ import annotations

import math

import pygame

from sprites.suits import draw_suit

L, C, R = 0.0, 0.5, 1.0
_THIRD = 1 / 3

# rank -> (x, y) in the pip field, x/y in [0, 1].
PIP_LAYOUTS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((C, 0.0), (C, 1.0)),
    "3": ((C, 0.0), (C, 0.5), (C, 1.0)),
    "4": ((L, 0.0), (R, 0.0), (L, 1.0), (R, 1.0)),
    "5": ((L, 0.0), (R, 0.0), (C, 0.5), (L, 1.0), (R, 1.0)),
    "6": ((L, 0.0), (R, 0.0), (L, 0.5), (R, 0.5), (L, 1.0), (R, 1.0)),
    "7": ((L, 0.0), (R, 0.0), (C, 0.25), (L, 0.5), (R, 0.5), (L, 1.0), (R, 1.0)),
    "8": ((L, 0.0), (R, 0.0), (C, 0.25), (L, 0.5), (R, 0.5), (C, 0.75), (L, 1.0), (R, 1.0)),
    "9": (
        (L, 0.0), (R, 0.0), (L, _THIRD), (R, _THIRD), (C, 0.5),
        (L, 2 * _THIRD), (R, 2 * _THIRD), (L, 1.0), (R, 1.0),
    ),
    "10": (
        (L, 0.0), (R, 0.0), (C, 1 / 6), (L, _THIRD), (R, _THIRD),
        (L, 2 * _THIRD), (R, 2 * _THIRD), (C, 5 / 6), (L, 1.0), (R, 1.0),
    ),
}


def pip_field(width: int, height: int) -> pygame.Rect:
    """Rectangle spanned by pip centres; kept clear of the tall jumbo corner indices."""
    x0, x1 = round(width * 0.315), round(width * 0.685)
    y0, y1 = round(height * 0.185), round(height * 0.815)
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


def pip_height(width: int) -> float:
    return width * 0.175


def draw_pips(
    surface: pygame.Surface, rank: str, suit: str, colour: tuple[int, int, int]
) -> None:
    w, h = surface.get_size()
    field = pip_field(w, h)
    size = pip_height(w)
    for fx, fy in PIP_LAYOUTS[rank]:
        centre = (field.x + fx * field.w, field.y + fy * field.h)
        draw_suit(surface, suit, centre, size, colour, flipped=fy > 0.5)


def draw_ace(
    surface: pygame.Surface, suit: str, colour: tuple[int, int, int], ornate: bool
) -> None:
    """Single large pip; the ace of spades gets the traditional decorated treatment."""
    w, h = surface.get_size()
    centre = (w / 2, h / 2)
    if not ornate:
        draw_suit(surface, suit, centre, w * 0.42, colour)
        return
    ring = w * 0.31
    line = max(1, round(w * 0.012))
    pygame.draw.circle(surface, colour, centre, ring, line)
    pygame.draw.circle(surface, colour, centre, ring - line * 3, max(1, line // 2))
    # Small rosette of dots on the ring, a nod to the engraved ace of spades.
    for i in range(12):
        a = i * math.pi / 6
        dot = (centre[0] + math.cos(a) * (ring + line * 3), centre[1] + math.sin(a) * (ring + line * 3))
        pygame.draw.circle(surface, colour, dot, line * 1.3)
    draw_suit(surface, suit, centre, w * 0.4, colour)
