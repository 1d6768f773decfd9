"""The move log in the side panel: this hand's moves, newest at the bottom, the moves of
the player whose turn it is highlighted; the mouse wheel over the panel scrolls back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.ui.shell import style

if TYPE_CHECKING:
    from game.ui.table.draw import TableRenderer
    from game.ui.table.view import TableView

T = style.TEXT
LOG_SUITS = 1.15  # the log's suits against the sentences' usual suit size


def draw_log(surface: pygame.Surface, view: TableView, renderer: TableRenderer, area: pygame.Rect,
             size: int) -> int:
    """Draw the log into `area`; returns how many lines the wheel may scroll back."""
    if area.h < size * 3:
        return 0
    head = T.render(tr("ui.log.title"), size, style.GOLD, bold=True)
    top = area.y + head.get_height() + 4
    pygame.draw.line(surface, style.GOLD_DARK, (area.x, top - 2), (area.right, top - 2), 1)
    # the log's own text grows more slowly than the window, so a larger window shows more
    # of the hand (at the panel's size every window showed the same 13-15 rows)
    size = min(size, max(12, round(12 * (view.layout.size[1] / 600) ** 0.5)))
    # the suits a size larger than the panel's, and larger with larger cards: ♠ and ♣ are
    # told apart at a glance
    suits = style.SUIT_SCALE * (LOG_SUITS + 0.5 * (view.layout.card_scale - 1))
    lines = [(T.wrap(text, size, area.w - 12, suit_scale=suits), hot) for text, hot in view.log_lines()]
    row_h = style.font(size).get_linesize()
    fits = max(1, (area.bottom - top) // row_h)
    # The wheel scrolls by whole lines (a wrapped line is one step), so the top of the
    # window is always a line's first row: never the tail of a line cut in half.
    hidden = _scroll_limit([len(parts) for parts, _ in lines], fits)
    back = min(view.log_scroll(), hidden)
    end = len(lines) - back
    start, used = end, 0
    while start > 0 and used + len(lines[start - 1][0]) <= fits:
        start -= 1
        used += len(lines[start][0])
    if start == end and end > 0:  # one line taller than the panel: its top rows
        start = end - 1
    shown = [(part, hot, i == 0) for parts, hot in lines[start:end] for i, part in enumerate(parts)][:fits]
    y = top
    for text, hot, first in shown:
        if hot:
            surface.blit(renderer.glow(area.w + 8, row_h, style.GOLD, 40), (area.x - 4, y))
        img = T.render(text, size, style.GOLD if hot else style.CREAM, bold=hot and first, suit_scale=suits)
        surface.blit(img, (area.x + (0 if first else 12), y))
        y += row_h
    h = head.get_height() // 2
    if back:  # scrolled back: the title's row says newer lines wait below
        head = T.render(tr("ui.log.newer", count=back), size, style.GOLD, bold=True)
    surface.blit(head, area.topleft)
    if start > 0:  # more above (the wheel scrolls back): a faint arrow by the title
        cx, cy = area.right - h, area.y + head.get_height() // 2
        pygame.draw.polygon(surface, style.MUTED, [(cx, cy - h // 2), (cx - h // 2, cy + h // 2),
                                                   (cx + h // 2, cy + h // 2)])
    return hidden


def _scroll_limit(heights: list[int], fits: int) -> int:
    """How many lines (of `heights` rows each) the window may scroll back: until the
    oldest line is at the top, or until only the oldest line is shown."""
    used = 0
    for k, h in enumerate(heights):
        used += h
        if used > fits:
            return max(0, len(heights) - max(1, k))
    return 0
