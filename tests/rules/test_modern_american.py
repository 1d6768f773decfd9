"""Modern American canasta (docs/RULES.md, modern-american): scenarios 14–19 of the positions
every engine must get right, then every rule of the variant with a
legal case accepted and the matching illegal case refused with its reason."""

import json

import pytest

from game.rules import (
    VARIANTS,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Game,
    Meld,
    Phase,
    Rank,
    RuleSet,
    TakePile,
)
from game.rules import events as ev
from game.rules.melds import WILD_MELD
from tests.rules.scripting import C, c1, hands_with, lines_of, refused

MA = VARIANTS["modern-american"]
FILLERS = ("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H")
hands = hands_with(FILLERS)


def accepted(g: Game, action) -> None:
    assert g.why_illegal(action) is None, g.why_illegal(action)


def end_by_stock(g: Game, card: str = "4H") -> list:
    """Seat to play draws the last stock card and discards it: the hand ends."""
    g.apply(Draw())
    out = g.apply(Discard(c1(card)))
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    return out


# ---------------------------------------------------------------- scenarios 14–19

def test_scenario_14_rule_of_five_after_opening():
    g = Game.scripted(MA, hands("9D 2H 5S 6D"), stock="KC", pile="4C",
                      melds={0: ["9S 9H 9C"]})
    g.apply(Draw())
    accepted(g, Meld([C("9D")]))
    refused(g, Meld([C("2H")], [Rank.NINE]), "meld.rule_of_five")
    refused(g, Meld([C("9D 2H")]), "meld.rule_of_five")
    legal = g.legal_actions()
    assert Meld([C("9D")]) in legal
    assert not any(isinstance(a, Meld) and any(c.is_wild for gr in a.groups for c in gr)
                   for a in legal)


def test_scenario_15_sevens_never_wild_aces_only_in_the_initial_meld():
    # at 0 the side needs 125 from its hand
    g = Game.scripted(MA, hands("7S 7H 7D 2C KS KH KD KC QS QH QD 5S"), stock="6H",
                      pile="4C")
    g.apply(Draw())
    reason = refused(g, Meld([C("7S 7H 7D 2C"), C("KS KH KD KC"), C("QS QH QD")]),
                     "meld.no_wilds")
    assert reason == "Sevens never take wild cards."
    g = Game.scripted(MA, hands("AS AH AD JK KS KH KD 5S 6D"), stock="6H", pile="4C")
    g.apply(Draw())
    accepted(g, Meld([C("AS AH AD JK"), C("KS KH KD")]))  # 60 + 50 + 30 = 140
    # once the side has melded
    g = Game.scripted(MA, hands("AS AH AD JK 7S 7H 7D 2C 5S"), stock="6H", pile="4C",
                      melds={0: ["QS QH QD"]})
    g.apply(Draw())
    reason = refused(g, Meld([C("AS AH AD JK")]), "meld.wilds_first_meld_only")
    assert reason == "Aces take wild cards only in your side's first meld."
    accepted(g, Meld([C("AS AH AD")]))
    refused(g, Meld([C("7S 7H 7D 2C")]), "meld.no_wilds")
    accepted(g, Meld([C("7S 7H 7D")]))


def test_scenario_16_pile_joins_a_meld_only_of_three_or_four_cards():
    g = Game.scripted(MA, hands("KC KH 9S 9D 5S"), pile="4D KD",
                      melds={0: ["KS KH KD KC KS"]})
    refused(g, TakePile(C("KC KH")), "take.meld_too_big")
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())
    g = Game.scripted(MA, hands("KC KH 9S 9D 5S"), pile="4D KD",
                      melds={0: ["KS KH KD KS"]})
    accepted(g, TakePile(C("KC KH")))
    assert TakePile(C("KC KH")) in g.legal_actions()
    out = g.apply(TakePile(C("KC KH")))
    m = g.melds[0][Rank.KING]
    assert m.size == 7 and m.wilds == 0
    assert any(isinstance(e, ev.CanastaCompleted) and e.natural for e in out)


