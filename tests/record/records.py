"""Whole games played by computer players, and their records (tests and benchmarks)."""

from __future__ import annotations

from typing import Any

import game.ai  # noqa: F401 - registers the players
from game.ai.base import act, make_player
from game.ai.review import HandRecord, record_of
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import Action, NextHand
from game.rules.deal import DealKey
from game.rules.record import GameInfo, build_record


def played_hands(g: Game, level: str = "greedy", max_hands: int = 40) -> list[HandRecord]:
    """Play `g` to its end with `level` in every seat; every hand's record (seat 0's)."""
    players = [make_player(level, 11 + s) for s in range(g.players)]
    hands: list[HandRecord] = []
    moves: list[Action] = []
    while True:
        if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            rec = record_of(g, moves, 0)
            assert rec is not None
            hands.append(rec)
            moves = []
            if g.is_over or len(hands) >= max_hands:
                return hands
            g.apply(NextHand())
            continue
        view = g.view(g.to_play)
        action: Action = act(players[g.to_play], view)
        moves.append(action)
        g.apply(action)


def game_record(variant: str = "classic", seed: int = 3, player_seed: str = "a player's seed",
                finished: str = "2026-12-07T12:00:00Z") -> dict[str, Any]:
    """The record of a whole game of `variant` played by greedy players."""
    rules = VARIANTS[variant]
    key = DealKey(DealKey.of_number(seed).server_seed, player_seed)
    hands = played_hands(Game.new(rules, seed=seed, deal_key=key))
    info = GameInfo(rules, key, 0, "greedy", "2026-12-07T11:00:00Z", finished)
    return build_record(info, hands)
