"""The hint's analysis runs off the UI thread: H answers at once, the table goes on
drawing frames while the position is analysed, and the hint appears in the first frame
after the analysis is done. The worker is started by hand here (the controller's
`advice_start`), so the test counts frames, never wall time."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai import hints
from game.i18n import tr
from game.rules import VARIANTS, Game

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC",
          "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def test_the_table_keeps_drawing_while_the_hint_is_worked_out(table):
    t = table(Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H", *OTHERS],
                            stock="6D 10S", pile="4C 5D 8H", melds={0: ["9S 9C 9H"]}, to_play=0))
    pending: list[Callable[[], None]] = []
    t.scene.controller.advice_start = pending.append  # the work waits until we run it
    t.key(pygame.K_h)
    assert len(pending) == 1 and t.scene.current_hint() is None
    assert t.scene.message_text()[0] == tr("ui.hint.thinking")
    drawn = t.app.frames
    t.frames(30)  # half a second of frames while the analysis has not finished
    assert t.app.frames == drawn + 30 and t.scene.current_hint() is None
    t.key(pygame.K_h)  # asked again: the same analysis, not a second one
    assert len(pending) == 1
    pending.pop()()  # the worker finishes
    t.frames(1)
    expected = hints.suggest(t.game.view(0))
    shown = t.scene.current_hint()
    assert shown is not None and shown.action == expected.action
    assert t.scene.frame.hint_box is not None  # said in its box beside the move
    assert t.scene.message_text() is None  # and not again in the panel


def test_an_analysis_for_a_position_since_left_is_never_shown(table):
    t = table(Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H", *OTHERS],
                            stock="6D 10S", pile="4C 5D 8H", melds={0: ["9S 9C 9H"]}, to_play=0))
    pending: list[Callable[[], None]] = []
    t.scene.controller.advice_start = pending.append
    t.key(pygame.K_h)
    t.click(t.scene.layout.stock.center)  # the player draws before the hint is ready
    pending.pop(0)()
    t.frames(2)
    assert t.scene.current_hint() is None
