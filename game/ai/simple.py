"""Baseline players: uniform random over the legal moves, and a simple greedy one."""

from __future__ import annotations

import random

from game.rules.actions import Action, AnswerGoOut, Discard, Meld, NextHand, TakePile
from game.rules.melds import values_for
from game.rules.view import PlayerView

from .base import register


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)

    def answer_go_out(self, view: PlayerView) -> bool:
        return self.rng.random() < 0.5


class GreedyPlayer:
    """Takes the pile whenever it may, melds everything it can, discards its highest card.

    It never asks partner, and answers "yes"."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        takes = [a for a in legal if isinstance(a, TakePile)]
        if takes:
            return max(takes, key=lambda a: len(a.cards) + sum(len(g) for g in a.melds))
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return max(melds, key=lambda a: sum(len(g) for g in a.groups))
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            values = values_for(view.rules)
            # highest card; among equals the one we hold fewest of
            counts: dict[int, int] = {}
            for c in view.hand:
                counts[c.rank] = counts.get(c.rank, 0) + 1
            return max(discards, key=lambda a: (values[a.card.code], -counts[a.card.rank],
                                                -a.card.code))
        for a in legal:
            if isinstance(a, AnswerGoOut):
                return AnswerGoOut(self.answer_go_out(view))
            if isinstance(a, NextHand):
                return a
        return legal[0]

    def answer_go_out(self, view: PlayerView) -> bool:
        return True


register("random", RandomPlayer)
register("greedy", GreedyPlayer)
