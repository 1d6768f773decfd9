"""Card faces and backs at the sizes the table asks for, and the translucent shapes
(shadows, outlines, glows, dashed spaces) it is drawn with; each is made once and kept.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ui.shell import style
from sprites.cache import SurfaceCache

if TYPE_CHECKING:
    from game.ui.table.view import TableView

T = style.TEXT


def font_height(size: int) -> int:
    return style.font(size).get_linesize()


def alpha_rect(size: tuple[int, int], colour: tuple[int, int, int, int], radius: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, colour, s.get_rect(), border_radius=radius)
    return s




class CardSurfaces:
    """Card faces and backs at any size, and the translucent shapes the table is drawn
    with, each made once and cached."""

    def __init__(self, view: TableView) -> None:
        self.view = view
        # bounded: fans, rotated and shadowed cards are keyed by size and count
        self._cache = SurfaceCache(max_entries=1000)

    # -- surfaces -------------------------------------------------------------------
    @property
    def art(self):
        return self.view.art

    def face(self, card, width: int) -> pygame.Surface:
        return self.art.face_for(card, width)

    def back_style(self) -> str:
        """The back every face-down card shows: the one chosen in Settings. A stock card
        that showed its own deck's colour turned the chosen colour once it reached a hand,
        so the table showed two backs for no reason a player could see."""
        return self.art.back_style(self.view.back_colour)

    def back(self, width: int, angle: float = 0.0) -> pygame.Surface:
        style_name = self.back_style()
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
            s = self._cache[key] = alpha_rect((w + 2, h + 2), (0, 0, 0, 70), r)
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
            s = self._cache[key] = alpha_rect((w, h), (*colour, alpha), r)
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
