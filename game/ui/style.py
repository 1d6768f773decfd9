"""Colours and fonts of the table, shared by every scene so the look stays consistent.

Fonts come from pygame_gui's own bundled Noto Sans, so the menus (themed through
theme.json) and the text we draw ourselves use one family on every machine.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

import pygame

FELT = (22, 84, 52)
FELT_LIGHT = (34, 110, 68)
FELT_DARK = (12, 52, 32)
CREAM = (244, 234, 208)
GOLD = (212, 175, 88)
GOLD_DARK = (150, 118, 48)
INK = (28, 28, 28)
SHADOW = (0, 0, 0, 90)
PANEL = (14, 40, 26)
PANEL_EDGE = (120, 100, 52)
LEGAL = (90, 210, 120)
ILLEGAL = (226, 78, 68)
SELECT = (250, 214, 96)
RED_BADGE = (178, 30, 40)
BLACK_BADGE = (30, 30, 34)
MUTED = (176, 196, 178)
CAPTION = (98, 142, 110)  # faint words on the felt

def _gui_data() -> Path:
    # found without importing pygame_gui, which the first menu frame should not wait for
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or spec.origin is None:
        return Path(".")
    return Path(spec.origin).resolve().parent / "data"


_DATA = _gui_data()
THEME_PATH = Path(__file__).resolve().parent / "theme.json"


def font_path(bold: bool = False, italic: bool = False) -> str | None:
    name = "NotoSans-" + ("Bold" if bold else "") + ("Italic" if italic else "")
    if name.endswith("-"):
        name += "Regular"
    p = _DATA / f"{name}.ttf"
    return str(p) if p.exists() else None


# bounded: every window height has its own sizes, and a window may be resized often
@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    return pygame.font.Font(font_path(bold, italic), max(8, int(size)))


# Card suits in sentences ("2♦"): Noto Sans has no suit glyphs, so they are drawn with a
# bundled font that has them, on the same baseline.
SUIT_GLYPHS = frozenset("\u2660\u2665\u2666\u2663")


@lru_cache(maxsize=64)
def symbol_font(size: int) -> pygame.font.Font:
    p = _DATA / "FiraCode-Regular.ttf"
    return pygame.font.Font(str(p), max(8, int(size))) if p.exists() else font(size)


def _render_mixed(text: str, size: int, colour, bold: bool, italic: bool) -> pygame.Surface:
    base = font(size, bold, italic)
    runs: list[tuple[pygame.font.Font, str]] = []
    for ch in text:
        f = symbol_font(size) if ch in SUIT_GLYPHS else base
        if runs and runs[-1][0] is f:
            runs[-1] = (f, runs[-1][1] + ch)
        else:
            runs.append((f, ch))
    imgs = [(f, f.render(t, True, colour)) for f, t in runs]
    ascent = max(f.get_ascent() for f, _ in imgs)
    h = max(ascent - f.get_ascent() + img.get_height() for f, img in imgs)
    out = pygame.Surface((sum(img.get_width() for _, img in imgs), max(h, base.get_height())),
                         pygame.SRCALPHA)
    x = 0
    for f, img in imgs:
        out.blit(img, (x, ascent - f.get_ascent()))
        x += img.get_width()
    return out


class TextCache:
    """Rendered text kept between frames: re-rendering the same string every frame is
    one of the costliest things a pygame loop can do."""

    def __init__(self, limit: int = 600) -> None:
        self._items: dict[tuple, pygame.Surface] = {}
        self._wraps: dict[tuple, list[str]] = {}
        self.limit = limit

    def render(self, text: str, size: int, colour=CREAM, bold: bool = False,
               italic: bool = False) -> pygame.Surface:
        key = (text, size, colour, bold, italic)
        surf = self._items.get(key)
        if surf is None:
            if len(self._items) >= self.limit:
                self._items.clear()
            if SUIT_GLYPHS.isdisjoint(text):
                surf = font(size, bold, italic).render(text, True, colour)
            else:
                surf = _render_mixed(text, size, colour, bold, italic)
            self._items[key] = surf
        return surf

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        key = (text, size, width, bold)
        hit = self._wraps.get(key)
        if hit is None:
            if len(self._wraps) > 200:
                self._wraps.clear()
            hit = self._wraps[key] = self._wrap(text, size, width, bold)
        return hit

    def _wrap(self, text: str, size: int, width: int, bold: bool) -> list[str]:
        f = font(size, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                trial = (line + " " + w).strip()
                if f.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        return lines


TEXT = TextCache()


def shadowed(surface: pygame.Surface, rect: pygame.Rect, radius: int, offset: int = 3,
             alpha: int = 80) -> None:
    """A soft drop shadow under a rounded rectangle, drawn straight onto `surface`."""
    sh = pygame.Surface((rect.w + offset * 2, rect.h + offset * 2), pygame.SRCALPHA)
    pygame.draw.rect(sh, (0, 0, 0, alpha), sh.get_rect(), border_radius=radius + offset)
    surface.blit(sh, (rect.x, rect.y + offset))
