"""The interface every computer player implements, and how to make one by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.rules.actions import Action
from game.rules.view import PlayerView


class Player(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Action:
        """The move to make; `view.legal` holds the engine's canonical legal moves."""

    def answer_go_out(self, view: PlayerView) -> bool:
        """Partner asked "may I go out?": the answer."""


# name -> factory(seed) ; other modules register stronger players here
REGISTRY: dict[str, Callable[[int], Player]] = {}


def register(name: str, factory: Callable[[int], Player]) -> None:
    REGISTRY[name] = factory


def make_player(name: str, seed: int = 0) -> Player:
    if name not in REGISTRY:
        raise ValueError(f"Unknown player {name!r}; choose from {', '.join(sorted(REGISTRY))}")
    return REGISTRY[name](seed)
