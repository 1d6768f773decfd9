"""Rules audit, modern American canasta (docs/RULES.md, modern-american): edge cases and
interactions the named scenarios leave out, on scripted positions."""

import pytest

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, Rank, TakePile
from game.rules import events as ev
from tests.rules.scripting import C, c1, hands_with, lines_of, refused

MA = VARIANTS["modern-american"]
FILLERS = ("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H")
hands = hands_with(FILLERS)


def end_by_stock(g: Game, card: str = "4H") -> None:
    g.apply(Draw())
    g.apply(Discard(c1(card)))
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


# modern-american Melds, rule of five: a wild card joins a meld of exactly 5 naturals, not
# one of 4
def test_rule_of_five_boundary_on_the_table_and_from_the_hand():
    g = Game.scripted(MA, hands("2C 9D 9C 5S"), stock="KC", pile="4C",
                      melds={0: ["QS QH QD QC QS", "JS JH JD JC"]})
    g.apply(Draw())
    assert g.why_illegal(Meld([C("2C")], [Rank.QUEEN])) is None
    refused(g, Meld([C("2C")], [Rank.JACK]), "meld.rule_of_five")
    # a new group from the hand: five naturals and a wild card
    g = Game.scripted(MA, hands("9S 9H 9D 9C 9S 2C 5S 6D"), stock="KC", pile="4C",
                      melds={0: ["QS QH QD"]})
    g.apply(Draw())
    assert g.why_illegal(Meld([C("9S 9H 9D 9C 9S 2C")])) is None
    refused(g, Meld([C("9S 9H 9D 9C 2C")]), "meld.rule_of_five")


# modern-american Melds: "Aces take wild cards only within the side's initial meld": an
# ace meld made mixed in the initial meld takes no further wild card later
def test_mixed_aces_from_the_initial_meld_take_no_more_wilds():
    g = Game.scripted(MA, hands("2C AC 5S 6D"), stock="KC", pile="4C",
                      melds={0: ["AS AH AD AS AH JK", "QS QH QD"]})
    g.apply(Draw())
    refused(g, Meld([C("2C")], [Rank.ACE]), "meld.wilds_first_meld_only")
    assert g.why_illegal(Meld([C("AC")])) is None  # a natural ace completes the canasta


# modern-american Scoring: a mixed canasta of aces is an ordinary mixed canasta (300),
# only natural sevens and aces score 2,500; an unfinished mixed aces meld costs nothing
@pytest.mark.parametrize("meld,key,points", [
    ("AS AH AD AC AS AH JK", "score.mixed_canasta", 300),
    ("AS AH AD AC AS AH JK", "score.natural_canasta", None),
    ("7S 7H 7D 7C 7S 7H 7D", "score.natural_canasta", 2500),
    ("AS AH AD AC JK", "score.incomplete_meld", None),
])
def test_aces_and_sevens_canasta_kinds(meld, key, points):
    g = Game.scripted(MA, hands("4S"), stock="4H", melds={0: [meld]}, rest="pile")
    end_by_stock(g)
    assert lines_of(g, 0).get(key) == points


# modern-american Melds: only a natural canasta kills a rank: a mixed canasta of kings
# leaves kings open to the other side
def test_a_mixed_canasta_kills_no_rank():
    g = Game.scripted(MA, hands("KS KC KD 9D 5S 6D"), stock="JC", pile="4C",
                      melds={0: ["QS QH QD"], 1: ["KS KH KD KC KH 2C 2D"]})
    assert Rank.KING not in g.dead_ranks()
    g.apply(Draw())
    assert g.why_illegal(Meld([C("KS KC KD")])) is None


# modern-american Initial meld: any complete canasta from the hand needs no minimum, at
# every score: a natural canasta of fives (35) at 5,000 (180)
def test_natural_canasta_of_fives_opens_at_5000():
    g = Game.scripted(MA, hands("5S 5H 5D 5C 5S 5H 5D 9C 8D"), stock="7H",
                      pile="9S", scores=(5000, 0))
    g.apply(Draw())
    assert g.why_illegal(Meld([C("5S 5H 5D 5C 5S 5H 5D")])) is None
    refused(g, Meld([C("5S 5H 5D 5C 5S 5H")]), "meld.minimum_hand")


