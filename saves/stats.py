"""The statistics file, kept with the saves (`stats.json` in the data directory).

Written atomically like every save (saves/atomic.py: temp file, fsync, rename, `.bak`).
A file that cannot be used - damaged, or written by a newer version - never stops the
game: it is moved aside under a dated name (so nothing is lost) and a fresh record is
started, with a sentence for the player saying so.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from game.rules.engine import Game
from game.rules.events import Event
from game.stats import GameEnded, HandEnded, Stats, StatsError, ended, record

from .atomic import read_json, write_json_atomic
from .messages import format_message
from .paths import data_dir

log = logging.getLogger(__name__)

FILE_NAME = "stats.json"
MAX_BYTES = 4 * 1024 * 1024  # a real file is a few kilobytes


@dataclass(frozen=True)
class LoadedStats:
    """The statistics read at start-up, and a notice when a damaged file was set aside."""

    stats: Stats
    message: str | None = None  # for the player: the file was damaged and set aside


def stats_path() -> Path:
    """Where the statistics file lives (the per-user data folder)."""
    return data_dir() / FILE_NAME


def load_stats() -> LoadedStats:
    """The statistics on disk, or fresh ones (setting a damaged file aside)."""
    path = stats_path()
    if not path.exists():
        return LoadedStats(Stats())
    try:
        return LoadedStats(Stats.from_dict(read_json(path, MAX_BYTES)))
    except StatsError as e:
        problem, newer = str(e), e.newer
    except (OSError, ValueError, UnicodeDecodeError, RecursionError) as e:
        # json.JSONDecodeError is a ValueError; so is a file over MAX_BYTES
        problem, newer = str(e), False
    aside = _set_aside(path)
    log.warning("Statistics file %s unusable (%s); set aside as %s", path, problem, aside)
    key = "saves.stats_newer" if newer else "saves.stats_damaged"
    return LoadedStats(Stats(), format_message(key, file=path.name,
                                               aside=aside.name if aside else "-"))


def _set_aside(path: Path) -> Path | None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        target = path.with_name(f"stats.unreadable-{stamp}{'-' + str(n) if n else ''}.json")
        if not target.exists():
            try:
                os.replace(path, target)
            except OSError:
                return None
            return target
    return None


def save_stats(stats: Stats) -> str | None:
    """Write the statistics; a sentence for the player when the disk refused."""
    path = stats_path()
    try:
        write_json_atomic(path, stats.to_dict())
    except (OSError, TypeError, ValueError) as e:
        log.warning("Statistics not saved to %s: %s", path, e)
        return format_message("saves.stats_write_failed", file=path.name, detail=str(e))
    return None


def reset_stats() -> str | None:
    """Start again from nothing (the previous file stays as `stats.bak` for one write)."""
    return save_stats(Stats())


def record_facts(facts: list[HandEnded | GameEnded], game_id: str, level: str) -> str | None:
    """Count `facts` into the file; a sentence for the player when the file had to be set
    aside or could not be written."""
    loaded = load_stats()
    problem = None
    if record(loaded.stats, facts, game_id, level):
        problem = save_stats(loaded.stats)
    return loaded.message or problem


# One writer thread: reading and writing the file (two fsyncs, 2-40 ms on a busy disk)
# must not hold up the table's frame, and one thread keeps the writes in order. Its
# thread is joined when the interpreter exits, and `flush_stats` waits for it.
_writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="canasta-stats")
_pending: list[Future] = []


def record_events(game: Game, events: list[Event], game_id: str, level: str, human: int,
                  on_problem: Callable[[str], None] | None = None) -> bool:
    """Count the hand or game that `events` ended, if any, on the writer thread; True
    when something was handed to it. `on_problem` receives (on that thread) a sentence
    for the player when the file had to be set aside or could not be written."""
    facts = ended(game, events, human)
    if not facts:
        return False

    def work() -> None:
        try:
            problem = record_facts(facts, game_id, level)
        except OSError as e:  # the data folder vanished: the game goes on uncounted
            log.warning("Statistics not recorded: %s", e)
            return
        if problem and on_problem is not None:
            on_problem(problem)

    _pending[:] = [f for f in _pending if not f.done()]
    _pending.append(_writer.submit(work))
    return True


def flush_stats(timeout: float | None = 10.0) -> None:
    """Wait until everything handed to the writer is on disk."""
    for f in list(_pending):
        f.result(timeout)
    _pending.clear()