def test_scenario_17_after_a_pickup_only_the_nine_may_be_discarded():
    g = Game.scripted(MA, hands("KC KH AS 7S 9S"), pile="KD", melds={0: ["QS QH QD"]})
    g.apply(TakePile(C("KC KH")))
    assert len(g.pile) == 0
    assert sorted(c.label for c in g.hands[0]) == ["7S", "9S", "AS"]
    discards = [a for a in g.legal_actions() if isinstance(a, Discard)]
    assert discards == [Discard(c1("9S"))]
    reason = refused(g, Discard(c1("AS")), "discard.empty_pile_guarded")
    assert reason.startswith("Aces may go on an empty pile")
    refused(g, Discard(c1("7S")), "discard.empty_pile_guarded")
    accepted(g, Discard(c1("9S")))


@pytest.mark.parametrize("melds,expected", [
    (["QS QH QD"], -600),
    (["QS QH QD QC QS QH 2C"], 0),
    (["QS QH QD QC QS QH 2C", "JS JH JD JC JS JH JD"], 600),
])
def test_scenario_18_threes_per_colour_signed_by_canastas(melds, expected):
    g = Game.scripted(MA, hands("4S"), stock="4H", melds={0: melds},
                      red_threes={0: "3H 3D 3H 3S"}, rest="pile")
    end_by_stock(g)
    lines = lines_of(g, 0)
    assert lines["score.threes_red"] + lines["score.threes_black"] == expected
    if expected > 0:
        assert (lines["score.threes_red"], lines["score.threes_black"]) == (500, 100)


def test_scenario_19_three_aces_held_at_hand_end():
    g = Game.scripted(MA, hands("4S", "AS AH AD", FILLERS[1], "4D"), stock="4H",
                      rest="pile")
    end_by_stock(g)
    seat1 = [line for line in g.hand_score()[1].lines if line.params.get("seat") == 1]
    assert sorted((line.key, line.points) for line in seat1) == [
        ("score.cards_in_hand", -60), ("score.held_group", -1500)]
    assert g.hand_score()[1].total == -1500 - 60 - 5


# ---------------------------------------------------------------- deal and threes

@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_deal_thirteen_cards_empty_pile_every_three_laid_out(seed):
    g = Game.new(MA, seed=seed)
    assert len(g.pile) == 0
    assert all(len(h) == 13 for h in g.hands)
    assert not any(c.is_three for h in g.hands for c in h)
    laid = [c for side in g.red_threes for c in side]
    assert all(c.is_three for c in laid)
    assert not g.invariant_violations()
    refused(g, TakePile(), "pile.empty")
    accepted(g, Draw())


def test_a_black_three_drawn_is_laid_out_and_replaced():
    g = Game.scripted(MA, hands("5S 6D 8C"), stock="3S 9C", pile="4C")
    out = g.apply(Draw())
    assert any(isinstance(e, ev.RedThreeLaidOut) and e.card.label == "3S" and e.replaced
               for e in out)
    assert [c.label for c in g.red_threes[0]] == ["3S"]
    assert "9C" in [c.label for c in g.hands[0]]
    with pytest.raises(ValueError):
        Game.scripted(MA, hands("3S 5D 6D"))  # a three is never held


def test_a_three_is_never_discarded():
    g = Game.scripted(MA, hands("5S 6D 8C"), stock="9C", pile="4C")
    g.apply(Draw())
    g.hands[0].append(c1("3C"))  # impossible in play: only to reach the rule itself
    refused(g, Discard(c1("3C")), "discard.three")
    refused(g, Meld([C("3C")]), "meld.threes_never")
    accepted(g, Discard(c1("5S")))


