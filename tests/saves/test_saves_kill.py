"""SIGKILL during autosaves: every load afterwards is a valid game, at most one move behind.

A child process resumes the autosave (as a relaunched game would), plays on with seeded
players, autosaves after every move and prints the move count once that autosave is
done. The parent kills it at seeded random moments, including in the middle of writes,
until 200 autosaves have happened, and loads after every kill."""

from __future__ import annotations

import random
import signal
from pathlib import Path

import pytest

import saves
from tests.saves.killing import kill_midway

CHILD = Path(__file__).with_name("saves_child.py")
TOTAL_AUTOSAVES = 200


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_during_autosaves_loses_at_most_the_last_move(home: Path, child_env: dict[str, str]) -> None:
    rng = random.Random(20240507)
    total = 0
    kills = 0
    resumed_from = 0
    while total < TOTAL_AUTOSAVES:
        printed = kill_midway(CHILD, ["kill", "11"], child_env, rng, most_lines=45, jitter=0.006)
        last = printed[-1] if printed else resumed_from
        kills += 1

        loaded = saves.load_autosave()
        assert loaded is not None, f"kill {kills}: no autosave"
        assert loaded.game.invariant_violations() == []
        assert not loaded.from_backup
        moves = loaded.extra["moves"]
        assert moves in (last, last + 1), f"kill {kills}: printed {last}, loaded {moves}"
        assert loaded.game.is_over or loaded.game.legal_actions()
        total += moves - resumed_from
        resumed_from = moves
    assert kills >= 5
    # killed writers leave at most a few temp files, and they never look like saves
    leftovers = [p.name for p in (home / "data").iterdir() if p.name.endswith(".tmp")]
    assert all(p.startswith(".") for p in leftovers)
    assert len(leftovers) <= kills * 2
    print(f"{kills} kills, {total} autosaves, {len(leftovers)} interrupted writes")
