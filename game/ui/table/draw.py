"""Drawing the table: cards, melds, stock and pile (the panel is table/panel.py).

Static parts (the felt, the panel's frame) are rendered once per window size; card faces
come from the sprite cache; text from the text cache. A frame is then mostly blits.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.rules.melds import CanastaKind
from game.ui.geometry.board import Board, CardItem, MeldBox, side_area
from game.ui.geometry.layout import TableLayout
from game.ui.shell import style
from game.ui.shell.backdrop import felt
from game.ui.table.card_surfaces import CardSurfaces, alpha_rect
from game.ui.table.moving import MotionDrawing

if TYPE_CHECKING:
    from game.ui.table.view import TableView

T = style.TEXT


class TableRenderer(MotionDrawing, CardSurfaces):
    """Draws the table as the `TableView` shows it: cards and melds here, faces and
    shapes in table/card_surfaces.py, what moves (flights, drags, effects) in table/moving.py."""

    def __init__(self, view: TableView) -> None:
        super().__init__(view)
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self.ribbons: list[tuple[pygame.Rect, str]] = []  # the canasta ribbons last drawn, and their words
        # the stock's and the pile's words as last drawn (counts, the pile's badge): boxes keep clear
        self.marks: dict[str, list[pygame.Rect]] = {}
        # the pile's badge as last drawn, to lay again over a focus ring drawn round the pile
        self.badge: tuple[pygame.Surface, tuple[int, int]] | None = None
        self.owner_tags: list[pygame.Rect] = []  # the names under cut-throat partners' red 3s
        self.seat_labels: dict[int, pygame.Rect] = {}  # each other seat's name and count, as last drawn

    def keep_clear(self) -> list[pygame.Rect]:
        """What a hint's or a refusal's box must not cover."""
        return [r for rects in self.marks.values() for r in rects]

    def clear(self) -> None:
        self._cache.clear()
        self._static = None

    # -- static layer ---------------------------------------------------------------
    def static(self, L: TableLayout, shared_top: bool = False) -> pygame.Surface:
        """The felt with a faint inset around each meld area. `shared_top`: cut-throat, the
        two other players are partners and meld into one area, the whole top band."""
        key = (L.size, L.players, shared_top)
        if self._static is not None and self._static_key == key:
            return self._static
        s = felt(L.size).copy()
        halves = L.players == 3 and not shared_top
        for area in (L.bottom_area,) + ((L.top_area,) if not halves else
                                        (L.meld_area_for_position("left"), L.meld_area_for_position("right"))):
            r = area.inflate(L.margin, L.margin // 2)
            s.blit(alpha_rect(r.size, (0, 0, 0, 38), max(8, L.margin)), r.topleft)
        p = L.panel
        s.blit(alpha_rect(p.size, (6, 24, 14, 215), 0), p.topleft)
        pygame.draw.line(s, style.GOLD_DARK, p.topleft, p.bottomleft, 2)
        self._static, self._static_key = s, key
        return s

    # -- the board ------------------------------------------------------------------
    def draw_card(self, surface: pygame.Surface, it: CardItem, shadow: bool = True) -> None:
        r = it.rect
        if shadow and it.card is not None and it.face_up and not it.angle:
            surface.blit(self.card_with_shadow(it.card, r.w), r.topleft)
            return
        if shadow:
            surface.blit(self.shadow(r.w, r.h), (r.x + 1, r.y + 3))
        if it.card is None or not it.face_up:
            w = r.w if not it.angle else r.h
            surface.blit(self.back(w, it.angle, it.card), r.topleft)
        elif it.angle:
            surface.blit(self.rotated_face(it.card, r.h, it.angle), r.topleft)
        else:
            surface.blit(self.face(it.card, r.w), r.topleft)

    def card_with_shadow(self, card, width: int) -> pygame.Surface:
        """A face with its drop shadow baked in: one blit per card instead of two."""
        key = ("cws", card.code, getattr(card, "deck", 0) % 2 if card.suit is None else 0, width)
        s = self._cache.get(key)
        if s is None:
            face = self.face(card, width)
            w, h = face.get_size()
            s = pygame.Surface((w + 3, h + 4), pygame.SRCALPHA)
            s.blit(self.shadow(w, h), (1, 3))
            s.blit(face, (0, 0))
            self._cache[key] = s
        return s

    def fan(self, items: list[CardItem]) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """Another player's backs as one surface (re-made only when the count changes)."""
        if not items:
            return None
        area = items[0].rect.unionall([it.rect for it in items[1:]])
        key = ("fan", len(items), area.size, items[0].angle, tuple(it.rect.x - area.x for it in items[:2]),
               tuple(it.rect.y - area.y for it in items[:2]), self.view.back_colour)
        s = self._cache.get(key)
        if s is None:
            s = pygame.Surface(area.size, pygame.SRCALPHA)
            for it in items:
                w = it.rect.w if not it.angle else it.rect.h
                s.blit(self.back(w, it.angle), (it.rect.x - area.x, it.rect.y - area.y))
            self._cache[key] = s
        return s, area.topleft

    def draw_board(self, surface: pygame.Surface, b: Board, hand_disp: dict | None,
                   fading: frozenset[tuple[int, int]] = frozenset()) -> None:
        """Everything on the table; the hand only when `hand_disp` is given (None: the
        caller draws the hand itself, e.g. while it is still easing into place).
        `fading`: cards fading in where they land (reduced motion): already in place."""
        sc = self.view
        L = b.layout
        g = sc.game
        others = [seat for seat in range(g.players) if seat != sc.human]
        shared_top = len(others) == 2 and g.side_of_seat(others[0]) == g.side_of_seat(others[1])
        surface.blit(self.static(L, shared_top and L.players == 3), (0, 0))
        small = max(12, round(L.size[1] * 0.018))
        self._area_captions(surface, L, small)
        for seat, items in b.backs.items():
            if items and items[0].face_up and items[0].card is not None:
                for it in items:  # practice: "show all hands"
                    self.draw_card(surface, it, shadow=False)
            else:
                made = self.fan(items)
                if made is not None:
                    surface.blit(*made)
            self._seat_label(surface, b, seat, len(items), small)
        for items in b.red_threes.values():
            for it in items:
                self.draw_card(surface, it)
        self.owner_tags = [self._owner_tag(surface, seat, group, small) for seat, group in b.three_owners]
        for box in b.melds:
            self._meld(surface, box, L, small)
        # a canasta's ribbon goes on last, kept to the strip of its pile that shows: with
        # many melds the columns overlap, and the next one covered half of "Mixed"
        self.ribbons = []
        room = visible_widths(b)
        for box in b.melds:
            if box.canasta and box.cards:
                self._ribbon(surface, box, room.get(id(box)), small)
        for box in b.staged:
            col = box.column
            surface.blit(self.dashed(col.w + 8, col.h + 8, style.GOLD, "", small), (col.x - 4, col.y - 4))
            for it in box.cards:
                self.draw_card(surface, it)
        if b.new_meld is not None:
            r = b.new_meld
            surface.blit(self.dashed(r.w, r.h, style.CREAM, sc.new_meld_label(), max(10, small - 2)), r.topleft)
        self._stock(surface, b, L, small)
        self._pile(surface, b, L, small, fading)
        if hand_disp is not None:
            self.draw_hand(surface, b, hand_disp)

    def _area_captions(self, surface: pygame.Surface, L: TableLayout, size: int) -> None:
        """Whose melds go where, faint in the corner of each side's area (the cards are
        drawn over it)."""
        sc = self.view
        g = sc.game
        for side in range(len(g.melds)):
            area = side_area(g, L, sc.human, side)
            if area is None:
                continue
            img = T.render(sc.side_name(side), size, style.CAPTION, italic=True)
            surface.blit(img, img.get_rect(bottomright=(area.right - L.margin // 2, area.bottom - L.margin // 4)))

    def draw_hand(self, surface: pygame.Surface, b: Board, hand_disp: dict) -> None:
        """The human's hand, each card eased towards its slot."""
        for it in b.hand:
            pos = hand_disp.get(it.card.identity) if it.card is not None else None
            r = it.rect if pos is None else pygame.Rect(round(pos[0]), round(pos[1]), it.rect.w, it.rect.h)
            surface.blit(self.card_with_shadow(it.card, r.w), r.topleft)
            if it.selected:
                surface.blit(self.outline(r.w + 6, r.h + 6, style.SELECT, 3), (r.x - 3, r.y - 3))

    def _owner_tag(self, surface: pygame.Surface, seat: int, group: pygame.Rect, size: int) -> pygame.Rect:
        """Whose red 3s these are, under them: cut-throat partners lay theirs side by side
        and each still scores only their own."""
        img = T.render(self.view.seat_name(seat), max(10, size - 1), style.CREAM, italic=True)
        tag = pygame.Rect(0, 0, img.get_width() + 10, img.get_height() + 2)
        tag.midtop = (group.centerx, group.bottom + 3)
        surface.blit(self.glow(tag.w, tag.h, (0, 0, 0), 120), tag.topleft)
        surface.blit(img, img.get_rect(center=tag.center))
        return tag

    def _seat_label(self, surface: pygame.Surface, b: Board, seat: int, n: int, size: int) -> None:
        sc = self.view
        L = b.layout
        area = L.seat_area[seat]
        pos = L.seat_pos[seat]
        name = sc.seat_name(seat)
        active = sc.game.to_play == seat
        colour = style.GOLD if active else style.CREAM
        text = T.render(name, size, colour, bold=active)
        badge = T.render(str(n), size, style.INK, bold=True)
        bw = max(badge.get_width() + 12, badge.get_height() + 4)
        total = text.get_width() + 8 + bw
        below = max((it.rect.bottom for it in b.backs.get(seat, [])), default=area.centery)
        if pos == "top":
            x, y = area.centerx - total // 2, area.bottom + 4
        elif pos == "left":
            x, y = area.x, below + 6
        else:
            x, y = area.right - total, below + 6
        pill = pygame.Rect(x - 8, y - 3, total + 16, text.get_height() + 6)
        # the active player's pill keeps off the meld bands beside a side seat's column
        if pos == "left":
            pill.w = max(total + 10, min(pill.w, L.bottom_area.x - 1 - pill.x))
        elif pos == "right":
            cut = max(0, min(pill.w - total - 10, L.bottom_area.right + 1 - pill.x))
            pill.x, pill.w = pill.x + cut, pill.w - cut
        self.seat_labels[seat] = pill
        if active:
            surface.blit(self.glow(pill.w, pill.h, (0, 0, 0), 110), pill.topleft)
        surface.blit(text, (x, y))
        br = pygame.Rect(x + text.get_width() + 8, y + 1, bw, text.get_height() - 2)
        pygame.draw.rect(surface, style.CREAM, br, border_radius=br.h // 2)
        surface.blit(badge, badge.get_rect(center=br.center))

    def _meld(self, surface: pygame.Surface, box: MeldBox, L: TableLayout, size: int) -> None:
        if not box.cards:
            return
        if box.canasta:
            top = box.cards[0]
            r = top.rect
            for k in (3, 2, 1):  # the squared stack's edges
                surface.blit(self.shadow(r.w, r.h), (r.x + k * 2, r.y + k * 2 + 2))
                surface.blit(self.back(r.w, card=top.card), (r.x + k * 2, r.y + k * 2))
            self.draw_card(surface, top)
            return
        for it in box.cards:
            self.draw_card(surface, it)

    def _ribbon(self, surface: pygame.Surface, box: MeldBox, room: int | None, size: int) -> None:
        """The canasta's kind (natural or mixed) across it and its size below it, within
        `room` pixels from the pile's left edge (None: the whole card shows)."""
        r = box.cards[0].rect
        if box.kind is CanastaKind.WILD:
            colour, word = style.GOLD_DARK, tr("ui.canasta.wild")
        else:
            colour = style.RED_BADGE if box.natural else style.BLACK_BADGE
            word = self.view.canasta_word(box.natural)
        width = r.w + 6 if room is None else max(12, min(r.w + 6, room))
        text_size = max(10, size - 2)
        img = T.render(word, text_size, (255, 255, 255), bold=True)
        while img.get_width() > width - 6 and text_size > 9:
            text_size -= 1
            img = T.render(word, text_size, (255, 255, 255), bold=True)
        if img.get_width() > width - 6:
            img = pygame.transform.smoothscale_by(img, (width - 6) / img.get_width())
        ribbon = pygame.Rect(r.x - 3, 0, width, img.get_height() + 4)
        ribbon.centery = r.y + round(r.h * 0.62)
        pygame.draw.rect(surface, colour, ribbon, border_radius=4)
        pygame.draw.rect(surface, style.GOLD, ribbon, 1, border_radius=4)
        surface.blit(img, img.get_rect(center=ribbon.center))
        self.ribbons.append((ribbon, word))
        count = T.render(str(box.size), max(10, size - 1), style.CREAM, bold=True)
        surface.blit(count, count.get_rect(midtop=(r.x + min(r.w, width - 3) // 2, r.bottom + 8)))

    def _stock(self, surface: pygame.Surface, b: Board, L: TableLayout, size: int) -> None:
        r = L.stock
        n = b.stock_count
        stock = self.view.game.stock
        stock_top = stock[-1] if stock else None  # its back shows (italian: its deck's colour)
        if n:
            layers = min(4, 1 + n // 15)
            for k in range(layers, 0, -1):
                surface.blit(self.shadow(r.w, r.h), (r.x + k * 2, r.y + 3 - k * 2))
                surface.blit(self.back(r.w, card=stock_top), (r.x + k * 2 - 2, r.y - k * 2 + 2))
            if self.view.stock_hot():
                surface.blit(self.outline(r.w + 10, r.h + 10, style.GOLD, 3), (r.x - 5, r.y - 5))
        else:
            surface.blit(self.dashed(r.w, r.h, style.MUTED, "", size), r.topleft)
        text = T.render(self.view.stock_label(n), size, style.CREAM)
        self.marks["stock"] = [surface.blit(text, text.get_rect(midtop=(r.centerx, r.bottom + 6)))]

    def _pile(self, surface: pygame.Surface, b: Board, L: TableLayout, size: int,
              fading: frozenset[tuple[int, int]]) -> None:
        r = L.pile
        if b.pile_freezer is not None:
            self.draw_card(surface, b.pile_freezer)
        if not b.pile_items:
            surface.blit(self.dashed(r.w, r.h, style.MUTED, "", size), r.topleft)
        for it in b.pile_items:
            self.draw_card(surface, it)
        if b.pile_items and self.view.pile_hot():
            surface.blit(self.outline(r.w + 10, r.h + 10, style.GOLD, 3), (r.x - 5, r.y - 5))
        flying = [c for c in b.pile_flying if c.identity not in fading]  # the badge waits for them
        state = self.view.pile_state(flying) if b.pile_items else None
        marks = self.marks["pile"] = []
        self.badge = None
        if state:
            word, colour = state
            img = T.render(word, max(10, size - 1), (255, 255, 255), bold=True)
            lock_w = img.get_height()
            badge = pygame.Rect(0, 0, img.get_width() + lock_w + 18, img.get_height() + 4)
            badge.midtop = (r.centerx, r.y - badge.h // 2 - 2)
            marks.append(badge)
            pygame.draw.rect(surface, colour, badge, border_radius=badge.h // 2)
            pygame.draw.rect(surface, style.GOLD, badge, 1, border_radius=badge.h // 2)
            self._lock(surface, (badge.x + 8 + lock_w * 3 // 4, badge.centery), badge.h)
            surface.blit(img, img.get_rect(midleft=(badge.x + lock_w + 12, badge.centery)))
            shown = badge.clip(surface.get_rect())
            self.badge = (surface.subsurface(shown).copy(), shown.topleft)
        text = T.render(self.view.pile_label(b.pile_count, b.pile_buried), size, style.CREAM)
        marks.append(surface.blit(text, text.get_rect(midtop=(r.centerx, r.bottom + 6))))

    def _lock(self, surface: pygame.Surface, left_mid: tuple[int, int], h: int) -> None:
        """A small padlock at the left end of the pile's state badge."""
        x, y = left_mid
        s = max(8, h - 6)
        body = pygame.Rect(0, 0, s, round(s * 0.7))
        body.midright = (x, y + s * 0.12)
        pygame.draw.rect(surface, style.GOLD, body, border_radius=2)
        pygame.draw.arc(surface, style.GOLD, pygame.Rect(body.x + s * 0.18, body.y - s * 0.45, s * 0.64, s * 0.8),
                        0, math.pi, 2)


def visible_widths(b: Board) -> dict[int, int]:
    """For each meld (by id) whose right part lies under the next column of its side's
    row: how many pixels of it show."""
    columns: dict[tuple[int, int], list[int]] = {}
    for box in [*b.melds, *b.staged]:
        columns.setdefault((box.side, box.column.y), []).append(box.column.x)
    if b.new_meld is not None:
        for box in b.melds:
            if box.mine:
                columns.setdefault((box.side, box.column.y), []).append(b.new_meld.x)
                break
    out: dict[int, int] = {}
    for box in b.melds:
        right = [x for x in columns.get((box.side, box.column.y), []) if x > box.column.x]
        if right and min(right) - box.column.x < box.column.w + 6:
            out[id(box)] = min(right) - box.column.x
    return out
