"""The hand-end sheet: every hand's remaining cards beside its named line, in every
player count, and Esc or Enter goes on to the next hand."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import card_names, tr
from game.rules import VARIANTS, Game, Phase
from game.ui.screens import score as score_scene
from game.ui.screens.score import HandEndScene

HANDS = {
    "classic-2p": ["QH QD", "5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC 4D 8H 8S 10D"],
    "classic-3p": ["QH QD", "5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC 4D", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4H"],
    "classic": ["QH QD QS", "5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
                "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"],
}
NAMES = {"classic-2p": ["north"], "classic-3p": ["west", "east"], "classic": ["west", "north", "east"]}


def hand_over(table, variant: str):
    """The human goes out: draws, melds three queens, discards the last card."""
    canastas = ["9S 9C 9H 9D 2C JK 2S"] + (["KS KC KH KD KS KC 2H"] if VARIANTS[variant].canastas_to_go_out > 1 else [])
    stock = "QS 4C" if VARIANTS[variant].draw_count > 1 else "4C"  # two and three players draw two
    g = Game.scripted(VARIANTS[variant], hands=HANDS[variant], stock=stock, melds={0: canastas},
                      pile="7C 8H", to_play=0)
    t = table(g)
    t.click(t.scene.layout.stock.center)
    t.select("QH", "QD", "QS")
    t.drag(t.card_pos("QH"), t.new_meld_pos())
    t.drag(t.card_pos("4C"), t.scene.layout.pile.center)
    t.frames(5)
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert isinstance(t.app.top, HandEndScene)
    return t


@pytest.mark.parametrize("variant", sorted(HANDS))
def test_each_hand_left_is_named_and_shown_with_its_cards(table, monkeypatch, variant):
    t = hand_over(table, variant)
    sheet = t.app.top
    drawn: list[str] = []
    real = score_scene.T.render
    monkeypatch.setattr(score_scene.T, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    sheet.sheet = sheet.fit()
    g = t.game
    for seat, name in enumerate(NAMES[variant], start=1):
        line = tr("ui.score.cards_left_of", name=tr(f"ui.seat.{name}"), count=len(g.hands[seat]))
        assert line in drawn, f"{line!r} is on the sheet"
        shown = sheet.cards_left(seat)
        assert shown in drawn, "its cards beside it"
        assert sorted(shown.split()) == sorted(card_names(g.hands[seat]).split())
    assert tr("ui.score.cards_in_hand", count=len(g.hands[1])) not in drawn, "no line without a name"


@pytest.mark.parametrize("key", [pygame.K_ESCAPE, pygame.K_RETURN])
def test_esc_or_enter_goes_on_to_the_next_hand(table, key):
    t = hand_over(table, "classic-3p")
    t.key(key)
    assert t.app.top is t.scene and t.game.hand_number == 2
