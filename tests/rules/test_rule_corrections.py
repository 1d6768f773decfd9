"""Rule corrections checked against the original texts, each from a scripted position:
modern-american's canasta laid straight from the hand, and italian's last card."""

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Rank
from game.rules import events as ev
from tests.rules.completeness import outcome_key
from tests.rules.scripting import C, c1, hands_with, refused

MA = VARIANTS["modern-american"]
IT = VARIANTS["italian"]
hands = hands_with(("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H"))


def _drawn(rules, hand, **kw) -> Game:
    g = Game.scripted(rules, hands(hand), **kw)
    g.apply(Draw())
    return g


# ------------------------------------------- modern-american: a canasta from the hand

def test_modern_mixed_canasta_from_the_hand_needs_no_minimum():
    """Five kings and two wild cards: 90 points, under the 125 minimum, laid as a
    complete mixed canasta straight from the hand."""
    g = _drawn(MA, "KS KH KD KC KS 2H JK 9C 5D", stock="6H", pile="")
    a = Meld([C("KS KH KD KC KS 2H JK")])
    assert g.why_illegal(a) is None
    assert outcome_key(g, a) in {outcome_key(g, b) for b in g.legal_actions()}
    events = g.apply(a)
    assert any(isinstance(e, ev.CanastaCompleted) and not e.natural for e in events)
    assert g.melds[0][Rank.KING].size == 7


def test_modern_mixed_canasta_from_the_hand_at_a_higher_minimum():
    g = _drawn(MA, "9S 9H 9D 9C 9S 2H 2D 5C 5D", stock="6H", pile="", scores=(5000, 0))
    assert g.why_illegal(Meld([C("9S 9H 9D 9C 9S 2H 2D")])) is None  # 90 < 180


def test_modern_short_mixed_meld_still_needs_the_minimum():
    g = _drawn(MA, "KS KH KD KC KS 2H JK 9C 5D", stock="6H", pile="")
    refused(g, Meld([C("KS KH KD KC 2H JK")]), "meld.minimum_hand")


# ------------------------------------------------------- italian: the last card

OPEN = ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2C", "4H 4D 4S"]


def test_italian_lay_off_leaving_a_wild_card_that_can_still_be_laid_off():
    """The original text's case: 4C 4D laid off leave 2S, which can still go onto the
    fours (and the side then goes out): legal."""
    g = _drawn(IT, "4C 4D 2S", stock="9D 9C", pile="7S", melds={0: OPEN}, pile_frozen=False)
    g.hands[0] = [c for c in g.hands[0] if c.label in ("4C", "4D", "2S")]  # no drawn cards
    a = Meld([C("4C 4D")])
    assert g.why_illegal(a) is None
    assert outcome_key(g, a) in {outcome_key(g, b) for b in g.legal_actions()}
    g.apply(a)
    out = g.apply(Meld([C("2S")], [Rank.FOUR]))
    assert any(isinstance(e, ev.WentOut) for e in out)


def test_italian_lay_off_leaving_a_wild_card_with_nowhere_to_go_is_refused():
    """The queens hold their two wild cards and a wild card on the natural kings would
    leave no natural canasta: the 2 left could only be discarded, which is refused."""
    melds = {0: ["KS KH KD KC KS KH KD", "QS QH QD QC 2H JK"]}
    g = _drawn(IT, "QD 2S", stock="9D 9C", pile="7S", melds=melds, pile_frozen=False)
    g.hands[0] = [c for c in g.hands[0] if c.label in ("QD", "2S")]
    refused(g, Meld([C("QD")]), "meld.last_card_stopper")


def test_italian_lay_off_leaving_a_black_three_is_refused():
    g = _drawn(IT, "4C 4D 3S", stock="9D 9C", pile="7S", melds={0: OPEN}, pile_frozen=False)
    g.hands[0] = [c for c in g.hands[0] if c.label in ("4C", "4D", "3S")]
    refused(g, Meld([C("4C 4D")]), "meld.last_card_stopper")
    g.hands[0] = [c1("3S")]  # reached only by editing the hand
    refused(g, Discard(c1("3S")), "discard.final_stopper")
