"""Hint and refusal boxes beside the stock or the pile never cover the stock's and the
pile's counts, the pile's state badge ('Frozen'), a hand or a seat's name, at every window
size."""

from __future__ import annotations

import pygame
import pytest

from game.rules import VARIANTS, Game, Phase

SIZES = [(960, 600), (1024, 600), (1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900),
         (1600, 900), (1920, 1080), (2560, 1440)]

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC",
          "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def _frozen() -> Game:
    """The human to draw; a wild card in the pile freezes it and no natural pair takes it."""
    return Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 6D 6H", *OTHERS],
                         stock="6S 10S 4H 9H", pile="4C 2C 8H", melds={0: ["QH QD QS"]}, to_play=0)


def _clear(t, box: pygame.Rect, what: str) -> None:
    marks = t.scene.renderer.keep_clear()
    assert len(marks) == 3, "the stock's count, the pile's badge and count"
    link = t.scene.rule_link_rect
    for r in t.scene.renderer.keep_off():  # the marks, every hand and the seats' names
        assert not box.colliderect(r), f"{what} covers {r} at {t.scene.layout.size}"
        assert link is None or not link.colliderect(r), f"{what}'s Rule link covers {r} at {t.scene.layout.size}"


@pytest.mark.parametrize("size", SIZES)
def test_boxes_keep_clear_of_the_counts_and_the_badge(table, size):
    t = table(_frozen(), size=size)
    sc = t.scene
    assert sc.view.pile_state() is not None, "the pile wears its badge"
    # the hint (draw from the stock) beside the stock
    t.key(pygame.K_h)
    assert sc.frame.hint_box is not None
    _clear(t, sc.frame.hint_box, "the hint")
    # a refusal at the pile (frozen, no natural pair of 8s)
    t.key(pygame.K_p)
    assert sc.toast is not None and sc.toast.rect == sc.layout.pile
    _clear(t, sc.frame.refusal_box, "the pile's refusal")
    # a refusal at the stock (a second draw)
    t.click(sc.layout.stock.center)
    assert t.game.phase is Phase.MELD
    t.click(sc.layout.stock.center)
    assert sc.toast is not None and sc.toast.rect == sc.layout.stock
    t.frames(1)
    _clear(t, sc.frame.refusal_box, "the stock's refusal")
