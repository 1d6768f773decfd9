"""Where every card on the table is drawn right now.

Built from the engine's state plus what only the table knows (hand order, the staging
row, the selection, cards still in flight). The table draws from it, hit-tests against
it, and animations read their start and end points from two of them (before and after a
move).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from game.rules import Game, cutthroat
from game.rules.cards import Card, Rank
from game.rules.meldkeys import CanastaKind
from game.ui.geometry.hand_view import fan_rects, keep_places, order_hand
from game.ui.geometry.layout import TableLayout, card_h

Ident = tuple[int, int]

# meld columns, left to right: A K Q J 10 .. 4, then the wild-card meld and black 3s
_MELD_ORDER = {1: 0, 13: 1, 12: 2, 11: 3, 10: 4, 9: 5, 8: 6, 7: 7, 6: 8, 5: 9, 4: 10, 0: 11, 3: 12}


@dataclass
class CardItem:
    card: Card | None  # None: a back whose face nobody at the table may see
    rect: pygame.Rect
    face_up: bool = True
    angle: float = 0.0
    selected: bool = False

    @property
    def ident(self) -> Ident | None:
        return None if self.card is None else self.card.identity


@dataclass
class MeldBox:
    side: int
    rank: Rank | None
    column: pygame.Rect  # the whole column: what a dragged card is dropped on
    cards: list[CardItem] = field(default_factory=list)
    canasta: bool = False
    natural: bool = False
    kind: CanastaKind = CanastaKind.MIXED
    size: int = 0
    staged: int | None = None  # index in the staging row
    mine: bool = False


@dataclass
class Board:
    layout: TableLayout
    hand: list[CardItem] = field(default_factory=list)
    melds: list[MeldBox] = field(default_factory=list)
    staged: list[MeldBox] = field(default_factory=list)
    new_meld: pygame.Rect | None = None
    backs: dict[int, list[CardItem]] = field(default_factory=dict)
    seat_anchor: dict[int, tuple[tuple[int, int], float]] = field(default_factory=dict)
    red_threes: dict[int, list[CardItem]] = field(default_factory=dict)
    # cut-throat partners' red 3s, each owner's group where it lies (its owner's name goes under it)
    three_owners: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    pile_items: list[CardItem] = field(default_factory=list)
    pile_freezer: CardItem | None = None
    stock_count: int = 0
    pile_count: int = 0
    pile_buried: int = 0  # of pile_count, face down (italian's starting pile)
    pile_flying: tuple[Card, ...] = ()  # the pile's top cards still in the air, on their way
    pos: dict[Ident, CardItem] = field(default_factory=dict)
    hand_slots: dict[Ident, tuple[int, int]] = field(default_factory=dict)  # unlifted top-lefts

    def hand_card_at(self, point: tuple[int, int]) -> CardItem | None:
        for item in reversed(self.hand):  # the rightmost card is drawn on top
            if item.rect.collidepoint(point):
                return item
        return None

    def own_meld(self, rank: Rank) -> MeldBox | None:
        for m in self.melds:
            if m.mine and m.rank == rank:
                return m
        return None


def three_owners(g: Game, side: int) -> list[tuple[int | None, list[Card]]]:
    """The red 3s in front of a side, grouped by the seat that laid them out: the
    partners' each under their own name (None: a side's own, or a partnership's merged
    ones from a game saved before they were kept apart)."""
    r = g.rules
    if not cutthroat.applies(r) or side != cutthroat.alliance(r):
        return [(None, list(g.red_threes[side]))] if g.red_threes[side] else []
    seats = [s for s in range(r.players) if g.side_of[s] == side]
    groups: list[tuple[int | None, list[Card]]] = [(s, list(g.red_threes[s])) for s in seats if g.red_threes[s]]
    if g.red_threes[side]:
        groups.append((None, list(g.red_threes[side])))
    return groups


def side_area(g: Game, layout: TableLayout, human: int, side: int) -> pygame.Rect | None:
    seats = [s for s in range(g.players) if g.side_of_seat(s) == side]
    if not seats:
        return None
    if human in seats:
        return layout.bottom_area
    positions = [layout.seat_pos[s] for s in seats]
    if layout.players == 3 and len(seats) > 1:
        return layout.top_area  # cut-throat: the two partners share the top band
    return layout.meld_area_for_position(positions[0])


def build_board(g: Game, layout: TableLayout, human: int, sort_mode: str,
                staged: list[list[Card]], selected: set[Ident], hidden: set[Ident],
                incoming: dict[int, int], show_new_meld: bool, reveal: bool = False,
                kept: Mapping[Ident, tuple[int, int]] | None = None) -> Board:
    b = Board(layout)
    staged_ids = {c.identity for grp in staged for c in grp}
    my_side = g.side_of_seat(human)

    # -- the human's hand ---------------------------------------------------------
    # cards in flight (or being dragged) keep their slot, so nothing shifts while they move
    cards = [c for c in order_hand(g.hands[human], sort_mode) if c.identity not in staged_ids]
    for c, r in zip(cards, keep_places(cards, fan_rects(cards, layout, sort_mode), kept), strict=True):
        b.hand_slots[c.identity] = r.topleft
        sel = c.identity in selected
        if sel:
            r = r.move(0, -layout.lift)
        item = CardItem(c, r, True, 0.0, sel)
        b.pos[c.identity] = item
        if c.identity not in hidden:
            b.hand.append(item)

    # -- the other seats: backs (faces in a practice game's "show all hands") -----
    bw, bh = layout.back_w, layout.back_h
    area: pygame.Rect | None  # a seat's area here; a side's for the melds, which may have none
    for seat, pos in layout.seat_pos.items():
        if seat == human:
            continue
        n = max(0, len(g.hands[seat]) - incoming.get(seat, 0))
        faces = order_hand(g.hands[seat], "rank")[:n] if reveal else None
        area = layout.seat_area[seat]
        items = []
        if pos == "top":
            step = min(bw * 0.32, (area.w - bw) / max(1, n - 1)) if n > 1 else 0
            x0 = area.centerx - (step * (n - 1) + bw) / 2
            for i in range(n):
                if faces and faces[i].identity in hidden:
                    continue  # turning face up (the hand's end): its slot waits for it
                items.append(CardItem(faces[i] if faces else None,
                                      pygame.Rect(round(x0 + i * step), area.y, bw, bh), bool(faces)))
            b.seat_anchor[seat] = (area.center, 0.0)
        else:
            angle = 90.0 if pos == "left" else -90.0
            step = min(bw * 0.32, (area.h - bw) / max(1, n - 1)) if n > 1 else 0
            y0 = area.centery - (step * (n - 1) + bw) / 2
            for i in range(n):
                if faces and faces[i].identity in hidden:
                    continue
                items.append(CardItem(faces[i] if faces else None,
                                      pygame.Rect(area.x, round(y0 + i * step), bh, bw), bool(faces), angle))
            b.seat_anchor[seat] = (area.center, angle)
        b.backs[seat] = items

    # -- melds and red threes, per side -------------------------------------------
    tw, th, step = layout.table_w, layout.table_h, layout.step
    for side, side_melds in enumerate(g.melds):
        area = side_area(g, layout, human, side)
        if area is None:
            continue
        mine = side == my_side
        # cut-throat partners' red 3s lie together in front of them, each still its
        # owner's (in the score too): grouped by owner, each group named on the table
        red_items = []
        rx = area.x
        for owner, threes in three_owners(g, side):
            group = pygame.Rect(rx, area.y, round((len(threes) - 1) * tw * 0.28) + tw, th)
            for i, c in enumerate(threes):
                it = CardItem(c, pygame.Rect(rx + round(i * tw * 0.28), area.y, tw, th), True)
                b.pos[c.identity] = it
                if c.identity not in hidden:
                    red_items.append(it)
            if owner is not None:
                b.three_owners.append((owner, group))
            rx = group.right + layout.margin
        b.red_threes[side] = red_items
        ranks = sorted(side_melds, key=lambda r: _MELD_ORDER.get(int(r), 20))
        columns = len(ranks) + (len(staged) + 1 if mine else 0)
        avail = area.right - rx
        dx = min(tw + layout.margin * 0.7, (avail - tw) / max(1, columns - 1)) if columns > 1 else 0
        x = float(rx)
        for rank in ranks:
            m = side_melds[rank]
            col = pygame.Rect(round(x), area.y, tw, area.h)
            box = MeldBox(side, rank, col, size=m.size, canasta=m.is_canasta,
                          natural=m.is_natural, kind=m.kind, mine=mine)
            _stack(box, list(m.cards), col, th, step, hidden, b)
            b.melds.append(box)
            x += dx
        if mine:
            for i, grp in enumerate(staged):
                col = pygame.Rect(round(x), area.y, tw, area.h)
                box = MeldBox(side, None, col, staged=i, size=len(grp), mine=True)
                _stack(box, list(grp), col, th, step, hidden, b)
                b.staged.append(box)
                x += dx
            if show_new_meld:
                b.new_meld = pygame.Rect(round(x), area.y, tw, th)

    # -- stock and pile ------------------------------------------------------------
    b.stock_count = len(g.stock)
    # italian: the starting pile's bottom cards lie face down under the upcard
    buried_ids = {c.identity for c in g.pile.cards[:g.pile.hidden]}
    visible = [c for c in g.pile.cards if c.identity not in hidden]
    b.pile_count = len(visible)
    b.pile_flying = tuple(c for c in g.pile.cards if c.identity in hidden)
    b.pile_buried = sum(1 for c in visible if c.identity in buried_ids)
    pr = layout.pile
    if visible:
        freezer = next((c for c in visible if (c.is_wild or c.is_red_three)
                        and c.identity not in buried_ids), None)
        if freezer is not None and freezer is not visible[-1]:
            r = pygame.Rect(0, 0, card_h(layout.pile_w), layout.pile_w)
            r.center = pr.center
            b.pile_freezer = CardItem(freezer, r, True, 90.0)
        up = [c for c in visible if c.identity not in buried_ids]
        down = [c for c in visible if c.identity in buried_ids]
        if down:  # the buried block peeks out to the left of the face-up cards, backs up
            shift = round(pr.w * 0.28)
            for k, c in enumerate(down[-3:]):
                off = (len(down[-3:]) - 1 - k)
                b.pile_items.append(CardItem(c, pr.move(-shift - off * 2, -off * 2), False))
        shown = up[-3:]
        for k, c in enumerate(shown):
            off = (len(shown) - 1 - k)
            b.pile_items.append(CardItem(c, pr.move(-off * 2, -off * 2), True))
    for it in b.pile_items:  # flights land where the card shows, face down if buried
        assert it.card is not None  # the pile holds real cards: only hands show backs with no card
        b.pos.setdefault(it.card.identity, CardItem(it.card, it.rect.copy(), it.face_up))
    for c in g.pile.cards:
        b.pos.setdefault(c.identity, CardItem(c, pr.copy(), c.identity not in buried_ids))
    return b


def _stack(box: MeldBox, cards: list[Card], col: pygame.Rect, th: int, step: int,
           hidden: set[Ident], b: Board) -> None:
    """A meld cascades down its column, naturals first; a canasta is squared into a pile."""
    cards.sort(key=lambda c: (c.is_wild, c.suit is None, 0 if c.suit is None else int(c.suit)))
    if len(cards) >= 7 and box.staged is None:
        top = _canasta_top(cards, box.natural)
        r = pygame.Rect(col.x, col.y, col.w, th)
        for c in cards:
            b.pos[c.identity] = CardItem(c, r.copy(), True)
        if any(c.identity not in hidden for c in cards):
            box.cards.append(CardItem(top, r, True))
        return
    n = len(cards)
    # a meld longer than its band holds at the usual step closes up to stay inside it
    # (larger cards' bands hold fewer: over the stock, the pile or the hand otherwise)
    s = step if th + (n - 1) * step <= col.h else max(4, (col.h - th) // max(1, n - 1))
    for i, c in enumerate(cards):
        r = pygame.Rect(col.x, col.y + i * s, col.w, th)
        it = CardItem(c, r, True)
        b.pos[c.identity] = it
        if c.identity not in hidden:
            box.cards.append(it)


def _canasta_top(cards: list[Card], natural: bool) -> Card:
    """Tradition shows a red card on top of a natural canasta and a black one on a mixed
    one; the badge says it in words as well."""
    naturals = [c for c in cards if not c.is_wild]
    want_red = natural
    for c in naturals:
        if c.suit is not None and c.suit.is_red == want_red:
            return c
    return naturals[0] if naturals else cards[0]
