"""Modern rules on where wild cards may go once the side has made its initial meld:
ranks that take them only in the initial meld (aces), the rule of five, and the lock of
an unfinished meld of wild cards (docs/RULES.md, modern-american, melds)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..cards import Card, Rank
from ..meldkeys import CANASTA_SIZE, WILD_MELD
from ..ruleset import RuleSet
from .base import NO_LIMIT, Melding, Refusal, Rule, refuse

if TYPE_CHECKING:
    from ..engine import Game


def _wilds(cards: Iterable[Card]) -> int:
    return sum(1 for c in cards if c.is_wild)


class OpeningOnlyWildRanks(Rule):
    """Aces take wild cards only within the side's initial meld."""

    when_opening = False
    only_with_wilds = True
    within_wild_room = True  # its `wild_room` leaves aces no room after the opening

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self.only_ranks = frozenset(rules.opening_only_wild_ranks)

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return bool(rules.opening_only_wild_ranks)

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if m.opening:
            return None
        for rank, cards in m.targets.items():
            if rank in self.rules.opening_only_wild_ranks and _wilds(cards):
                return refuse("meld.wilds_first_meld_only", rank=Rank(rank))
        return None

    def wild_room(self, rank: int, naturals: int, wilds: int, opened: bool) -> int:
        return 0 if opened and rank in self.rules.opening_only_wild_ranks else NO_LIMIT


class RuleOfFive(Rule):
    """After the initial meld a wild card goes only into a meld with at least five
    naturals (counting those laid with it), or into a meld of wild cards."""

    when_opening = False
    only_with_wilds = True
    within_wild_room = True  # its `wild_room` counts the naturals as the hook does

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.rule_of_five > 0

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if m.opening:
            return None
        need = self.rules.rule_of_five
        for rank, cards in m.targets.items():
            if rank == WILD_MELD:
                continue
            wild = _wilds(cards)
            if not wild:
                continue
            existing = m.side_melds.get(rank)
            if len(cards) - wild + (existing.naturals if existing else 0) < need:
                return refuse("meld.rule_of_five", rank=Rank(rank), count=need)
        return None

    def wild_room(self, rank: int, naturals: int, wilds: int, opened: bool) -> int:
        if opened and rank != WILD_MELD and naturals < self.rules.rule_of_five:
            return 0
        return NO_LIMIT


class WildMeldLock(Rule):
    """While the side has an unfinished meld of wild cards, no wild card goes into any
    other meld."""

    only_with_wilds = True
    only_while_wild_meld_short = True

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.wild_meld_locks

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        wm = m.side_melds.get(WILD_MELD)
        size = wm.size if wm is not None else 0
        added = m.targets.get(WILD_MELD)
        if added is not None:
            size += len(added)
        elif wm is None:
            return None
        if not self.locks_wilds(size):
            return None
        for rank, cards in m.targets.items():
            if rank != WILD_MELD and _wilds(cards):
                return refuse("meld.wild_meld_lock")
        return None

    def locks_wilds(self, wild_meld_size: int) -> bool:
        """Whether the side's meld of wild cards, of this size once the move is made (0:
        none), bars wild cards from its other melds."""
        return 0 < wild_meld_size < CANASTA_SIZE
