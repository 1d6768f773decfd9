"""Third rules audit, italian three-deck canasta (docs/RULES.md, italian): opening from
the hand at a higher minimum and what may follow it before the draw, taking the pile onto
the side's meld, the three-of-a-kind takes on a wild card, the wild-card limits, going out
with a wild canasta, and the scores of both sides; the earlier audits' cases are not
repeated. Every test names the paragraph it checks."""

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, Rank, TakePile
from tests.rules.scripting import (
    C,
    accepted_and_listed,
    c1,
    hands_with,
    lines_of,
    refused,
    went_out,
)

IT = VARIANTS["italian"]
FILLERS = ("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H")
hands = hands_with(FILLERS)
OPEN = {0: ["KS KH KD"]}


# italian Opening minimum "5,000–6,995 → 120": several natural melds laid before the
# draw add up - A-A-A + K-K-K is 90, refused; with Q-Q-Q it is 120
def test_opening_at_5000_adds_up_several_melds():
    g = Game.scripted(IT, hands("AS AH AD KS KH KD QS QH QD 9C"), stock="7C 7D",
                      scores=(5000, 0))
    assert g.phase is Phase.OPEN and g.minimum(0) == 120
    refused(g, Meld([C("AS AH AD"), C("KS KH KD")]), "meld.minimum")
    assert g.why_illegal(Meld([C("AS AH AD"), C("KS KH KD"), C("QS QH QD")])) is None


# italian Turn for a side that has not opened: (1) open from the hand, (2) draw - after
# the opening nothing more is laid before the draw; after it the side melds freely
def test_after_opening_the_player_draws_before_melding_again():
    g = Game.scripted(IT, hands("AS AH AD 9C 9D 9H 5C"), stock="7C 7D")
    g.apply(Meld([C("AS AH AD")]))
    assert g.phase is Phase.DRAW
    err = g.check(Meld([C("9C 9D 9H")]))
    assert err is not None
    assert Meld([C("9C 9D 9H")]) not in g.legal_actions()
    g.apply(Draw())
    accepted_and_listed(g, Meld([C("9C 9D 9H")]))


# italian Taking the pile: "a natural pair of the top card's rank from the hand, melded
# with the top card" - beside the side's meld of that rank the three join it
def test_pair_and_top_card_join_the_sides_meld():
    g = Game.scripted(IT, hands("KC KS 5C 9C"), pile="7D 8D KH", melds=OPEN,
                      pile_frozen=False)
    accepted_and_listed(g, TakePile(C("KC KS")))
    g.apply(TakePile(C("KC KS")))
    assert g.melds[0][Rank.KING].size == 6
    assert sorted(c.label for c in g.hands[0]) == ["5C", "7D", "8D", "9C"]


# italian Taking the pile: only a natural pair - one natural and a wild card, or the top
# card alone onto the side's meld, never take it
def test_no_take_without_a_natural_pair():
    g = Game.scripted(IT, hands("KC 2S 5C 9C"), pile="7D 8D KH", melds=OPEN,
                      pile_frozen=False)
    refused(g, TakePile(C("KC 2S")), "take.natural_pair")
    refused(g, TakePile(C("KC")), "take.natural_pair")
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())


# italian Taking the pile: "three cards of that same kind from the hand (three jokers on
# a joker, three 2s on a 2)" - a joker among the 2s, or 2s on a joker, do not take it
def test_wild_top_needs_three_of_its_own_kind():
    g = Game.scripted(IT, hands("2C 2S 2D JK 5C 9C"), pile="7D 8D 2H", melds=OPEN)
    refused(g, TakePile(C("2C 2S JK")), "take.three_twos")
    accepted_and_listed(g, TakePile(C("2C 2S 2D")))
    g = Game.scripted(IT, hands("2C 2S 2D JK JK JK 5C 9C"), pile="7D 8D JK", melds=OPEN)
    refused(g, TakePile(C("2C 2S 2D")), "take.three_jokers")
    accepted_and_listed(g, TakePile(C("JK JK JK")))


# italian Melds: "more naturals than wilds, at most 2 wild cards" - 4-4-4-2-2 is a meld,
# 4-4-2-2 is not, and seven 4s with three wild cards are too many
def test_wild_card_limits():
    g = Game.scripted(IT, hands("4C 4D 4H 4S 4C 4D 4H 2C 2S 2D 5C 9C"), stock="7D 7H",
                      melds=OPEN)
    g.apply(Draw())
    accepted_and_listed(g, Meld([C("4C 4D 4H 2C 2S")]))
    refused(g, Meld([C("4C 4D 2C 2S")]), "meld.ratio")
    refused(g, Meld([C("4C 4D 4H 4S 4C 4D 4H 2C 2S 2D")]), "meld.too_many_wilds")


# italian Going out: "a wild-card canasta does not count as the mixed one": a natural and
# a wild canasta do not let the player meld the whole hand
def test_a_wild_canasta_is_not_the_mixed_one_for_going_out():
    melds = {0: ["KS KH KD KC KS KH KD", "JK JK 2C 2D 2S 2H JK"]}
    g = Game.scripted(IT, hands("5C 5H 5D 7S"), stock="7D 7H", melds=melds)
    g.apply(Draw())
    err = g.check(Meld([C("5C 5H 5D"), C("7S 7D 7H")]))
    assert err is not None and err.key == "meld.keep_cards_natural_mixed"
    # with a mixed canasta of queens beside them the same melds go out with no discard
    melds[0].append("QS QH QD QC QS QH 2C")
    g = Game.scripted(IT, hands("5C 5H 5D 7S"), stock="7D 7H", melds=melds)
    g.apply(Draw())
    assert went_out(g.apply(Meld([C("5C 5H 5D"), C("7S 7D 7H")])))
    assert lines_of(g)["score.went_out"] == 300


# italian Scoring: the side that went out scores 300, its canastas, its melded cards and
# its red 3s (four: 800), less only the partner's hand; the other side, with a natural
# canasta and no mixed one, pays its two red 3s (-200) and both hands
def test_whole_hand_score_both_sides():
    g = Game.scripted(
        IT, ["5C 5H", "JK 9H", "4S 6D", "AS 3C 7C"], stock="5D 9D",
        melds={0: ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2C"],
               1: ["JS JH JD JC JS JH JD"]},
        red_threes={0: "3H 3D 3H 3D", 1: "3H 3D"})
    g.apply(Draw())
    g.apply(Meld([C("5C 5H 5D")]))
    assert went_out(g.apply(Discard(c1("9D"))))
    assert lines_of(g, 0) == {"score.went_out": 300, "score.natural_canasta": 500,
                              "score.mixed_canasta": 300, "score.melded_cards": 70 + 80 + 15,
                              "score.red_threes": 800, "score.cards_in_hand": -10}
    theirs = lines_of(g, 1)
    assert theirs["score.natural_canasta"] == 500 and theirs["score.melded_cards"] == 70
    assert theirs["score.cards_in_hand"] == -(50 + 10) - (20 + 0 + 5)
    assert sum(v for k, v in theirs.items() if k.startswith("score.red_threes")) == -200
