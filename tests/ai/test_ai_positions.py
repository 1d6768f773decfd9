"""Scripted positions where the heuristic must do the obviously right thing."""

from __future__ import annotations

import math

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai.heuristic import HeuristicPlayer
from game.rules import VARIANTS, AnswerGoOut, AskGoOut, Discard, Draw, Game, Meld, Phase, TakePile

CLASSIC = VARIANTS["classic"]
OTHERS = ["4S 6D 8S JD", "4H 6C 10S QC", "4D 7C 10H JC"]


def hands(h0: str, others: list[str] | None = None) -> list[str]:
    return [h0] + list(others or OTHERS)


def _player(level: str) -> HeuristicPlayer:
    # `hard` with its wall-clock cap lifted plays its whole count of worlds: the same
    # moves on any machine, however busy
    return HeuristicPlayer(level, seed=3, budget=math.inf if level == "hard" else None)


@pytest.fixture(params=["easy", "normal", "hard"])
def any_level(request) -> HeuristicPlayer:
    return _player(request.param)


@pytest.fixture(params=["normal", "hard"])
def strong(request) -> HeuristicPlayer:
    return _player(request.param)


def test_takes_a_big_frozen_pile_with_its_pair(any_level):
    g = Game.scripted(CLASSIC, hands("8H 8D 5S 9C JD 4H 6C"),
                      pile="5D 2C 9S 10D 6H 7S QD KC 4C AS JH 8C", melds={0: ["KS KH KD"]})
    view = g.view(0)
    assert view.pile_frozen
    action = any_level.choose(view)
    assert isinstance(action, TakePile) and {c.rank for c in action.cards} == {8}


def test_does_not_discard_into_the_next_opponents_meld(strong):
    # the opponents (side 1, next seat) have 9s and the pile is not frozen: a 9 gives it away
    g = Game.scripted(CLASSIC, hands("9D 5S 6C JH KD QS 7H"), pile="5D 10C 6H 7S QD 4C",
                      melds={0: ["AS AH AD"], 1: ["9S 9H 9C"]}, stock="4D")
    g.apply(Draw())
    view = g.view(0)
    assert Discard(view.hand[0]) in view.legal
    action = strong.choose(view)
    assert action != Discard(next(c for c in view.hand if c.rank == 9))
    assert g.why_illegal(action) is None


def test_goes_out_when_that_wins_the_game(strong):
    g = Game.scripted(CLASSIC, hands("KS 7C"), pile="5D 10C",
                      melds={0: ["KS KH KD KC KH KD", "7S 7H 7D"]}, stock="7D",
                      scores=(4900, 1000))
    g.apply(Draw())
    while g.phase is Phase.MELD:
        g.apply(strong.choose(g.view(0)))
    assert g.is_over and g.winners == (0,)


def test_keeps_a_pair_for_a_frozen_pile(strong):
    # laying the Qs off would leave no natural pair for the big frozen pile
    g = Game.scripted(CLASSIC, hands("QH QD 5S 9C JD 4H 6C KH"),
                      pile="5D 2C 9S 10D 6H 7S JS KC 4C AS", melds={0: ["QS QC QD", "KS KC KD"]},
                      stock="8C")
    g.apply(Draw())
    view = g.view(0)
    layoff = Meld([[c for c in view.hand if c.rank == 12]])
    assert layoff in view.legal
    action = strong.choose(view)
    assert not (isinstance(action, Meld) and any(c.rank == 12 for grp in action.groups for c in grp))


