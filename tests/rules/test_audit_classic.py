"""Rules audit, classic canasta for four (docs/RULES.md, classic): edge cases and
interactions the named scenarios leave out, each on a scripted position. Every test
names the section it checks."""

import pytest

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, TakePile
from game.rules import events as ev
from tests.rules.scripting import C, c1, hands_with, lines_of, refused, went_out

CLASSIC = VARIANTS["classic"]
FILLERS = ("4S 6D 8S JD", "4H 6C 10S QC", "4D 7C 10H JC")
hands = hands_with(FILLERS)
KINGS6 = "KS KH KD KS KH KD"


# classic Initial meld: the minimum at each boundary of the score table, through real
# melds
@pytest.mark.parametrize("score,short,enough", [
    (-5, None, ["4S 4H 4D"]),                         # below 0: 15; 4-4-4 is exactly 15
    (0, ["4S 4H 4D", "5S 5H 5D"], ["AS AH AD"]),      # 0: 50; 30 short, 60 enough
    (1495, ["KS KH KD", "5S 5H 5D"], ["AS AH AD"]),   # 1,495 still needs 50
    (1500, ["AS AH AD", "5S 5H 5D"], ["AS AH AD", "KS KH KD"]),  # 1,500 needs 90: 75, 90
    (2995, ["AS AH AD", "5S 5H 5D"], ["AS AH AD", "KS KH KD"]),
    (3000, ["AS AH AD", "KS KH KD", "5S 5H 5D"], ["AS AH AD", "KS KH KD", "QS QH QD"]),
])
def test_initial_minimum_at_each_score_boundary(score, short, enough):
    hand = "AS AH AD KS KH KD QS QH QD 8S 8H 8D 5S 5H 5D 4S 4H 4D 6S 6H 2C"
    g = Game.scripted(CLASSIC, hands(hand), stock="JC", scores=(score, 0))
    g.apply(Draw())
    if short is not None:
        refused(g, Meld([C(m) for m in short]), "meld.minimum")
    assert g.why_illegal(Meld([C(m) for m in enough])) is None


# classic Initial meld: "When the pile is taken for the initial meld, its top card counts"
def test_pile_top_card_counts_toward_the_minimum():
    # AH AD alone are 40; with the AS on top, 60 >= 50: taking is legal with nothing else
    g = Game.scripted(CLASSIC, hands("AH AD 5C 9D"), pile="7C AS", scores=(0, 0))
    assert g.why_illegal(TakePile(C("AH AD"))) is None
    g.apply(TakePile(C("AH AD")))
    assert g.melds[0][1].size == 3
    assert any(c.label == "7C" for c in g.hands[0])  # the pile joined the hand


# classic Initial meld: the rest of the pile never counts, even for a player who then goes
# out
def test_pile_take_for_the_initial_meld_at_3000_counts_only_top_and_hand():
    # side at 3,000 needs 120: pair of kings + KS on top (30) + A-A-A (60) = 90, refused;
    # the aces and the joker buried in the pile do not help
    g = Game.scripted(CLASSIC, hands("KH KD AS AH AD 6C 9D"), pile="AC JK 7D KS",
                      scores=(3000, 0))
    refused(g, TakePile(C("KH KD"), [C("AS AH AD")]), "meld.minimum")


# classic Concealed: "If the side had not melded, no minimum count applies when the player
# drew from the stock" - taking the pile instead keeps the minimum, even for a whole hand
def test_concealed_hand_by_taking_the_pile_still_needs_the_minimum():
    # side at 3,000 (120): seven 7s (35) + 5-5-5 (15) = 50 < 120
    g = Game.scripted(CLASSIC, hands("7H 7D 7C 7S 7H 7D 5S 5H 5D"), pile="9C 7S",
                      scores=(3000, 0))
    refused(g, TakePile(C("7H 7D 7C 7S 7H 7D"), [C("5S 5H 5D")]), "meld.minimum")
    # the same cards after a stock draw go out concealed with no minimum
    g = Game.scripted(CLASSIC, hands("7H 7D 7C 7S 7H 7D 5S 5H 5D"), stock="7S 9C",
                      scores=(3000, 0))
    g.apply(Draw())
    g.apply(Meld([C("7H 7D 7C 7S 7H 7D 7S"), C("5S 5H 5D")]))
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert lines_of(g)["score.went_out_concealed"] == 200


