"""'Your turn' and the pile's count change when the last discard has landed, not while it
is still in the air (a player read 'Your turn' and 'Pile: 4' with East's card flying)."""

from __future__ import annotations

from game.i18n import tr
from game.rules import VARIANTS, Game

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC",
          "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def test_the_turn_and_the_count_follow_the_card_not_the_engine(table):
    g = Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H", *OTHERS],
                      stock="6D 10S 4H 9H 3C 5S", pile="4C 5D 8H", to_play=3)
    t = table(g, level="greedy")
    t.app.prefs.animation_speed = 1.0  # cards take their time, as in play
    sc = t.scene
    seen_flying = seen_landed = False
    for _ in range(900):
        t.frames(1)
        flying = [f for f in sc.animator.flights if f.active and f.card is not None
                  and g.pile.cards and f.card.identity == g.pile.cards[-1].identity]
        if g.to_play != 0 or len(g.history) == 0:
            continue
        shown = sc.board.pile_count
        words, mine = sc.view.turn_text()
        if flying:  # East's discard is on its way
            seen_flying = True
            assert not mine and words == tr("ui.turn.other", name=tr("ui.seat.east"))
            assert shown == len(g.pile.cards) - 1
            assert not sc.my_turn()
        elif seen_flying and not sc.animator.busy:
            seen_landed = True
            assert mine and words == tr("ui.turn.yours")
            assert shown == len(g.pile.cards)
            break
    assert seen_flying and seen_landed
