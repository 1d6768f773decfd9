"""What distinguishes the heuristic's strengths: a handful of switches and weights."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
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
    # Determinized sampling with rollouts for the close decisions (seconds per decision).
    sampling: bool = False
    budget: float = 0.0


# `easy` makes a beginner's mistakes, always the same way in the same position: it does
# not count cards or read who threw what, melds everything it can as soon as it can
# (wild cards included, the hand melted down), never freezes the pile, and goes out at
# the first chance without asking whether it pays.
EASY = Style("easy", counting=False, hold_back=False, careful_go_out=False, defend=False)
NORMAL = Style("normal")
# A budget of 0.35 s of thinking per sampled decision (stretched to at most 0.44 s of wall
# time on a busy machine, see sampling.WALL_STRETCH) keeps the 99th percentile under 0.7 s:
# rollouts are checked against the clock before each one starts.
HARD = Style("hard", sampling=True, budget=0.35)

LEVELS: dict[str, Style] = {s.name: s for s in (EASY, NORMAL, HARD)}
