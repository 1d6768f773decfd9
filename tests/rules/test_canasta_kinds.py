"""One definition of a canasta's kind: the engine's melds, the players' views, the
completion event and the table's banner agree; a canasta of wild cards is never natural."""

import pytest

from game.rules import VARIANTS, Draw, Game, Meld
from game.rules import events as ev
from game.rules.meldkeys import WILD_MELD, CanastaKind
from tests.rules.scripting import C, hands_with

hands = hands_with(("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H"))


def _laid(rules, hand, cards, melds):
    g = Game.scripted(rules, hands(hand), stock="9C", melds=melds)
    g.apply(Draw())
    return g, g.apply(Meld([C(cards)]))


@pytest.mark.parametrize("name,hand,cards,kind", [
    ("modern-american", "2S 2H 2D 2C 2S 2H 2D 9D 5S", "2S 2H 2D 2C 2S 2H 2D", CanastaKind.WILD),
    ("classic", "KS KH KD KC KS KH KD 9D 5S", "KS KH KD KC KS KH KD", CanastaKind.NATURAL),
    ("classic", "KS KH KD KC KS 2H JK 9D 5S", "KS KH KD KC KS 2H JK", CanastaKind.MIXED),
])
def test_engine_view_and_event_agree(name, hand, cards, kind):
    melds = {0: ["QS QH QD"]} if name == "classic" else {0: ["QS QH QD QC QS"]}
    g, out = _laid(VARIANTS[name], hand, cards, melds)
    done = [e for e in out if isinstance(e, ev.CanastaCompleted)]
    assert len(done) == 1
    rank = done[0].rank
    table = g.melds[0][rank]
    seen = g.view(1).melds[0][rank]
    assert table.kind is seen.kind is kind
    assert table.is_natural == seen.is_natural == done[0].natural == (kind is CanastaKind.NATURAL)
    assert done[0].wild == (kind is CanastaKind.WILD) == (rank == WILD_MELD)
