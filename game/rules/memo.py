"""What one game works out from its rule units on first use and keeps for its life
(`CountTables`): answers that depend on counts alone, too many to work out for every
count beforehand as `RuleUnits` does for the rest.

A game's copies share its tables (`Game.copy`: the hints try moves on copies, on the
game's own thread), and so do the worlds one search deals on its thread when it hands
them one (`Game.resample`); every other game, and every thread's game, has its own, so
nothing shared between threads is ever written."""

from __future__ import annotations

from dataclasses import dataclass, field

from .openers import OpeningTables
from .units import DiscardHook, GroupKey, GroupShape, RuleUnits, shapes_of

# past this many answers a table is emptied (a game's keys are few; a bound all the same)
_MOST_KEPT = 1 << 14


@dataclass(slots=True)
class CountTables:
    """The units' answers a game remembered, by all they read: the groups of a meld key
    (`counts`, and `shapes` as move generation reads them), the discard hooks by
    pile and dead ranks, the take units' bounds under a natural top by (pile frozen,
    side not melded) (see `units.base`), and what the opening search worked out
    (`openers`)."""

    units: RuleUnits
    counts: dict[GroupKey, tuple[tuple[int, int, int], ...]] = field(default_factory=dict)
    shapes: dict[GroupKey, tuple[GroupShape, ...]] = field(default_factory=dict)
    discards: dict[tuple[bool, frozenset[int]],
                   tuple[dict[int, tuple[DiscardHook, ...]], frozenset[int]]] = field(
        default_factory=dict)
    take_bounds: dict[tuple[bool, bool], tuple[int, int]] = field(default_factory=dict)
    openings: OpeningTables = field(default_factory=OpeningTables)

    def group_counts(self, key: GroupKey) -> tuple[tuple[int, int, int], ...]:
        """`RuleUnits.group_counts(*key)` (worked out beforehand for a new meld), remembered."""
        out = self.counts.get(key)
        if out is None:
            if len(self.counts) >= _MOST_KEPT:
                self.counts.clear()
            out = self.units.new_groups.get(key)
            out = self.counts[key] = out if out is not None else self.units.group_counts(*key)
        return out

    def group_shapes(self, key: GroupKey) -> tuple[GroupShape, ...]:
        """`group_counts(key)` as (naturals, jokers, 2s, their sum, whether any is wild)."""
        out = self.shapes.get(key)
        if out is None:
            if len(self.shapes) >= _MOST_KEPT:
                self.shapes.clear()
            out = self.shapes[key] = shapes_of(self.group_counts(key))
        return out

    def discard_hooks(self, pile_empty: bool, dead: frozenset[int]
                      ) -> tuple[dict[int, tuple[DiscardHook, ...]], frozenset[int]]:
        """`RuleUnits.discard_hooks`, remembered."""
        key = (pile_empty, dead)
        out = self.discards.get(key)
        if out is None:
            if len(self.discards) >= _MOST_KEPT:
                self.discards.clear()
            out = self.discards[key] = self.units.discard_hooks(pile_empty, dead)
        return out
