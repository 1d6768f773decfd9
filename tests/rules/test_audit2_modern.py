"""Second rules audit, modern American canasta (docs/RULES.md, modern-american): the turn
flow, the end of the stock, the pickup for the initial meld, the wild-card meld's cap
and whole-hand scores, on scripted positions; the first audit's cases are not repeated."""

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

MA = VARIANTS["modern-american"]
FILLERS = ("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H")
hands = hands_with(FILLERS)
TWO_CANASTAS = ["KS KH KD KC KS KH KD", "QS QH QD QC QS 2D 2H"]


# modern-american Deck and deal: "The pile starts empty": the first player can only draw
@pytest.mark.parametrize("seed", [1, 5])
def test_the_first_player_of_a_hand_can_only_draw(seed):
    g = Game.new(MA, seed=seed)
    assert not g.pile.cards and g.phase is Phase.DRAW
    assert g.legal_actions() == [Draw()]
    refused(g, TakePile(), "pile.empty")
    out = g.apply(Draw())
    drawn = [e for e in out if isinstance(e, ev.CardsDrawn) and e.seat == g.to_play]
    assert len(drawn[0].cards) == 1  # one card a draw


# modern-american Asking partner: "right after drawing": not after taking the pile
def test_no_question_after_a_pickup():
    g = Game.scripted(MA, hands("9H 9D 5S 6S"), pile="4C 9C", melds={0: ["QS QH QD"]})
    g.apply(TakePile(C("9H 9D")))
    refused(g, AskGoOut(), "ask.after_draw")


# modern-american Asking partner: a "no" forbids going out this turn; on the next turn
# (the question spent for the hand) the player goes out without asking
def test_after_a_no_the_next_turn_goes_out_without_asking():
    g = Game.scripted(MA, hands("9C 9H"), stock="6H 4C 4H 4D 6C",
                      pile="7C", melds={0: TWO_CANASTAS + ["9S 9H 9D"]})
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(False))
    refused(g, Meld([C("9C 9H")]), "goout.partner_said_no")
    g.apply(Discard(c1("6H")))
    for seat in (1, 2, 3):
        g.apply(Draw())
        g.apply(Discard(c1(("4C", "4H", "4D")[seat - 1])))
    g.apply(Draw())  # 6C
    refused(g, AskGoOut(), "ask.once_per_hand")
    g.apply(Meld([C("9C 9H")]))
    out = g.apply(Discard(c1("6C")))
    assert any(isinstance(e, ev.WentOut) for e in out)


# modern-american Stock end: a 3 drawn next to last is laid out and replaced by the last
# card; the player finishes the turn and the hand ends
def test_three_replaced_by_the_last_card_then_the_turn_ends_the_hand():
    g = Game.scripted(MA, hands("9C 5S 6D"), stock="3S 9D", pile="4C", rest="pile")
    out = g.apply(Draw())
    laid = [e for e in out if isinstance(e, ev.RedThreeLaidOut)]
    assert [(e.card.label, e.replaced) for e in laid] == [("3S", True)]
    assert not g.stock and g.phase is Phase.MELD and any(c.label == "9D" for c in g.hands[0])
    out = g.apply(Discard(c1("5S")))
    assert any(isinstance(e, ev.HandEnded) and e.reason == "stock_out" for e in out)


# modern-american Taking the pile for the initial meld: the aces in it may take a wild
# card (they are inside the initial meld); after it they may not
def test_pickup_opening_may_hold_mixed_aces():
    g = Game.scripted(MA, hands("KC KH AS AH JK QS QH QD 5S 9C 8D"), pile="4C KD")
    # from the hand: K K 20 + A A JK 90 + Q Q Q 30 = 140 >= 125
    take = TakePile(C("KC KH"), [C("AS AH JK"), C("QS QH QD")])
    assert g.why_illegal(take) is None
    g.apply(take)
    assert g.melds[0][Rank.ACE].wilds == 1 and g.melds[0][Rank.KING].size == 3
    assert not g.pile.cards and sorted(c.label for c in g.hands[0]) == ["4C", "5S", "8D", "9C"]


# modern-american Taking the pile: never onto a meld of five or more, not even a canasta
def test_no_pickup_onto_a_canasta():
    g = Game.scripted(MA, hands("QC QH 5S 6S"), pile="4C QD",
                      melds={0: ["QS QH QD QC QS 2D 2H"]})
    refused(g, TakePile(C("QC QH")), "take.meld_too_big")
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())


# modern-american Melds: "3 to 7 cards (never more than 7)" holds for a meld of wild
# cards too: a complete wild canasta takes no eighth card
def test_wild_canasta_takes_no_eighth_card():
    g = Game.scripted(MA, hands("2C 9C 5S"), stock="8H", pile="4C",
                      melds={0: ["2S 2H 2D JK 2S 2H 2D", "QS QH QD"]})
    g.apply(Draw())
    assert g.check(Meld([C("2C")])) is not None
    assert not any(isinstance(a, Meld) and any(c.is_wild for grp in a.groups for c in grp)
                   for a in g.legal_actions())


# modern-american Discarding: an ace goes onto a pile that is not empty like any card
def test_an_ace_goes_onto_a_pile_that_holds_cards():
    g = Game.scripted(MA, hands("AS 9S 5D"), stock="6H", pile="4C")
    g.apply(Draw())
    assert g.why_illegal(Discard(c1("AS"))) is None


