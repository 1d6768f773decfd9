"""How melds are named and told apart: the keys of the two melds that are not of one
natural rank, and the kinds of canasta.

Kept apart from `melds` so the rule units can read these without importing the meld
machinery that reads the units."""

from __future__ import annotations

from enum import Enum

from .cards import Rank

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
