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
FELT_DARK = (12, 52, 32)
CREAM = (244, 234, 208)
GOLD = (212, 175, 88)
GOLD_DARK = (150, 118, 48)
INK = (28, 28, 28)
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


# The suits in sentences take their colour from the deck: hearts and diamonds red, and in
# the four-colour deck diamonds blue and clubs green (lightened to read on the felt). A
# black suit takes the text's own colour: black on the dark panel would not be seen.
SUIT_RED = (248, 112, 104)  # 4.5:1 and more on the panel, also on the log's gold-lit lines
SUIT_BLUE = (110, 160, 250)
SUIT_GREEN = (96, 200, 120)
_four_colour = False


def set_four_colour(on: bool) -> None:
    global _four_colour
    _four_colour = bool(on)


# the same suits on a light face (the gold button), where the felt's light tints would
# not read: the deck's own deep colours
SUIT_RED_DEEP = (176, 22, 30)
SUIT_BLUE_DEEP = (22, 70, 170)
SUIT_GREEN_DEEP = (18, 112, 46)


def four_colour() -> bool:
    return _four_colour


def suit_colour(ch: str, text_colour, on_light: bool = False):
    """The colour of a suit glyph in text of `text_colour`; `on_light`: drawn on a light
    background (dark text), so the deep tints."""
    if ch == "\u2665":
        return SUIT_RED_DEEP if on_light else SUIT_RED
    if ch == "\u2666":
        if _four_colour:
            return SUIT_BLUE_DEEP if on_light else SUIT_BLUE
        return SUIT_RED_DEEP if on_light else SUIT_RED
    if ch == "\u2663" and _four_colour:
        return SUIT_GREEN_DEEP if on_light else SUIT_GREEN
    return text_colour


def suit_markup(text: str, face: str = "fira_code_symbols") -> str:
    """The suits of a sentence for pygame_gui's text boxes: a font that has them, at the
    text's size, in the deck's colours."""
    if SUIT_GLYPHS.isdisjoint(text):
        return text
    out = []
    for ch in text:
        if ch in SUIT_GLYPHS:
            colour = suit_colour(ch, None)
            tint = f" color='#{colour[0]:02x}{colour[1]:02x}{colour[2]:02x}'" if colour else ""
            out.append(f"<font face='{face}'{tint}>{ch}</font>")
        else:
            out.append(ch)
    return "".join(out)


# the symbol font's suits are drawn smaller than its letters: this brings them to the
# height of the text's capitals
SUIT_SCALE = 1.2


@lru_cache(maxsize=64)
def symbol_font(size: int) -> pygame.font.Font:
    p = _DATA / "FiraCode-Regular.ttf"
    return pygame.font.Font(str(p), max(8, int(size))) if p.exists() else font(size)


def render_with_suits(text: str, size: int, colour, bold: bool, italic: bool,
                  on_light: bool = False, suits_tinted: bool = True,
                  suit_scale: float = SUIT_SCALE) -> pygame.Surface:
    """`text` with its suits in the symbol font, on the text's baseline, coloured as the
    deck (`suits_tinted`; else in the text's colour, as on a disabled button), `suit_scale`
    times the text's size."""
    base = font(size, bold, italic)
    runs: list[tuple[pygame.font.Font, str, tuple]] = []
    for ch in text:
        suit = ch in SUIT_GLYPHS
        f = symbol_font(round(size * suit_scale)) if suit else base
        c = suit_colour(ch, colour, on_light) if suit and suits_tinted else colour
        if runs and runs[-1][0] is f and runs[-1][2] == c:
            runs[-1] = (f, runs[-1][1] + ch, c)
        else:
            runs.append((f, ch, c))
    imgs = [(f, f.render(t, True, c)) for f, t, c in runs]
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
               italic: bool = False, suit_scale: float = SUIT_SCALE) -> pygame.Surface:
        key = (text, size, colour, bold, italic, _four_colour, suit_scale)
        surf = self._items.get(key)
        if surf is None:
            if len(self._items) >= self.limit:
                self._items.clear()
            if SUIT_GLYPHS.isdisjoint(text):
                surf = font(size, bold, italic).render(text, True, colour)
            else:
                surf = render_with_suits(text, size, colour, bold, italic, suit_scale=suit_scale)
            self._items[key] = surf
        return surf

    def wrap(self, text: str, size: int, width: int, bold: bool = False,
             suit_scale: float | None = None) -> list[str]:
        """`text` in lines of at most `width` pixels; `suit_scale`: its suits are drawn at
        that scale (render's) and measured so."""
        key = (text, size, width, bold, suit_scale)
        hit = self._wraps.get(key)
        if hit is None:
            if len(self._wraps) > 200:
                self._wraps.clear()
            hit = self._wraps[key] = self._wrap(text, size, width, bold, suit_scale)
        return hit

    def _wrap(self, text: str, size: int, width: int, bold: bool, suit_scale: float | None) -> list[str]:
        base = font(size, bold)
        f: pygame.font.Font | _SuitMeasure
        if suit_scale is None:
            f = base
        else:
            f = _SuitMeasure(base, symbol_font(round(size * suit_scale)))
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


class _SuitMeasure:
    """Measures a line as render_with_suits draws it: suits in the symbol font."""

    def __init__(self, base: pygame.font.Font, symbols: pygame.font.Font) -> None:
        self.base, self.symbols = base, symbols

    def size(self, text: str) -> tuple[int, int]:
        plain = "".join(ch for ch in text if ch not in SUIT_GLYPHS)
        suits = "".join(ch for ch in text if ch in SUIT_GLYPHS)
        w, h = self.base.size(plain)
        return w + (self.symbols.size(suits)[0] if suits else 0), h


TEXT = TextCache()


