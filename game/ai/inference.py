"""Which sampled worlds are plausible, given what the other seats did this deal.

`Game.resample` deals the unseen cards uniformly. Play says more than that: a seat seldom
throws a card of a rank it holds a pair of, and seldom lets a takeable pile of that rank
lie (the same reading `normal` makes in memory.py, `Memory.passed`). The search keeps a
world with probability `weight(world)` (rejection sampling, from the search's seeded
rng), so worlds in which a seat that declined the 9s holds a pair of 9s are rare, as they
are at a real table, and every kept world counts the same (no weight to carry into the
means, so no world is wasted on a near-zero weight).

Only cards beyond those the view already shows in a hand (`view.known`, from a taken
pile) are read: a certainty is the same in every world and carries no weight.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.engine import Game
from game.rules.view import PlayerView

from .memory import Memory

# Likelihood of a world in which a seat that passed rank R holds two or more of R: it
# would have taken the pile or kept the card. One card of R is barely less likely (the
# passing seat may well have thrown one of two singles).
PAIR_WEIGHT = 0.3
SINGLE_WEIGHT = 0.85
# Draws per kept world before the likeliest of them is kept anyway: bounds the cost of
# a view whose inference is so strong that almost every uniform deal contradicts it.
MAX_DRAWS = 12


@dataclass(frozen=True)
class Inference:
    """Per other seat, the ranks it passed and how many of each it is known to hold."""

    seat: int
    passed: tuple[tuple[int, frozenset[int], dict[int, int]], ...]

    @classmethod
    def of(cls, view: PlayerView) -> Inference:
        """What `view`'s history says about each other seat's hand (see `Memory.passed`)."""
        mem = Memory(view)
        rows = []
        for s in range(view.rules.players):
            if s == view.seat or not mem.passed[s]:
                continue
            known: dict[int, int] = {}
            for c in view.known[s]:
                known[int(c.rank)] = known.get(int(c.rank), 0) + 1
            rows.append((s, mem.passed[s], known))
        return cls(view.seat, tuple(rows))

    @property
    def informative(self) -> bool:
        """Whether any seat passed a rank, so that worlds need weighing at all."""
        return bool(self.passed)

    def weight(self, g: Game) -> float:
        """The relative likelihood (at most 1) of world `g` given the passes."""
        w = 1.0
        for s, ranks, known in self.passed:
            counts: dict[int, int] = {}
            for c in g.hands[s]:
                r = int(c.rank)
                if r in ranks:
                    counts[r] = counts.get(r, 0) + 1
            for r, n in counts.items():
                if known.get(r, 0) >= 2:
                    continue  # a pair shown in every world says nothing about this one
                if n >= 2:
                    w *= PAIR_WEIGHT
                elif known.get(r, 0) == 0:
                    w *= SINGLE_WEIGHT
        return w
