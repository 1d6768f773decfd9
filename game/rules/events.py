"""What happened, as the engine reports it.

`Game.apply` returns a list of these; the table animates them, the sound player plays
them, and the AI's card memory reads them. They carry full information (the cards drawn,
for instance): whoever shows them to a player filters by seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Rank


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in the game, as `Game.apply()` reports it to the table and stats."""


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A new hand was dealt."""

    hand_number: int
    dealer: int
    cards_each: int
    pile_top: Card | None
    pile_size: int


@dataclass(frozen=True, slots=True)
class PileFormed(Event):
    """Italian starting pile: `wilds` were turned and went into the pile, then `buried`
    stock cards went face down under the turned card `upcard`, the pile's top."""

    upcard: Card
    wilds: tuple[Card, ...]
    buried: int


@dataclass(frozen=True, slots=True)
class RedThreeLaidOut(Event):
    """A red three was laid out in front of its owner (`replaced`: a stock card took its place)."""

    seat: int
    card: Card
    replaced: bool


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """`seat` drew these cards from the stock."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PileTaken(Event):
    """`seat` took the discard pile."""

    seat: int
    top: Card
    cards: tuple[Card, ...]  # every card of the pile, bottom to top
    melded: tuple[Card, ...]  # hand cards melded with the top card


@dataclass(frozen=True, slots=True)
class Melded(Event):
    """Cards went onto a meld, new or already on the table."""

    seat: int
    side: int
    rank: Rank | None  # None for a black-3 meld
    cards: tuple[Card, ...]  # the cards added by this move
    new: bool  # a new meld rather than a lay-off
    size: int  # the meld's size afterwards


@dataclass(frozen=True, slots=True)
class CanastaCompleted(Event):
    """A meld reached seven cards."""

    side: int
    rank: Rank | None
    natural: bool
    wild: bool = False


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """`seat` discarded `card`."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class AskedToGoOut(Event):
    """`seat` asked `partner` whether it may go out."""

    seat: int
    partner: int


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """`seat` answered the question to go out."""

    seat: int
    yes: bool


@dataclass(frozen=True, slots=True)
class PilePassed(Event):
    """At the end of the stock: a player did not take the pile, so the hand ends."""

    seat: int


@dataclass(frozen=True, slots=True)
class PartnershipFormed(Event):
    """Cut-throat: the first player to take the pile plays alone against the other two."""

    lone_seat: int
    partners: tuple[int, int]


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """`seat` went out, ending the hand."""

    seat: int
    concealed: bool


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The hand is over, and why."""

    reason: str  # "went_out" | "stock_red_three" | "stock_out" | "pile_passed"


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """The hand was scored."""

    hand_number: int
    totals: tuple[int, ...]  # this hand, per scoring unit (side)
    scores: tuple[int, ...]  # running totals after it


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """The game is over."""

    winners: tuple[int, ...]  # winning side(s)
    scores: tuple[int, ...]
