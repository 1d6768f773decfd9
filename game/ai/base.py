"""The interface every computer player implements, and how to make one by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.rules.actions import Action, AnswerGoOut
from game.rules.engine import Phase
from game.rules.view import PlayerView


class Player(Protocol):
    """What the game asks of a computer player: a move for its turn and an answer when its partner
    asks to go out."""

    name: str

    def choose(self, view: PlayerView) -> Action:
        """The move to make; `view.legal` holds the engine's canonical legal moves."""

    def answer_go_out(self, view: PlayerView) -> bool:
        """Partner asked "may I go out?": the answer."""


def act(player: Player, view: PlayerView) -> Action:
    """The player's move in `view`: its answer when its partner asks to go out, else its choice."""
    if view.phase is Phase.ASK_PARTNER:
        return AnswerGoOut(bool(player.answer_go_out(view)))
    return player.choose(view)


# name -> factory(seed) ; other modules register stronger players here
REGISTRY: dict[str, Callable[[int], Player]] = {}


def register(name: str, factory: Callable[[int], Player]) -> None:
    """Make the player `name` available to `make_player` (and so to the CLI and the New game form)."""
    REGISTRY[name] = factory


def make_player(name: str, seed: int = 0) -> Player:
    """A new player of the registered kind `name`, seeded; ValueError for an unknown name."""
    if name not in REGISTRY:
        raise ValueError(f"Unknown player {name!r}; choose from {', '.join(sorted(REGISTRY))}")
    return REGISTRY[name](seed)
