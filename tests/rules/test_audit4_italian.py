"""Fourth rules audit, italian three-deck canasta (docs/RULES.md, italian): the going-out bonus
(never a concealed one), the opening from the hand made of several melds, and a tie past
the target. The earlier audits' cases are not repeated. Every test names the paragraph it
checks and asks both `check()` and `legal_actions()`."""

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase
from tests.rules.scripting import C, accepted_and_listed, c1, hands_with, lines_of, refused, went_out

IT = VARIANTS["italian"]
hands = hands_with((
    "4S 6D 8S 10D 5H 5H 6S 6S 7H 7H 8H 8H 9D 9D JD",
    "4H 6C 10S 8C 5D 5D 6D 6H 7D 7D 8D 8D 9S 9S JS",
    "4D 8D 10H 6H 5C 5C 6C 6C 7C 7C 8C 10C 9C 9C JC",
))
CANASTAS = ["QH QD QC QS QH QD QC", "AH AD AC AS AH AD 2C"]


def _go_out(scores=None) -> Game:
    """Seat 0 had melded nothing; partner's natural and mixed canastas are on the table;
    seat 0 draws 9H 5S, melds 9-9-9 and K-K-K and discards 5S."""
    g = Game.scripted(IT, hands("9C 9D KS KH KD"), stock="9H 5S", melds={0: CANASTAS},
                      scores=scores)
    assert g.phase is Phase.DRAW  # the side is open: no opening before the draw
    g.apply(Draw())
    accepted_and_listed(g, Meld([C("9C 9D 9H")]))
    g.apply(Meld([C("9C 9D 9H"), C("KS KH KD")]))
    assert went_out(g.apply(Discard(c1("5S"))))
    return g


# italian Scoring, "Side that went out: +300 going out" (and italian knows no concealed bonus): a
# player who melds the whole hand in one turn, having melded nothing before, scores 300
def test_going_out_scores_300_and_never_a_concealed_bonus():
    g = _go_out()
    got = lines_of(g, 0)
    assert got["score.went_out"] == 300 and "score.went_out_concealed" not in got
    # queens 70 + aces 120 + 2C 20 + nines 30 + kings 30
    assert got["score.melded_cards"] == 270
    assert got["score.natural_canasta"] == 500 and got["score.mixed_canasta"] == 300
    # "- the cards left in the partner's hand" (seat 2): 4H 6C 10S 8C 30, six cards of
    # 5 to 7 30, 8D 8D 9S 9S JS 50
    assert got["score.cards_in_hand"] == -110


# italian "Game to 12,000" with classic's "an exact tie plays another hand"
def test_tie_past_the_target_plays_another_hand():
    g = _go_out((12000, 12000))
    won, lost = g.scores[0] - 12000, g.scores[1] - 12000
    assert won > lost and g.is_over and g.winners == (0,)
    g = _go_out((12000, 12000 + won - lost))
    assert g.scores[0] == g.scores[1]
    assert not g.is_over and g.winners == ()


# italian Turn for a side that has not opened, "(1) Optionally open from the hand before
# drawing: melds from the hand worth at least the minimum" - several melds add up:
# K-K-K 30 + 8-8-8 30 = 60 >= 50 opens though neither meld does alone
def test_an_opening_before_the_draw_of_two_melds_below_the_minimum_each():
    g = Game.scripted(IT, hands("KS KH KD 8S 8C 8H 5S 6D 7C 9H JH 4C 10C 6S 7S"),
                      stock="5D 4D")
    assert g.phase is Phase.OPEN
    refused(g, Meld([C("KS KH KD")]), "meld.minimum")
    assert g.check(Meld([C("KS KH KD"), C("8S 8C 8H")])) is None
    # the list offers one opening (see tests/rules/multimeld.py); here it is the only one
    accepted_and_listed(g, Meld([C("KS KH KD"), C("8S 8C 8H")]))
