"""Drawing the table: cards, melds, stock and pile, the panel, flights and effects.

Static parts (the felt, the panel's frame) are rendered once per window size; card faces
come from the sprite cache; text from the text cache. A frame is then mostly blits.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.rules.melds import CanastaKind
from sprites.cache import SurfaceCache

from . import style
from .backdrop import felt
from .board import Board, CardItem, MeldBox, side_area
from .drag import Drag, Target
from .layout import TableLayout, card_h
from .tween import Effect, Flight

if TYPE_CHECKING:
    from .table_scene import TableScene

T = style.TEXT


def font_height(size: int) -> int:
    return style.font(size).get_linesize()


def _alpha_rect(size: tuple[int, int], colour: tuple[int, int, int, int], radius: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, colour, s.get_rect(), border_radius=radius)
    return s


class TableRenderer:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        # bounded: fans, rotated and shadowed cards are keyed by size and count
        self._cache = SurfaceCache(max_entries=1000)
        self.ribbons: list[tuple[pygame.Rect, str]] = []  # the canasta ribbons last drawn, and their words

    # -- surfaces -------------------------------------------------------------------
    @property
    def art(self):
        return self.scene.app.art

    def face(self, card, width: int) -> pygame.Surface:
        return self.art.face_for(card, width)

    def back_style(self, card=None) -> str:
        """The back a card shows: italian's three decks are blue, red and green; the other
        variants alternate the chosen colour and the next one by deck. An unknown card
        (another player's hand) shows the chosen colour."""
        styles = self.art.back_styles()
        chosen = self.scene.app.prefs.back_colour
        if chosen not in styles:
            chosen = styles[0]
        if card is None:
            return chosen
        return deck_back(styles, chosen, self.scene.game.rules, card)

    def back(self, width: int, angle: float = 0.0, card=None) -> pygame.Surface:
        style_name = self.back_style(card)
        if not angle:
            return self.art.back(style_name, width)
        key = ("back", style_name, width, angle)
        s = self._cache.get(key)
        if s is None:
            s = self._cache[key] = pygame.transform.rotate(self.art.back(style_name, width), angle)
        return s

    def rotated_face(self, card, width: int, angle: float) -> pygame.Surface:
        key = ("face", card.code, getattr(card, "deck", 0) % 2 if card.suit is None else 0, width, angle)
        s = self._cache.get(key)
        if s is None:
            s = self._cache[key] = pygame.transform.rotate(self.face(card, width), angle)
        return s

    def shadow(self, w: int, h: int) -> pygame.Surface:
        key = ("shadow", w, h)
        s = self._cache.get(key)
        if s is None:
            r = max(3, round(w * 0.07))
            s = self._cache[key] = _alpha_rect((w + 2, h + 2), (0, 0, 0, 70), r)
        return s

    def outline(self, w: int, h: int, colour: tuple[int, int, int], width: int = 3, alpha: int = 255) -> pygame.Surface:
        key = ("outline", w, h, colour, width, alpha)
        s = self._cache.get(key)
        if s is None:
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            r = max(4, round(min(w, h) * 0.08))
            pygame.draw.rect(s, (*colour, alpha), s.get_rect(), width=width, border_radius=r)
            self._cache[key] = s
        return s

    def glow(self, w: int, h: int, colour: tuple[int, int, int], alpha: int) -> pygame.Surface:
        key = ("glow", w, h, colour, alpha)
        s = self._cache.get(key)
        if s is None:
            r = max(6, round(min(w, h) * 0.1))
            s = self._cache[key] = _alpha_rect((w, h), (*colour, alpha), r)
        return s

    def dashed(self, w: int, h: int, colour: tuple[int, int, int], label: str, size: int) -> pygame.Surface:
        key = ("dashed", w, h, colour, label, size)
        s = self._cache.get(key)
        if s is None:
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(s, (*colour, 28), s.get_rect(), border_radius=max(4, w // 12))
            dash = max(4, w // 10)
            edges = [((0, 0), (w, 0)), ((w - 1, 0), (w - 1, h)), ((w, h - 1), (0, h - 1)), ((0, h), (0, 0))]
            for (x0, y0), (x1, y1) in edges:
                length = math.hypot(x1 - x0, y1 - y0)
                n = int(length // (dash * 2)) + 1
                for i in range(n):
                    a = i * 2 * dash / length
                    b = min(1.0, (i * 2 + 1) * dash / length)
                    pygame.draw.line(s, (*colour, 170), (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                                     (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), 2)
            if label:
                plus = T.render("+", max(14, w // 2), (*colour,), bold=True)
                while size > 9 and max(style.font(size).size(word)[0] for word in label.split()) > w - 6:
                    size -= 1  # a long word in some language ("combinación"): smaller, not cut
                lines = T.wrap(label, size, w - 6)
                text_h = len(lines) * font_height(size)
                # the plus and the words, centred together so nothing spills out
                y = max(2, (h - plus.get_height() - text_h) // 2)
                s.blit(plus, plus.get_rect(midtop=(w // 2, y)))
                y += plus.get_height() - 4
                for line in lines:
                    img = T.render(line, size, colour)
                    s.blit(img, img.get_rect(midtop=(w // 2, y)))
                    y += img.get_height()
            self._cache[key] = s
        return s

    def clear(self) -> None:
        self._cache.clear()
        self._static = None

    # -- static layer ---------------------------------------------------------------
    def static(self, L: TableLayout) -> pygame.Surface:
        key = (L.size, L.players)
        if self._static is not None and self._static_key == key:
            return self._static
        s = felt(L.size).copy()
        # a faint inset line around each meld area gives the table structure
        for area in (L.bottom_area,) + ((L.top_area,) if L.players != 3 else
                                        (L.meld_area_for_position("left"), L.meld_area_for_position("right"))):
            r = area.inflate(L.margin, L.margin // 2)
            s.blit(_alpha_rect(r.size, (0, 0, 0, 38), max(8, L.margin)), r.topleft)
        p = L.panel
        s.blit(_alpha_rect(p.size, (6, 24, 14, 215), 0), p.topleft)
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
               tuple(it.rect.y - area.y for it in items[:2]), self.scene.app.prefs.back_colour)
        s = self._cache.get(key)
        if s is None:
            s = pygame.Surface(area.size, pygame.SRCALPHA)
            for it in items:
                w = it.rect.w if not it.angle else it.rect.h
                s.blit(self.back(w, it.angle), (it.rect.x - area.x, it.rect.y - area.y))
            self._cache[key] = s
        return s, area.topleft

    def draw_board(self, surface: pygame.Surface, b: Board, hand_disp: dict | None) -> None:
        """Everything on the table; the hand only when `hand_disp` is given (None: the
        caller draws the hand itself, e.g. while it is still easing into place)."""
        sc = self.scene
        L = b.layout
        surface.blit(self.static(L), (0, 0))
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
        self._pile(surface, b, L, small)
        if hand_disp is not None:
            self.draw_hand(surface, b, hand_disp)

    def _area_captions(self, surface: pygame.Surface, L: TableLayout, size: int) -> None:
        """Whose melds go where, faint in the corner of each side's area (the cards are
        drawn over it)."""
        sc = self.scene
        g = sc.game
        for side in range(len(g.melds)):
            area = side_area(g, L, sc.session.human, side)
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

    def _seat_label(self, surface: pygame.Surface, b: Board, seat: int, n: int, size: int) -> None:
        sc = self.scene
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
        if active:
            pill = self.glow(total + 16, text.get_height() + 6, (0, 0, 0), 110)
            surface.blit(pill, (x - 8, y - 3))
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
            word = self.scene.canasta_word(box.natural)
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
        stock = self.scene.game.stock
        stock_top = stock[-1] if stock else None  # its back shows (italian: its deck's colour)
        if n:
            layers = min(4, 1 + n // 15)
            for k in range(layers, 0, -1):
                surface.blit(self.shadow(r.w, r.h), (r.x + k * 2, r.y + 3 - k * 2))
                surface.blit(self.back(r.w, card=stock_top), (r.x + k * 2 - 2, r.y - k * 2 + 2))
            if self.scene.stock_hot():
                surface.blit(self.outline(r.w + 10, r.h + 10, style.GOLD, 3), (r.x - 5, r.y - 5))
        else:
            surface.blit(self.dashed(r.w, r.h, style.MUTED, "", size), r.topleft)
        text = T.render(self.scene.stock_label(n), size, style.CREAM)
        surface.blit(text, text.get_rect(midtop=(r.centerx, r.bottom + 6)))

    def _pile(self, surface: pygame.Surface, b: Board, L: TableLayout, size: int) -> None:
        r = L.pile
        if b.pile_freezer is not None:
            self.draw_card(surface, b.pile_freezer)
        if not b.pile_items:
            surface.blit(self.dashed(r.w, r.h, style.MUTED, "", size), r.topleft)
        for it in b.pile_items:
            self.draw_card(surface, it)
        if b.pile_items and self.scene.pile_hot():
            surface.blit(self.outline(r.w + 10, r.h + 10, style.GOLD, 3), (r.x - 5, r.y - 5))
        state = self.scene.pile_state() if b.pile_items else None
        if state:
            word, colour = state
            img = T.render(word, max(10, size - 1), (255, 255, 255), bold=True)
            lock_w = img.get_height()
            badge = pygame.Rect(0, 0, img.get_width() + lock_w + 18, img.get_height() + 4)
            badge.midtop = (r.centerx, r.y - badge.h // 2 - 2)
            pygame.draw.rect(surface, colour, badge, border_radius=badge.h // 2)
            pygame.draw.rect(surface, style.GOLD, badge, 1, border_radius=badge.h // 2)
            self._lock(surface, (badge.x + 8 + lock_w * 3 // 4, badge.centery), badge.h)
            surface.blit(img, img.get_rect(midleft=(badge.x + lock_w + 12, badge.centery)))
        text = T.render(self.scene.pile_label(b.pile_count, b.pile_buried), size, style.CREAM)
        surface.blit(text, text.get_rect(midtop=(r.centerx, r.bottom + 6)))

    def _lock(self, surface: pygame.Surface, left_mid: tuple[int, int], h: int) -> None:
        """A small padlock at the left end of the pile's state badge."""
        x, y = left_mid
        s = max(8, h - 6)
        body = pygame.Rect(0, 0, s, round(s * 0.7))
        body.midright = (x, y + s * 0.12)
        pygame.draw.rect(surface, style.GOLD, body, border_radius=2)
        pygame.draw.arc(surface, style.GOLD, pygame.Rect(body.x + s * 0.18, body.y - s * 0.45, s * 0.64, s * 0.8),
                        0, math.pi, 2)

    # -- motion ---------------------------------------------------------------------
    def draw_flights(self, surface: pygame.Surface, flights: list[Flight]) -> None:
        for f in flights:
            if not f.active:
                continue
            x, y, w, angle, face, squash = f.state()
            base_w = f.dst_w if f.dst_face or not f.src_face else f.src_w
            base_w = max(16, int(base_w))
            img = self.face(f.card, base_w) if (face and f.card is not None) else self.back(base_w, card=f.card)
            bw, bh = img.get_size()
            if squash < 0.999:
                img = pygame.transform.scale(img, (max(1, round(bw * squash)), bh))
            scale = w / base_w
            if abs(angle) > 0.5 or abs(scale - 1) > 0.02:
                img = pygame.transform.rotozoom(img, angle, scale)
            rect = img.get_rect(center=(round(x), round(y)))
            if abs(angle) < 1 and squash > 0.98:  # a square shadow under a turned card would show
                sh = self.shadow(round(w), card_h(round(w)))
                surface.blit(sh, sh.get_rect(center=(rect.centerx + 3, rect.centery + 6)))
            surface.blit(img, rect)

    def draw_drag(self, surface: pygame.Surface, d: Drag, L: TableLayout) -> None:
        x0 = d.pos[0] - d.offset[0]
        y0 = d.pos[1] - d.offset[1]
        step = round(L.hand_w * 0.28)
        for i, c in enumerate(d.cards):
            r = pygame.Rect(x0 + i * step, y0, L.hand_w, L.hand_h)
            surface.blit(self.shadow(r.w, r.h), (r.x + 6, r.y + 10))
            surface.blit(self.face(c, r.w), r.topleft)

    def draw_targets(self, surface: pygame.Surface, d: Drag, L: TableLayout) -> None:
        hover = d.target_at(d.pos)
        for t in d.targets:
            colour = style.LEGAL if t.legal else style.ILLEGAL
            r = t.rect
            strong = t is hover
            surface.blit(self.glow(r.w, r.h, colour, 70 if strong else 34), r.topleft)
            surface.blit(self.outline(r.w, r.h, colour, 3 if strong else 2, 255 if strong else 150), r.topleft)

    def draw_drop_callout(self, surface: pygame.Surface, d: Drag, L: TableLayout, size: int) -> None:
        """What dropping here would do, or why not, for the target under the cards."""
        hover = d.target_at(d.pos)
        if hover is not None:
            self.callout(surface, hover, L, size)

    def callout(self, surface: pygame.Surface, t: Target, L: TableLayout, size: int,
                alpha: int = 255) -> pygame.Rect:
        """The reason (red) or what will happen (green) in a box beside the target."""
        colour = style.LEGAL if t.legal else style.ILLEGAL
        width = min(L.play.w // 2, 22 * size)
        lines = T.wrap(t.text, size, width - 20)
        imgs = [T.render(line, size, style.CREAM) for line in lines]
        h = sum(i.get_height() for i in imgs) + 14 + (size if t.key and not t.legal else 0)
        w = max(i.get_width() for i in imgs) + 22
        box = pygame.Rect(0, 0, w, h)
        r = t.rect
        box.midbottom = (r.centerx, r.y - 6)
        if box.y < L.margin:
            box.midtop = (r.centerx, r.bottom + 6)
        box.clamp_ip(L.play.inflate(-L.margin, -L.margin))
        bg = self.glow(w, h, (12, 20, 16), 235)
        if alpha < 255:
            bg = bg.copy()
            bg.set_alpha(alpha)
        surface.blit(bg, box.topleft)
        pygame.draw.rect(surface, colour, box, 2, border_radius=8)
        y = box.y + 7
        for img in imgs:
            if alpha < 255:
                img = img.copy()
                img.set_alpha(alpha)
            surface.blit(img, (box.x + 11, y))
            y += img.get_height()
        return box

    def draw_effects(self, surface: pygame.Surface, effects: list[Effect], L: TableLayout) -> None:
        for e in effects:
            if not e.visible:
                continue
            if e.kind == "burst":
                self._burst(surface, e, L)
            elif e.kind == "banner":
                self._banner(surface, e, L)
            elif e.kind == "bubble":
                self._bubble(surface, e, L)

    def _burst(self, surface: pygame.Surface, e: Effect, L: TableLayout) -> None:
        t = e.t
        reach = L.hand_w * 1.6
        for ang, speed, size, colour in e.particles:
            d = reach * speed * (1 - (1 - t) ** 2)
            x = e.pos[0] + math.cos(ang) * d
            y = e.pos[1] + math.sin(ang) * d + 40 * t * t
            r = max(1, round(size * (1 - t)))
            pygame.draw.circle(surface, colour, (round(x), round(y)), r)

    def _banner(self, surface: pygame.Surface, e: Effect, L: TableLayout) -> None:
        t = e.t
        size = max(22, round(L.size[1] * 0.045))
        img = T.render(e.text, size, e.colour, bold=True)
        alpha = 255 if t < 0.75 else round(255 * (1 - (t - 0.75) / 0.25))
        grow = 0.8 + 0.2 * min(1.0, t * 5)
        w, h = img.get_width() + 48, img.get_height() + 18
        box = pygame.Rect(0, 0, round(w * grow), round(h * grow))
        box.center = e.pos
        box.clamp_ip(L.play)
        # composed first and faded as one, so the frame does not outlive its words
        card = self.glow(box.w, box.h, (10, 30, 18), 225).copy()
        pygame.draw.rect(card, style.GOLD, card.get_rect(), 2, border_radius=10)
        if grow < 0.999:
            img = pygame.transform.smoothscale_by(img, grow)
        card.blit(img, img.get_rect(center=card.get_rect().center))
        card.set_alpha(alpha)
        surface.blit(card, box.topleft)

    def _bubble(self, surface: pygame.Surface, e: Effect, L: TableLayout) -> None:
        size = max(14, round(L.size[1] * 0.024))
        img = T.render(e.text, size, style.INK, bold=True)
        box = pygame.Rect(0, 0, img.get_width() + 28, img.get_height() + 16)
        box.midbottom = e.pos
        box.clamp_ip(L.play.inflate(-L.margin, -L.margin))
        tail = [(box.centerx - 8, box.bottom - 1), (box.centerx + 8, box.bottom - 1), (box.centerx, box.bottom + 10)]
        pygame.draw.rect(surface, (252, 248, 236), box, border_radius=box.h // 2)
        pygame.draw.polygon(surface, (252, 248, 236), tail)
        pygame.draw.rect(surface, style.GOLD_DARK, box, 2, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))


ITALIAN_BACKS = ("blue", "red", "green")


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


def physical_deck(card, jokers_per_deck: int) -> int:
    """The deck a card came from: jokers are numbered on across the decks."""
    deck = getattr(card, "deck", 0)
    if card.suit is None and jokers_per_deck:
        return deck // jokers_per_deck
    return deck


def deck_back(styles, chosen: str, rules, card) -> str:
    d = physical_deck(card, rules.jokers_per_deck)
    if rules.decks >= 3 and all(b in styles for b in ITALIAN_BACKS):
        return ITALIAN_BACKS[d % len(ITALIAN_BACKS)]
    order = list(styles)
    second = order[(order.index(chosen) + 1) % len(order)]
    return (chosen, second)[d % 2]
