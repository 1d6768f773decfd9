"""The move log's window starts on a whole line: a wrapped line is shown whole or not at
all, never its tail under the title (a player saw half a line at the top of the log),
with the newest moves in view and at every step the wheel scrolls back."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules.actions import Discard
from game.ui.table import log_panel, panel

from .test_ui_move_log import position


def test_the_log_shows_whole_lines_only(table, monkeypatch):
    t = table(position(), size=(960, 600))  # a narrow panel: long lines wrap
    for _ in range(3):  # three rounds of the table: more moves than the panel holds
        t.click(t.scene.layout.stock.center)
        discard = next(a for a in t.game.legal_actions() if isinstance(a, Discard))
        t.drag(t.pos_of(discard.card), t.scene.layout.pile.center)
        t.settle()
    rows: list[str] = []  # the rows the log drew last, the title first
    parts: dict[str, list[str]] = {}  # each line as it was wrapped into rows
    real_render, real_wrap, real_draw = log_panel.T.render, log_panel.T.wrap, panel.draw_log
    drawing = [False]

    def render(text, *a, **k):
        if drawing[0]:
            rows.append(text)
        return real_render(text, *a, **k)

    def wrap(text, *a, **k):
        out = list(real_wrap(text, *a, **k))
        parts[text] = out
        return out

    def draw(*a, **k):
        rows.clear()
        drawing[0] = True
        try:
            return real_draw(*a, **k)
        finally:
            drawing[0] = False

    monkeypatch.setattr(log_panel.T, "render", render)
    monkeypatch.setattr(log_panel.T, "wrap", wrap)
    monkeypatch.setattr(panel, "draw_log", draw)
    pygame.mouse.set_pos(t.scene.layout.panel.center)
    sc = t.scene
    windows: list[tuple[int, int]] = []
    while True:
        sc.frame.forget()
        t.frames(2)
        lines = [parts[text] for text, _hot in sc.view.log_lines()]
        newer = tr("ui.log.newer", count=min(sc.log_scroll, sc.log_hidden))
        shown = [r for r in rows[1:] if r != newer]  # under the title (less its note that newer lines wait)
        starts = [i for i in range(len(lines)) if lines[i][0] == shown[0]]
        assert starts, f"the log's top row {shown[0]!r} is not the start of a line"
        window = next(((i, j) for i in starts for j in range(i + 1, len(lines) + 1)
                       if [r for line in lines[i:j] for r in line] == shown), None)
        assert window is not None, "the log shows whole lines, one after the other"
        windows.append(window)
        if sc.log_scroll >= sc.log_hidden:
            break
        t.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    assert any(len(line) > 1 for line in lines), "some lines wrap (the case this is about)"
    assert windows[0][1] == len(lines), "at first the newest line is in view"
    assert windows[-1][0] == 0, "scrolled back to the first line"
    assert len(windows) > 2 and all(a[0] > b[0] for a, b in zip(windows[:-1], windows[1:], strict=True)), "each step shows older lines"