@pytest.mark.parametrize("three", ["3C", "3H"])
def test_three_as_last_stock_card_stays_in_hand_and_ends_the_hand(three):
    g = Game.scripted(MA, hands("5H 6D 8C"), stock=three, melds={0: ["KS KH KD"]},
                      rest="pile")
    assert len(g.stock) == 1
    out = g.apply(Draw())
    assert any(isinstance(e, ev.HandEnded) and e.reason == "stock_three" for e in out)
    assert not any(isinstance(e, ev.RedThreeLaidOut) for e in out)
    assert three in [c.label for c in g.hands[0]]
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    refused(g, Discard(c1("5H")), "turn.hand_over")
    assert not g.invariant_violations()
    seat0 = [line for line in g.hand_score()[0].lines if line.key == "score.cards_in_hand"]
    assert seat0[0].points == -(5 + 5 + 10 + 5)  # 5H 6D 8C and the three at -5


def test_three_as_last_card_after_a_replacement_also_stays():
    g = Game.scripted(MA, hands("5H 6D 8C"), stock="3S 3D", melds={0: ["KS KH KD"]},
                      rest="pile")
    out = g.apply(Draw())
    assert [c.label for c in g.red_threes[0]] == ["3S"]
    assert "3D" in [c.label for c in g.hands[0]]
    assert any(isinstance(e, ev.HandEnded) and e.reason == "stock_three" for e in out)


# ---------------------------------------------------------------- meld shapes

def test_melds_hold_at_most_seven_cards():
    g = Game.scripted(MA, hands("KC 9S 9D 5S"), stock="KH", pile="4C",
                      melds={0: ["KS KH KD KC KS 2C", "QS QH QD"]})
    g.apply(Draw())
    accepted(g, Meld([C("KC")]))
    reason = refused(g, Meld([C("KC KH")]), "meld.too_big")
    assert "7" in reason


def test_mixed_melds_two_naturals_at_most_two_wilds():
    g = Game.scripted(MA, hands("KS KH KD 2C 2D 2H QS QH QD AS AH AD 5S"), stock="6H",
                      pile="4C")
    g.apply(Draw())
    aces_queens = [C("QS QH QD"), C("AS AH AD")]
    accepted(g, Meld([C("KS KH 2C 2D"), *aces_queens]))  # the initial meld: 150
    reason = refused(g, Meld([C("KS 2C 2D"), *aces_queens]), "meld.hoyle_ratio")
    assert "two natural cards" in reason
    reason = refused(g, Meld([C("KS KH KD 2C 2D 2H"), *aces_queens]), "meld.too_many_wilds")
    assert "at most 2 wild cards" in reason


def test_dead_rank_refusals():
    melds = {0: ["JS JH JD"], 1: ["KS KH KD KC KH KD KC"]}
    g = Game.scripted(MA, hands("KS 9H 9D 9C 5S"), stock="6H", pile="4C", melds=melds)
    g.apply(Draw())
    reason = refused(g, Meld([C("KS")]), "meld.dead_rank")
    assert reason.startswith("Kings are dead")
    accepted(g, Meld([C("9H 9D 9C")]))
    # the pile cannot be taken on a king (the last one left), but it can on a live rank
    g = Game.scripted(MA, hands("9H 9D 5S"), pile="4C KS", melds=melds)
    reason = refused(g, TakePile(C("KS KS")), "take.dead_rank")
    assert reason.startswith("Kings are dead")
    g = Game.scripted(MA, hands("KS 9H 9D 5S"), pile="4C 9S", melds=melds)
    accepted(g, TakePile(C("9H 9D")))


def test_wild_card_melds_three_to_seven():
    g = Game.scripted(MA, hands("2C 2D JK 2H 5S 6D"), stock="8H", pile="4C",
                      melds={0: ["QS QH QD"]})
    g.apply(Draw())
    accepted(g, Meld([C("2C 2D JK")]))
    refused(g, Meld([C("2C 2D")]), "meld.wild_meld_small")
    g = Game.scripted(MA, hands("2C 2D 2H 5S 6D"), stock="8H", pile="4C",
                      melds={0: ["QS QH QD", "JK JK 2S 2S 2H 2D"]})
    g.apply(Draw())
    accepted(g, Meld([C("2C")], [WILD_MELD]))
    refused(g, Meld([C("2C 2H")], [WILD_MELD]), "meld.too_big")


