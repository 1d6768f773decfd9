"""`legal_actions()` is exactly the legal moves, both ways: every listed move passes
`check()`, and every move a brute-force enumerator proposes that passes `check()` has an
equivalent (same outcome up to suits) in the list, which names each outcome once."""

import pytest

from game.rules import VARIANTS, Draw, Game, Meld, Rank
from tests.rules.completeness import compare, describe, outcome_key, positions
from tests.rules.scripting import C, hands_with

NAMES = sorted(VARIANTS)
hands = hands_with(("5S 6D 10S QD", "5H 6C 10D QH", "5C 7C 10H JC"))


def _listed(g: Game) -> set:
    return {outcome_key(g, a) for a in g.legal_actions()}


def _meld_phase(rules, hand, melds, **kw) -> Game:
    g = Game.scripted(rules, hands=hands(hand), stock="9C", melds=melds, **kw)
    g.apply(Draw())
    return g


def test_wild_lay_offs_onto_a_five_card_meld_are_listed():
    """The issue's case: five 4s on the table, 2S 2H in hand, no canasta yet."""
    g = _meld_phase(VARIANTS["classic"], "2S 2H KD QC JS", {0: ["4S 4H 4D 4C 4S"]})
    listed = _listed(g)
    for cards in ("2S", "2S 2H"):
        a = Meld([C(cards)], [Rank.FOUR])
        assert g.check(a) is None
        assert outcome_key(g, a) in listed, a
    assert compare(g) == []


def test_naturals_with_two_wild_cards_are_listed():
    rules = VARIANTS["classic"]
    g = _meld_phase(rules, "KH KD KS JK 2C 5D 9S", {0: ["8S 8H 8D"]})
    listed = _listed(g)
    for cards in ("KH KD KS JK 2C", "KH KD KS 2C", "KH KD KS JK", "KH KD JK"):
        a = Meld([C(cards)])
        assert g.check(a) is None, (cards, g.why_illegal(a))
        assert outcome_key(g, a) in listed, cards
    assert compare(g) == []


def test_issue_log_joker_and_twos_beside_a_five_card_meld():
    """A logged game: JK JK 2S 2S 2D 2C held for forty moves beside five 4s."""
    g = _meld_phase(VARIANTS["classic"], "JK JK 2S 2S 2D 2C 9D", {0: ["4S 4H 4D 4C 4S"]})
    listed = _listed(g)
    for cards in ("JK", "2S", "JK 2S", "JK JK", "2S 2D", "JK JK 2S", "2S 2D 2C", "JK 2S 2D"):
        assert outcome_key(g, Meld([C(cards)], [Rank.FOUR])) in listed, cards
    assert compare(g) == []


def test_going_out_with_a_big_hand_is_listed():
    """Thirteen cards after the draw, a canasta on the table: four groups and a discard go
    out (the move list once left out every way out of a hand over nine cards)."""
    rules = VARIANTS["classic"]
    g = Game.scripted(rules, hands=hands("5S 5H 5D 6S 6H 6D 7S 7H 7D 8C 8H 9S"), stock="8D",
                      melds={0: ["KS KH KD KC KS KH KD"]})
    g.apply(Draw())
    way = g.go_out_meld(0)
    assert way is not None and g.check(way) is None
    assert any(isinstance(a, Meld) and sum(map(len, a.groups)) == 12 for a in g.legal_actions())
    assert compare(g) == []


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("agent,seed", [("random", 1), ("random", 2), ("normal", 3)])
def test_legal_actions_complete_in_play(name, agent, seed):
    for g in positions(name, agent, seed, count=40, every=0.35):
        problems = compare(g)
        assert not problems, (describe(g), problems[:5])


@pytest.mark.soak
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("agent", ["random", "normal"])
def test_legal_actions_complete_soak(name, agent):
    """2,000 positions per variant (half from random play, half from `normal` play)."""
    checked = 0
    for g in positions(name, agent, 101, count=1000, every=0.3):
        problems = compare(g)
        assert not problems, (describe(g), problems[:5])
        checked += 1
    assert checked == 1000
