"""The human's hand: its display order and where each card sits in the fan."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.rules.cards import Card
from game.ui.geometry.layout import TableLayout

SORT_MODES = ("rank", "suit", "none")  # "none": as drawn

# A high, then K .. 4; black 3s after the naturals; wild cards grouped at the end
_RANK_ORDER = {1: 0, 13: 1, 12: 2, 11: 3, 10: 4, 9: 5, 8: 6, 7: 7, 6: 8, 5: 9, 4: 10,
               3: 11, 2: 12, 0: 13}


def order_hand(cards: list[Card], mode: str) -> list[Card]:
    if mode == "none":
        return list(cards)
    if mode == "suit":
        def key(c: Card):
            wild = c.is_wild
            return (wild, 9 if c.suit is None else int(c.suit), _RANK_ORDER[int(c.rank)], c.deck)
    else:
        def key(c: Card):
            return (_RANK_ORDER[int(c.rank)], 9 if c.suit is None else int(c.suit), c.deck)
    return sorted(cards, key=key)


def fan_rects(cards: list[Card], layout: TableLayout, mode: str) -> list[pygame.Rect]:
    """One rect per card, left to right, centred in the play area on a gentle arc.

    In rank order a small gap separates the groups, which makes pairs and triples easy to
    spot; when the hand is long the overlap tightens instead."""
    n = len(cards)
    if n == 0:
        return []
    w, h = layout.hand_w, layout.hand_h
    avail = layout.play.w - 2 * layout.margin - w
    breaks = 0
    if mode == "rank":
        breaks = sum(1 for a, b in zip(cards, cards[1:], strict=False) if _group(a) != _group(b))
    spacing = min(w * 0.6, avail / max(1, n - 1 + breaks * 0.35)) if n > 1 else 0
    gap = spacing * 0.35 if mode == "rank" else 0
    xs = []
    x = 0.0
    for i, c in enumerate(cards):
        if i and mode == "rank" and _group(c) != _group(cards[i - 1]):
            x += gap
        xs.append(x)
        x += spacing
    total = xs[-1] + w
    left = layout.play.centerx - total / 2
    mid = (n - 1) / 2
    rects = []
    for i, x in enumerate(xs):
        d = (i - mid) / max(1.0, mid)
        dy = round(h * 0.05 * d * d)  # the ends of the fan dip a little
        rects.append(pygame.Rect(round(left + x), layout.hand_y + dy, w, h))
    return rects


def keep_places(cards: list[Card], rects: list[pygame.Rect],
                kept: Mapping[tuple[int, int], tuple[int, int]] | None) -> list[pygame.Rect]:
    """The fan's rects, unless every card already had a place (`kept`: card identity to
    its unlifted top-left) in the same order: then each keeps it, gaps and all.

    While the pointer rests on the hand, a meld or a discard must not slide another card
    under it (a player discarded A♣ meaning 9♠); the hand closes up once the pointer
    leaves. A card coming in (a draw, the pile) needs a new place: the fan is laid out
    afresh then."""
    if not kept or any(c.identity not in kept for c in cards):
        return rects
    xs = [kept[c.identity][0] for c in cards]
    if any(a >= b for a, b in zip(xs, xs[1:], strict=False)):
        return rects  # re-sorted: the new order shows at once
    return [pygame.Rect(*kept[c.identity], r.w, r.h) for c, r in zip(cards, rects, strict=True)]


def _group(c: Card) -> int:
    return -1 if c.is_wild else int(c.rank)
