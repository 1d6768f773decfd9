"""Save at a random point, load in a fresh process, play on with the same seeded players:
the rest of the game is the uninterrupted game, move for move and event for event."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import saves

CHILD = Path(__file__).with_name("saves_child.py")


@pytest.mark.parametrize(("variant", "seed"), [("classic", 1), ("classic-2p", 2), ("classic-3p", 3)])
def test_resumed_game_continues_identically(home: Path, child_env: dict[str, str], helpers,
                                            variant: str, seed: int) -> None:
    from game.rules import VARIANTS, Game

    g = Game.new(VARIANTS[variant], seed=seed)
    players = helpers.make_players(g.players, seed)
    stop = random.Random(seed).randint(1, 400)
    for _ in range(stop):
        helpers.step(g, players)
    assert not g.is_over
    slot = f"resume {variant}"
    saves.save_slot(slot, g, {"players_seed": seed, "players": helpers.players_state(players)})

    # the uninterrupted game, from the same objects, after the save was taken
    expected = helpers.play_to_end(g, players)
    assert g.is_over

    out = subprocess.run([sys.executable, str(CHILD), "resume", slot], capture_output=True,
                         env=child_env, timeout=120, check=False)
    assert out.returncode == 0, out.stderr.decode(errors="replace")
    resumed = json.loads(out.stdout)
    assert len(resumed["moves"]) == len(expected)
    for i, (a, b) in enumerate(zip(resumed["moves"], expected, strict=True)):
        assert a == b, f"move {stop + i + 1} differs"
    assert resumed["scores"] == list(g.scores)
    assert resumed["state"] == g.to_dict()
