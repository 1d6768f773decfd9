"""How melds are named and told apart: the keys of the two melds that are not of one
natural rank, and the kinds of canasta.

Kept apart from `melds` so the rule units can read these without importing the meld
machinery that reads the units."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from .cards import Card, Rank

BLACK_THREES = Rank.THREE  # key of the black-3 meld a player may lay when going out
WILD_MELD = Rank.JOKER  # key of a meld made only of wild cards
CANASTA_SIZE = 7


class CanastaKind(Enum):
    """What a meld is, as a canasta: the one definition the engine, the views, the
    scoring and the table read. A meld of wild cards is its own kind, never natural."""

    NATURAL = "natural"
    MIXED = "mixed"
    WILD = "wild"

    __hash__ = object.__hash__


def canasta_kind(rank: int, wilds: int) -> CanastaKind:
    """The kind of a meld of `rank` holding `wilds` wild cards (complete or not)."""
    if rank == WILD_MELD:
        return CanastaKind.WILD
    return CanastaKind.MIXED if wilds else CanastaKind.NATURAL


class MeldShape:
    """What a meld's rank, cards and wild cards say of it: one definition for the engine's
    melds on the table and the views' snapshots of them."""

    __slots__ = ()
    rank: Rank
    cards: Sequence[Card]
    wilds: int

    @property
    def size(self) -> int:
        """How many cards the meld holds."""
        return len(self.cards)

    @property
    def is_canasta(self) -> bool:
        """Seven cards or more."""
        return len(self.cards) >= CANASTA_SIZE

    @property
    def kind(self) -> CanastaKind:
        """Natural, mixed or wild, by the meld's rank and its wild cards."""
        return canasta_kind(self.rank, self.wilds)

    @property
    def is_natural(self) -> bool:
        """No wild card in it: a meld of wild cards is never natural."""
        return self.kind is CanastaKind.NATURAL
