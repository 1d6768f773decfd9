"""The openings of several groups are searched once per pattern of counts and remembered
by the game (`openers`, `memo`): a list made with the table full must be the list a
table emptied first makes, position by position - in played, restored, resampled and
edited games, where a remembered answer could go stale."""

import random

import pytest

from game.rules import VARIANTS, Draw, Game, Phase, openers
from game.rules.cards import Rank
from tests.rules.completeness import positions
from tests.rules.multimeld import groups_of

NAMES = sorted(VARIANTS)


def _listed(g: Game) -> list[str]:
    return [repr(a) for a in g.legal_actions()]


def _cold(g: Game) -> list[str]:
    """What a copy of `g` lists with the remembered searches forgotten."""
    copy = Game.from_dict(g.to_dict())
    copy.cache.tables.openings.clear()
    return _listed(copy)


def _searches(g: Game) -> list[tuple]:
    """The keys of the searches remembered (hand: "h", pile: "p")."""
    return list(g.cache.tables.openings.searches)


def _unopened(g: Game) -> bool:
    return g.phase in (Phase.DRAW, Phase.MELD) and not g.melds[g.side_of[g.to_play]]


@pytest.mark.parametrize("name", NAMES)
def test_a_remembered_search_lists_what_a_fresh_one_does(name):
    """Played positions and their restored copies, then resampled worlds of them."""
    rng = random.Random(3)
    several = compared = 0
    for g in positions(name, "random", 21, count=3000, every=1.0):
        if several >= 10 and compared >= 150:
            break  # (enough: sides that have not opened are rarer in some variants)
        if not _unopened(g):
            continue
        warm = _listed(g)
        several += any(groups_of(a) > 1 for a in g.legal_actions())
        assert _listed(Game.from_dict(g.to_dict())) == warm  # restored, table warm
        assert _cold(g) == warm
        world = Game.resample(g.view(g.to_play), rng)
        assert _listed(world) == _cold(world)
        compared += 1
    # (random italian play makes no opening of several groups: its lists are compared all
    # the same, the searches' answers being empty ones)
    assert compared and (several or name == "italian"), "no opening of several groups"


def test_ranks_of_one_kind_share_a_search_and_keep_their_own_cards():
    """5s and 6s are one kind in classic (same shapes, same worth) as are 8s and 9s: the
    second hand's opening (20 + 30 for a minimum of 50) comes from the first hand's
    search, with its own cards."""
    rules = VARIANTS["classic"]
    others = ["KD", "KH", "KS"]
    first = Game.scripted(rules, ["5S 5D 5H 5C 8S 8D 8H 4C", *others], stock="QC")
    second = Game.scripted(rules, ["6S 6D 6H 6C 9S 9D 9H 4C", *others], stock="QC")
    for g in (first, second):
        g.apply(Draw())  # from the stock: the opening is then looked for in the hand
    warm = _listed(first)
    searches = _searches(first)
    listed = second.legal_actions()
    assert searches and _searches(second) == searches  # the second hand asked no new search
    several = [a for a in listed if groups_of(a) > 1]
    assert several and all(second.check(a) is None for a in several)
    assert {c.rank for a in several for grp in a.groups for c in grp} == {Rank.SIX, Rank.NINE}
    assert _listed(second) == _cold(second) and warm == _cold(first)


def test_an_edited_minimum_is_searched_again():
    """The same hand under a higher minimum (the side's score raised): the remembered
    answer for the lower one must not be reused."""
    rules = VARIANTS["classic"]
    hand = "KS KD KH QS QD QH AS AD JK 4C 9C"
    low = Game.scripted(rules, [hand, "4D", "4H", "4S"])
    high = Game.scripted(rules, [hand, "4D", "4H", "4S"], scores=(3000, 0))
    for g in (low, high):
        g.apply(Draw())  # from the stock: the opening is then looked for in the hand
    assert low.minimums[0] < high.minimums[0]
    a, b = _listed(low), _listed(high)
    assert a != b and b == _cold(high) and a == _cold(low)


def test_the_table_is_bounded(monkeypatch):
    """Past its bound the table is emptied, and lists stay the same."""
    monkeypatch.setattr(openers, "_MEMO_MOST", 8)
    for g in positions("classic", "random", 5, count=200, every=1.0):
        if _unopened(g):
            assert _listed(g) == _cold(g)
        assert len(g.cache.tables.openings) <= 8
