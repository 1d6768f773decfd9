"""Moves of several groups (openings, openings with the pile, ways out) against the
brute-force enumerator of `tests.rules.multimeld`: what holds today.

- Every listed move of several groups passes `check()` and is one of the enumerator's
  legal outcomes (so the enumerator proposes at least what the engine lists).
- Every legal way out of several groups (a side that has melded, MELD phase) is listed or
  reached by a sequence of listed moves in the same turn.
- Every legal opening of several groups one of whose groups reaches the minimum alone is
  reached by listed moves in classic, classic-2p, classic-3p and italian (that group opens,
  the others follow as single groups). In modern-american it need not be: aces take wild
  cards only within the initial meld, so A-A-JK beside a big opening cannot follow it.

What does NOT hold (openings whose groups are each below the minimum, other than the one
canonical opening the list offers) is measured and reported, not asserted."""

import pytest

from game.rules import VARIANTS, Draw, Game, Meld, Phase
from game.rules.melds import values_for
from tests.rules.completeness import describe, outcome_key, positions
from tests.rules.multimeld import audit, groups_of, multi_candidates, opened, reachable
from tests.rules.scripting import C, hands_with

NAMES = sorted(VARIANTS)
hands = hands_with(("5S 6D 10S QD", "5H 6C 10D QH", "5C 7C 10H JC"))


def _legal_multi(g: Game) -> set:
    return {outcome_key(g, a) for a in multi_candidates(g) if g.check(a) is None}


def _played(name: str, seeds: tuple[int, int], count: int = 120):
    """Every position of `count` moves of random play and of `count` of normal play."""
    yield from positions(name, "random", seeds[0], count=count, every=1.0)
    yield from positions(name, "normal", seeds[1], count=count, every=1.0)


@pytest.mark.parametrize("name", NAMES)
def test_listed_moves_of_several_groups_are_legal_and_enumerated(name):
    seen = 0
    for g in _played(name, (11, 12)):
        listed = [a for a in g.legal_actions() if groups_of(a) > 1]
        if not listed:
            continue
        seen += 1
        legal = _legal_multi(g)
        hand = len(g.hands[g.to_play])
        for a in listed:
            assert g.check(a) is None, (describe(g), str(a))
            # the enumerator proposes openings of up to four groups and, once the side
            # has melded, ways out only
            if opened(g) and not (isinstance(a, Meld) and sum(map(len, a.groups)) >= hand - 1):
                continue
            if groups_of(a) <= 4 or opened(g):
                assert outcome_key(g, a) in legal, (describe(g), str(a))
    assert seen, "no position listed a move of several groups: the sample proves nothing"


@pytest.mark.parametrize("name", NAMES)
def test_every_way_out_of_several_groups_is_reachable(name):
    for g in _played(name, (13, 14)):
        if g.phase is not Phase.MELD or not opened(g):
            continue
        found = audit(g)
        assert found.unknown == 0, describe(g)
        assert not found.unreachable, (describe(g), [str(a) for a in found.unreachable])


def test_ways_out_of_a_scripted_hand_are_all_reachable():
    """Classic, a canasta on the table, 9-9-9 K-K-K 2S 5S after the draw: the 2 may go with
    the nines, the kings or onto the canasta, 5S is discarded (three ways out); each is
    listed or reached by listed moves."""
    g = Game.scripted(VARIANTS["classic"], hands("9C 9D KS KH KD 2S 5S"), stock="9H",
                      melds={0: ["8S 8H 8D 8C 8S 8H 8D"]})
    g.apply(Draw())
    found = audit(g)
    assert found.legal == 3 and found.unknown == 0
    assert found.unlisted == 2 and found.unreachable == []


def _has_group_over_minimum(g: Game, a) -> bool:
    values = values_for(g.rules)
    minimum = g.minimum(g.side_of[g.to_play])
    return any(sum(values[c.code] for c in grp) >= minimum for grp in a.groups)


@pytest.mark.parametrize("name", ["classic", "classic-2p", "classic-3p", "italian"])
def test_an_opening_with_a_group_over_the_minimum_is_reachable(name):
    for g in _played(name, (15, 16)):
        if opened(g) or g.phase not in (Phase.OPEN, Phase.MELD):
            continue
        for a in audit(g).unreachable:
            assert not (isinstance(a, Meld) and _has_group_over_minimum(g, a)), (
                describe(g), str(a))


def test_the_enumerator_and_the_reachability_search_on_a_scripted_opening():
    """Classic, side at 0 (minimum 50). A-A-A opens alone and is listed; A-A-A + K-K-2 is
    reached by that move and a single group after it; 4-4-4 + K-K-2 (15 + 40 = 55) is a
    legal opening of its own that the enumerator must propose and judge legal (whether
    listed moves reach it is what the measure reports)."""
    g = Game.scripted(VARIANTS["classic"], hands("AD AC AH KS KH 2D QH QS 4S 4H 9C"),
                      stock="4C", pile="9S 8D")
    g.apply(Draw())
    legal = _legal_multi(g)
    for groups in (("4S 4H 4C", "KS KH 2D"), ("AD AC AH", "KS KH 2D")):
        a = Meld([C(x) for x in groups])
        assert g.check(a) is None
        assert outcome_key(g, a) in legal, groups
    assert reachable(g, Meld([C("AD AC AH")])) is True
    assert reachable(g, Meld([C("AD AC AH"), C("KS KH 2D")])) is True
    # 4-4-4 + Q-Q-K is no meld at all: the enumerator never proposes mixed ranks
    assert not any(len({c.rank for c in grp if not c.is_wild}) > 1
                   for a in multi_candidates(g) for grp in getattr(a, "groups", ()))


def test_an_italian_opening_before_the_draw_goes_on_after_the_draw():
    """Italian, side at 0 (minimum 50), before the draw: A-A-A (60) opens alone and is the
    one opening listed. A-A-A + K-K-K is reached by A-A-A, the draw and K-K-K after it;
    K-K-K + 8-8-8 (30 + 30) is a legal opening whose groups are each below the minimum:
    the enumerator must judge it legal (whether listed moves reach it is measured)."""
    fillers = ("4S 6D 8S 10D 5H 5H 6S 6S 7H 7H 8H 8H 9D 9D JD",
               "4H 6C 10S 8C 5D 5D 6D 6H 7D 7D 8D 8D 9S 9S JS",
               "4D 8D 10H 6H 5C 5C 6C 6C 7C 7C 8C 10C 9C 9C JC")
    g = Game.scripted(VARIANTS["italian"],
                      ["AH AS AD KS KH KD 8S 8C 8H 5S 6D 7C 9H JH 4C", *fillers], stock="5D 4D")
    assert g.phase is Phase.OPEN
    both = Meld([C("AH AS AD"), C("KS KH KD")])
    assert g.check(both) is None
    assert reachable(g, both) is False  # not before the draw ...
    assert reachable(g, both, through_draw=True) is True  # ... but after it
    found = audit(g)
    assert found.legal == 4 and found.unlisted == 4 and found.after_draw == 3
    assert outcome_key(g, Meld([C("KS KH KD"), C("8S 8C 8H")])) in _legal_multi(g)