def test_unfinished_wild_meld_locks_other_wilds():
    melds = {0: ["9S 9H 9D 9C 9S", "JK 2S 2H"]}
    g = Game.scripted(MA, hands("2C 5S 6D 8H"), stock="KH", pile="4C", melds=melds)
    g.apply(Draw())
    reason = refused(g, Meld([C("2C")], [Rank.NINE]), "meld.wild_meld_lock")
    assert "unfinished meld of wild cards" in reason
    accepted(g, Meld([C("2C")], [WILD_MELD]))
    # with the meld of wild cards complete, the wild card may join the nines
    melds = {0: ["9S 9H 9D 9C 9S", "JK 2S 2H 2D 2C 2S 2H"]}
    g = Game.scripted(MA, hands("2C 5S 6D 8H"), stock="KH", pile="4C", melds=melds)
    g.apply(Draw())
    accepted(g, Meld([C("2C")], [Rank.NINE]))


# ---------------------------------------------------------------- the initial meld

@pytest.mark.parametrize("score,minimum", [(-100, 125), (0, 125), (2995, 125),
                                           (3000, 155), (4995, 155), (5000, 180),
                                           (9000, 180)])
def test_initial_minimum_by_score(score, minimum):
    g = Game.scripted(MA, hands("4S"), scores=(score, 0))
    assert g.minimum(0) == minimum


def test_initial_meld_minimum_counts_the_hand():
    # 125 needed: A A A (60) + K K K (30) + Q Q Q (30) = 120 refused; + 5 5 5 = 135 fine
    g = Game.scripted(MA, hands("AS AH AD KS KH KD QS QH QD 5S 5H 5D 9C"), stock="6H",
                      pile="4C")
    g.apply(Draw())
    reason = refused(g, Meld([C("AS AH AD"), C("KS KH KD"), C("QS QH QD")]),
                     "meld.minimum_hand")
    assert "125" in reason and "120" in reason
    accepted(g, Meld([C("AS AH AD"), C("KS KH KD"), C("QS QH QD"), C("5S 5H 5D")]))
    assert any(isinstance(a, Meld) for a in g.legal_actions())


def test_initial_meld_by_pickup_never_counts_the_pile_card():
    # pair K K (20) + A A A (60) + Q Q Q (30) + 5 5 5 (15) = 125 from the hand
    g = Game.scripted(MA, hands("KC KH AS AH AD QS QH QD 5S 5H 5D 9C 8D"), pile="4C KD")
    # 20 + 60 + 30 = 110, and the top K would make 120: still refused
    reason = refused(g, TakePile(C("KC KH"), [C("AS AH AD"), C("QS QH QD")]),
                     "meld.minimum_hand")
    assert "110" in reason
    full = TakePile(C("KC KH"), [C("AS AH AD"), C("QS QH QD"), C("5S 5H 5D")])
    accepted(g, full)
    # the pair alone is refused: the side must lay its initial meld in the same move
    refused(g, TakePile(C("KC KH")), "meld.minimum_hand")
    # the generator finds a qualifying pickup
    takes = [a for a in g.legal_actions() if isinstance(a, TakePile)]
    assert takes
    g.apply(takes[0])
    assert Rank.KING in g.melds[0] and len(g.pile) == 0