# classic The discard pile: a red 3 turned up freezes the pile (the Spanish text: "En el
# caso de que un '3' rojo es la primera carta en el mozo abierto, el mozo se queda
# congelado")
def test_turned_up_red_three_freezes_the_pile_and_is_laid_out_when_taken():
    g = Game.scripted(CLASSIC, hands("9H JK 9D 5C"), pile="3H 9C",
                      melds={0: ["KS KH KD"]})
    assert g.pile.frozen
    refused(g, TakePile(C("9H JK")), "pile.frozen_need_pair")
    out = g.apply(TakePile(C("9H 9D")))
    laid = [e for e in out if isinstance(e, ev.RedThreeLaidOut)]
    assert len(laid) == 1 and not laid[0].replaced
    assert [c.label for c in g.red_threes[0]] == ["3H"]
    assert not any(c.is_red_three for c in g.hands[0])


# classic The discard pile: frozen pile, the top card's meld exists, no pair: refused even
# though the unfrozen pile could be taken onto the meld
def test_frozen_pile_with_the_meld_on_the_table_still_needs_a_pair():
    g = Game.scripted(CLASSIC, hands("9H JK 5C 6D"), pile="2D 7H 9C",
                      melds={0: ["9S 9H 9D"]})
    refused(g, TakePile([]), "pile.frozen_need_pair")
    refused(g, TakePile(C("9H JK")), "pile.frozen_need_pair")
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())


# classic The discard pile: a black 3 turned up "stays on top" and blocks the first player
def test_black_three_upcard_blocks_the_first_player():
    g = Game.scripted(CLASSIC, hands("9H 9D 5C"), pile="3S", melds={0: ["KS KH KD"]})
    refused(g, TakePile(C("9H 9D")), "pile.blocked_black_three")


# classic The discard pile: taking an unfrozen pile onto a canasta
def test_unfrozen_pile_top_card_onto_a_canasta():
    g = Game.scripted(CLASSIC, hands("5C 6D"), pile="8C KC", melds={0: [KINGS6 + " KC"]})
    assert g.why_illegal(TakePile([])) is None
    g.apply(TakePile([]))
    assert g.melds[0][13].size == 8


# classic Going out by taking the pile: the pile's cards go to the hand and can all be
# melded
def test_going_out_after_taking_the_pile():
    g = Game.scripted(CLASSIC, hands("5H 5D"), pile="KC 5C",
                      melds={0: [KINGS6], 1: ["QS QH QD"]})
    g.apply(TakePile(C("5H 5D")))
    assert [c.label for c in g.hands[0]] == ["KC"]
    out = g.apply(Meld([C("KC")]))
    assert went_out(out)
    got = lines_of(g)
    assert got["score.went_out"] == 100 and got["score.natural_canasta"] == 500
    # the take is listed among the legal moves too
    g = Game.scripted(CLASSIC, hands("5H 5D"), pile="KC 5C", melds={0: [KINGS6]})
    assert TakePile(C("5H 5D")) in g.legal_actions()
    # a last card that cannot be melded next leaves no way out: refused
    g = Game.scripted(CLASSIC, hands("5H 5D"), pile="QC 5C", melds={0: [KINGS6]})
    refused(g, TakePile(C("5H 5D")), "meld.keep_cards")
    g = Game.scripted(CLASSIC, hands("5H 5D"), pile="3S 5C", melds={0: [KINGS6]})
    refused(g, TakePile(C("5H 5D")), "meld.keep_cards")
    # with a canasta already on the table the black 3 is simply the final discard
    g = Game.scripted(CLASSIC, hands("5H 5D"), pile="3S 5C", melds={0: [KINGS6 + " KC"]})
    g.apply(TakePile(C("5H 5D")))
    assert went_out(g.apply(Discard(c1("3S"))))


# classic Melds: at most 3 wild cards, even on a long meld with many naturals
def test_fourth_wild_card_refused_on_a_long_meld():
    g = Game.scripted(CLASSIC, hands("2C 5C 6D 8D"), stock="9C",
                      melds={0: ["KS KH KD KS KH KD KC 2S 2H JK"]})
    g.apply(Draw())
    refused(g, Meld([C("2C")], onto=[13]), "meld.too_many_wilds")


