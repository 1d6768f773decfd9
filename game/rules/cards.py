"""Cards, ranks, suits and decks.

A `Card` remembers which physical deck it came from (`deck`) so conservation checks can
tell copies apart, but two copies compare equal: actions name cards by rank and suit only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache


class Rank(IntEnum):
    """A card rank: ace 1 to king 13, jokers 0 (the values saves and card codes use)."""

    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    # Enum hashes by name in Python code; ranks key the engine's hottest dicts, and an
    # int hash also makes Rank.ACE and 1 the same key.
    __hash__ = int.__hash__

    @property
    def label(self) -> str:
        """How the rank is written on cards and in saves: "A", "10", "K", "JK"."""
        return RANK_LABELS[self]

    @property
    def is_wild(self) -> bool:
        """Jokers and 2s: the cards that stand in for a natural rank in a meld."""
        return self is Rank.JOKER or self is Rank.TWO

    @property
    def is_three(self) -> bool:
        """3s never meld as a rank of their own (red ones are laid out, black ones stop the pile)."""
        return self is Rank.THREE

    @property
    def is_natural(self) -> bool:
        """4 to A: the ranks that can be melded."""
        return self is Rank.ACE or self >= Rank.FOUR


# the ranks that meld as a rank of their own: ace, and 4 to king
NATURAL_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r.is_natural)


class Suit(IntEnum):
    """A suit; the int value orders the suits as the decks are built."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def label(self) -> str:
        """The suit's letter in card labels: S, H, D or C."""
        return "SHDC"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds (which makes a 3 a red three)."""
        return self is Suit.HEARTS or self is Suit.DIAMONDS


RANK_LABELS = {
    Rank.JOKER: "JK", Rank.ACE: "A", Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4",
    Rank.FIVE: "5", Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9",
    Rank.TEN: "10", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K",
}
_RANK_BY_LABEL = {v: k for k, v in RANK_LABELS.items()}
_SUIT_BY_LABEL = {s.label: s for s in Suit}


_CODES_PER_RANK = 5  # a code per suit, and one for a joker


def code_rank(code: int) -> Rank:
    """The rank of the cards with this `Card.code`."""
    return Rank(code // _CODES_PER_RANK)


@dataclass(frozen=True, eq=False, slots=True)
class Card:
    """One physical card: rank, suit (None for a joker) and the deck it came from."""

    rank: Rank
    suit: Suit | None  # None for jokers
    deck: int = field(default=0)
    # rank * 5 + suit (jokers: suit slot 4); equal for copies from different decks.
    code: int = field(init=False, repr=False)
    # what the engine asks of every card in its inner loops, worked out once per card
    is_wild: bool = field(init=False, repr=False)
    is_three: bool = field(init=False, repr=False)
    is_red_three: bool = field(init=False, repr=False)
    is_black_three: bool = field(init=False, repr=False)
    is_natural: bool = field(init=False, repr=False)
    # (code, deck): unique for every physical card in a game
    identity: tuple[int, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        rank, suit = Rank(self.rank), self.suit  # the rank's own answers, worked out once per card
        three = rank.is_three
        red = suit is not None and Suit(suit).is_red
        object.__setattr__(self, "code", rank * _CODES_PER_RANK + (4 if suit is None else suit))
        object.__setattr__(self, "is_wild", rank.is_wild)
        object.__setattr__(self, "is_three", three)
        object.__setattr__(self, "is_red_three", three and red)
        object.__setattr__(self, "is_black_three", three and not red and suit is not None)
        object.__setattr__(self, "is_natural", rank.is_natural)
        object.__setattr__(self, "identity", (self.code, self.deck))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.code == self.code

    def __hash__(self) -> int:
        return self.code

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Card({self.label})"

    @property
    def label(self) -> str:
        """The card as written in saves and tests: "KH", "10S", "JK"."""
        if self.suit is None:
            return "JK"
        return RANK_LABELS[self.rank] + self.suit.label


def parse_card(token: str) -> Card:
    """The card a label names ("KH", "10s", "JK"); ValueError for anything else."""
    t = token.strip().upper()
    if t in ("JK", "JOKER", "*"):
        return Card(Rank.JOKER, None)
    rank = _RANK_BY_LABEL.get(t[:-1])
    suit = _SUIT_BY_LABEL.get(t[-1:])
    if rank is None or suit is None or rank is Rank.JOKER:
        raise ValueError(f"Not a card: {token!r} (write e.g. KH, 10S, 2C or JK)")
    return Card(rank, suit)


def parse_cards(text: str | list[str] | tuple[str, ...]) -> list[Card]:
    """`parse_cards("KH 10S JK")`; raises ValueError naming the first bad token."""
    tokens = text.split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


def make_decks(decks: int, jokers_per_deck: int = 2) -> list[Card]:
    """Every physical card, in a fixed order (a new list each call; cards are immutable
    and shared)."""
    return list(_decks(decks, jokers_per_deck))


@cache
def _decks(decks: int, jokers_per_deck: int) -> tuple[Card, ...]:
    cards = []
    for d in range(decks):
        for suit in Suit:
            for rank in Rank:
                if rank is not Rank.JOKER:
                    cards.append(Card(rank, suit, d))
        for j in range(jokers_per_deck):
            cards.append(Card(Rank.JOKER, None, d * jokers_per_deck + j))
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as their labels separated by spaces, for logs and messages."""
    return " ".join(c.label for c in cards)
