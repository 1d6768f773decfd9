"""Baseline players: uniform random over the legal moves, and a simple greedy one."""

from __future__ import annotations

import random

from game.rules.actions import Action, AnswerGoOut, Discard, Meld, NextHand, TakePile
from game.rules.melds import values_for
from game.rules.view import PlayerView

from .base import register
from .evaluate import has_group_penalties, risks_group_penalty


class RandomPlayer:
    """Plays a uniformly random legal move, for tests and as the weakest opponent."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """A random legal move."""
        return self.rng.choice(view.legal)

    def answer_go_out(self, view: PlayerView) -> bool:
        """Yes or no at random."""
        return self.rng.random() < 0.5


class GreedyPlayer:
    """Takes the pile whenever it may, melds everything it can, discards its highest
    single card.

    "Single" is read as a card-player reads it: a natural card it holds no other of
    its rank (a singleton). Wild cards have no rank to be single in, so they are kept
    for melding and thrown only from a hand of nothing else; with no singleton it
    throws its highest natural card.

    It never asks partner, and answers "yes". Like every player it follows the variant:
    it leaves alone the melds the rules punish when they stay short (modern american's
    7s, aces and wild-card melds), which is knowing the rules, not strategy."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """The biggest take of the pile, else the largest meld, else the highest single card (after
        skipping moves that risk a penalty)."""
        legal = view.legal
        if has_group_penalties(view.rules):
            top = view.pile[-1] if view.pile else None
            legal = tuple(a for a in legal
                          if not risks_group_penalty(view.rules, view.my_melds, top, a)) or legal
        takes = [a for a in legal if isinstance(a, TakePile)]
        if takes:
            return max(takes, key=lambda a: len(a.cards) + sum(len(g) for g in a.melds))
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return max(melds, key=lambda a: sum(len(g) for g in a.groups))
        discards = [a for a in legal if isinstance(a, Discard)]
        # wild cards are kept for melds: only thrown from a hand of nothing else
        discards = [a for a in discards if not a.card.is_wild] or discards
        if discards:
            values = values_for(view.rules)
            counts: dict[int, int] = {}
            for c in view.hand:
                counts[c.rank] = counts.get(c.rank, 0) + 1
            # a group the rules punish when it is held at the end goes first (modern)
            held = set(view.rules.held_group_ranks)
            size = view.rules.held_group_size
            return max(discards, key=lambda a: (
                a.card.rank in held and counts[a.card.rank] >= size,
                counts[a.card.rank] == 1, values[a.card.code], -counts[a.card.rank], a.card.rank, -a.card.code))
        for a in legal:
            if isinstance(a, AnswerGoOut):
                return AnswerGoOut(self.answer_go_out(view))
            if isinstance(a, NextHand):
                return a
        return legal[0]

    def answer_go_out(self, view: PlayerView) -> bool:
        """Always yes."""
        return True


register("random", RandomPlayer)
register("greedy", GreedyPlayer)
