"""The moves a player can make, as frozen dataclasses.

Card lists are stored as tuples so actions are hashable and comparable; the constructors
accept any iterable. Copies of a card from different decks are interchangeable.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, Rank, format_cards, parse_card
from .json_values import JsonObject


def _cards(seq: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(seq)


def _groups(seq: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(g) for g in seq)


@dataclass(frozen=True, slots=True)
class Action:
    """A move a player may make; `Game.legal_actions()` lists them and `Game.apply()` plays one."""

    def to_dict(self) -> JsonObject:
        """The move as plain JSON values, as saves and move logs store it (`action_from_dict` reads
        it back)."""
        raise NotImplementedError

    def describe(self) -> str:
        """The move in a few words for logs and the command line."""
        return str(self)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw from the stock (the rule set says how many cards)."""

    def to_dict(self) -> JsonObject:
        return {"type": "draw"}

    def __str__(self) -> str:
        return "Draw"


@dataclass(frozen=True, slots=True)
class TakePile(Action):
    """Take the discard pile: `cards` from the hand are melded with the top card;
    `melds` are further melds laid in the same move (an opening)."""

    cards: tuple[Card, ...] = ()
    melds: tuple[tuple[Card, ...], ...] = ()

    def __init__(self, cards: Iterable[Card] = (), melds: Iterable[Iterable[Card]] = ()) -> None:
        object.__setattr__(self, "cards", _cards(cards))
        object.__setattr__(self, "melds", _groups(melds))

    @classmethod
    def of(cls, cards: tuple[Card, ...]) -> TakePile:
        """Build from a tuple of hand cards, with no further melds (the engine's hot path)."""
        obj = _new(cls)
        _SET_CARDS(obj, cards)
        _SET_MELDS(obj, ())
        return obj

    def to_dict(self) -> JsonObject:
        return {"type": "take_pile", "cards": _labels(self.cards),
                "melds": [_labels(g) for g in self.melds]}

    def __str__(self) -> str:
        extra = "".join(f" + [{format_cards(g)}]" for g in self.melds)
        return f"TakePile[{format_cards(self.cards)}]{extra}"


@dataclass(frozen=True, slots=True)
class Meld(Action):
    """New melds and lay-offs in one move. A group whose cards are all wild names the
    rank of the meld it joins in `onto` (same position; None elsewhere)."""

    groups: tuple[tuple[Card, ...], ...] = ()
    onto: tuple[Rank | None, ...] = ()

    def __init__(self, groups: Iterable[Iterable[Card]] = (),
                 onto: Iterable[int | None] = ()) -> None:
        object.__setattr__(self, "groups", _groups(groups))
        object.__setattr__(self, "onto", tuple(None if r is None else Rank(r) for r in onto))

    @classmethod
    def of(cls, groups: tuple[tuple[Card, ...], ...], onto: tuple[Rank | None, ...] = ()
           ) -> Meld:
        """Build from tuples that are already in canonical form (the engine's hot path)."""
        obj = _new(cls)
        _SET_GROUPS(obj, groups)
        _SET_ONTO(obj, onto)
        return obj

    def target(self, i: int) -> Rank | None:
        """The meld group `i` is laid onto (its rank), or None when the group makes its own meld."""
        return self.onto[i] if i < len(self.onto) else None

    def to_dict(self) -> JsonObject:
        return {"type": "meld", "groups": [_labels(g) for g in self.groups],
                "onto": [None if r is None else int(r) for r in self.onto]}

    def __str__(self) -> str:
        parts = []
        for i, g in enumerate(self.groups):
            t = self.target(i)
            parts.append(f"[{format_cards(g)}]" + (f"->{t.label}" if t is not None else ""))
        return "Meld" + " ".join(parts)


# the slots' own setters, which `of` fills a frozen action through (what object.__setattr__
# comes to in the end): move generation builds a Meld for every group it lists
_new = object.__new__
_SET_CARDS = TakePile.cards.__set__  # type: ignore[attr-defined,misc]
_SET_MELDS = TakePile.melds.__set__  # type: ignore[attr-defined,misc]
_SET_GROUPS = Meld.groups.__set__  # type: ignore[attr-defined,misc]
_SET_ONTO = Meld.onto.__set__  # type: ignore[attr-defined,misc]


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard `card` and end the turn."""

    card: Card

    def to_dict(self) -> JsonObject:
        return {"type": "discard", "card": self.card.label}

    def __str__(self) -> str:
        return f"Discard {self.card.label}"


@dataclass(frozen=True, slots=True)
class AskGoOut(Action):
    """Ask the partner for permission to go out."""

    def to_dict(self) -> JsonObject:
        return {"type": "ask_go_out"}

    def __str__(self) -> str:
        return "AskGoOut"


@dataclass(frozen=True, slots=True)
class AnswerGoOut(Action):
    """The partner's answer to "may I go out?"."""

    yes: bool

    def to_dict(self) -> JsonObject:
        return {"type": "answer_go_out", "yes": self.yes}

    def __str__(self) -> str:
        return "Answer " + ("yes" if self.yes else "no")


@dataclass(frozen=True, slots=True)
class PassPile(Action):
    """At the end of the stock: decline the pile (the hand then ends)."""

    def to_dict(self) -> JsonObject:
        return {"type": "pass_pile"}

    def __str__(self) -> str:
        return "PassPile"


@dataclass(frozen=True, slots=True)
class NextHand(Action):
    """After the score of a hand has been shown: deal the next one."""

    def to_dict(self) -> JsonObject:
        return {"type": "next_hand"}

    def __str__(self) -> str:
        return "NextHand"


def _labels(cards: Iterable[Card]) -> list[str]:
    return [c.label for c in cards]


def _parsed(v: object) -> list[Card]:
    """A list of card texts read back (TypeError when it is not one)."""
    if not isinstance(v, list) or not all(isinstance(c, str) for c in v):
        raise TypeError("expected a list of cards")
    return [parse_card(c) for c in v]


def _parsed_groups(v: object) -> list[list[Card]]:
    if not isinstance(v, list):
        raise TypeError("expected a list of groups")
    return [_parsed(g) for g in v]


def _ranks_or_none(v: object) -> list[int | None]:
    if not isinstance(v, list) or not all(r is None or isinstance(r, int) for r in v):
        raise TypeError("expected a list of ranks or nulls")
    return v


def action_from_dict(d: object) -> Action:
    """The move a `to_dict()` wrote; ValueError when the data names no move."""
    if not isinstance(d, dict):
        raise ValueError(f"Not a valid action: {d!r} (not an object)")
    try:
        kind = d["type"]
        if kind == "draw":
            return Draw()
        if kind == "take_pile":
            return TakePile(_parsed(d.get("cards", [])), _parsed_groups(d.get("melds", [])))
        if kind == "meld":
            return Meld(_parsed_groups(d["groups"]), _ranks_or_none(d.get("onto", [])))
        if kind == "discard":
            card = d["card"]
            if not isinstance(card, str):
                raise TypeError("expected a card")
            return Discard(parse_card(card))
        if kind == "ask_go_out":
            return AskGoOut()
        if kind == "answer_go_out":
            return AnswerGoOut(bool(d["yes"]))
        if kind == "pass_pile":
            return PassPile()
        if kind == "next_hand":
            return NextHand()
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"Not a valid action: {d!r} ({e})") from None
    raise ValueError(f"Unknown action type: {d.get('type')!r}")
