"""A refusal's box and its "Rule ›" link stay until the player dismisses them (a click on
the box, Esc) or the next move (anyone's) is made; they used to vanish after two seconds,
before the link could be reached, or to linger into the opponents' turn."""

from __future__ import annotations

import time

import pygame

from game.rules import VARIANTS, Game, Phase
from game.ui.screens.rules import RulesScene

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC",
          "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def _game() -> Game:
    return Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H", *OTHERS],
                         stock="6D 10S 4H 9H", pile="4C 5D 8H", melds={0: ["QH QD QS"]}, to_play=0)


def _refused(t):
    t.click(t.scene.layout.stock.center)
    t.click(t.scene.layout.stock.center)  # a second draw is refused beside the stock
    assert t.scene.toast is not None and t.scene.toast.key == "turn.already_drawn"
    t.frames(1)
    assert t.scene.rule_link_rect is not None


def test_the_rule_link_waits_for_the_player(table):
    t = table(_game())
    _refused(t)
    later = time.monotonic() + 120
    t.scene.controller.clock = lambda: later  # two minutes of reading
    t.frames(3)
    assert t.scene.toast is not None and t.scene.rule_link_rect is not None
    t.click(t.scene.rule_link_rect.center)
    assert isinstance(t.app.top, RulesScene) and t.app.top.section_at_top() == "turn"


def test_a_click_on_the_box_or_esc_dismisses_it(table):
    t = table(_game())
    _refused(t)
    box = t.scene.frame.refusal_box
    t.click((box.x + 4, box.y + 4))
    assert t.scene.toast is None and t.app.top is t.scene
    t.frames(1)
    assert t.scene.rule_link_rect is None
    t.click(t.scene.layout.stock.center)
    assert t.scene.toast is not None
    t.key(pygame.K_ESCAPE)
    assert t.scene.toast is None and t.app.top is t.scene, "Esc closes the box before it opens the menu"
    t.key(pygame.K_ESCAPE)
    assert t.app.top is not t.scene, "with no box, Esc opens the menu as before"


def test_the_box_goes_with_the_next_move_and_never_reaches_the_opponents_turn(table):
    t = table(_game())
    _refused(t)
    g = t.game
    seven = next(it for it in t.scene.board.hand if it.card.label == "7D")
    t.drag((seven.rect.x + 6, seven.rect.centery), t.scene.layout.pile.center)
    assert g.to_play != 0 or g.phase is Phase.HAND_OVER
    assert t.scene.toast is None
    for _ in range(200):  # the opponents play; nothing of the refusal shows meanwhile
        t.frames(1)
        assert t.scene.toast is None and t.scene.rule_link_rect is None
        if g.to_play == 0 and t.scene.my_turn():
            break
