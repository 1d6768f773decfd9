"""Refusals carry a message key and its values; the sentence is made by the i18n layer."""

from __future__ import annotations

from game.i18n import tr


class IllegalMove(Exception):
    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    @property
    def reason(self) -> str:
        return tr(self.key, **self.params)

    def __str__(self) -> str:
        return self.reason


class GameStateError(ValueError):
    """A saved or scripted state that cannot be a real game position."""
