"""The rules engine: pure Python, never imports pygame.

The names below load on first use (PEP 562): the settings read `game.rules.ruleset` at
start-up, and importing the whole engine with it would delay the menu's first frame.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import (
        Action,
        AnswerGoOut,
        AskGoOut,
        Discard,
        Draw,
        Meld,
        NextHand,
        PassPile,
        TakePile,
    )
    from .cards import Card, Rank, Suit, parse_cards
    from .engine import Game, Phase
    from .errors import GameStateError, IllegalMove
    from .ruleset import VARIANTS, RuleSet

_HOMES = {
    "actions": ("Action", "AnswerGoOut", "AskGoOut", "Discard", "Draw", "Meld", "NextHand",
                "PassPile", "TakePile"),
    "cards": ("Card", "Rank", "Suit", "parse_cards"),
    "engine": ("Game", "Phase"),
    "errors": ("GameStateError", "IllegalMove"),
    "ruleset": ("VARIANTS", "RuleSet"),
}
_WHERE = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "Action", "AnswerGoOut", "AskGoOut", "Card", "Discard", "Draw", "Game", "GameStateError",
    "IllegalMove", "Meld", "NextHand", "PassPile", "Phase", "Rank", "RuleSet", "Suit",
    "TakePile", "VARIANTS", "parse_cards",
]


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value
