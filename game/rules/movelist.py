"""A position's legal moves, each with the plan it was judged with (`MoveList`), and what
a game works out about its position and keeps until the position changes (`GameCache`).

A validator returns the plan `Game.apply` carries out. Move generation judges every
move it lists, so it keeps each move's plan beside it: playing a listed move then
carries that plan out without judging the move again."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from .actions import Action, Meld
from .cards import Card
from .memo import CountTables
from .units import Melding

if TYPE_CHECKING:
    from .engine import Phase

    # what a position's move list is valid for besides the cards of the hand to play
    # (`GameCache.hand`): the phase, the seat to play, the stock's and the pile's sizes
    # and partner's answer; any move played makes the list stale in any case
    Position = tuple[Phase, int, int, int, bool | None]


class Later(Enum):
    """A listed move whose plan is made when it is played, from the move alone: the
    units' scopes say none of them may refuse it, and most listed moves are never
    played."""

    PLAN = "plan"


LATER = Later.PLAN

# what a listed move carries: its judged melding, None when the move itself says all
# there is to carry out (a draw, a discard, an answer), or LATER
ListedPlan = Melding | None | Later


class MoveList:
    """The legal moves of one position, in the order `Game.legal_actions()` lists them,
    each with its plan; and the way out that position offers, once looked for."""

    __slots__ = ("actions", "plans", "way_out")

    def __init__(self) -> None:
        self.actions: list[Action] = []
        self.plans: list[ListedPlan] = []
        # (seat, the move that goes out or None), once move generation looked for it
        self.way_out: tuple[int, Meld | None] | None = None

    def add(self, action: Action, plan: ListedPlan) -> None:
        """List `action` with its plan."""
        self.actions.append(action)
        self.plans.append(plan)

    def add_judged(self, actions: Iterable[Action]) -> None:
        """List moves that carry no plan (each says all there is to carry out)."""
        listed = len(self.actions)
        self.actions.extend(actions)
        self.plans.extend([None] * (len(self.actions) - listed))

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, action: Action) -> int | None:
        """Where this very object is listed (an equal move built elsewhere is judged
        afresh: only the listed objects were judged here), or None."""
        for i, listed in enumerate(self.actions):
            if listed is action:
                return i
        return None


@dataclass(slots=True)
class GameCache:
    """What a game worked out: about its current position, which `reset` forgets (every
    move played does), and about counts, kept for the game's life (`tables`)."""

    tables: CountTables
    position: Position | None = None  # the position `moves` lists
    hand: list[Card] | None = None  # the cards of its hand to play (an edit of it is seen)
    moves: MoveList | None = None
    dead: frozenset[int] | None = None  # `Game.dead_ranks()`

    def reset(self) -> None:
        """Forget the position's answers: the position changed."""
        self.position = self.hand = self.moves = self.dead = None
