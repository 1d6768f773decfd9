"""The two charts of the Statistics screen, drawn by us: running scores per hand (a line
per side) and the results of the last games (a bar per game, above or below zero)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui.shell import style

T = style.TEXT
GRID = (60, 92, 70)
AXIS = (150, 170, 150)
WIN = (92, 196, 120)
LOSS = (214, 92, 82)
# our side first: gold, then colours that stay apart from it and from each other
SIDE_COLOURS = [(236, 196, 92), (120, 178, 236), (226, 116, 106), (190, 150, 230)]


def nice_ticks(lo: float, hi: float, most: int = 6) -> list[int]:
    """Round values from at or below `lo` to at or above `hi`, at most `most` + 1 of
    them, spaced 1, 2 or 5 times a power of ten (whole numbers only)."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / max(1, most)
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    step = max(1, int(step))
    first = math.floor(lo / step) * step
    last = math.ceil(hi / step) * step
    return list(range(int(first), int(last) + 1, step))


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[int, ...]
    colour: tuple[int, int, int]
    bold: bool = False


def _frame(surface: pygame.Surface, rect: pygame.Rect, ticks: list[int],
           fmt: Callable[[int], str], size: int) -> tuple[pygame.Rect, Callable[[float], float]]:
    """Grid lines and the value axis; returns the plot area and value -> y."""
    widest = max(T.render(fmt(t), size, AXIS).get_width() for t in ticks)
    plot = pygame.Rect(rect.x + widest + 10, rect.y + 6, rect.w - widest - 16, rect.h - 6 - size * 2)
    lo, hi = ticks[0], ticks[-1]

    def y_of(v: float) -> float:
        return plot.bottom - (v - lo) / (hi - lo) * plot.h

    for t in ticks:
        y = round(y_of(t))
        pygame.draw.line(surface, AXIS if t == 0 else GRID, (plot.x, y), (plot.right, y),
                         2 if t == 0 else 1)
        img = T.render(fmt(t), size, AXIS)
        surface.blit(img, img.get_rect(midright=(plot.x - 6, y)))
    return plot, y_of


def line_chart(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Series],
               fmt: Callable[[int], str], x_label: str, size: int, origin: bool = True) -> None:
    """Running scores: x is the hand (0 = before the first), a line and dots per side,
    each line's last value written at its end. Without `origin` the lines start at their
    first value (x = 1): a share, say, is not 0 before anything was measured."""
    hands = max(len(s.values) for s in series)
    values = [0, *(v for s in series for v in s.values)] if origin else [v for s in series for v in s.values]
    ticks = nice_ticks(min(values), max(values))
    label_w = max(T.render(fmt(s.values[-1]), size, s.colour, bold=True).get_width()
                  for s in series if s.values)
    plot, y_of = _frame(surface, rect.inflate(-label_w - 8, 0).move(-(label_w + 8) // 2, 0),
                        ticks, fmt, size)

    def x_of(i: int) -> float:
        return plot.x + i / max(1, hands) * plot.w

    every = max(1, math.ceil(hands / 12))
    for i in range(0 if origin else 1, hands + 1, every):
        img = T.render(str(i), size, AXIS)
        surface.blit(img, img.get_rect(midtop=(x_of(i), plot.bottom + 4)))
    # the axis's name left of its first number, under the value labels: "Hand 0 1 2 ..."
    cap = T.render(x_label, size, AXIS, italic=True)
    surface.blit(cap, cap.get_rect(topright=(plot.x - 12, plot.bottom + 4)))
    ends: list[tuple[float, Series]] = []
    for s in sorted(series, key=lambda s: s.bold):  # ours drawn last, on top
        pts = [(x_of(i), y_of(v)) for i, v in enumerate((0, *s.values))]
        if not origin:
            pts = pts[1:]
        if len(pts) > 1:
            pygame.draw.lines(surface, s.colour, False, pts, 4 if s.bold else 3)
        r = 5 if s.bold else 4
        for p in pts[1:] if origin else pts:
            pygame.draw.circle(surface, style.PANEL, p, r + 1)
            pygame.draw.circle(surface, s.colour, p, r)
        ends.append((pts[-1][1], s))
    # the final values beside the lines' ends, pushed apart where they would overlap
    ends.sort(key=lambda e: e[0])
    last_y = -1e9
    for y, s in ends:
        if not s.values:
            continue
        y = max(y, last_y + size + 2)
        img = T.render(fmt(s.values[-1]), size, s.colour, bold=True)
        surface.blit(img, img.get_rect(midleft=(plot.right + 8, y)))
        last_y = y


def bar_chart(surface: pygame.Surface, rect: pygame.Rect, values: Sequence[int],
              won: Sequence[bool], fmt: Callable[[int], str], slots: int, size: int
              ) -> list[tuple[str, pygame.Rect]]:
    """One bar per game, oldest on the left: up for points ahead, down for behind,
    green for a game won and red for one lost, its value written at its end (turned
    upright when wider than the bar's slot). `slots` bars fit the width. Returns each
    value's text and where it was written."""
    ticks = nice_ticks(min(0, *values), max(0, *values), 4)
    plot, y_of = _frame(surface, rect, ticks, fmt, size)
    slot = plot.w / max(slots, len(values))
    bw = max(2, int(slot * 0.72))
    zero = y_of(0)
    labels: list[tuple[str, pygame.Rect]] = []
    for i, (v, w) in enumerate(zip(values, won, strict=True)):
        x = plot.x + i * slot + (slot - bw) / 2
        y = y_of(v)
        bar = pygame.Rect(round(x), round(min(y, zero)), bw, max(2, round(abs(zero - y))))
        pygame.draw.rect(surface, WIN if w else LOSS, bar, border_radius=min(3, bw // 3))
        text = fmt(v)
        img = T.render(text, size, style.CREAM)
        if img.get_width() > slot - 2:
            img = pygame.transform.rotate(img, 90)
        # beyond the bar's end, else (no room left in the plot) just inside it
        if v >= 0:
            at = img.get_rect(midbottom=(bar.centerx, bar.top - 2))
            if at.top < rect.top:
                at.top = bar.top + 2
        else:
            at = img.get_rect(midtop=(bar.centerx, bar.bottom + 2))
            if at.bottom > plot.bottom:
                at.bottom = bar.bottom - 2
        surface.blit(img, at)
        labels.append((text, at))
    for i in {0, len(values) - 1}:
        img = T.render(str(i + 1), size, AXIS)
        surface.blit(img, img.get_rect(midtop=(plot.x + (i + 0.5) * slot, plot.bottom + 4)))
    return labels