# classic Going out: the final discard may be a black 3 or a wild card in classic
@pytest.mark.parametrize("last", ["3S", "2C", "JK"])
def test_final_discard_black_three_or_wild_goes_out(last):
    g = Game.scripted(CLASSIC, hands("KC " + last), stock="9C",
                      melds={0: [KINGS6, "9S 9H 9D"]})
    g.apply(Draw())
    g.apply(Meld([C("KC"), C("9C")]))
    out = g.apply(Discard(c1(last)))
    assert went_out(out)


# classic Melds: black 3s melded by a player who goes out: 3 or 4, no wild card
def test_black_threes_melded_to_go_out():
    g = Game.scripted(CLASSIC, hands("3S 3C 3S 2D"), stock="9C",
                      melds={0: [KINGS6 + " KC", "9S 9H 9D"]})
    g.apply(Draw())
    refused(g, Meld([C("3S 3C 3S 2D"), C("9C")], onto=[None, 9]), "meld.black_threes")
    g.apply(Meld([C("3S 3C 3S"), C("9C")]))
    out = g.apply(Discard(c1("2D")))
    assert went_out(out)
    assert lines_of(g)["score.melded_cards"] == 70 + 40 + 15


# classic Going out needs a canasta: without one, black 3s may not be melded even with a
# spare
def test_black_threes_not_melded_without_going_out():
    g = Game.scripted(CLASSIC, hands("3S 3C 3S 8D"), stock="9C",
                      melds={0: ["KS KH KD", "9S 9H 9D"]})
    g.apply(Draw())
    refused(g, Meld([C("3S 3C 3S")]), "meld.black_threes_going_out")


# classic Scoring: all four red 3s of a side that never melded: -800
def test_four_red_threes_of_a_side_that_never_melded():
    g = Game.scripted(CLASSIC, hands("4S 6D", "QC"), stock="9D", pile="5C",
                      melds={1: ["QS QH QD QH QS QD 2C"]},
                      red_threes={0: "3H 3D 3H 3D"}, to_play=1)
    g.apply(Draw())
    g.apply(Meld([C("QC")]))
    g.apply(Discard(c1("9D")))
    ours = lines_of(g, 0)
    assert ours["score.red_threes_unmelded"] == -800
    assert ours["score.cards_in_hand"] == -(5 + 5) - (5 + 5 + 10 + 10)


# classic Scoring: a side whose partner melded scores its red 3s positively, whoever laid
# them
def test_red_threes_positive_when_the_partner_melded():
    g = Game.scripted(CLASSIC, hands("4S 6D", "QC", "8S 8D"), stock="9D", pile="5C",
                      melds={0: ["JS JH JD"], 1: ["QS QH QD QH QS QD 2C"]},
                      red_threes={0: "3H"}, to_play=1)
    g.apply(Draw())
    g.apply(Meld([C("QC")]))
    g.apply(Discard(c1("9D")))
    assert lines_of(g, 0)["score.red_threes"] == 100


# classic Scoring: wild cards left in hand count against the side (joker 50, 2 = 20)
def test_wild_cards_left_in_hand_count_against():
    g = Game.scripted(CLASSIC, hands("JK 2C", "QC"), stock="9D", pile="5C",
                      melds={0: ["JS JH JD"], 1: ["QS QH QD QH QS QD 2D"]}, to_play=1)
    g.apply(Draw())
    g.apply(Meld([C("QC")]))
    g.apply(Discard(c1("9D")))
    ours = lines_of(g, 0)
    assert ours["score.cards_in_hand"] == -(50 + 20) - (5 + 5 + 10 + 10)


# classic Going out: partner's canasta counts for going out; a lay-off onto partner's meld
def test_going_out_on_partners_canasta_with_a_lay_off():
    g = Game.scripted(CLASSIC, hands("KC 9C"), stock="5D",
                      melds={0: [KINGS6, "9S 9H 9D"]})
    g.apply(Draw())
    g.apply(Meld([C("KC"), C("9C")]))
    out = g.apply(Discard(c1("5D")))
    assert went_out(out)
    got = lines_of(g)
    assert got["score.went_out"] == 100 and "score.went_out_concealed" not in got


