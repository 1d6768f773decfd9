"""The end of a hand and of the game, as the table shows them (found by playing whole
games under Xvfb with real mouse clicks: scripts/xvfb_play.py)."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import tr
from game.rules import VARIANTS, Game, Phase
from game.ui.screens.score import HandEndScene

HANDS = ["KH KD KS AH AD AS 9D 4C 8S 6D 6H",
         "5C 5D 6C 7C 7H 7S 8C 9C 10C JC QC",
         "5H 5S 6S 7D 8D 9S 10D JD QD KC 4D",
         "4H 4S 10H 10S JH JS QH QS 9H 8H 5H"]


def scripted(scores: tuple[int, int] = (0, 0), melds: dict | None = None) -> Game:
    return Game.scripted(VARIANTS["classic"], seed=11, hands=HANDS, pile="4C 10C", to_play=0,
                         scores=scores, melds=melds or {})


def test_at_the_hand_end_the_panel_does_not_tell_you_to_watch_the_others(table):
    t = table(scripted())
    t.play_hand()
    assert t.game.phase is Phase.HAND_OVER
    assert t.scene.turn_text() == (tr("ui.turn.hand_over"), False)
    assert t.scene.prompt_text() == tr("ui.prompt.hand_over")
    assert t.scene.prompt_text() != tr("ui.prompt.watch")


def test_when_the_game_is_won_the_panel_says_the_game_is_over(table):
    t = table(scripted(scores=(4990, 0), melds={0: ["QS QH QD"]}))
    t.play_hand()
    g = t.game
    assert g.phase is Phase.GAME_OVER and g.winners == (0,)
    assert t.scene.turn_text() == (tr("ui.turn.game_over"), False)
    assert t.scene.prompt_text() == tr("ui.prompt.hand_over")


class Recorder(pygame.Surface):
    """A screen that remembers where text was put on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):
        r = super().blit(source, dest, *args, **kwargs)
        self.rects.append(pygame.Rect(r))
        return r


def crowded_italian() -> Game:
    """Seven canastas, five red 3s and four hands of cards left: the longest sheets."""
    return Game.scripted(VARIANTS["italian"],
                         hands=["4C 5D 9H", "4H 6S 7S", "5H 6D 8S 9S", "6H 7D 8D 9D 10C"],
                         melds={0: ["AS AH AD AC AS AH AD", "KS KH KD KC KS KH KD", "QS QH QD QC QS JK 2C",
                                    "JS JH JD JC 2D 2H", "10S 10H 10D 10C 10S 2S JK", "JK JK 2C 2D 2H 2S JK",
                                    "8C 8H 8C 8H 8C 2D 8H"],
                                1: ["7C 7H 7C 7H 7C 7H 7D", "5S 5C 5S 5C 5S"]},
                         red_threes={0: "3H 3D 3H 3D 3H", 1: "3D"}, to_play=0)


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_a_crowded_score_sheet_stays_inside_its_panel_and_clear_of_its_button(table, size):
    """Italian's first hand end showed its left column running down to the Next deal
    button: every line and each first-time explanation was drawn whatever the room."""
    t = table(crowded_italian(), size=size)
    t.app.prefs.explained_lines = []
    end = HandEndScene(t.app, t.scene)
    t.app.push(end)
    t.frames(2)
    assert len(end.explain) >= 5
    screen = Recorder(t.app.size)
    end.draw_after_ui(screen)
    panel, btn = end.panel.rect, end.next_btn.rect
    assert len(screen.rects) > 30
    for r in screen.rects:
        assert panel.contains(r), f"{r} is outside the score sheet {panel}"
        assert not r.colliderect(btn), f"{r} is drawn under the button {btn}"
    # what had no room is explained another time, not marked as seen
    end.leave()
    assert set(t.app.prefs.explained_lines) == end.sheet.explained
    if size == (1280, 800):
        assert end.sheet.explained, "a full-size window still explains the lines"
