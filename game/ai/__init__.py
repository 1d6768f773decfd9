"""Computer players. Each sees only a `PlayerView` of the game."""

from .base import Player, make_player
from .simple import GreedyPlayer, RandomPlayer

__all__ = ["GreedyPlayer", "Player", "RandomPlayer", "make_player"]
