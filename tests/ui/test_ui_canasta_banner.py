"""The completion banner names a canasta's kind as the engine defines it."""

import pygame

from game.rules import VARIANTS, Draw, Game, Meld
from game.rules import events as ev
from game.ui.board import build_board
from game.ui.choreography import Choreographer
from game.ui.layout import compute_layout
from game.ui.tween import Animator
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