def test_initial_meld_needs_a_natural_meld_or_a_wild_meld():
    g = Game.scripted(MA, hands("AS AH JK KS KH JK 5S 5H 5D 9C"), stock="6H", pile="4C")
    g.apply(Draw())
    refused(g, Meld([C("AS AH JK"), C("KS KH JK")]), "meld.opening_needs_clean")
    accepted(g, Meld([C("AS AH JK"), C("KS KH JK"), C("5S 5H 5D")]))
    g = Game.scripted(MA, hands("JK JK 2C 2D 9C 8D"), stock="6H", pile="4C")
    g.apply(Draw())
    accepted(g, Meld([C("JK JK 2C 2D")]))  # 140 in a meld of wild cards


def test_canasta_from_hand_needs_no_minimum():
    g = Game.scripted(MA, hands("5S 5H 5D 5C 5S 5H 5D 9C 8D"), stock="6H", pile="4C")
    g.apply(Draw())
    accepted(g, Meld([C("5S 5H 5D 5C 5S 5H 5D")]))  # 35 points, a natural canasta
    g = Game.scripted(MA, hands("5S 5H 5D 5C 5S 2H 2D 9C 8D"), stock="6H", pile="4C")
    g.apply(Draw())
    accepted(g, Meld([C("5S 5H 5D 5C 5S 2H 2D")]))  # 65 points, a mixed canasta
    refused(g, Meld([C("5S 5H 5D 5C 5S 2H")]), "meld.minimum_hand")  # not yet a canasta
    g = Game.scripted(MA, hands("2S 2H 2D 2C 2S 2H 2D 9C 8D"), stock="6H", pile="4C",
                      scores=(5000, 0))
    g.apply(Draw())
    accepted(g, Meld([C("2S 2H 2D 2C 2S 2H 2D")]))  # 140 < 180, a wild canasta


# ---------------------------------------------------------------- taking the pile

def test_pile_only_with_a_natural_pair():
    melds = {0: ["9S 9H 9C", "QS QH QD"]}
    g = Game.scripted(MA, hands("9D 2H 5S 6D"), pile="4C 9C", melds=melds)
    reason = refused(g, TakePile(C("9D 2H")), "take.natural_pair")
    assert "natural pair" in reason
    refused(g, TakePile(), "take.natural_pair")  # not even onto the meld of nines
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())
    g = Game.scripted(MA, hands("9D 9H 5S 6D"), pile="4C 9C", melds=melds)
    accepted(g, TakePile(C("9D 9H")))
    assert TakePile(C("9D 9H")) in g.legal_actions()
    g.apply(TakePile(C("9D 9H")))
    assert g.melds[0][Rank.NINE].size == 6


# ---------------------------------------------------------------- discarding

def test_wild_discard_only_to_go_out_or_from_all_wilds():
    g = Game.scripted(MA, hands("2C 9S 5D"), stock="6H", pile="4C",
                      melds={0: ["QS QH QD"]})
    g.apply(Draw())
    refused(g, Discard(c1("2C")), "discard.wild")
    accepted(g, Discard(c1("9S")))
    assert Discard(c1("2C")) not in g.legal_actions()
    g = Game.scripted(MA, hands("2C JK"), stock="2D", pile="4C", melds={0: ["QS QH QD"]})
    g.apply(Draw())
    accepted(g, Discard(c1("JK")))  # nothing but wild cards
    # going out with a wild card
    melds = {0: ["QS QH QD QC QS QH QD", "JS JH JD JC JS JH JD", "9S 9H 9D"]}
    g = Game.scripted(MA, hands("9C"), stock="2D", pile="4C", melds=melds)
    g.apply(Draw())
    g.apply(Meld([C("9C")]))
    out = g.apply(Discard(c1("2D")))
    assert any(isinstance(e, ev.WentOut) for e in out)


