"""The score panel on the right: scores, minimums, stock, whose turn, what to do now.

Its buttons are pygame_gui widgets (owned by the table scene); the text is drawn here
from cached renders, so an unchanged panel costs a handful of blits per frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import number, tr
from game.rules import cutthroat
from game.ui.shell import style
from game.ui.table.log_panel import draw_log
from game.ui.table.text import role_text

if TYPE_CHECKING:
    from game.ui.table.draw import TableRenderer
    from game.ui.table.view import TableView

T = style.TEXT


def draw_panel(surface: pygame.Surface, sc: TableView, renderer: TableRenderer, bottom: int) -> int:
    """Draw the panel; returns how many rows of the move log are hidden above."""
    L = sc.layout
    g = sc.game
    p = L.panel
    pad = max(12, p.w // 16)
    x, w = p.x + pad, p.w - 2 * pad
    h = L.size[1]
    big = max(18, round(h * 0.03))
    med = max(14, round(h * 0.021))
    small = max(12, round(h * 0.0175))
    y = pad

    title = T.render(tr("ui.panel.hand", number=g.hand_number), big, style.GOLD, bold=True)
    surface.blit(title, (x, y))
    y += title.get_height()
    sub = T.render(tr(f"ui.variant.{g.rules.name}"), small, style.MUTED, italic=True)
    surface.blit(sub, (x, y))
    y += sub.get_height()
    badge_text = sc.badge_text()
    if badge_text:  # a practice game or the tutorial says so
        img = T.render(badge_text, small, style.INK, bold=True)
        badge = pygame.Rect(0, 0, img.get_width() + 16, img.get_height() + 2)
        badge.topright = (x + w, pad + 4)
        if badge.x < x + title.get_width() + 8:  # a long title ("Mano 1" + "Allenamento"): below it
            badge.topleft = (x, y + 3)
            y = badge.bottom
        pygame.draw.rect(surface, style.GOLD, badge, border_radius=badge.h // 2)
        surface.blit(img, img.get_rect(center=badge.center))
    if cutthroat.applies(g.rules) and not cutthroat.formed(g):
        # the house rule is on, and nobody has taken the pile yet: the first who does plays alone
        for line in T.wrap(tr("ui.panel.cutthroat_pending"), small, w):
            img = T.render(line, small, style.GOLD, italic=True)
            surface.blit(img, (x, y + 2))
            y += img.get_height()
    y += pad // 2

    # scores: one row per scoring side, the human's first
    sides = list(range(g.rules.sides))
    mine = sc.human_unit
    sides.sort(key=lambda s: s != mine)
    for s in sides:
        role = cutthroat_role(sc, s)
        row_h = med + small + 14 + (small + 2 if role else 0)
        if s == mine:
            hl = renderer.glow(w + 12, row_h, style.GOLD, 34)
            surface.blit(hl, (x - 6, y))
        name = T.render(sc.side_name(s), med, style.CREAM, bold=s == mine)
        score = T.render(number(g.scores[s]), med, style.GOLD, bold=True)
        surface.blit(name, (x, y + 4))
        surface.blit(score, score.get_rect(topright=(x + w, y + 4)))
        # seat s belongs to scoring unit s; cut-throat partners share one table, and each
        # still opens with their own minimum
        meld_side = g.side_of_seat(s)
        if g.melds[meld_side]:
            n = sum(1 for m in g.melds[meld_side].values() if m.is_canasta)
            note = tr("ui.panel.opened", canastas=n)
        else:
            note = tr("ui.panel.to_open", minimum=g.minimum(s))
        img = T.render(note, small, style.MUTED)
        surface.blit(img, (x, y + 4 + name.get_height()))
        if role:
            img = T.render(role, small, style.MUTED, italic=True)
            surface.blit(img, (x, y + 6 + name.get_height() + small))
        y += row_h + 4
    y += pad // 3
    pygame.draw.line(surface, style.GOLD_DARK, (x, y), (x + w, y), 1)
    y += pad // 2

    # whose turn, and what to do now, in words
    turn, is_me = sc.turn_text()
    for line in T.wrap(turn, med, w, bold=True):  # "Waiting for North's answer" ran to the window's edge
        img = T.render(line, med, style.GOLD if is_me else style.CREAM, bold=True)
        surface.blit(img, (x, y))
        y += img.get_height()
    y += 4
    for line in T.wrap(sc.prompt_text(), small, w):
        img = T.render(line, small, style.CREAM)
        surface.blit(img, (x, y))
        y += img.get_height()
    msg = sc.message_text()
    if msg:
        text, colour = msg
        y += pad // 2
        lines = T.wrap(text, small, w - 14)
        box_h = len(lines) * (small + 6) + 10
        if y + box_h < bottom:
            surface.blit(renderer.glow(w + 8, box_h, (0, 0, 0), 90), (x - 4, y))
            pygame.draw.rect(surface, colour, (x - 4, y, 3, box_h))
            yy = y + 5
            for line in lines:
                im = T.render(line, small, colour)
                surface.blit(im, (x + 6, yy))
                yy += im.get_height()
            y += box_h
    y += pad // 2
    # the rest, down to the buttons: this hand's moves
    return draw_log(surface, sc, renderer, pygame.Rect(x, y, w, bottom - y - pad // 4), small)


def cutthroat_role(sc: TableView, seat: int) -> str:
    """Cut-throat, once the lone hand is known: who plays alone, who are partners."""
    g = sc.game
    if not cutthroat.applies(g.rules):
        return ""
    lone = cutthroat.lone_player(g)
    if lone is None:
        return ""
    partner = None if seat == lone else next(s for s in range(3) if s not in (seat, lone))
    return role_text(seat == lone, partner, sc.seat_name, sc.human)