# classic Initial meld: "must reach a minimum" - exactly 50 is enough (the Italian classic
# text reads "un valore superiore a 50 punti", more than 50; the specification's "reach"
# wins)
def test_exactly_the_minimum_opens():
    g = Game.scripted(CLASSIC, hands("KS KH KD 5S 5H 5D 5C 9C"), stock="JC", scores=(0, 0))
    g.apply(Draw())
    assert g.why_illegal(Meld([C("KS KH KD"), C("5S 5H 5D 5C")])) is None  # 30 + 20
    refused(g, Meld([C("KS KH KD"), C("5S 5H 5D")]), "meld.minimum")  # 45


# classic Going out: the canasta "may be completed in the same turn", over several moves:
# a meld that leaves one card stands when that card can be laid off next to go out
def test_going_out_in_two_melds_of_one_turn():
    g = Game.scripted(CLASSIC, hands("5S 5H 5D"), stock="KC",
                      melds={0: [KINGS6], 1: ["QS QH QD"]})
    g.apply(Draw())
    first = Meld([C("5S 5H 5D")])
    assert g.why_illegal(first) is None and first in g.legal_actions()
    assert not went_out(g.apply(first))
    assert went_out(g.apply(Meld([C("KC")])))
    # a last card that cannot follow (no meld of its rank) keeps the old refusal
    g = Game.scripted(CLASSIC, hands("5S 5H 5D"), stock="QC", melds={0: [KINGS6]})
    g.apply(Draw())
    refused(g, Meld([C("5S 5H 5D")]), "meld.keep_cards")


# classic Going out: a player with two cards takes a one-card pile with the pair,
# completing a canasta: the hand is empty, the player is out
def test_going_out_by_taking_a_one_card_pile_with_the_pair():
    g = Game.scripted(CLASSIC, hands("5H 5D"), pile="5C", melds={0: ["5S 5H 5D 5C 5S"]})
    assert TakePile(C("5H 5D")) in g.legal_actions()
    out = g.apply(TakePile(C("5H 5D")))
    assert went_out(out)
    assert lines_of(g)["score.natural_canasta"] == 500
    # without the canasta it would empty the hand without going out
    g = Game.scripted(CLASSIC, hands("5H 5D"), pile="5C", melds={0: ["5S 5H 5D"]})
    refused(g, TakePile(C("5H 5D")), "meld.keep_cards")


# classic Concealed: red 3s laid out are not melds: the player still goes out concealed
def test_concealed_after_laying_out_a_red_three():
    g = Game.scripted(CLASSIC, hands("QS QH QD QC QS QH 4D 4H 4C JD"), stock="2C",
                      red_threes={0: "3H"})
    g.apply(Draw())
    g.apply(Meld([C("QS QH QD QC QS QH 2C"), C("4D 4H 4C")]))
    g.apply(Discard(c1("JD")))
    got = lines_of(g)
    assert got["score.went_out_concealed"] == 200 and got["score.red_threes"] == 100


# classic Scoring: all four red 3s of a side, laid out by both partners: 800
def test_four_red_threes_split_between_partners_score_800():
    g = Game.scripted(CLASSIC, hands("KC"), stock="8D",
                      melds={0: [KINGS6]}, red_threes={0: "3H 3D 3H 3D"})
    g.apply(Draw())
    g.apply(Meld([C("KC")]))
    g.apply(Discard(c1("8D")))
    assert lines_of(g)["score.red_threes"] == 800


# classic Concealed: taking the pile onto partner's meld (top card alone, or with a pair
# that joins it) adds to partner's meld: an ordinary going out, 100
@pytest.mark.parametrize("pair", ["", "9H 9D"])
def test_taking_the_pile_onto_partners_meld_is_not_concealed(pair):
    hand = "QS QH QD QC QS QH 2C 4D 4H 4C" + (" " + pair if pair else "")
    g = Game.scripted(CLASSIC, hands(hand), pile="JD 9C", melds={0: ["9S 9H 9D"]})
    g.apply(TakePile(C(pair)))
    g.apply(Meld([C("QS QH QD QC QS QH 2C"), C("4D 4H 4C")]))
    assert went_out(g.apply(Discard(c1("JD"))))
    got = lines_of(g)
    assert got["score.went_out"] == 100 and "score.went_out_concealed" not in got
