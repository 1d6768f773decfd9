"""Third rules audit, classic canasta for four (docs/RULES.md, classic): taking the pile
with one natural and a wild card, what a wild card adds to the initial meld, the wild-card
limits, keeping a card to discard, a covered black 3, red 3s replaced twice and scored
with the concealed bonus; the earlier audits' cases are not repeated. Every test names
the paragraph it checks."""

from game.rules import VARIANTS, AskGoOut, Discard, Draw, Game, Meld, Phase, Rank, TakePile
from game.rules import events as ev
from tests.rules.scripting import (
    C,
    accepted_and_listed,
    c1,
    hands_with,
    lines_of,
    refused,
    went_out,
)

CLASSIC = VARIANTS["classic"]
FILLERS = ("4S 6D 8S JD", "4H 6C 10S QC", "4D 7C 10H JC")
hands = hands_with(FILLERS)


# classic The discard pile, "Taking an unfrozen pile: ... one natural + one wild card of
# hand forming a valid meld with the top card": a new meld 9-9-2 from 9H 2S and the 9C
def test_unfrozen_pile_taken_with_one_natural_and_one_wild_for_a_new_meld():
    g = Game.scripted(CLASSIC, hands("9H 2S 5D 6D"), pile="4C 9C",
                      melds={0: ["KS KH KD"]}, pile_frozen=False)
    accepted_and_listed(g, TakePile(C("9H 2S")))
    g.apply(TakePile(C("9H 2S")))
    nines = g.melds[0][Rank.NINE]
    assert (nines.size, nines.naturals, nines.wilds) == (3, 2, 1)
    assert sorted(c.label for c in g.hands[0]) == ["4C", "5D", "6D"]


# classic The discard pile: the same natural and wild card beside the side's meld of the
# top card's rank join that meld
def test_unfrozen_pile_natural_and_wild_join_the_sides_meld():
    g = Game.scripted(CLASSIC, hands("9H 2S 5D 6D"), pile="4C 9C",
                      melds={0: ["9S 9H 9D"]}, pile_frozen=False)
    accepted_and_listed(g, TakePile(C("9H 2S")))
    g.apply(TakePile(C("9H 2S")))
    nines = g.melds[0][Rank.NINE]
    assert (nines.size, nines.naturals, nines.wilds) == (6, 5, 1)


# classic The discard pile: the pile is "frozen for a side that has not yet melded", so
# a natural and a wild card never take it for the initial meld, even with 60 more points
# from the hand
def test_natural_and_wild_never_take_the_pile_for_the_initial_meld():
    g = Game.scripted(CLASSIC, hands("9H 2S AS AH AD 5D"), pile="4C 9C", pile_frozen=False)
    assert g.pile.frozen_for(False) and not g.pile.frozen
    refused(g, TakePile(C("9H 2S"), [C("AS AH AD")]), "pile.unopened_need_pair")


# classic Melds, "more natural cards than wild cards": two wild cards and the top card
# are no meld, so they do not take an unfrozen pile
def test_two_wild_cards_never_take_the_pile():
    g = Game.scripted(CLASSIC, hands("2H 2S 5D 6D"), pile="4C 9C",
                      melds={0: ["KS KH KD"]}, pile_frozen=False)
    refused(g, TakePile(C("2H 2S")), "meld.ratio")
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())


# classic The discard pile: a black 3 "once covered has no effect": it neither freezes
# the pile nor blocks it, so one natural and one wild card take it
def test_a_covered_black_three_does_not_freeze_the_pile():
    g = Game.scripted(CLASSIC, hands("9H JK 5D 6D"), pile="3S 9C", melds={0: ["KS KH KD"]})
    assert not g.pile.frozen
    accepted_and_listed(g, TakePile(C("9H JK")))


# classic Initial meld, "Only card values count": wild cards count at their values - a
# joker lifts K-K to 70 at a score of 0, a 2 lifts 4-4 to 30 at a negative score (15)
def test_wild_cards_count_toward_the_initial_minimum():
    g = Game.scripted(CLASSIC, hands("KH KD JK 5D 6D"), stock="7C")
    g.apply(Draw())
    accepted_and_listed(g, Meld([C("KH KD JK")]))
    g = Game.scripted(CLASSIC, hands("4H 4D 2C 5D 6D"), stock="7C", scores=(-100, 0))
    g.apply(Draw())
    accepted_and_listed(g, Meld([C("4H 4D 2C")]))
    # at a score of 0 the same 30 points fall short of 50
    g = Game.scripted(CLASSIC, hands("4H 4D 2C 5D 6D"), stock="7C")
    g.apply(Draw())
    refused(g, Meld([C("4H 4D 2C")]), "meld.minimum")


# classic Melds, "more natural cards than wild cards, and at most 3 wild cards": three
# 5s with three wild cards are refused, four with three are a meld, five with four are not
def test_wild_card_limits_of_a_new_meld():
    g = Game.scripted(CLASSIC, hands("5H 5D 5C 5S 5H 2C 2D 2H 2S 9D 9S"), stock="7H",
                      melds={0: ["KS KH KD"]})
    g.apply(Draw())
    refused(g, Meld([C("5H 5D 5C 2C 2D 2H")]), "meld.ratio")
    refused(g, Meld([C("5H 5D 5C 5S 5H 2C 2D 2H 2S")]), "meld.too_many_wilds")
    accepted_and_listed(g, Meld([C("5H 5D 5C 5S 2C 2D 2H")]))
    g.apply(Meld([C("5H 5D 5C 5S 2C 2D 2H")]))
    fives = g.melds[0][Rank.FIVE]
    assert fives.is_canasta and not fives.is_natural


