"""The completion banner names a canasta's kind as the engine defines it."""

import pygame

from game.rules import VARIANTS, Draw, Game, Meld
from game.rules import events as ev
from game.ui.geometry.board import build_board
from game.ui.geometry.layout import compute_layout
from game.ui.motion.choreography import Choreographer
from game.ui.motion.tween import Animator
from tests.rules.scripting import C, hands_with

hands = hands_with(("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H"))


def _banners(name: str, hand: str, cards: str, melds: list[str]) -> list[str]:
    pygame.init()
    g = Game.scripted(VARIANTS[name], hands(hand), stock="9C", melds={0: melds})
    g.apply(Draw())
    done = [e for e in g.apply(Meld([C(cards)])) if isinstance(e, ev.CanastaCompleted)]
    board = build_board(g, compute_layout((1280, 800), 4), 0, "rank", [], set(), set(), {}, False)
    animator = Animator()
    Choreographer(animator, 0, str).play(done, board, board)
    return [e.text for e in animator.effects if e.kind == "banner"]


def test_banner_never_calls_a_wild_canasta_natural():
    assert _banners("modern-american", "2S 2H 2D 2C 2S 2H 2D 9D 5S", "2S 2H 2D 2C 2S 2H 2D",
                    ["QS QH QD QC QS"]) == ["Wild canasta!"]


def test_banner_for_natural_and_mixed_canastas():
    assert _banners("classic", "KS KH KD KC KS KH KD 9D 5S", "KS KH KD KC KS KH KD",
                    ["QS QH QD"]) == ["Natural canasta!"]
    assert _banners("classic", "KS KH KD KC KS 2H JK 9D 5S", "KS KH KD KC KS 2H JK",
                    ["QS QH QD"]) == ["Canasta!"]


def test_the_banner_is_drawn_over_the_canasta_it_announces(table):
    """It was drawn under the meld's cards once they landed; now it is the frame's top layer."""
    from game.ui.shell import style

    others = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC", "5H 5S 6S 7C 7D 9S 10D JD 8D KC", "4H 4S 10H 10S JH JS 9H 7H 5H"]
    g = Game.scripted(VARIANTS["classic"], hands=["QS 9D 8S 6H 4C", *others], stock="6S 10S 4D",
                      pile="4C 5D 8H", melds={0: ["QH QD QC QH QD QC"]}, to_play=0)
    t = table(g)
    t.click(t.scene.layout.stock.center)
    t.app.prefs.animation_speed = 1.0  # the banner stays up a moment, as in play
    t.drag(t.card_pos("QS"), t.meld_pos(12))
    assert g.melds[0][12].is_canasta
    for _ in range(240):
        t.frames(1)
        boxes = getattr(t.scene.renderer, "banner_boxes", [])
        if boxes and not t.scene.animator.flights:
            break
    else:
        raise AssertionError("no banner once the cards had landed")
    box = boxes[0]
    column = t.scene.board.own_meld(12).column
    assert box.colliderect(column), "the banner is on the canasta"
    screen = t.app.screen
    # its gold frame shows whole along the top edge, also where the meld's cards lie beneath
    xs = [x for x in range(box.x + 12, box.right - 12, 3) if column.x <= x < column.right]
    assert xs
    for x in xs:
        assert screen.get_at((x, box.y))[:3] == style.GOLD, "a card is drawn over the banner"
