"""The move log in the side panel: this hand's moves, newest at the bottom, the moves of
the player whose turn it is highlighted; the mouse wheel over the panel scrolls back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr

from . import style

if TYPE_CHECKING:
    from .table_draw import TableRenderer
    from .table_view import TableView

T = style.TEXT


def draw_log(surface: pygame.Surface, view: TableView, renderer: TableRenderer, area: pygame.Rect,
             size: int) -> int:
    """Draw the log into `area`; returns how many rows are hidden above (how far the
    wheel may scroll back)."""
    if area.h < size * 3:
        return 0
    head = T.render(tr("ui.log.title"), size, style.GOLD, bold=True)
    surface.blit(head, area.topleft)
    top = area.y + head.get_height() + 4
    pygame.draw.line(surface, style.GOLD_DARK, (area.x, top - 2), (area.right, top - 2), 1)
    rows: list[tuple[str, bool, bool]] = []  # (text, highlighted, first row of its line)
    for text, hot in view.log_lines():
        for i, part in enumerate(T.wrap(text, size, area.w - 12)):
            rows.append((part, hot, i == 0))
    row_h = style.font(size).get_linesize()
    fits = max(1, (area.bottom - top) // row_h)
    hidden = max(0, len(rows) - fits)
    back = min(view.log_scroll(), hidden)
    shown = rows[max(0, len(rows) - fits - back): len(rows) - back]
    y = top
    for text, hot, first in shown:
        if hot:
            surface.blit(renderer.glow(area.w + 8, row_h, style.GOLD, 40), (area.x - 4, y))
        img = T.render(text, size, style.GOLD if hot else style.CREAM, bold=hot and first)
        surface.blit(img, (area.x + (0 if first else 12), y))
        y += row_h
    if back < hidden:  # more above (the wheel scrolls back): a faint arrow by the title
        h = head.get_height() // 2
        cx, cy = area.right - h, area.y + head.get_height() // 2
        pygame.draw.polygon(surface, style.MUTED, [(cx, cy - h // 2), (cx - h // 2, cy + h // 2),
                                                   (cx + h // 2, cy + h // 2)])
    return hidden
