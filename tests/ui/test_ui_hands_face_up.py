"""At the hand's end the other hands turn face up on the table, where they lie, and stay
in view a moment before the score sheet opens (and behind it); they were text on the
sheet only."""

from __future__ import annotations

from game.rules import VARIANTS, Game, Phase
from game.ui.screens.score import HandEndScene

HANDS = ["QH QD QS", "5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
         "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def test_the_other_hands_turn_face_up_before_the_score_sheet(table):
    g = Game.scripted(VARIANTS["classic"], hands=HANDS, stock="4C", melds={0: ["9S 9C 9H 9D 2C JK 2S"]},
                      pile="7C 8H", to_play=0)
    t = table(g)
    t.click(t.scene.layout.stock.center)
    t.select("QH", "QD", "QS")
    t.drag(t.card_pos("QH"), t.new_meld_pos())
    t.app.prefs.animation_speed = 1.0  # the going out as in a game
    t.drag(t.card_pos("4C"), t.scene.layout.pile.center)
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    s = t.scene
    turned = 0
    for _ in range(600):  # the going out plays, then the hands turn over
        t.frames(1)
        if isinstance(t.app.top, HandEndScene):
            break
        turned += bool(turned) or any(f.src_face is False and f.dst_face for f in s.animator.flights)
    assert turned, "no card was turned over on the table"
    assert isinstance(t.app.top, HandEndScene)
    b = s.board
    for seat in (1, 2, 3):
        faces = sorted(it.card.label for it in b.backs[seat] if it.face_up and it.card is not None)
        assert faces == sorted(c.label for c in g.hands[seat]), f"seat {seat}'s hand is not face up"
    held = turned / 60  # frames at 60 a second, between the first turn and the sheet
    assert held >= 1.5, f"the turned hands were in view only {held:.2f} s"
