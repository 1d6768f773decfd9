"""Where everything goes, computed from the window size (never fixed pixels).

Every size below is derived from the window: the human's card width comes from the width
and height available, and the other card sizes are fractions of it, so the whole table
scales together when the window is resized.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui.shell.window import ui_scale

# clockwise from the human (seat 0 at the bottom): the next player sits on the left
SEAT_POSITIONS: dict[int, dict[int, str]] = {
    2: {0: "bottom", 1: "top"},
    3: {0: "bottom", 1: "left", 2: "right"},
    4: {0: "bottom", 1: "left", 2: "top", 3: "right"},
}

CARD_RATIO = 3.5 / 2.5


def card_h(w: int) -> int:
    return int(w * CARD_RATIO + 0.5)


def count_room(height: int) -> int:
    """Room under the stock and the pile for "Stock: 33": the text (drawn 6 px below the
    card at 1.8% of the window's height, about 1.4 times that tall) and two pixels."""
    return 6 + round(1.42 * max(12, round(height * 0.018))) + 2


def badge_room(height: int) -> int:
    """Room above the pile for the upper half of its state badge ("Frozen", "Blocked"),
    which straddles the pile's top edge: its text is a point smaller than the counts'."""
    text_h = round(1.42 * (max(12, round(height * 0.018)) - 1))
    return (text_h + 4) // 2 + 2 + 2


def _clamp(v: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, v))


@dataclass
class TableLayout:
    size: tuple[int, int]
    players: int
    margin: int
    play: pygame.Rect
    panel: pygame.Rect
    hand_w: int
    table_w: int
    back_w: int
    pile_w: int
    hand_y: int  # top of an unselected hand card
    lift: int  # how far a selected card rises
    stock: pygame.Rect
    pile: pygame.Rect
    seat_pos: dict[int, str]
    seat_area: dict[int, pygame.Rect] = field(default_factory=dict)
    top_area: pygame.Rect = field(default_factory=pygame.Rect)
    bottom_area: pygame.Rect = field(default_factory=pygame.Rect)  # our melds
    step: int = 0  # vertical cascade step inside a meld
    card_scale: float = 1.0  # how much the card-size setting enlarged the hand's cards here

    @property
    def hand_h(self) -> int:
        return card_h(self.hand_w)

    @property
    def table_h(self) -> int:
        return card_h(self.table_w)

    @property
    def back_h(self) -> int:
        return card_h(self.back_w)

    @property
    def pile_h(self) -> int:
        return card_h(self.pile_w)

    def meld_area_for_position(self, pos: str) -> pygame.Rect:
        """Opponent meld areas: the top band, split in two halves in the 3-player game."""
        if pos == "bottom":
            return self.bottom_area
        if self.players == 3:
            half = self.top_area.w // 2
            if pos == "left":
                return pygame.Rect(self.top_area.x, self.top_area.y, half - self.margin, self.top_area.h)
            return pygame.Rect(self.top_area.x + half + self.margin, self.top_area.y,
                               half - self.margin, self.top_area.h)
        return self.top_area


def compute_layout(size: tuple[int, int], players: int, card_scale: float = 1.0) -> TableLayout:
    """The table for a window size; `card_scale` (the card-size setting) enlarges the
    hand's cards by that much and the table's a little less, as far as the window's
    height leaves the stock and the pile room between the two meld bands."""
    def fits(layout: TableLayout) -> bool:
        return layout.stock.top - layout.top_area.bottom >= max(layout.margin, badge_room(size[1])) and \
            layout.bottom_area.top - layout.stock.bottom >= count_room(size[1])

    # short, wide windows (1366x768, 1280x720): every card a little smaller, until the
    # stock and the pile no longer reach into the meld bands (they did by 6-7 px)
    for shrink in (1.0, 0.98, 0.96, 0.94, 0.92, 0.9, 0.88, 0.86, 0.84, 0.82, 0.8):
        best = _layout(size, players, 1.0, 5, shrink)
        if fits(best):
            break
    if card_scale <= 1.0:
        return best
    # larger cards may close the melds up further (four cascaded cards a band, longer
    # melds close up within it) when that leaves the hand more room than five would
    for cascade in (4, 3):
        scale = card_scale
        while scale > 1.0:
            layout = _layout(size, players, scale, cascade)
            if fits(layout):
                if layout.hand_w > best.hand_w:
                    best = layout
                break
            scale -= 0.02
    return best


