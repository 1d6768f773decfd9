"""Third rules audit, modern American canasta (docs/RULES.md, modern-american): the wild
card rules after the initial meld (aces, sevens, the wild-card meld's lock), what counts
toward the initial meld by a pickup or by a meld of wild cards, the discard rules around
a pickup and threes scored per colour; the earlier audits' cases are not repeated. Every
test names the paragraph it checks."""

import pytest

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, Rank, TakePile
from game.rules.melds import WILD_MELD
from tests.rules.scripting import (
    C,
    accepted_and_listed,
    c1,
    hands_with,
    lines_of,
    refused,
    went_out,
)

MA = VARIANTS["modern-american"]
FILLERS = ("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H")
hands = hands_with(FILLERS)
TWO_CANASTAS = ["KS KH KD KC KS KH KD", "QS QH QD QC QS 2D 2H"]


def drawn(hand: str, stock: str = "5C", **kw) -> Game:
    g = Game.scripted(MA, hands(hand), stock=stock, **kw)
    g.apply(Draw())
    return g


# modern-american Melds, "Aces take wild cards only within the side's initial meld": a
# natural meld of five aces after the initial meld takes no wild card, though the rule of
# five alone would allow it
def test_five_natural_aces_take_no_wild_card_after_the_initial_meld():
    g = drawn("2H 9C 9D", melds={0: ["AS AH AD AC AS"]})
    refused(g, Meld([C("2H")], onto=(Rank.ACE,)), "meld.wilds_first_meld_only")
    g = drawn("2H 9C 9D", melds={0: ["KS KH KD KC KS"]})
    accepted_and_listed(g, Meld([C("2H")], onto=(Rank.KING,)))


# modern-american Melds, "Sevens never take wild cards": not even five natural sevens
def test_five_sevens_take_no_wild_card():
    g = drawn("2H 9C 9D", melds={0: ["7S 7H 7D 7C 7S"]})
    refused(g, Meld([C("2H")], onto=(Rank.SEVEN,)), "meld.no_wilds")


# modern-american Melds, "While the side has an incomplete [wild-card meld], it may not
# put wild cards in any other meld": the lay-off onto five natural kings is refused, onto
# the wild-card meld it is fine
def test_unfinished_wild_meld_takes_the_wild_card_a_long_meld_may_not():
    g = drawn("2H 9C 9D", melds={0: ["KS KH KD KC KS", "2S 2D JK"]})
    refused(g, Meld([C("2H")], onto=(Rank.KING,)), "meld.wild_meld_lock")
    accepted_and_listed(g, Meld([C("2H")], onto=(WILD_MELD,)))
    g.apply(Meld([C("2H")], onto=(WILD_MELD,)))
    assert g.melds[0][WILD_MELD].size == 4


# modern-american Melds, "A mixed meld has at least 2 naturals and at most 2 wild cards":
# inside the initial meld 4-4-2-2 is a meld beside a natural meld of aces and one of kings
# (40 + 60 + 30 = 130 from the hand); three wild cards never are
def test_initial_meld_may_hold_two_naturals_and_two_wild_cards():
    g = drawn("4H 4D 2C 2D 2S AS AH AD KH KD KC", stock="9C")
    assert g.why_illegal(Meld([C("4H 4D 2C 2D"), C("AS AH AD"), C("KH KD KC")])) is None
    refused(g, Meld([C("4H 4D 2C 2D 2S"), C("AS AH AD"), C("KH KD KC")]),
            "meld.too_many_wilds")


# modern-american Initial meld: a meld of wild cards alone is a qualifying initial meld
# when it reaches the minimum from the hand: JK JK 2C is 120 < 125, JK JK 2C 2D is 140
def test_a_wild_card_meld_alone_opens_when_it_reaches_the_minimum():
    g = drawn("JK JK 2C 2D 6C 9C", stock="9D")
    refused(g, Meld([C("JK JK 2C")]), "meld.minimum_hand")
    accepted_and_listed(g, Meld([C("JK JK 2C 2D")]))


