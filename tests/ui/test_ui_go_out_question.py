"""'May I go out?' is asked only when going out is possible this turn; otherwise the
table says why not, in the engine's words, and the partner is never asked."""

from __future__ import annotations

import pygame

from game.rules import VARIANTS, Draw, Game, Phase


def _game(melds: list[str]) -> Game:
    hands = ["9C 9D 9H 4C", "4H 7H 10S QC 8C", "4D 7D 10H JH 8D", "4S 7S 10D JS 8S"]
    g = Game.scripted(VARIANTS["classic"], hands, melds={0: melds}, pile="JD 8H", stock="9S",
                      pile_frozen=False)
    g.apply(Draw())
    return g


def test_without_a_canasta_the_question_is_not_asked_and_the_reason_is_shown(table):
    t = table(_game(["5S 5H 5D"]))
    t.key(pygame.K_g)
    assert t.game.phase is Phase.MELD and not t.game.asked
    text = t.scene.message_text()
    assert text is not None and "canast" in text[0]


def test_with_a_way_out_the_partner_is_asked(table):
    t = table(_game(["5S 5H 5D 5C 5S 5H 5D"]))
    t.key(pygame.K_g)
    assert t.game.asked