def test_melds_must_leave_a_card_to_discard():
    melds = {0: ["QS QH QD QC QS QH QD", "JS JH JD JC JS JH JD", "9S 9H 9D"]}
    g = Game.scripted(MA, hands("9C 9D"), stock="9H", pile="4C", melds=melds)
    g.apply(Draw())
    reason = refused(g, Meld([C("9C 9D 9H")]), "meld.keep_discard")
    assert "discard" in reason
    accepted(g, Meld([C("9C 9D")]))
    assert Meld([C("9C 9D 9H")]) not in g.legal_actions()
    # taking the pile may not empty the hand either
    g = Game.scripted(MA, hands("9C 9D"), pile="9H", melds=melds)
    refused(g, TakePile(C("9C 9D")), "meld.keep_discard")


def test_first_discard_of_the_hand_on_an_empty_pile():
    g = Game.scripted(MA, hands("AS 7S 2C"), stock="9H")
    g.apply(Draw())
    refused(g, Discard(c1("AS")), "discard.empty_pile_guarded")
    accepted(g, Discard(c1("9H")))
    g = Game.scripted(MA, hands("AS 7S 2C"), stock="2D")
    g.apply(Draw())
    accepted(g, Discard(c1("AS")))  # no other natural card
    accepted(g, Discard(c1("7S")))
    refused(g, Discard(c1("2C")), "discard.wild")


def test_dead_rank_on_an_empty_pile_only_when_nothing_else_is_legal():
    melds = {0: ["JS JH JD"], 1: ["KS KH KD KC KH KD KC"]}
    g = Game.scripted(MA, hands("KS 9S 5D"), stock="6H", melds=melds)
    g.apply(Draw())
    reason = refused(g, Discard(c1("KS")), "discard.dead_rank")
    assert reason.startswith("Kings are dead")
    accepted(g, Discard(c1("9S")))
    g = Game.scripted(MA, hands("KS 2C"), stock="2D", melds=melds)
    g.apply(Draw())
    accepted(g, Discard(c1("KS")))
    assert [a for a in g.legal_actions() if isinstance(a, Discard)] == [Discard(c1("KS"))]
    # an ace with only a dead king beside it: the ace is legal, the king is not
    g = Game.scripted(MA, hands("KS AS"), stock="2D", melds=melds)
    g.apply(Draw())
    accepted(g, Discard(c1("AS")))
    refused(g, Discard(c1("KS")), "discard.dead_rank")


# ---------------------------------------------------------------- asking, going out

def test_ask_partner_once_per_hand_and_yes_does_not_oblige():
    melds = {0: ["QS QH QD QC QS QH QD", "JS JH JD JC JS JH JD", "9S 9H 9D"]}
    g = Game.scripted(MA, hands("9C 5S 6D"), stock="7H 6S 5C 4D 8H", pile="4C",
                      melds=melds)
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(True))
    accepted(g, Discard(c1("5S")))  # "yes" permits, it does not oblige
    g.apply(Discard(c1("5S")))
    for seat in (1, 2, 3):
        g.apply(Draw())
        g.apply(Discard(g.hands[seat][0]))
    g.apply(Draw())
    reason = refused(g, AskGoOut(), "ask.once_per_hand")
    assert "once per hand" in reason
    assert AskGoOut() not in g.legal_actions()
    # round trip keeps who asked
    g2 = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert g2.asked_in_hand == g.asked_in_hand and g2.check(AskGoOut()).key == "ask.once_per_hand"


def test_partner_no_forbids_going_out_this_turn():
    melds = {0: ["QS QH QD QC QS QH QD", "JS JH JD JC JS JH JD", "9S 9H 9D"]}
    g = Game.scripted(MA, hands("9C 5S"), stock="9H", pile="4C", melds=melds)
    g.apply(Draw())
    accepted(g, Meld([C("9C 9H")]))
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(False))
    refused(g, Meld([C("9C 9H")]), "goout.partner_said_no")
    accepted(g, Discard(c1("5S")))


