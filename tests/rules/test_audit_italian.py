"""Rules audit, italian three-deck canasta (docs/RULES.md, italian): edge cases and
interactions the named scenarios leave out, on scripted positions."""

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, Rank, TakePile
from game.rules import events as ev
from tests.rules.scripting import C, c1, hands_with, lines_of, refused

IT = VARIANTS["italian"]
FILLERS = ("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H")
hands = hands_with(FILLERS)
OPEN_BOTH = ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2C"]


# italian Opening minimum: exactly 50 opens, 45 does not (natural melds from the hand)
def test_opening_at_exactly_fifty():
    g = Game.scripted(IT, hands("KS KH KD 5S 5H 5D 5C 9C"), pile="9S")
    refused(g, Meld([C("KS KH KD"), C("5S 5H 5D")]), "meld.minimum")  # 45
    assert g.why_illegal(Meld([C("KS KH KD"), C("5S 5H 5D 5C")])) is None  # 50


# italian Turn for a side that has not opened, then Going out and Scoring: open from the
# hand before drawing, draw two, meld the rest and go out in the same turn. No concealed
# bonus exists in italian: the going-out bonus is 300
def test_open_before_the_draw_then_go_out_in_the_same_turn_scores_300():
    g = Game.scripted(IT, hands("KS KH KD KC KS KH KD QS QH QD QC QS QH 9S 9H"),
                      stock="2C 9D", pile="4C 7S")
    assert g.phase is Phase.OPEN
    g.apply(Meld([C("KS KH KD KC KS KH KD")]))
    g.apply(Draw())
    out = g.apply(Meld([C("QS QH QD QC QS QH 2C"), C("9S 9H 9D")]))
    assert any(isinstance(e, ev.WentOut) for e in out)
    got = lines_of(g, 0)
    assert got["score.went_out"] == 300
    assert "score.went_out_concealed" not in got
    assert got["score.natural_canasta"] == 500 and got["score.mixed_canasta"] == 300


# italian Melds: at most 2 wild cards, also on a canasta; no size limit on naturals
def test_third_wild_card_refused_on_a_canasta_but_naturals_keep_growing():
    g = Game.scripted(IT, hands("JK KC KS 5S 6D"), stock="4C 4D", pile="9S",
                      melds={0: ["KS KH KD KC KS KH KD 2C 2D", "QS QH QD"]})
    g.apply(Draw())
    refused(g, Meld([C("JK")], [Rank.KING]), "meld.too_many_wilds")
    assert g.why_illegal(Meld([C("KC KS")])) is None  # an 11-card canasta


# italian Melds: an unfinished wild-card meld forbids going out and blocking the pile, but
# (unlike modern-american) does not stop wild cards going into other melds
def test_unfinished_wild_meld_does_not_lock_other_wilds():
    g = Game.scripted(IT, hands("2H 5S 6D 9C"), stock="4C 4D", pile="9S",
                      melds={0: ["KS KH KD", "JK 2D 2S"]})
    g.apply(Draw())
    assert g.why_illegal(Meld([C("2H")], [Rank.KING])) is None


# italian Taking the pile: always a natural pair, even when the side's meld of that rank
# lies on the table; the pair joins it
def test_pile_never_taken_with_one_natural_onto_the_meld():
    g = Game.scripted(IT, hands("9H 5S 6D"), pile="4C 9S", melds={0: ["9C 9D 9S"]},
                      pile_frozen=False)
    refused(g, TakePile(C("9H")), "take.natural_pair")
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())


# italian Going out with the classic take: a take that leaves one card, a 2 that can still
# be laid off, is legal (only the final discard may not be a wild card); a black 3 left
# alone can never go, so that take is refused
def test_take_leaving_one_card_italian():
    melds = {0: ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2C", "9C 9D 9S"]}
    g = Game.scripted(IT, hands("9H 9C"), pile="2D 9S", melds=melds, pile_frozen=False)
    assert g.why_illegal(TakePile(C("9H 9C"))) is None
    g.apply(TakePile(C("9H 9C")))
    out = g.apply(Meld([C("2D")], [Rank.QUEEN]))
    assert any(isinstance(e, ev.WentOut) for e in out)
    g = Game.scripted(IT, hands("9H 9C"), pile="3S 9S", melds=melds, pile_frozen=False)
    refused(g, TakePile(C("9H 9C")), "meld.last_card_stopper")


# italian Taking the pile: the next player after a discarded black 3 may never take it,
# even holding three naturals of the card that then covers it
def test_black_three_discard_then_covered_needs_three_for_the_next_but_one():
    g = Game.scripted(IT, hands("3S 5C 6D 7D", "9H 9D 9C 8C", "9H 9D 5S"),
                      stock="4C 4D 4H 4S", pile="KC",
                      melds={0: ["QS QH QD"], 1: ["JS JH JD"]}, pile_frozen=False)
    g.apply(Draw())
    g.apply(Discard(c1("3S")))
    refused(g, TakePile(C("9H 9D")), "pile.black_three_discarded")
    g.apply(Draw())
    g.apply(Discard(c1("9C")))  # seat 1 covers the black 3 with a 9
    refused(g, TakePile(C("9H 9D")), "take.stopper_naturals")  # seat 2 holds only two


# italian Taking the pile: while a discarded wild card lies in the pile, three naturals
# are needed even when the side's meld of that rank is on the table; with three, they
# join it (here completing a natural canasta)
def test_stopper_in_the_pile_needs_three_naturals_beside_the_sides_meld():
    g = Game.scripted(IT, hands("9H 9D 9C 5S 6D"), pile="4C 2C 9S",
                      melds={0: ["9C 9D 9S"]})
    refused(g, TakePile(C("9H 9D")), "take.stopper_naturals")
    assert TakePile(C("9H 9D 9C")) in g.legal_actions()
    g.apply(TakePile(C("9H 9D 9C")))
    meld = g.melds[0][Rank.NINE]
    assert meld.size == 7 and meld.wilds == 0


# italian Going out: going out by melding everything needs no discard at all
def test_going_out_without_a_discard():
    g = Game.scripted(IT, hands("5S 5H"), stock="5D 9C", pile="9S",
                      melds={0: OPEN_BOTH + ["9S 9H 9D"]})
    g.apply(Draw())
    out = g.apply(Meld([C("5S 5H 5D"), C("9C")]))
    assert any(isinstance(e, ev.WentOut) for e in out)
    assert lines_of(g, 0)["score.went_out"] == 300