# modern-american Taking the pile: a side that has not melded lays its initial meld in
# the same move; the pair from the hand counts (20), the top card does not: K-K + A-A-A
# + Q-Q-Q is 110 < 125, one more J-J-J makes 140
def test_pickup_initial_meld_counts_the_pair_but_not_the_top_card():
    g = Game.scripted(MA, hands("KH KD AS AH AD QS QH QD JS JH JD 5C"), pile="9C KC")
    refused(g, TakePile(C("KH KD"), [C("AS AH AD"), C("QS QH QD")]), "meld.minimum_hand")
    action = TakePile(C("KH KD"), [C("AS AH AD"), C("QS QH QD"), C("JS JH JD")])
    assert g.why_illegal(action) is None
    g.apply(action)
    assert g.melds[0][Rank.KING].size == 3 and Rank.JACK in g.melds[0]
    assert sorted(c.label for c in g.hands[0]) == ["5C", "9C"]


# modern-american Taking the pile: "Always with a natural pair": a wild card on top can
# never be taken, not even with a natural pair beneath it
def test_a_wild_card_on_top_blocks_the_pile():
    g = Game.scripted(MA, hands("9H 9D 5C 6C"), pile="9C 2C", melds={0: ["KS KH KD"]})
    refused(g, TakePile(C("9H 9D")), "pile.blocked_wild")


# modern-american Discarding, "On an empty pile (... right after a pickup)": the pile's
# own cards are in the hand now and the same guard holds for them - the ace from the
# pile may not be discarded while a natural 9 is held
def test_after_a_pickup_the_guard_covers_the_cards_from_the_pile():
    g = Game.scripted(MA, hands("KC KD 9C 5C"), pile="AD KH", melds={0: ["KS KH KD"]})
    g.apply(TakePile(C("KC KD")))
    assert len(g.pile) == 0
    refused(g, Discard(c1("AD")), "discard.empty_pile_guarded")
    accepted_and_listed(g, Discard(c1("9C")))


# modern-american Discarding: "Never a 3" - threes never reach a hand to be discarded but
# a wild card is refused while the hand holds a natural card and cannot go out
def test_wild_card_discard_refused_without_going_out():
    g = drawn("9H 2H 5C", stock="6S", pile="4C", melds={0: TWO_CANASTAS})
    refused(g, Discard(c1("2H")), "discard.wild")
    accepted_and_listed(g, Discard(c1("6S")))


# modern-american Going out: two canastas, melding all but one card and discarding it -
# a wild card as that last discard goes out
def test_going_out_with_the_last_card_a_wild_card():
    g = drawn("9H 9D 2H", stock="9C", pile="4C", melds={0: TWO_CANASTAS})
    g.apply(Meld([C("9H 9D 9C")]))
    assert went_out(g.apply(Discard(c1("2H"))))
    assert lines_of(g)["score.went_out"] == 100


# modern-american Scoring, threes "counted per colour: 1/2/3/4 threes = 100/300/500/
# 1,000 ... positive with two or more [canastas]"
@pytest.mark.parametrize("threes,red,black", [
    ("3H 3D 3H 3D 3S 3C", 1000, 300),
    ("3H 3S 3C 3S", 100, 500),
])
def test_threes_by_colour_with_two_canastas(threes, red, black):
    g = Game.scripted(MA, hands("4S"), stock="4H", rest="pile", melds={0: TWO_CANASTAS},
                      red_threes={0: threes})
    g.apply(Draw())
    g.apply(Discard(c1("4H")))
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    got = lines_of(g)
    assert (got["score.threes_red"], got["score.threes_black"]) == (red, black)


# modern-american Scoring: a player holding three aces and three sevens pays 1,500 for
# each group, beside the cards' values; a group of four aces is one group
def test_held_groups_four_aces_is_one_group():
    g = Game.scripted(MA, hands("4S", "AS AH AD AC 9S"), stock="4H", rest="pile")
    g.apply(Draw())
    g.apply(Discard(c1("4H")))
    seat1 = sorted((ln.key, ln.points) for ln in g.hand_score()[1].lines
                   if ln.params.get("seat") == 1)
    assert seat1 == [("score.cards_in_hand", -90), ("score.held_group", -1500)]
