"""How melds are named and told apart: the keys of the two melds that are not of one
natural rank, the kinds of canasta, and a rank as a message parameter.

Kept apart from `melds` so the rule units can read these without importing the meld
machinery that reads the units."""

from __future__ import annotations

from enum import Enum

from game.i18n import tr

from .cards import _RANK_BY_LABEL, Rank

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


class RankWord(str):
    """A rank as a message parameter: its value is the label ("7"), so it stays plain
    data, but it prints as the translated plural word ("Sevens") when a sentence is made,
    in whatever language is current at that moment."""

    __slots__ = ()

    def __new__(cls, rank: int) -> RankWord:
        return super().__new__(cls, Rank(rank).label)

    def __str__(self) -> str:
        return tr("rank.plural." + str.__str__(self))

    def __reduce__(self) -> tuple[type[RankWord], tuple[int]]:
        # rebuilt from the rank, not the label: copy and pickle would pass "7" to __new__
        return (RankWord, (_RANK_BY_LABEL[str.__str__(self)],))
