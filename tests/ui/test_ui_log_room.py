"""The move log uses the room the window has (a larger window shows more of the hand),
its suits grow with the card size, and every suit reads on the panel: WCAG contrast of
at least 4.5:1 on the panel and on the highlighted lines, in both colour schemes."""

from __future__ import annotations

import pygame

from game.rules import VARIANTS, Game
from game.rules import events as ev
from game.rules.actions import Draw
from game.rules.cards import parse_cards
from game.ui.shell import style
from game.ui.table import log_panel, panel

from .driving import rendered

HANDS = ["KH KD 5S 6H 7C 9D JS QH 4D 8C 10C", "5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC",
         "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D", "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def _table(table, size=(1280, 800), lines: int = 40):
    g = Game.scripted(VARIANTS["classic"], hands=HANDS, pile="4C 5D 8H", stock="6D 10S 4H")
    g.apply(Draw())
    t = table(g, size=size)
    c = t.scene.controller
    for i in range(lines):  # short lines, one row each: North, then the human, in turn
        c.log.add([ev.Discarded(2 if i % 2 else 0, parse_cards("9C")[0])], 0)
    c.version += 1
    t.scene.frame.forget()
    t.frames(2)
    return t


def _rows_shown(t, size) -> int:
    t.app.resize(size)
    t.frames(2)
    return len(t.scene.controller.log) - t.scene.log_hidden


def test_a_larger_window_shows_more_of_the_log(table):
    t = _table(table)
    shown = {size: _rows_shown(t, size) for size in ((1024, 768), (1280, 800), (1920, 1080), (2560, 1440))}
    assert shown[(1024, 768)] >= 15, shown  # 1024 wide: the rows closer than the font's spacing
    assert shown[(1920, 1080)] >= shown[(1280, 800)] + 3, shown
    assert shown[(2560, 1440)] >= shown[(1920, 1080)] + 2, shown


def _suit_scale_drawn(t) -> float:
    """The suit scale of the first log line with a club, as the next frame draws it."""
    seen = [kw.get("suit_scale", style.SUIT_SCALE) for text, kw in rendered(t, log_panel) if "\u2663" in text]
    assert seen, "no line with a suit was drawn"
    return seen[0]


def test_the_logs_suits_grow_with_the_card_size(table):
    t = _table(table, lines=4)
    scales = {}
    for name in ("normal", "large", "extra_large"):
        t.app.prefs.card_size = name
        t.app.resize((1280, 800))
        scales[name] = _suit_scale_drawn(t)
    assert style.SUIT_SCALE < scales["normal"] < scales["large"] < scales["extra_large"], scales


def _luminance(c) -> float:
    def ch(v: int) -> float:
        v_ = v / 255
        return v_ / 12.92 if v_ <= 0.03928 else ((v_ + 0.055) / 1.055) ** 2.4
    r, g, b = (ch(x) for x in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _log_area(t) -> pygame.Rect:
    """Where the next frame draws the log."""
    areas: list[pygame.Rect] = []
    draw = panel.draw_log

    def recording(surface, view, renderer, area, size):
        areas.append(area)
        return draw(surface, view, renderer, area, size)

    panel.draw_log = recording
    try:
        t.scene.frame.forget()
        t.frames(1)
    finally:
        panel.draw_log = draw
    return areas[-1]


def test_every_suit_reads_on_the_panel_in_both_colour_schemes(table):
    weak = []
    try:
        for four in (False, True):
            t = _table(table, size=(1024, 768), lines=5)
            t.app.prefs.card_style = "four_colour" if four else "classic"
            style.set_four_colour(four)
            area = _log_area(t)
            screen = t.app.screen
            plain = tuple(screen.get_at((area.centerx, area.bottom - 3)))[:3]
            x = area.right + 2  # the highlighted lines' glow reaches past the text
            # the highlighted line (the player to move's): its gold glow, past the text's end
            hot = next(tuple(screen.get_at((x, y)))[:3] for y in range(area.y + 20, area.bottom)
                       if screen.get_at((x, y)).r > plain[0] + 15)
            for ch in "\u2660\u2665\u2666\u2663":
                for bg, text in ((plain, style.CREAM), (hot, style.GOLD)):
                    colour = style.suit_colour(ch, text) or text
                    ratio = contrast(colour, bg)
                    if ratio < 4.5:
                        weak.append((four, ch, colour, bg, round(ratio, 2)))
    finally:
        style.set_four_colour(False)
    assert not weak, weak
