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


def test_the_partners_answer_stays_in_a_bubble_by_the_partners_seat(table):
    from game.i18n import tr

    t = table(_game(["5S 5H 5D 5C 5S 5H 5D"]))
    t.app.prefs.animation_speed = 1.0  # the question and the answer play as in a game
    t.key(pygame.K_g)
    for _ in range(600):  # the question's bubble, North's pause, the answer's bubble, and later
        t.frames(1)
        if t.game.answer is not None and not t.scene.animator.busy:
            break
    t.frames(240)  # four seconds on: the player is still thinking
    assert t.game.phase is Phase.MELD and t.game.to_play == 0
    said = [(box, text) for box, text in t.scene.renderer.bubbles if text == tr("ui.bubble.yes")]
    assert said, "the partner's answer is only in the panel"
    box = said[0][0]
    north = t.scene.renderer.seat_rect(2)
    assert not box.colliderect(north), "the bubble covers North's cards or name"
    assert abs(box.centery - north.centery) < north.h and box.x - north.right < 40, "not by North's seat"
