"""Suit symbols built from polygons and circles.

Font glyphs for the suits are missing from the bundled font, so every symbol is geometry.
Each suit is a list of primitives in a unit box: y runs from -1 (top) to 1 (bottom) and x is
centred on 0, so callers only pick a centre and a height. Flipping y gives the 180° turn
used for the lower half of the card (all four symbols are left/right symmetric).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Literal

import pygame

Point = tuple[float, float]
# ("poly", points) or ("circle", (centre, radius)) in unit coordinates.
Primitive = tuple[Literal["poly"], tuple[Point, ...]] | tuple[Literal["circle"], tuple[Point, float]]

SUITS: tuple[str, ...] = ("S", "H", "D", "C")


def _bezier(p0: Point, c: Point, p1: Point, steps: int = 14) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _heart_curve(samples: int = 96) -> list[tuple[float, float]]:
    """Classic parametric heart; x in [-16, 16], y in roughly [-12, 17] (y down)."""
    pts = []
    for i in range(samples):
        t = 2 * math.pi * i / samples
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return pts


def _stem(top: float, half_base: float, neck: float) -> tuple[Point, ...]:
    """Flared foot shared by spade and club: narrow neck widening with concave sides."""
    left = _bezier((-neck, top), (-neck * 1.2, 0.86), (-half_base, 1.0))
    right = _bezier((half_base, 1.0), (neck * 1.2, 0.86), (neck, top))
    return tuple(left + right)


def _heart() -> list[Primitive]:
    raw = _heart_curve()
    ys = [p[1] for p in raw]
    y0, y1 = min(ys), max(ys)
    mid, half = (y0 + y1) / 2, (y1 - y0) / 2
    # Slightly narrower than the formula so it reads as a card heart rather than a valentine.
    pts = tuple((x / 16 * 0.98, (y - mid) / half) for x, y in raw)
    return [("poly", pts)]


def _spade() -> list[Primitive]:
    raw = _heart_curve()
    flipped = [(x, -y) for x, y in raw]
    ys = [p[1] for p in flipped]
    y0, y1 = min(ys), max(ys)
    body_top, body_bottom = -1.0, 0.48
    scale_y = (body_bottom - body_top) / (y1 - y0)
    pts = tuple((x / 16 * 0.9, body_top + (y - y0) * scale_y) for x, y in flipped)
    return [("poly", pts), ("poly", _stem(0.0, 0.42, 0.07))]


def _diamond() -> list[Primitive]:
    # Gently concave sides: the straight rhombus looks cheap at large pip sizes.
    top, right, bottom, left = (0.0, -1.0), (0.8, 0.0), (0.0, 1.0), (-0.8, 0.0)
    pull = 0.12

    def ctrl(a: Point, b: Point) -> Point:
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        return (mx * (1 - pull * 2), my * (1 - pull * 2))

    pts: list[Point] = []
    for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
        pts.extend(_bezier(a, ctrl(a, b), b, 10)[:-1])
    return [("poly", tuple(pts))]


def _club() -> list[Primitive]:
    r = 0.45
    return [
        ("circle", ((0.0, -0.55), r)),
        ("circle", ((-0.5, 0.14), r)),
        ("circle", ((0.5, 0.14), r)),
        ("circle", ((0.0, -0.02), 0.3)),
        ("poly", _stem(0.15, 0.42, 0.08)),
    ]


@cache
def suit_shape(suit: str) -> tuple[Primitive, ...]:
    builders = {"S": _spade, "H": _heart, "D": _diamond, "C": _club}
    return tuple(builders[suit]())


def draw_suit(
    surface: pygame.Surface,
    suit: str,
    centre: tuple[float, float],
    height: float,
    colour: pygame.Color | tuple[int, ...],
    flipped: bool = False,
) -> None:
    """Draw `suit` filling `height` pixels, centred on `centre` (turned 180° if flipped)."""
    cx, cy = centre
    half = height / 2
    sign = -1.0 if flipped else 1.0
    for shape in suit_shape(suit):
        if shape[0] == "poly":
            pts = [(cx + x * half, cy + sign * y * half) for x, y in shape[1]]
            pygame.draw.polygon(surface, colour, pts)
        else:
            (px, py), r = shape[1]
            pygame.draw.circle(surface, colour, (cx + px * half, cy + sign * py * half), r * half)