def _layout(size: tuple[int, int], players: int, scale: float, cascade: int,
            shrink: float = 1.0) -> TableLayout:
    w, h = size
    m = max(8, round(min(w, h) * 0.015))
    # the panel's buttons and text grow with the interface's scale (shell/window.py); below the
    # design size it keeps its width, which its longest words need
    grow = max(1.0, ui_scale(size))
    panel_w = round(_clamp(w * 0.2, 210 * grow, 340 * grow))
    play = pygame.Rect(0, 0, w - panel_w, h)
    panel = pygame.Rect(w - panel_w, 0, panel_w, h)
    base = _clamp(min(play.w / 10.5, h / 7.0), 48, 132) * shrink
    table_scale = 1 + (scale - 1) * 0.8
    hand_w = round(base * scale)
    hand_h = card_h(hand_w)
    lift = round(hand_h * (0.2 if scale == 1.0 else 0.15))
    hand_y = h - hand_h - m
    back_w = max(24, round(base * 0.5))  # the others' backs stay: only their count matters
    table_w = max(30, round(base * 0.6 * table_scale))
    pile_w = max(36, round(base * 0.78))  # the stock and the pile are read by their top card only
    table_h = card_h(table_w)
    # larger cards cascade closer (the index still shows) and a meld band holds fewer
    # cascaded cards (`cascade` steps below the first; longer melds close up)
    step = max(10, round(table_h * (0.21 if scale == 1.0 else 0.18)))
    meld_h = table_h + cascade * step
    seat_pos = SEAT_POSITIONS[players]
    back_h = card_h(back_w)
    label_h = max(16, round(h * 0.024))

    side_w = back_h + 2 * m if players >= 3 else 0
    top_band = m + back_h + label_h + m if players != 3 else m + label_h
    inner = pygame.Rect(play.x + side_w + m, 0, play.w - 2 * side_w - 2 * m, h)

    seat_area: dict[int, pygame.Rect] = {}
    for seat, pos in seat_pos.items():
        if pos == "top":
            seat_area[seat] = pygame.Rect(play.centerx - hand_w * 2, m, hand_w * 4, back_h)
        elif pos == "left":
            seat_area[seat] = pygame.Rect(play.x + m, h * 0.2, back_h, h * 0.42)
        elif pos == "right":
            seat_area[seat] = pygame.Rect(play.right - m - back_h, h * 0.2, back_h, h * 0.42)
        else:
            seat_area[seat] = pygame.Rect(play.x, hand_y, play.w, hand_h)

    bottom_top = hand_y - lift - m - meld_h
    top_area = pygame.Rect(inner.x, top_band, inner.w, meld_h)
    bottom_area = pygame.Rect(inner.x, bottom_top, inner.w, meld_h)
    # the centre band between the two meld areas holds the stock and the pile, a margin
    # below the top band and their counts above the bottom one
    cy = (top_area.bottom + m + bottom_area.top - count_room(h)) // 2
    pile_h = card_h(pile_w)
    gap = max(m * 2, pile_w // 2)
    stock = pygame.Rect(0, 0, pile_w, pile_h)
    stock.center = (play.centerx - pile_w // 2 - gap // 2 - pile_w // 2, cy)
    pile = pygame.Rect(0, 0, pile_w, pile_h)
    pile.center = (play.centerx + pile_w // 2 + gap // 2, cy)
    return TableLayout(size=size, players=players, margin=m, play=play, panel=panel,
                       hand_w=hand_w, table_w=table_w, back_w=back_w, pile_w=pile_w,
                       hand_y=hand_y, lift=lift, stock=stock, pile=pile, seat_pos=seat_pos,
                       seat_area=seat_area, top_area=top_area, bottom_area=bottom_area,
                       step=step, card_scale=scale)