# classic Melds: "3+ cards of one natural rank" - two cards are no new meld, two ranks
# are no meld, and a single card only lays off onto the side's meld of its rank
def test_new_melds_need_three_cards_of_one_rank():
    g = Game.scripted(CLASSIC, hands("9H 9D 8C 8D 8H 5S"), stock="7C",
                      melds={0: ["KS KH KD"]})
    g.apply(Draw())
    refused(g, Meld([C("9H 9D")]), "meld.too_small")
    refused(g, Meld([C("9H 9D 8C")]), "meld.one_rank")
    accepted_and_listed(g, Meld([C("8C 8D 8H")]))


# classic Going out, "if the side cannot go out, the player must keep at least one card
# after discarding": without a canasta a lay-off that leaves a single card is refused
# (its discard would empty the hand); leaving two is fine
def test_without_a_canasta_a_lay_off_keeps_two_cards():
    g = Game.scripted(CLASSIC, hands("5H"), stock="9C", melds={0: ["5S 5C 5S"]})
    g.apply(Draw())
    refused(g, Meld([C("5H")]), "meld.keep_cards")
    accepted_and_listed(g, Discard(c1("9C")))
    g = Game.scripted(CLASSIC, hands("5H 5D"), stock="9C", melds={0: ["5S 5C 5S"]})
    g.apply(Draw())
    accepted_and_listed(g, Meld([C("5H")]))
    refused(g, Meld([C("5H 5D")]), "meld.keep_cards")


# classic Going out: with the partner's canasta on the table the same lay-off that
# leaves one card is fine, and the discard of that card goes out
def test_with_a_canasta_the_lay_off_and_discard_go_out():
    g = Game.scripted(CLASSIC, hands("5H"), stock="9C",
                      melds={0: ["5S 5C 5S", "KS KH KD KC KS KH KD"]})
    g.apply(Draw())
    accepted_and_listed(g, Meld([C("5H")]))
    g.apply(Meld([C("5H")]))
    assert went_out(g.apply(Discard(c1("9C"))))
    assert lines_of(g)["score.went_out"] == 100


# classic Red threes: "a replacement that is again a red 3 is replaced again" during
# play; each one is laid out for the side
def test_a_drawn_red_three_replaced_by_a_red_three_is_replaced_again():
    g = Game.scripted(CLASSIC, hands("5H 6D 9C"), stock="3H 3D 8C",
                      melds={0: ["KS KH KD"]})
    out = g.apply(Draw())
    laid = [(e.card.label, e.replaced) for e in out if isinstance(e, ev.RedThreeLaidOut)]
    assert laid == [("3H", True), ("3D", True)]
    assert sorted(c.label for c in g.hands[0]) == ["5H", "6D", "8C", "9C"]
    assert sorted(c.label for c in g.red_threes[0]) == ["3D", "3H"]
    assert g.phase is Phase.MELD


# classic Scoring: the concealed bonus and the red 3s of both partners add up: 200 for
# going out concealed, 800 for all four red 3s
def test_concealed_going_out_with_all_four_red_threes():
    g = Game.scripted(CLASSIC, hands("QS QH QD QC QS QH 8C 8D 8H 5H"), stock="QD",
                      red_threes={0: "3H 3D 3H 3D"})
    g.apply(Draw())
    g.apply(Meld([C("QS QH QD QC QS QH QD"), C("8C 8D 8H")]))
    assert went_out(g.apply(Discard(c1("5H"))))
    got = lines_of(g)
    assert got["score.went_out_concealed"] == 200 and got["score.red_threes"] == 800
    assert got["score.melded_cards"] == 100 and got["score.natural_canasta"] == 500


# classic Going out, Ask partner: the question belongs to partnerships; a two-player game
# has nobody to ask
def test_nobody_to_ask_in_a_two_player_game():
    g = Game.scripted(VARIANTS["classic-2p"], ["5H 6D 9C", "9H 5S 6S 7S"], stock="JS 8S",
                      melds={0: ["KS KH KC"]})
    g.apply(Draw())
    refused(g, AskGoOut(), "ask.no_partner")


# classic Scoring: "− the value of every card left in the hands of the side's players":
# the side that did not go out pays for both hands (joker 50, ace 20, 9 10, black 3 5;
# 2 20, 7 5, 10 10), the side that went out for the partner's hand only
def test_each_side_pays_for_the_cards_left_in_its_hands():
    g = Game.scripted(CLASSIC, hands("KC 5C 5D", "JK AS 3C 9H", "4S 6D", "2D 7C 10H"),
                      stock="5H", melds={0: ["KS KH KD KS KH KD"], 1: ["QS QH QD"]})
    g.apply(Draw())
    assert went_out(g.apply(Meld([C("KC"), C("5C 5D 5H")])))
    assert lines_of(g, 0)["score.cards_in_hand"] == -10
    assert lines_of(g, 1)["score.cards_in_hand"] == -(50 + 20 + 5 + 10) - (20 + 5 + 10)


# classic Red threes: only a red 3 is laid out and replaced; a black 3 drawn stays in the
# hand, counts 5 against at the end and may be discarded to block the next player
def test_a_drawn_black_three_stays_in_the_hand():
    g = Game.scripted(CLASSIC, hands("5H 6D 9C"), stock="3S", melds={0: ["KS KH KD"]})
    out = g.apply(Draw())
    assert not any(isinstance(e, ev.RedThreeLaidOut) for e in out)
    assert "3S" in [c.label for c in g.hands[0]] and not g.red_threes[0]
    accepted_and_listed(g, Discard(c1("3S")))
    g.apply(Discard(c1("3S")))
    assert g.pile.blocked_reason() == "pile.blocked_black_three"
