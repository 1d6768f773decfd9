"""The rules engine: pure Python, never imports pygame."""

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

__all__ = [
    "Action", "AnswerGoOut", "AskGoOut", "Card", "Discard", "Draw", "Game",
    "GameStateError", "IllegalMove", "Meld", "NextHand", "PassPile", "Phase", "Rank",
    "RuleSet", "Suit", "TakePile", "VARIANTS", "parse_cards",
]
