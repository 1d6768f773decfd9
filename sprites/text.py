"""Index lettering sized by ink height rather than by font point size.

Font metrics include ascender/descender padding that varies per glyph, so corner indices
would drift if placed by font size. Rendering large, cropping to the inked pixels and
scaling to an exact height keeps "A", "10" and "Q" on the same baseline and cap height.
Only pygame's bundled default font is used (no system fonts).
"""

from __future__ import annotations

import pygame

_FONTS: dict[int, pygame.font.Font] = {}
_RENDER_SIZE = 160  # large enough that downscaling never loses stroke detail


def _font(size: int) -> pygame.font.Font:
    font = _FONTS.get(size)
    if font is None:
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(None, size)  # bundled freesansbold
        _FONTS[size] = font
    return font


_GLYPHS: dict[tuple[str, tuple[int, int, int]], pygame.Surface] = {}


def _glyph(text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    key = (text, colour)
    surf = _GLYPHS.get(key)
    if surf is None:
        raw = _font(_RENDER_SIZE).render(text, True, colour)
        surf = raw.subsurface(raw.get_bounding_rect()).copy()
        _GLYPHS[key] = surf
    return surf


def ink_text(
    text: str,
    colour: tuple[int, int, int],
    height: float,
    max_width: float | None = None,
    squeeze: float = 1.0,
) -> pygame.Surface:
    """`text` whose inked area is exactly `height` px tall.

    `squeeze` < 1 narrows the glyphs (condensed look); `max_width` narrows further when the
    text would not fit, which is how "10" shares the index column with single letters.
    """
    src = _glyph(text, colour)
    h = max(1, round(height))
    w = src.get_width() * h / src.get_height() * squeeze
    if max_width is not None and w > max_width:
        w = max_width
    return pygame.transform.smoothscale(src, (max(1, round(w)), h))