def test_answers_no_when_its_heavy_hand_would_cost_the_side(strong):
    g = Game.scripted(CLASSIC, ["KS 7C 9H", "4S 6D 8S JD 5C 6S 8D 9S 10S JS QS",
                                "AS AH AD AC JK JK 2C 5S 9D", "4D 7C 10H JC 5H 6H 8H 9C 10C JH QH"],
                      melds={0: ["KS KH KD KC KH KD KC"], 1: ["QD QC QH"]}, stock="7D",
                      pile="5D 10D")
    g.apply(Draw())
    g.apply(AskGoOut())
    assert g.phase is Phase.ASK_PARTNER and g.to_play == 2
    assert strong.answer_go_out(g.view(2)) is False
    # and with a light hand the partner lets them go out
    g = Game.scripted(CLASSIC, ["KS 7C 9H", "4S 6D 8S JD 5C 6S 8D 9S 10S JS QS",
                                "4C 5S", "4D 7C 10H JC 5H 6H 8H 9C 10C JH QH"],
                      melds={0: ["KS KH KD KC KH KD KC", "7S 7H 7D"], 1: ["QD QC QH"]},
                      stock="7D", pile="5D 10D")
    g.apply(Draw())
    g.apply(AskGoOut())
    assert strong.answer_go_out(g.view(2)) is True


def test_answer_is_an_answer_move_in_choose():
    g = Game.scripted(CLASSIC, ["KS 7C 9H", "4S 6D 8S JD", "4C 5S", "4D 7C 10H JC"],
                      melds={0: ["KS KH KD KC KH KD KC"]}, stock="7D", pile="5D 10D")
    g.apply(Draw())
    g.apply(AskGoOut())
    action = HeuristicPlayer("normal").choose(g.view(2))
    assert isinstance(action, AnswerGoOut)


BIG_PILE = "5D 4C 6H 7S QD KC 4S AS 8H 5C 6C 7D"
THEIR_MELDS = ["9S 9H 9C", "10S 10H 10D", "JS JH JD", "KS KD KC", "QS QC QD"]


def test_freezes_the_pile_with_a_wild_when_every_other_card_feeds_it(strong):
    # every natural in hand joins an opponents' meld, and the pile is big and unfrozen
    g = Game.scripted(CLASSIC, hands("9D 10C JH 2C KH QH"), pile=BIG_PILE,
                      melds={0: ["AS AH AD"], 1: THEIR_MELDS}, stock="JC")
    g.apply(Draw())
    assert not g.view(0).pile_frozen
    action = strong.choose(g.view(0))
    assert isinstance(action, Discard) and action.card.is_wild


def test_blocks_with_a_black_three_rather_than_feed_the_pile(strong):
    g = Game.scripted(CLASSIC, hands("9D 10C JH 3S KH QH"), pile=BIG_PILE,
                      melds={0: ["AS AH AD"], 1: THEIR_MELDS}, stock="JC")
    g.apply(Draw())
    action = strong.choose(g.view(0))
    assert isinstance(action, Discard) and action.card.is_black_three


def test_greedy_discards_its_highest_single_card():
    from game.ai.simple import GreedyPlayer

    # the aces (20 points each) are a pair: the highest singleton is the king
    g = Game.scripted(CLASSIC, hands("AH AD 7C KS 9C 5D 6H"), pile="5S 10C 6D", melds={0: ["QS QH QD"]},
                      stock="8C 8C", to_play=0)
    g.apply(Draw())
    assert sorted(c.label for c in g.hands[0]) == sorted("AH AD 7C KS 9C 5D 6H 8C".split())
    action = GreedyPlayer().choose(g.view(0))
    assert isinstance(action, Discard) and action.card.label == "KS"


def test_keeps_its_last_wild_card_when_the_hand_runs_short():
    # side 1 (next seat) may lay off our 5 onto an unfrozen pile: laid on the short meld
    # of Ks, the 2 would leave two cards in hand and nothing to freeze a pile that grows
    g = Game.scripted(CLASSIC, hands("2C KD 5S"), stock="9C", pile="4C",
                      melds={0: ["AS AH AD AC AS AH AD", "KS KH KC"],
                             1: ["5C 5D 5H", "6C 6D 6S", "10C 10S 10H"]})
    g.apply(Draw())
    normal = _player("normal")
    action = normal.choose(g.view(0))
    while isinstance(action, Meld):
        assert not any(c.is_wild for grp in action.groups for c in grp)
        g.apply(action)
        action = normal.choose(g.view(0))
    assert any(c.is_wild for c in g.view(0).hand)
