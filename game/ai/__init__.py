"""Computer players. Each sees only a `PlayerView` of the game."""

from . import expert  # noqa: F401 - registers the reference opponent
from .base import Player, make_player
from .heuristic import HeuristicPlayer
from .simple import GreedyPlayer, RandomPlayer

__all__ = ["GreedyPlayer", "HeuristicPlayer", "Player", "RandomPlayer", "make_player"]
