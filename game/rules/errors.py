"""Refusals carry a message key and its values; the sentence is made by the i18n layer."""

from __future__ import annotations

from typing import Any

from game.i18n import tr


class IllegalMove(Exception):
    """A refused move: a message key and its values (the sentence comes from the catalogues)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params: dict[str, Any] = params
        super().__init__(key)

    @property
    def reason(self) -> str:
        """The refusal as a sentence in the language shown."""
        return tr(self.key, **self.params)

    def __str__(self) -> str:
        return self.reason


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
