"""Rules on a meld's shape: its size, the 7-card cap, the wild-card limits, ranks that
never take wild cards, melds of wild cards, black 3s, and ranks closed by a natural
canasta (docs/RULES.md, "Melds" of each variant)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, Rank
from ..meldkeys import BLACK_THREES, CANASTA_SIZE, WILD_MELD
from ..ruleset import RuleSet
from .base import NO_LIMIT, Melding, Refusal, Rule, refuse

if TYPE_CHECKING:
    from ..actions import TakePile
    from ..engine import Game


class DeadRanks(Rule):
    """Modern: a natural canasta of a rank, by either side, closes that rank to melds
    and to taking the pile; it goes onto an empty pile only when nothing else may."""

    only_dead_ranks = True
    discard_on_empty_pile = True
    discard_dead_ranks_only = True

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.dead_ranks

    def target(self, g: Game, m: Melding, rank: int, existing: Game, cards: list[Card]) -> Refusal | None:
        if rank in g.dead_ranks():  # said first: the shape of a dead rank's meld is moot
            return refuse("meld.dead_rank", rank=Rank(rank))
        return None

    def take(self, g: Game, action: TakePile, top: Card) -> Refusal | None:
        if top.rank in g.dead_ranks():
            return refuse("take.dead_rank", rank=top.rank)
        return None

    def discard(self, g: Game, hand: list[Card], card: Card) -> Refusal | None:
        if g.pile.cards or card.rank not in g.dead_ranks():
            return None
        dead = g.dead_ranks()
        for c in hand:
            if c.rank not in dead and g.discard_refusal(hand, c) is None:
                return refuse("discard.dead_rank", rank=card.rank)
        return None


class BlackThreeMelds(Rule):
    """Classic: three or four black 3s, no wild cards, one such meld."""

    section = "threes"
    only_ranks = frozenset({BLACK_THREES})

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.meld_black_threes and not rules.lay_out_black_threes

    def target(self, g: Game, m: Melding, rank: int, existing: Game, cards: list[Card]) -> Refusal | None:
        if rank == BLACK_THREES and existing is not None:
            return refuse("meld.black_threes")
        return None

    def shape(self, rank: int, naturals: int, wilds: int, new: bool) -> Refusal | None:
        if rank == BLACK_THREES and (wilds or naturals not in (3, 4)):
            return refuse("meld.black_threes")
        return None


class WildMelds(Rule):
    """A meld of wild cards only: allowed with `wild_canasta`, from `wild_meld_min`."""

    def shape(self, rank: int, naturals: int, wilds: int, new: bool) -> Refusal | None:
        if rank != WILD_MELD:
            return None
        r = self.rules
        if not r.wild_canasta:
            return refuse("meld.wild_only")
        if new and naturals + wilds < r.wild_meld_min:
            if r.wild_meld_min >= CANASTA_SIZE:
                return refuse("meld.wild_canasta_complete")
            return refuse("meld.wild_meld_small", count=r.wild_meld_min)
        return None


class MeldSize(Rule):
    """Three cards or more."""

    def shape(self, rank: int, naturals: int, wilds: int, new: bool) -> Refusal | None:
        if naturals + wilds < 3 and rank != WILD_MELD and rank != BLACK_THREES:
            return refuse("meld.too_small", rank=Rank(rank))
        return None


class SizeCap(Rule):
    """Modern: never more than seven cards in a meld."""

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.max_meld_size > 0

    def shape(self, rank: int, naturals: int, wilds: int, new: bool) -> Refusal | None:
        cap = self.rules.max_meld_size
        if naturals + wilds > cap and rank != BLACK_THREES:
            return refuse("meld.too_big", count=cap)
        return None

    def wild_room(self, rank: int, naturals: int, wilds: int, opened: bool) -> int:
        return self.rules.max_meld_size - naturals - wilds


class WildFreeRanks(Rule):
    """Modern: sevens never take a wild card."""

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return bool(rules.wild_free_ranks)

    def shape(self, rank: int, naturals: int, wilds: int, new: bool) -> Refusal | None:
        if wilds and rank in self.rules.wild_free_ranks:
            return refuse("meld.no_wilds", rank=Rank(rank))
        return None

    def wild_room(self, rank: int, naturals: int, wilds: int, opened: bool) -> int:
        return 0 if rank in self.rules.wild_free_ranks else NO_LIMIT


class WildLimits(Rule):
    """At most `max_wilds` wild cards, and more naturals than wild cards (or, by the
    "hoyle" option, at least two naturals)."""

    lenient_for_naturals = True

    def shape(self, rank: int, naturals: int, wilds: int, new: bool) -> Refusal | None:
        if rank == WILD_MELD or rank == BLACK_THREES:
            return None
        r = self.rules
        if wilds > r.max_wilds:
            return refuse("meld.too_many_wilds", rank=Rank(rank), count=r.max_wilds)
        if r.wild_ratio == "hoyle":
            if naturals < 2:
                return refuse("meld.hoyle_ratio", rank=Rank(rank))
        elif naturals <= wilds:
            return refuse("meld.ratio", rank=Rank(rank))
        return None

    def wild_room(self, rank: int, naturals: int, wilds: int, opened: bool) -> int:
        if rank == WILD_MELD:
            return NO_LIMIT
        r = self.rules
        room = r.max_wilds - wilds
        if r.wild_ratio != "hoyle":
            room = min(room, naturals - 1 - wilds)
        return room
