"""Move generation remembers what the units' scopes allow by what they read: a wild
card's lay-off is judged while the side's meld of wild cards is short of a canasta
(`Rule.only_while_wild_meld_short`) and spared the question once it is complete. The
same game, restored and resampled, lists exactly the same moves at every step."""

import random

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Rank
from game.rules.melds import WILD_MELD
from tests.rules.scripting import C

MA = VARIANTS["modern-american"]


def _same_everywhere(g: Game) -> list:
    listed = g.legal_actions()
    assert Game.from_dict(g.to_dict()).legal_actions() == listed
    world = g.resample(g.view(g.to_play), random.Random(3))
    assert world.legal_actions() == listed
    return listed


def test_the_wild_meld_lock_is_followed_as_the_meld_of_wild_cards_grows():
    melds = {0: ["9S 9H 9D 9C 9S", "JK 2S 2H"]}
    g = Game.scripted(MA, ["2C 2D 2H 2S JK 5S 6D", "4S 6C 8S 10D", "4H 6H 10S 8C",
                           "4D 8D 10H 6S"], stock="KH", pile="4C", melds=melds)
    g.apply(Draw())
    listed = _same_everywhere(g)
    onto_nines = [a for a in listed if isinstance(a, Meld) and a.onto == (Rank.NINE,)
                  and all(c.is_wild for c in a.groups[0])]
    assert not onto_nines  # locked while the meld of wild cards is short
    g.apply(Meld([C("2C 2D 2H 2S")], [WILD_MELD]))  # now a canasta of seven wild cards
    listed = _same_everywhere(g)
    onto_nines = [a for a in listed if isinstance(a, Meld) and a.onto == (Rank.NINE,)
                  and all(c.is_wild for c in a.groups[0])]
    assert [a.groups[0] for a in onto_nines] == [tuple(C("JK"))]


def _discards(g: Game) -> list[str]:
    return [a.card.label for a in _same_everywhere(g) if isinstance(a, Discard)]


def test_a_dead_rank_kept_off_an_empty_pile_follows_the_dead_ranks():
    """The discard hooks move generation asks are remembered by the pile being empty
    and by the ranks nobody may meld: a natural canasta of nines closes them, a mixed one
    does not, in two games sharing the rule units."""
    others = ["4S 6C 8S 10D", "4H 6H 10S 8C", "4D 8D 10H 6S"]
    dead = Game.scripted(MA, ["9C 5S 6D", *others], stock="KH", pile="",
                         melds={1: ["9S 9H 9D 9C 9S 9H 9D"]})
    dead.apply(Draw())
    assert _discards(dead) == ["5S", "6D", "KH"]
    live = Game.scripted(MA, ["9C 5S 6D", *others], stock="KH", pile="",
                         melds={1: ["9S 9H 9D 9C 9S 9H JK"]})
    live.apply(Draw())
    assert live.units is dead.units
    assert _discards(live) == ["9C", "5S", "6D", "KH"]
    assert _discards(dead) == ["5S", "6D", "KH"]
