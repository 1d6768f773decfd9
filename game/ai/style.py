"""What distinguishes the heuristic's strengths: a handful of switches and weights."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    """How a computer player plays beyond its rules of thumb: which habits are on at a level."""

    name: str
    # Count cards (discards, melds, known cards) to judge which discards are safe; without
    # it only what is plainly on the table (the opponents' melds) is avoided.
    counting: bool = True
    # Keep pairs and triples in hand while the pile is frozen and worth taking.
    hold_back: bool = True
    # Go out only when it pays (score race, partner's hand); otherwise whenever possible.
    careful_go_out: bool = True
    # Freeze the pile with a wild card / block with a black 3 when the opponents threaten.
    defend: bool = True
    # Scores within `noise` points of the best are chosen among at random (weaker play).
    noise: float = 0.0
    # Determinized sampling with rollouts for the close decisions; budget: wall-clock cap (s).
    sampling: bool = False
    budget: float = 0.0


# `easy` makes a beginner's mistakes, always the same way in the same position: it does
# not count cards or read who threw what, melds everything it can as soon as it can
# (wild cards included, the hand melted down), never freezes the pile, and goes out at
# the first chance without asking whether it pays.
EASY = Style("easy", counting=False, hold_back=False, careful_go_out=False, defend=False)
NORMAL = Style("normal")
# `hard` plays the analysis' HARD budget of worlds per sampled decision whatever the machine's
# load; `budget` is only a wall-clock cap (seconds) after which it starts no new world,
# which bounds the wait on a machine far slower or busier than the one it was tuned on.
HARD = Style("hard", sampling=True, budget=1.5)

LEVELS: dict[str, Style] = {s.name: s for s in (EASY, NORMAL, HARD)}