def test_going_out_needs_two_canastas_and_a_discard():
    one = {0: ["QS QH QD QC QS QH QD", "9S 9H 9D"]}
    g = Game.scripted(MA, hands("9C 5S"), stock="9H", pile="4C", melds=one)
    g.apply(Draw())
    refused(g, Meld([C("9C 9H")]), "meld.keep_cards")
    two = {0: ["QS QH QD QC QS QH QD", "JS JH JD JC JS JH JD", "9S 9H 9D"]}
    g = Game.scripted(MA, hands("9C 5S"), stock="9H", pile="4C", melds=two)
    g.apply(Draw())
    plan = [a for a in g.legal_actions() if isinstance(a, Meld)]
    assert Meld([C("9C 9H")]) in plan
    g.apply(Meld([C("9C 9H")]))
    out = g.apply(Discard(c1("5S")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    assert lines_of(g, 0)["score.went_out"] == 100


def test_no_concealed_bonus():
    g = Game.scripted(MA, hands("KS KH KD KC KS KH KD QS QH QD QC QS QH QD"), stock="5D",
                      pile="4C")
    g.apply(Draw())
    g.apply(Meld([C("KS KH KD KC KS KH KD"), C("QS QH QD QC QS QH QD")]))
    g.apply(Discard(c1("5D")))
    lines = lines_of(g, 0)
    assert lines["score.went_out"] == 100
    assert "score.went_out_concealed" not in lines
    assert lines["score.natural_canasta"] == 1000 and lines["score.melded_cards"] == 140


def test_stock_end_hand_ends_after_the_last_drawers_turn():
    g = Game.scripted(MA, hands("9H 9D 5S"), stock="4H", pile="4C 9C",
                      melds={0: ["QS QH QD"], 1: ["JS JH JD"]}, rest="pile")
    g.apply(Draw())
    assert g.phase is Phase.MELD  # the last drawer finishes the turn
    accepted(g, Discard(c1("5S")))
    out = g.apply(Discard(c1("5S")))
    assert any(isinstance(e, ev.HandEnded) and e.reason == "stock_out" for e in out)
    # no play on the pile after the stock is gone
    refused(g, TakePile(C("9H 9D")), "turn.hand_over")


# ---------------------------------------------------------------- scoring

def test_score_of_a_hand_line_by_line():
    g = Game.scripted(
        MA, ["4S", "AC AS AH", "5S 6D", "9S"], stock="4H", rest="pile",
        melds={0: ["7S 7H 7D 7C 7S 7H 7D", "AS AH AD", "KS KH KD KC KS 2S 2H", "JK JK 2D"],
               1: ["QS QH QD"]},
        red_threes={0: "3H 3S", 1: "3D 3C 3C"})
    end_by_stock(g)
    ours, theirs = g.hand_score()
    assert sorted((line.key, line.points) for line in ours.lines) == sorted([
        ("score.melded_cards", 35 + 60 + 90 + 120),
        ("score.natural_canasta", 2500),  # natural sevens
        ("score.mixed_canasta", 300),
        ("score.incomplete_meld", -2500),  # natural aces, unfinished
        ("score.incomplete_wild_meld", -2000),
        ("score.threes_red", 100),
        ("score.threes_black", 100),
        ("score.cards_in_hand", -5),
        ("score.cards_in_hand", -10),
    ])
    assert ours.total == -1210
    assert sorted((line.key, line.points) for line in theirs.lines) == sorted([
        ("score.melded_cards_negative", -30),
        ("score.threes_red", -100),
        ("score.threes_black", -300),
        ("score.cards_in_hand", -60),
        ("score.held_group", -1500),
        ("score.cards_in_hand", -10),
    ])
    assert theirs.total == -2000
    assert g.scores == [-1210, -2000]


@pytest.mark.parametrize("meld,bonus", [
    ("2S 2H 2D 2C 2S 2H 2D", 3000),
    ("JK JK JK JK 2S 2H 2D", 2500),
    ("JK 2S 2H 2D 2C 2S 2H", 2000),
    ("JK JK JK 2S 2H 2D 2C", 2000),
])
def test_wild_canasta_bonuses(meld, bonus):
    g = Game.scripted(MA, hands("4S"), stock="4H", melds={0: [meld]}, rest="pile")
    end_by_stock(g)
    assert lines_of(g, 0)["score.wild_canasta"] == bonus


@pytest.mark.parametrize("meld,key,points", [
    ("AS AH AD AC AS AH AD", "score.natural_canasta", 2500),
    ("KS KH KD KC KS KH KD", "score.natural_canasta", 500),
    ("7S 7H 7D 7C", "score.incomplete_meld", -2500),
    ("AS AH JK", "score.incomplete_meld", None),  # mixed aces: no penalty
    ("JK JK 2S", "score.incomplete_wild_meld", -2000),
    ("JK JK JK JK 2S", "score.incomplete_wild_meld", -2500),
])
def test_canasta_bonuses_and_unfinished_meld_penalties(meld, key, points):
    g = Game.scripted(MA, hands("4S"), stock="4H", melds={0: [meld]}, rest="pile")
    end_by_stock(g)
    assert lines_of(g, 0).get(key) == points


def test_held_groups_of_aces_and_sevens_each_cost_1500():
    g = Game.scripted(MA, hands("4S", "AS AH AD 7S 7H 7D 7C 9S"), stock="4H", rest="pile")
    end_by_stock(g)
    seat1 = [(line.key, line.points) for line in g.hand_score()[1].lines
             if line.params.get("seat") == 1]
    assert sorted(seat1) == [("score.cards_in_hand", -60 - 20 - 10),
                             ("score.held_group", -1500), ("score.held_group", -1500)]


def test_melded_cards_count_against_a_side_without_canasta():
    g = Game.scripted(MA, hands("4S"), stock="4H", melds={0: ["KS KH KD 2C"]}, rest="pile")
    end_by_stock(g)
    assert lines_of(g, 0)["score.melded_cards_negative"] == -50
    g = Game.scripted(MA, hands("4S"), stock="4H",
                      melds={0: ["KS KH KD 2C", "QS QH QD QC QS QH 2D"]}, rest="pile")
    end_by_stock(g)
    assert lines_of(g, 0)["score.melded_cards"] == 50 + 80


def test_game_to_8500():
    assert MA.target == 8500 and MA.target_options == (2500, 5000, 7500, 10000)
    melds = {0: ["QS QH QD QC QS QH QD", "JS JH JD JC JS JH JD", "9S 9H 9D"]}
    g = Game.scripted(MA, hands("9C 5S"), stock="9H", pile="4C", melds=melds,
                      scores=(7500, 0))
    g.apply(Draw())
    g.apply(Meld([C("9C 9H")]))
    out = g.apply(Discard(c1("5S")))
    assert g.scores[0] >= 8500 and g.is_over
    assert any(isinstance(e, ev.GameWon) and e.winners == (0,) for e in out)
    g = Game.scripted(MA, hands("9C 5S"), stock="9H", pile="4C", melds=melds,
                      scores=(5000, 0))
    g.apply(Draw())
    g.apply(Meld([C("9C 9H")]))
    g.apply(Discard(c1("5S")))
    assert g.scores[0] < 8500 and g.phase is Phase.HAND_OVER


def test_rule_set_round_trip_and_classic_untouched():
    assert RuleSet.from_dict(json.loads(json.dumps(MA.to_dict()))) == MA
    classic = VARIANTS["classic"]
    from game.rules.units import units_for

    modern_only = {"RuleOfFive", "DeadRanks", "SizeCap", "WildMeldLock", "WildFreeRanks",
                   "ThreesLaidOut", "WildDiscardOnlyGoingOut", "EmptyPileGuarded"}
    assert not modern_only & set(units_for(classic).sections())
    assert modern_only <= set(units_for(MA).sections())
    assert classic.max_meld_size == 0 and classic.rule_of_five == 0
