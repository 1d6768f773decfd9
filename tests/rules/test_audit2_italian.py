"""Second rules audit, italian three-deck canasta (docs/RULES.md, italian): the turn of a
side that has not opened, the buried starting pile, turned-up threes, asking partner,
the end of the stock and whole-hand scores, on scripted positions; the first audit's
cases are not repeated."""

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
    TakePile,
)
from game.rules import events as ev
from tests.rules.scripting import C, c1, hands_with, lines_of, refused

IT = VARIANTS["italian"]
FILLERS = ("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H")
hands = hands_with(FILLERS)
OPEN_BOTH = ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2C"]


# italian Turn for a side that has not opened, the seed's "aprire - prendere il pozzo -
# scartare": open from the hand before drawing, then take the pile instead of drawing
def test_open_from_the_hand_then_take_the_pile():
    g = Game.scripted(IT, hands("KS KH KD AS AH AD 9H 9D 5C"), pile="4C 9C",
                      pile_frozen=False)
    assert g.phase is Phase.OPEN
    refused(g, TakePile(C("9H 9D")), "take.not_open")
    g.apply(Meld([C("KS KH KD"), C("AS AH AD")]))  # 30 + 60 = 90 >= 50
    assert g.phase is Phase.DRAW
    assert TakePile(C("9H 9D")) in g.legal_actions()
    g.apply(TakePile(C("9H 9D")))
    assert g.melds[0][Rank.NINE].size == 3
    assert sorted(c.label for c in g.hands[0]) == ["4C", "5C"]


# italian Turn for an open side: "Draw two from the stock or take the pile; meld;
# discard" - once partner has opened, nothing is melded before the draw
def test_open_side_melds_only_after_drawing():
    g = Game.scripted(IT, hands("9H 9D 9S 5S"), stock="4C 4D", pile="KC",
                      melds={0: ["QS QH QD"]})
    assert g.phase is Phase.DRAW
    refused(g, Meld([C("9H 9D 9S")]), "turn.draw_first")
    g.apply(Draw())
    assert g.why_illegal(Meld([C("9H 9D 9S")])) is None


# italian Starting pile: the cards buried face down under the upcard go to the player who
# takes the pile, seen by that player alone
def test_buried_cards_go_to_the_taker():
    g = Game.scripted(IT, hands("9H 9D 5S 6S"), pile="KC QC JC 2C 9C", pile_hidden=3,
                      melds={0: ["QS QH QD"]}, pile_frozen=False)
    assert g.pile.hidden == 3
    out = g.apply(TakePile(C("9H 9D")))
    taken = [e for e in out if isinstance(e, ev.PileTaken)][0]
    assert len(taken.cards) == 5
    assert sorted(c.label for c in g.hands[0]) == ["2C", "5S", "6S", "JC", "KC", "QC"]
    assert [c.label for c in g.known[0]] == ["2C"]  # the face-up wild card only
    assert g.pile.hidden == 0 and not g.pile.cards


# italian Starting pile with a black 3 turned up: it blocks the first player, but it was
# not discarded, so once covered a natural pair takes the pile again
def test_turned_up_black_three_blocks_until_covered():
    g = Game.scripted(IT, hands("9H 9D 5S 6S", "4H 4D 5C 6C"), stock="4C 8D",
                      pile="JC QC KC 3S", pile_hidden=3,
                      melds={0: ["QS QH QD"], 1: ["JS JH JD"]}, pile_frozen=False)
    reason = refused(g, TakePile(C("9H 9D")), "pile.black_three_on_top")
    assert reason == "A black 3 is on top: the pile can be taken only once a card covers it."
    assert g.legal_actions() == [Draw()]
    g.apply(Draw())
    g.apply(Discard(c1("4C")))
    assert not g.pile.frozen
    assert TakePile(C("4H 4D")) in g.legal_actions()
    g.apply(TakePile(C("4H 4D")))
    assert "3S" in [c.label for c in g.hands[1]]


# italian Taking the pile: a wild card on top taken with three jokers starts a meld of
# wild cards short of a canasta: the side may then neither go out nor discard a stopper
def test_three_jokers_on_a_joker_start_a_binding_wild_meld():
    from game.rules.melds import WILD_MELD

    g = Game.scripted(IT, hands("JK JK JK 9C 9D 2C"), pile="4C JK",
                      melds={0: OPEN_BOTH + ["9S 9H 9S"]})
    g.apply(TakePile(C("JK JK JK")))
    assert g.melds[0][WILD_MELD].size == 4
    refused(g, Discard(c1("2C")), "discard.wild_meld_unfinished")
    refused(g, Meld([C("9C 9D 2C")]), "goout.wild_meld_unfinished")
    assert g.why_illegal(Meld([C("9C 9D")])) is None


# italian Asking partner: "right after a stock draw" - also after opening from the hand
# first; not after taking the pile
def test_question_after_opening_and_drawing_not_after_a_take():
    g = Game.scripted(IT, hands("KS KH KD AS AH AD 9H 9D 5C"), stock="4C 4D", pile="4H 9C",
                      pile_frozen=False)
    g.apply(Meld([C("KS KH KD"), C("AS AH AD")]))
    refused(g, AskGoOut(), "turn.draw_first")
    g.apply(Draw())
    assert AskGoOut() in g.legal_actions()
    g = Game.scripted(IT, hands("KS KH KD AS AH AD 9H 9D 5C"), pile="4H 9C",
                      pile_frozen=False)
    g.apply(Meld([C("KS KH KD"), C("AS AH AD")]))
    g.apply(TakePile(C("9H 9D")))
    refused(g, AskGoOut(), "ask.after_draw")


