"""Refusals carry a message key and its values (numbers, ranks, cards); the sentence is
made at the edge, by the translation layer (`game.i18n.say`), never here."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Rank

# what a refusal names: a count or a score, a rank, or a card (by its label)
RefusalValue = int | str | Rank


def plays_alone(side_of: Sequence[int], seat: int) -> bool:
    """Whether no other seat shares `seat`'s side (`side_of`: each seat's side, as the
    engine keeps it, so cut-throat's partnership counts once it has formed)."""
    side = side_of[seat]
    return sum(1 for s in side_of if s == side) == 1


class IllegalMove(Exception):
    """A refused move: a message key and its values (the sentence comes from the
    catalogues). `key` names the rule that refuses it, whoever asks; `alone` is set by
    `Game.check` when the player has no partner, so the sentence says "you" where a
    partnership reads "your side"."""

    def __init__(self, key: str, **params: RefusalValue) -> None:
        self.key = key
        self.params: dict[str, RefusalValue] = params
        self.alone = False
        super().__init__(key)

    def __str__(self) -> str:
        values = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.key} ({values})" if values else self.key


class GameStateError(ValueError):
    """A saved or scripted state that cannot be a real game position.

    `field` names the value at fault when there is one ("rules.decks", "hands[2]"), and
    `problem` says what is wrong with it ("value", "missing", "unknown_variant",
    "unknown_option"; `name` is then the unknown name), so the save loader can tell the
    player in their language which part of a file is bad."""

    def __init__(self, message: str, field: str | None = None, problem: str = "value",
                 name: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.problem = problem
        self.name = name
