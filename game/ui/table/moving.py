"""Drawing what moves over the table: cards in flight, the dragged cards and their drop
targets (green, or red with the engine's reason), a refusal's callout, and the effects
(bursts, banners, speech bubbles). A part of `TableRenderer`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.rules import Card
from game.ui.geometry.layout import TableLayout, card_h
from game.ui.motion.tween import Effect, Flight
from game.ui.shell import style
from game.ui.table.drag import Drag, Target
from game.ui.table.guidance import place_box, rule_link_room

if TYPE_CHECKING:
    from game.ui.table.card_surfaces import CardSurfaces

    _Base = CardSurfaces
else:
    _Base = object

T = style.TEXT


class MotionDrawing(_Base):
    keep_clear: Callable[[], list[pygame.Rect]]  # TableRenderer's: what a callout must not cover
    seat_labels: dict[int, pygame.Rect]  # TableRenderer's: the other seats' names as last drawn

    # -- motion ---------------------------------------------------------------------
    def draw_flights(self, surface: pygame.Surface, flights: list[Flight]) -> None:
        for f in flights:
            if not f.active:
                continue
            x, y, w, angle, face, squash = f.state()
            base_w = f.dst_w if f.dst_face or not f.src_face else f.src_w
            base_w = max(16, int(base_w))
            img = self.face(f.card, base_w) if (face and f.card is not None) else self.back(base_w)
            bw, bh = img.get_size()
            if squash < 0.999:
                img = pygame.transform.scale(img, (max(1, round(bw * squash)), bh))
            scale = w / base_w
            if abs(angle) > 0.5 or abs(scale - 1) > 0.02:
                img = pygame.transform.rotozoom(img, angle, scale)
            rect = img.get_rect(center=(round(x), round(y)))
            if f.fade:
                img = img.copy()
                img.set_alpha(f.alpha)
                surface.blit(img, rect)
                continue
            if abs(angle) < 1 and squash > 0.98:  # a square shadow under a turned card would show
                sh = self.shadow(round(w), card_h(round(w)))
                surface.blit(sh, sh.get_rect(center=(rect.centerx + 3, rect.centery + 6)))
            surface.blit(img, rect)

    def draw_drag(self, surface: pygame.Surface, d: Drag, L: TableLayout) -> None:
        x0 = d.pos[0] - d.offset[0]
        y0 = d.pos[1] - d.offset[1]
        step = round(L.hand_w * 0.28)
        self.draw_held(surface, [(c, pygame.Rect(x0 + i * step, y0, L.hand_w, L.hand_h))
                                 for i, c in enumerate(d.cards)])

    def draw_held(self, surface: pygame.Surface, cards: list[tuple[Card, pygame.Rect]]) -> None:
        """Cards in the player's hand above the table (dragged, or dropped and waiting for
        the coach), each with its shadow."""
        for c, r in cards:
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
        # the "Rule" chip hangs below a refusal's box: room for it too
        chip = rule_link_room(size) if t.key and not t.legal else 0
        box = place_box(w, h + chip, t.rect, L.play.inflate(-L.margin, -L.margin), self.keep_off(), 6)
        box.h = h
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
        self.banner_boxes: list[pygame.Rect] = []  # where this frame's banners are, last of all
        self.bubbles: list[tuple[pygame.Rect, str]] = []  # this frame's speech bubbles and their words
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
        grow = 1.0 if e.steady else 0.8 + 0.2 * min(1.0, t * 5)
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
        self.banner_boxes.append(box)

    def _bubble(self, surface: pygame.Surface, e: Effect, L: TableLayout) -> None:
        self.speech(surface, e.text, e.seat, e.pos, L)

    def speech(self, surface: pygame.Surface, text: str, seat: int | None, pos: tuple[int, int],
               L: TableLayout) -> pygame.Rect:
        """A speech bubble: beside another seat's cards and name (`seat`), its tail
        towards them; else above `pos` (the human's, over the hand)."""
        size = max(14, round(L.size[1] * 0.024))
        img = T.render(text, size, style.INK, bold=True)
        box = pygame.Rect(0, 0, img.get_width() + 28, img.get_height() + 16)
        side = L.seat_pos.get(seat, "bottom") if seat is not None else "bottom"
        bounds = L.play.inflate(-L.margin, -L.margin)
        if seat is None or side == "bottom":
            box.midbottom = pos
            box.clamp_ip(bounds)
            tail = "down"
        else:
            beside = self.seat_rect(seat)
            if side == "right":
                box.midright = (beside.x - 14, beside.centery)
            else:
                box.midleft = (beside.right + 14, beside.centery)
            box.clamp_ip(bounds)
            # clear of the stock's and the pile's words, the hand and the seats; else the
            # first place round the seat that is
            avoid = self.keep_off()
            if box.collidelist(avoid) != -1:
                box = place_box(box.w, box.h, beside, bounds, avoid, 14)
            tail = ("left" if box.x >= beside.right else "right" if box.right <= beside.x
                    else "down" if box.bottom <= beside.y else "up")
        cx, cy = box.center
        tail_points = {"down": [(cx - 8, box.bottom - 1), (cx + 8, box.bottom - 1), (cx, box.bottom + 10)],
                       "up": [(cx - 8, box.y + 1), (cx + 8, box.y + 1), (cx, box.y - 10)],
                       "right": [(box.right - 1, cy - 7), (box.right - 1, cy + 7), (box.right + 10, cy)],
                       "left": [(box.x + 1, cy - 7), (box.x + 1, cy + 7), (box.x - 10, cy)]}[tail]
        pygame.draw.rect(surface, (252, 248, 236), box, border_radius=box.h // 2)
        pygame.draw.polygon(surface, (252, 248, 236), tail_points)
        pygame.draw.rect(surface, style.GOLD_DARK, box, 2, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))
        self.bubbles.append((box, text))
        return box

    def keep_off(self) -> list[pygame.Rect]:
        """What a box or a bubble must not cover: the stock and the pile with their words,
        every player's cards in hand and the other players' names, as last drawn."""
        b = self.view.board
        return [*self.keep_clear(), b.layout.stock, b.layout.pile, *self.seat_labels.values(),
                *(it.rect for items in b.backs.values() for it in items), *(it.rect for it in b.hand)]

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Another seat's cards and name together, as last drawn: a bubble keeps beside them."""
        b = self.view.board
        rects = [it.rect for it in b.backs.get(seat, [])]
        if seat in self.seat_labels:
            rects.append(self.seat_labels[seat])
        return rects[0].unionall(rects[1:]) if rects else b.layout.seat_area[seat]