# italian Asking partner with the house option that makes "yes" binding
def test_binding_yes_option():
    rules = IT.with_options(go_out_yes_binds=True)
    g = Game.scripted(rules, hands("5S 5H 8C"), stock="5D 5C", pile="9S",
                      melds={0: OPEN_BOTH})
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(True))
    refused(g, Discard(c1("8C")), "goout.must_go_out")
    g.apply(Meld([C("5S 5H 5D 5C")]))
    assert any(isinstance(e, ev.WentOut) for e in g.apply(Discard(c1("8C"))))


# italian Stock end: with the stock empty at the start of a turn the hand ends before the
# player opens or takes the pile, and both sides score as not having gone out
def test_empty_stock_ends_the_hand_before_an_opening_or_a_take():
    g = Game.scripted(IT, hands("5S 6D", "KS KH KD AS AH AD 9H 9D"), stock="9C 8C",
                      pile="9S", rest="pile", melds={0: ["JS JH JD"]}, pile_frozen=False)
    g.apply(Draw())
    assert not g.stock
    out = g.apply(Discard(c1("5S")))
    assert any(isinstance(e, ev.HandEnded) and e.reason == "stock_out" for e in out)
    assert g.phase is Phase.HAND_OVER and not g.melds[1]


# italian Scoring, both sides line by line, and the running totals
def test_whole_hand_score_both_sides():
    g = Game.scripted(IT, hands("9S 9H", "AS AH 3S 2D", "8C JK", "7C 3C"), stock="9D 4C",
                      pile="6S",
                      melds={0: OPEN_BOTH + ["5S 5H 5D"],
                             1: ["JS JH JD JC JS JH JD", "10S 10H 10D"]},
                      red_threes={0: "3H 3D", 1: "3H 3D 3H 3D"}, scores=(6000, 11900))
    g.apply(Draw())
    g.apply(Meld([C("9S 9H 9D")]))
    assert any(isinstance(e, ev.WentOut) for e in g.apply(Discard(c1("4C"))))
    # side 0: kings 70, queens 60 + 20, fives 15, nines 30; 500 + 300; two red 3s 200;
    # going out 300; partner's 8C JK -60
    assert lines_of(g, 0) == {"score.melded_cards": 195, "score.natural_canasta": 500,
                              "score.mixed_canasta": 300, "score.red_threes": 200,
                              "score.went_out": 300, "score.cards_in_hand": -60}
    # side 1: jacks 70 + tens 30; a natural canasta and no mixed: four red 3s -800;
    # hands A A 3S 2D (60: a black 3 is worth nothing) and 7C 3C (5)
    assert lines_of(g, 1) == {"score.melded_cards": 100, "score.natural_canasta": 500,
                              "score.red_threes_no_mixed": -800,
                              "score.cards_in_hand": -65}
    assert g.scores == [6000 + 1435, 11900 - 265]
    assert not g.is_over
    assert (g.rules.minimum_for(g.scores[0]), g.rules.minimum_for(g.scores[1])) == (160, 180)


OPENING_HAND = "AS AH AD AC KS KH KD KC QS QH QD JS JH JD 5S 5H 5D 5C 9C 8D"


# italian Opening minimum, through real openings from the hand at every boundary of the
# table (negative scores open at 50): each minimum met exactly opens, a little less not
@pytest.mark.parametrize("score,short,exact", [
    (-300, "KS KH KD|5S 5H 5D", "KS KH KD|5S 5H 5D 5C"),
    (2995, "KS KH KD|5S 5H 5D", "KS KH KD|5S 5H 5D 5C"),
    (3000, "AS AH AD|5S 5H 5D 5C", "AS AH AD|KS KH KD"),
    (4995, "AS AH AD|5S 5H 5D 5C", "AS AH AD|KS KH KD"),
    (5000, "AS AH AD|KS KH KD|5S 5H 5D 5C", "AS AH AD|KS KH KD|QS QH QD"),
    (6995, "AS AH AD|KS KH KD|5S 5H 5D 5C", "AS AH AD|KS KH KD|QS QH QD"),
    (7000, "AS AH AD AC|KS KH KD|QS QH QD|5S 5H 5D",
     "AS AH AD AC|KS KH KD|QS QH QD|5S 5H 5D 5C"),
    (9995, "AS AH AD AC|KS KH KD|QS QH QD|5S 5H 5D",
     "AS AH AD AC|KS KH KD|QS QH QD|5S 5H 5D 5C"),
    (10000, "AS AH AD|KS KH KD|QS QH QD|JS JH JD|5S 5H 5D 5C",
     "AS AH AD|KS KH KD KC|QS QH QD|JS JH JD|5S 5H 5D 5C"),
    (11995, "AS AH AD|KS KH KD|QS QH QD|JS JH JD|5S 5H 5D 5C",
     "AS AH AD|KS KH KD KC|QS QH QD|JS JH JD|5S 5H 5D 5C"),
    (12000, "AS AH AD AC|KS KH KD KC|QS QH QD|JS JH JD|5S 5H 5D",
     "AS AH AD AC|KS KH KD KC|QS QH QD|JS JH JD|5S 5H 5D 5C"),
])
def test_opening_minimum_at_every_boundary_through_real_openings(score, short, exact):
    def meld(text):
        return Meld([C(group) for group in text.split("|")])

    g = Game.scripted(IT, hands(OPENING_HAND), pile="9S", scores=(score, 0))
    assert g.phase is Phase.OPEN
    refused(g, meld(short), "meld.minimum")
    assert g.why_illegal(meld(exact)) is None