# ---------------------------------------------------------------- scoring

def _modern_hand(scores=(0, 0)) -> Game:
    """Seat 0 lays 9C 9D on 9-9-9 and goes out discarding 5S."""
    g = Game.scripted(MA, hands("9C 5S", "AS AH AD 6D", h3="7C 7S 7H 4D"), stock="9D",
                      pile="4C",
                      melds={0: TWO_CANASTAS + ["9S 9H 9D"],
                             1: ["7S 7H 7D", "AS AH AD AC", "JK JK 2S", "JS JH JD"]},
                      red_threes={0: "3H 3D 3S", 1: "3C 3H"}, scores=scores)
    g.apply(Draw())
    g.apply(Meld([C("9C 9D")]))
    out = g.apply(Discard(c1("5S")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    return g


# modern-american Scoring, every line of both sides worked out by hand
def test_whole_hand_score_both_sides():
    g = _modern_hand()
    # side 0: kings 70, queens 50 + 2 2 40, nines 50; natural 500 + mixed 300; two red
    # threes 300 and one black 100, positive with two canastas; out 100; partner's
    # 4H 6C 10S 8C -30
    assert lines_of(g, 0) == {"score.melded_cards": 210, "score.natural_canasta": 500,
                              "score.mixed_canasta": 300, "score.threes_red": 300,
                              "score.threes_black": 100, "score.went_out": 100,
                              "score.cards_in_hand": -30}
    # side 1, no canasta: melded cards count against (7s 15, aces 80, JK JK 2 120,
    # jacks 30); unfinished natural sevens and aces -2,500 each, unfinished wild meld
    # -2,000; one red and one black three -100 each; hands A A A 6D (-65) and
    # 7C 7S 7H 4D (-20), each holding a group of three: -1,500 each
    assert lines_of(g, 1) == {"score.melded_cards_negative": -245,
                              "score.incomplete_meld": -5000,
                              "score.incomplete_wild_meld": -2000,
                              "score.threes_red": -100, "score.threes_black": -100,
                              "score.cards_in_hand": -85, "score.held_group": -3000}
    assert [s.total for s in g.hand_score()] == [1480, -10530]


# modern-american Scoring, game end at 8,500: the side past the target with the higher
# total wins; a negative total stays negative
def test_game_to_8500_and_negative_totals():
    g = _modern_hand((7100, 2000))
    assert g.scores == [8580, -8530]
    assert g.is_over and g.winners == (0,)
    g = _modern_hand((6900, 0))
    assert g.scores[0] == 8380 and not g.is_over
    # the next hand's initial meld: 180 from 5,000, 125 below 3,000 (negative too)
    assert g.rules.minimum_for(g.scores[0]) == 180
    assert g.rules.minimum_for(g.scores[1]) == 125


# modern-american Initial meld and Taking the pile: a complete canasta laid from the
# hand in the pickup move needs no minimum; one the top card completes is not laid from
# the hand, so the minimum stands
def test_pickup_opening_with_a_canasta_from_the_hand():
    g = Game.scripted(MA, hands("KC KH 5S 5H 5D 5C 5S 5H 5D 9C 8D"), pile="4C KD")
    take = TakePile(C("KC KH"), [C("5S 5H 5D 5C 5S 5H 5D")])  # 20 + 35 < 125
    assert g.why_illegal(take) is None and take in g.legal_actions()
    refused(g, TakePile(C("KC KH"), [C("5S 5H 5D")]), "meld.minimum_hand")
    g = Game.scripted(MA, hands("KC KH KS KC KH KS 9C 8D"), pile="4C KD")
    reason = refused(g, TakePile(C("KC KH KS KC KH KS")), "meld.minimum_hand")
    assert "60" in reason


OPENING_HAND = "AS AH AD AC KS KH KD KC QS QH QD JS JH JD 5S 5H 5D 5C 9C 8D"


# modern-american Initial meld, through real initial melds from the hand at every
# boundary (below 3,000, negative included: 125; from 3,000: 155; from 5,000: 180)
@pytest.mark.parametrize("score,short,exact", [
    (-500, "AS AH AD|KS KH KD|QS QH QD", "AS AH AD AC|KS KH KD|5S 5H 5D"),
    (2995, "AS AH AD|KS KH KD|QS QH QD", "AS AH AD AC|KS KH KD|5S 5H 5D"),
    (3000, "AS AH AD AC|KS KH KD KC|QS QH QD", "AS AH AD AC|KS KH KD|QS QH QD|5S 5H 5D"),
    (4995, "AS AH AD AC|KS KH KD KC|QS QH QD", "AS AH AD AC|KS KH KD|QS QH QD|5S 5H 5D"),
    (5000, "AS AH AD AC|KS KH KD KC|QS QH QD|5S 5H 5D 5C",
     "AS AH AD AC|KS KH KD KC|QS QH QD|JS JH JD"),
])
def test_initial_minimum_at_every_boundary_through_real_melds(score, short, exact):
    def meld(text):
        return Meld([C(group) for group in text.split("|")])

    g = Game.scripted(MA, hands(OPENING_HAND), stock="6S", pile="4C", scores=(score, 0))
    g.apply(Draw())
    refused(g, meld(short), "meld.minimum_hand")
    assert g.why_illegal(meld(exact)) is None
