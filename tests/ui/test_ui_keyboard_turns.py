"""The keyboard says what a key will do and does it in few keys: the ring's label names
the meld Enter adds to, X discards, typing a rank finds its card, a key plays the hint."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules import VARIANTS, Game, Phase, Rank
from game.rules.actions import Draw
from game.ui.table.keyboard import Area

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def jacks_down() -> Game:
    """classic, the side has Jacks down, the player has drawn: J♥ J♦ in the hand."""
    g = Game.scripted(VARIANTS["classic"], hands=["JH JD 5S 6H 7C 9D KS", *OTHERS],
                      melds={0: ["JC JS JK"]}, pile="4C 8H", stock="6D 10S 4H")
    g.apply(Draw())
    return g


def key(t, k: int, unicode: str = "", mod: int = 0) -> None:
    t.post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    t.post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    t.frames(2)


def test_the_rings_label_names_the_meld_enter_adds_the_cards_to(table):
    t = table(jacks_down())
    s = t.scene
    for c in t.game.hands[0]:
        if c.label in ("JH", "JD"):
            s.controller.toggle_selected(c)
    assert s.keys.focus(s, Area.MELDS, kind="new")
    label = s.keys.preview(s)
    assert label is not None and label.legal
    assert label.text == tr("ui.drop.joins_meld", rank=tr("rank.plural.J")), label.text
    key(t, pygame.K_RETURN)
    assert len(t.game.melds[0][Rank.JACK].cards) == 5 and t.game.phase is Phase.MELD