# modern-american Taking the pile: the pair joins a meld of 4 (making 7), and the rest of
# the pile comes to the hand; the player then must keep a card to discard
def test_pickup_onto_a_four_card_meld_completes_a_canasta_and_kills_the_rank():
    g = Game.scripted(MA, hands("QC QS 5S 6D"), pile="9C QH",
                      melds={0: ["QS QH QD QD", "JS JH JD"]})
    g.apply(TakePile(C("QC QS")))
    assert g.melds[0][Rank.QUEEN].size == 7
    assert Rank.QUEEN in g.dead_ranks()
    assert sorted(c.label for c in g.hands[0]) == ["5S", "6D", "9C"]


# modern-american Discarding: on the empty pile after a pickup, an ace may go only when no
# other natural card is held; a wild card never (not going out, natural cards held)
def test_after_a_pickup_an_ace_goes_only_from_a_hand_of_aces_and_wilds():
    g = Game.scripted(MA, hands("QC QS AS 2C"), pile="QH",
                      melds={0: ["JS JH JD"]})
    g.apply(TakePile(C("QC QS")))
    assert not g.pile.cards
    refused(g, Discard(c1("2C")), "discard.wild")
    assert g.why_illegal(Discard(c1("AS"))) is None  # no other natural card left


# modern-american Going out: two canastas and a final discard; a wild card may be that
# discard
def test_going_out_with_a_wild_card_as_the_final_discard():
    g = Game.scripted(MA, hands("9C 2C"), stock="9D", pile="4C",
                      melds={0: ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2D",
                                 "9S 9H 9D"]})
    g.apply(Draw())
    g.apply(Meld([C("9C 9D")]))
    out = g.apply(Discard(c1("2C")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    got = lines_of(g, 0)
    assert got["score.went_out"] == 100
    assert "score.went_out_concealed" not in got


# modern-american Scoring: a wild-card canasta's cards count as melded cards besides its
# bonus
def test_wild_canasta_counts_its_cards_too():
    g = Game.scripted(MA, hands("4S"), stock="4H", rest="pile",
                      melds={0: ["2S 2H 2D 2C 2S 2H 2D", "KS KH KD KC KS KH KD"]})
    end_by_stock(g)
    got = lines_of(g, 0)
    assert got["score.wild_canasta"] == 3000
    assert got["score.melded_cards"] == 140 + 70


# modern-american Scoring: a side going out still pays for its unfinished wild-card meld
def test_going_out_with_an_unfinished_wild_meld_still_costs_2000():
    g = Game.scripted(MA, hands("9C 5D"), stock="9D", pile="4C",
                      melds={0: ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2D",
                                 "9S 9H 9D", "JK JK 2S"]})
    g.apply(Draw())
    g.apply(Meld([C("9C 9D")]))
    out = g.apply(Discard(c1("5D")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    assert lines_of(g, 0)["score.incomplete_wild_meld"] == -2000


# modern-american Threes: every three, red and black, counted per colour; four black
# threes with two canastas: +1,000
def test_four_black_threes_with_two_canastas():
    g = Game.scripted(MA, hands("4S"), stock="4H", rest="pile",
                      red_threes={0: "3S 3C 3S 3C"},
                      melds={0: ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2D"]})
    end_by_stock(g)
    got = lines_of(g, 0)
    assert got["score.threes_black"] == 1000
    assert "score.threes_red" not in got


# modern-american Discarding: a hand of nothing but wild cards may discard one; the pile
# with a wild card on top cannot be taken (no natural pair matches it)
def test_wild_card_on_top_after_an_all_wild_hand_discards():
    g = Game.scripted(MA, hands("2C 2D 2H"), stock="JK", pile="4C",
                      melds={0: ["QS QH QD"]})
    g.apply(Draw())
    assert g.why_illegal(Discard(c1("2C"))) is None
    g.apply(Discard(c1("2C")))
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())
    assert g.check(TakePile(C("4H 6C"))) is not None
