"""Third rules audit: whenever an initial meld of several melds is legal, `legal_actions()`
offers one (docs/RULES.md, initial meld of each variant; issue 14: the AI and the hints
choose only from that list). Found in modern-american, where the minimum (125) usually
needs several melds: the canonical opening put wild cards on the only natural meld (no
longer clean), never tried a meld of wild cards beside natural melds, or used all but one
card of the hand (a discard would empty it) - and then nothing was offered at all."""

import itertools
from collections import defaultdict

import pytest

from game.rules import VARIANTS, Draw, Game, Meld, Phase, TakePile
from tests.rules.completeness import positions
from tests.rules.scripting import C, hands_with

MA = VARIANTS["modern-american"]
hands = hands_with(("KS KH KD KC", "KS KH KD KC", "QS QD JD JC"))


def _openings(g: Game) -> list[Meld]:
    return [a for a in g.legal_actions() if isinstance(a, Meld)]


@pytest.mark.parametrize("hand,stock,score,legal", [
    # 5-5-5 is the only natural meld: the wild cards go to the pairs, not onto it
    ("JK QH 5C 9C 5D JS QC 2C 4S 2H 6S 6H 5H", "7D", 0, ["5C 5D 5H", "QH QC JK 2H", "6S 6H 2C"]),
    # 7-7-7 takes no wild card: a meld of four wild cards beside it makes 125
    ("QC 4H JK 2C JH 2H 6S 5S 9H 7C 2D 5C 7H", "7S", 0, ["7C 7H 7S", "JK 2C 2H 2D"]),
    # four groups would leave one card: three of them reach the minimum
    ("7H 9C 10C 7D 10C JK 6S 8S 6H 6C 7S 8S 6C", "2C", 0,
     ["6S 6H 6C 6C", "10C 10C JK", "8S 8S 2C"]),
    # at 3,000 (155): 7-7-7 stays clean whatever happens, so 6-6-6 may take wild cards
    ("JK AC 2H 7H 9D 5D 6C 6S 7H 7D AC 10D 6H", "2S", 3000,
     ["AC AC 2S", "7H 7H 7D", "6C 6S 6H 2H JK"]),
])
def test_an_opening_is_offered_when_one_is_legal(hand, stock, score, legal):
    g = Game.scripted(MA, hands(hand), stock=stock, scores=(score, 0))
    g.apply(Draw())
    assert g.why_illegal(Meld([C(m) for m in legal])) is None  # a legal opening exists
    offered = _openings(g)
    assert offered and all(g.check(a) is None for a in offered)
    assert any(len(a.groups) > 1 for a in offered)


def _an_opening(g: Game) -> Meld | None:
    """A legal initial meld, found by trying each natural group of the hand (a rank held
    twice or more, with up to two wild cards) in combinations, with or without a meld of
    the remaining wild cards."""
    hand = g.hands[g.to_play]
    by_rank: dict = defaultdict(list)
    wilds = [c for c in hand if c.is_wild]
    for c in hand:
        if c.is_natural:
            by_rank[c.rank].append(c)
    options = [[(cs, w) for w in range(3)] for cs in by_rank.values() if len(cs) >= 2]
    tried = 0
    for k in range(1, min(4, len(options)) + 1):
        for combo in itertools.combinations(options, k):
            for choice in itertools.product(*combo):
                for wild_meld in (0, 3, 4, 5):
                    spare = list(wilds)
                    if sum(w for _, w in choice) + wild_meld > len(spare):
                        continue
                    groups = [list(cs) + [spare.pop() for _ in range(w)] for cs, w in choice]
                    if wild_meld:
                        groups.append([spare.pop() for _ in range(wild_meld)])
                    tried += 1
                    if g.check(Meld(groups)) is None:
                        return Meld(groups)
                    if tried > 3000:
                        return None
    return None


@pytest.mark.parametrize("variant,seed", [("modern-american", 8), ("modern-american", 21),
                                          ("classic", 8), ("italian", 8)])
def test_every_position_with_a_legal_opening_offers_one(variant, seed):
    found = 0
    missing = []
    for g in positions(variant, "random", seed, 600, every=0.7):
        if g.phase not in (Phase.MELD, Phase.OPEN) or g.answer is not None:
            continue
        if g.melds[g.side_of[g.to_play]]:
            continue
        legal = _an_opening(g)
        if legal is None:
            continue
        found += 1
        if not _openings(g):
            missing.append(f"{legal} from {' '.join(c.label for c in g.hands[g.to_play])}")
    assert found >= 10
    assert missing == []


# modern-american Taking the pile: a side that has not melded lays its initial meld in
# the same move; the pair and the top card are the natural meld, and a meld of four wild
# cards from the hand brings the hand's count to 20 + 110 = 130 - that take is offered
def test_a_pickup_whose_other_meld_is_of_wild_cards_is_offered():
    g = Game.scripted(MA, hands("10C 9H 5S AD 2S 7H 5D JD 2C 10S JK 8C 2D"), pile="4C 10D")
    take = TakePile(C("10C 10S"), [C("2D JK 2C 2S")])
    assert g.why_illegal(take) is None
    offered = [a for a in g.legal_actions() if isinstance(a, TakePile)]
    assert offered and all(g.check(a) is None for a in offered)
