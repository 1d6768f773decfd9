"""Every move a computer player chooses is legal, in every variant the engine has."""

from __future__ import annotations

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai import sampling
from game.ai.analysis import Budget
from game.ai.base import act
from game.ai.heuristic import HeuristicPlayer
from game.rules import VARIANTS, Game, Phase


def _play(variant: str, levels: list[str], seed: int, max_hands: int, budget: float | None = None
          ) -> int:
    rules = VARIANTS[variant]
    g = Game.new(rules, seed=seed)
    players = [HeuristicPlayer(levels[s % len(levels)], seed=seed * 10 + s, budget=budget)
               for s in range(rules.players)]
    hands = moves = 0
    while not g.is_over and hands < max_hands:
        if g.phase is Phase.HAND_OVER:
            hands += 1
            g.apply(g.legal_actions()[0])
            continue
        seat = g.to_play
        view = g.view(seat)
        action = act(players[seat], view)
        # usually one of view.legal; a move the heuristic built itself (a safer opening)
        # must be just as legal
        assert action in view.legal or g.why_illegal(action) is None, \
            f"{variant} seed {seed}: {action}: {g.why_illegal(action)}"
        g.apply(action)
        moves += 1
    assert not g.invariant_violations()
    return moves


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seed", range(4))
def test_easy_and_normal_always_play_legal_moves(variant, seed):
    levels = ["normal", "easy"] if seed % 2 else ["easy", "normal"]
    assert _play(variant, levels, seed, max_hands=60) > 0


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_hard_plays_legal_moves(variant, monkeypatch):
    # legality, not strength, is under test: a few worlds a candidate, counted, and no
    # wall-clock cap, so the moves played are the same on any machine
    monkeypatch.setattr(sampling, "HARD", Budget(worlds=4, policy=2))
    assert _play(variant, ["hard", "normal"], 11, max_hands=1, budget=float("inf")) > 0
