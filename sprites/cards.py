"""CardArt: the public renderer for card faces and backs.

Everything is drawn with pygame primitives on a 4x supersampled canvas
and then smooth-scaled down, which gives anti-aliased edges without relying on the sparse
anti-aliasing support in pygame.draw. Results are cached per instance.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from sprites import palette as pal
from sprites.backs import BACK_STYLES, draw_back
from sprites.cache import SurfaceCache
from sprites.courts import draw_court, draw_joker
from sprites.pips import PIP_LAYOUTS, draw_ace, draw_pips
from sprites.suits import SUITS, draw_suit
from sprites.text import ink_text

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JK"
MIN_WIDTH = 16


def card_size(width: int) -> tuple[int, int]:
    """Poker proportions, 2.5 x 3.5 inches."""
    return width, int(width * 3.5 / 2.5 + 0.5)


SUPERSAMPLE = 4


def _supersample(width: int) -> int:
    # 4x at every width: smoothscale's box filter is only exact for power-of-two factors
    # (at 3x an opaque card comes out with alpha 253 and off-white paper), and 2x leaves
    # visible stair-steps on the pips of small cards.
    return SUPERSAMPLE


def _corner_radius(width: int) -> int:
    """Output-pixel radius; never below 4 px so the corner pixel is always fully clear."""
    return max(4, round(width * 0.06))


def _has_display() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


class CardArt:
    """Renders card faces and backs as per-pixel-alpha surfaces, with an LRU cache.

    `four_colour` prints diamonds blue and clubs green (spades and hearts are unchanged).
    """

    def __init__(self, four_colour: bool = False, *, cache_entries: int = 256) -> None:
        self.four_colour = four_colour
        self._cache = SurfaceCache(cache_entries)
        if not pygame.font.get_init():
            pygame.font.init()

    # -- public API -----------------------------------------------------------------

    def size_for(self, width: int) -> tuple[int, int]:
        return card_size(width)

    def back_styles(self) -> tuple[str, ...]:
        return BACK_STYLES

    def back_style(self, chosen: str) -> str:
        """`chosen` when it is one of the backs drawn, else the first (a settings file may
        name a back this build does not draw)."""
        return chosen if chosen in BACK_STYLES else BACK_STYLES[0]

    def face(self, rank: str, suit: str | None, width: int, joker_index: int = 0) -> pygame.Surface:
        rank = rank.upper()
        width = self._check_width(width)
        if rank == JOKER:
            red = joker_index % 2 == 0
            key: tuple[Any, ...] = ("joker", red, width, self.four_colour)
            return self._cache.get_or_create(key, lambda: self._render_joker(red, width))
        if rank not in RANKS:
            raise ValueError(f"Unknown rank {rank!r}; expected one of {RANKS + (JOKER,)}")
        if suit is None or suit.upper() not in SUITS:
            raise ValueError(f"Unknown suit {suit!r}; expected one of {SUITS}")
        s = suit.upper()
        key = ("face", rank, s, width, self.four_colour)
        return self._cache.get_or_create(key, lambda: self._render_face(rank, s, width))

    def face_for(self, card: Any, width: int) -> pygame.Surface:
        """Duck-typed: needs `card.rank.label`, `card.suit` (None or `.label`), `card.deck`.

        Joker colour follows the physical joker's `deck` number (jokers are numbered one per
        copy), so the two jokers of a deck come out red and black.
        """
        suit = card.suit.label if card.suit is not None else None
        rank = card.rank.label
        return self.face(rank, suit, width, joker_index=getattr(card, "deck", 0) or 0)

    def back(self, style: str, width: int) -> pygame.Surface:
        if style not in BACK_STYLES:
            raise ValueError(f"Unknown back style {style!r}; expected one of {BACK_STYLES}")
        width = self._check_width(width)
        key = ("back", style, width)
        return self._cache.get_or_create(key, lambda: self._render_back(style, width))

    # -- rendering ------------------------------------------------------------------

    @staticmethod
    def _check_width(width: int) -> int:
        w = int(width)
        if w < MIN_WIDTH:
            raise ValueError(f"Card width must be at least {MIN_WIDTH} px, got {width}")
        return w

    def _blank(self, width: int) -> tuple[pygame.Surface, int]:
        """Supersampled card body: white rounded rectangle with a thin grey edge."""
        ss = _supersample(width)
        w, h = card_size(width)
        big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        # Transparent pixels carry the edge colour so smoothscale does not blend in black.
        big.fill((*pal.CARD_EDGE, 0))
        r = _corner_radius(width) * ss
        pygame.draw.rect(big, pal.CARD_EDGE, big.get_rect(), border_radius=r)
        pygame.draw.rect(big, pal.CARD_WHITE, big.get_rect().inflate(-2 * ss, -2 * ss), border_radius=r - ss)
        return big, ss

    def _finish(self, big: pygame.Surface, width: int) -> pygame.Surface:
        out = pygame.transform.smoothscale(big, card_size(width))
        if _has_display():
            out = out.convert_alpha()
        return out

    def _draw_index(self, big: pygame.Surface, rank: str, suit: str, ink: tuple[int, int, int]) -> None:
        """Jumbo index at top-left, repeated turned 180° at bottom-right.

        Sized to stay inside the left ~22% of the card so it is readable in a tight fan.
        """
        w, h = big.get_size()
        col_w = w * 0.19
        col_x = w * 0.115
        rank_h = h * 0.14
        label = ink_text(rank, ink, rank_h, max_width=col_w, squeeze=0.92)
        top = h * 0.042
        corner = pygame.Surface((round(w * 0.23), round(h * 0.32)), pygame.SRCALPHA)
        corner.blit(label, label.get_rect(midtop=(round(col_x), round(top))))
        suit_h = h * 0.098
        draw_suit(corner, suit, (col_x, top + rank_h + h * 0.022 + suit_h / 2), suit_h, ink)
        big.blit(corner, (0, 0))
        big.blit(pygame.transform.rotate(corner, 180), (w - corner.get_width(), h - corner.get_height()))

    def _draw_joker_index(self, big: pygame.Surface, ink: tuple[int, int, int]) -> None:
        w, h = big.get_size()
        col_x = w * 0.115
        corner = pygame.Surface((round(w * 0.23), round(h * 0.46)), pygame.SRCALPHA)
        letter_h = h * 0.052
        y = h * 0.042
        for ch in "JOKER":
            glyph = ink_text(ch, ink, letter_h, max_width=w * 0.13)
            corner.blit(glyph, glyph.get_rect(midtop=(round(col_x), round(y))))
            y += letter_h * 1.32
        # A star under the letters marks the joker even where only the corner shows.
        star = []
        r_out, r_in = w * 0.06, w * 0.025
        cy = y + r_out * 0.9
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            r = r_out if i % 2 == 0 else r_in
            star.append((col_x + math.cos(a) * r, cy + math.sin(a) * r))
        pygame.draw.polygon(corner, ink, star)
        big.blit(corner, (0, 0))
        big.blit(pygame.transform.rotate(corner, 180), (w - corner.get_width(), h - corner.get_height()))

    def _panel(self, big: pygame.Surface) -> pygame.Rect:
        w, h = big.get_size()
        x0, x1 = round(w * 0.235), round(w * 0.765)
        y0, y1 = round(h * 0.045), round(h * 0.955)
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def _render_face(self, rank: str, suit: str, width: int) -> pygame.Surface:
        big, _ss = self._blank(width)
        ink = pal.suit_ink(suit, self.four_colour)
        if rank == "A":
            draw_ace(big, suit, ink, ornate=suit == "S")
        elif rank in PIP_LAYOUTS:
            draw_pips(big, rank, suit, ink)
        else:
            draw_court(big, rank, suit, self._panel(big), self.four_colour)
        self._draw_index(big, rank, suit, ink)
        return self._finish(big, width)

    def _render_joker(self, red: bool, width: int) -> pygame.Surface:
        big, _ss = self._blank(width)
        draw_joker(big, self._panel(big), red)
        self._draw_joker_index(big, pal.RED if red else pal.BLACK)
        return self._finish(big, width)

    def _render_back(self, style: str, width: int) -> pygame.Surface:
        big, ss = self._blank(width)
        draw_back(big, style, _corner_radius(width) * ss)
        return self._finish(big, width)
