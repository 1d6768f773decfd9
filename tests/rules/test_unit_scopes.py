"""The units' scopes (`Rule.only_ranks`, `only_with_wilds`, `only_dead_ranks`,
`within_wild_room`, `only_while_wild_meld_short`, `discard_ranks`,
`discard_on_empty_pile`, `discard_dead_ranks_only`) only spare move generation questions whose answer is known:
generating with every unit asked about every move gives the same list, in the same order,
and the moves judged without a plan apply exactly like judged ones."""

import dataclasses
import random

import pytest

from game.rules import VARIANTS, Game
from game.rules.memo import CountTables
from game.rules.units import RuleUnits
from tests.rules.completeness import positions

NAMES = sorted(VARIANTS)


class _Unscoped(RuleUnits):
    """The same units with every scope ignored: each hook is asked about every move."""

    def beyond_scopes(self, opening: bool, rank: int, wild: bool, left: int,
                      short: bool = True) -> bool:
        return False

    def discard_hooks(self, pile_empty: bool, dead: frozenset = frozenset()) -> tuple:
        return {rank: self.discard for rank in range(14)}, frozenset(range(256))


def _unscoped(g: Game) -> Game:
    twin = Game.from_dict(g.to_dict())
    fields = {f.name: getattr(g.units, f.name) for f in dataclasses.fields(g.units) if f.init}
    twin.units = _Unscoped(**fields)  # its tables worked out afresh, without scopes
    twin.cache.tables = CountTables(twin.units)  # nothing answered with scopes is kept
    return twin


def test_the_unscoped_twin_overrides_what_move_generation_asks():
    """A renamed scope question would leave the twin asking with scopes, proving nothing."""
    own = {k for k, v in vars(_Unscoped).items() if callable(v)}
    assert own == {"beyond_scopes", "discard_hooks"} and own <= set(vars(RuleUnits))


def test_every_unit_speaks_in_the_declared_order_once():
    """`ORDER` names every rule unit the modules define, each once."""
    import inspect

    from game.rules.units import ORDER, discards, going_out, opening, placement, shapes, taking
    from game.rules.units.base import Rule

    defined = {cls for module in (discards, going_out, opening, placement, shapes, taking)
               for _, cls in inspect.getmembers(module, inspect.isclass)
               if issubclass(cls, Rule) and cls is not Rule and cls.__module__ == module.__name__}
    assert len(ORDER) == len(set(ORDER)) and set(ORDER) == defined


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("agent", ["random", "normal"])
def test_scoped_generation_equals_asking_every_unit(name, agent):
    rng = random.Random(5)
    checked = 0
    for g in positions(name, agent, seed=4, count=120, every=0.4):
        twin = _unscoped(g)
        listed = g.legal_actions()
        assert listed == twin.legal_actions(), g.phase
        if not listed:
            continue
        i = rng.randrange(len(listed))
        # the scoped move applies from its plan made at apply, the twin's from its judge
        probe, twin_probe = Game.from_dict(g.to_dict()), twin
        probe.legal_actions()
        assert probe.apply(probe.legal_actions()[i]) == twin_probe.apply(twin.legal_actions()[i])
        assert probe.to_dict() == twin_probe.to_dict()
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", NAMES)
def test_fewer_naturals_than_least_naturals_make_no_new_meld(name):
    """`RuleUnits.least_naturals` only skips ranks `group_counts` has no group for."""
    units = Game.new(VARIANTS[name], seed=1).units
    sharper = 0
    for opened in (False, True):
        for held in range(12):
            least = units.least_naturals[opened][min(held, 8)]
            sharper += least > units.least_new - held
            for rank in (1, *range(4, 14)):
                for k in range(1, min(least, 12)):
                    for jokers in range(held + 1):
                        assert not units.group_counts(rank, k, jokers, held - jokers, 0, 0, True,
                                                      opened), (opened, held, rank, k)
    assert sharper  # (it is sharper than `least_new` in every variant)
