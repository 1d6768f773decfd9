"""The human player's statistics and their file (`stats.json` in the data directory).

The figures: per variant and level, recent games, and the score progression of the
current (or last) game; the table feeds them the engine's events (`record_events`), the
Statistics screen reads them. Recording is idempotent per hand (a game resumed from an
earlier autosave replays hands already counted), and `Stats.from_dict` refuses anything
that is not a real statistics document (`StatsError`).

The file is written atomically like every save (saves/atomic.py: temp file, fsync,
rename, `.bak`). A file that cannot be used - damaged, or written by a newer version -
never stops the game: it is moved aside under a dated name (so nothing is lost) and a
fresh record is started, with a sentence for the player saying so.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules import events as ev
from game.rules.engine import Game

from .atomic import read_json, write_json_atomic
from .messages import format_message
from .paths import data_dir

log = logging.getLogger(__name__)

STATS_FORMAT = 1
RECENT_GAMES = 50  # the results chart shows this many games at most
# games remembered by id with their last counted hand, so a game loaded again from an
# earlier save does not count its hands twice
REMEMBERED_GAMES = 200
_LIMIT = 10**9  # far beyond any real count or score; larger values mean a damaged file
_NAME = 40  # longest variant or level name accepted from a file


class StatsError(ValueError):
    """A statistics document that cannot be used (damaged, or from a newer version)."""

    def __init__(self, detail: str, newer: bool = False) -> None:
        super().__init__(detail)
        self.newer = newer


@dataclass
class Totals:
    """Everything counted for one variant at one computer level."""

    games: int = 0  # finished games
    won: int = 0
    hands: int = 0
    hands_won: int = 0  # hands our side scored more than every other side
    hand_points: int = 0  # our side's hand scores added up
    canastas: int = 0  # our side's canastas at the end of each hand
    went_out: int = 0  # hands our side went out
    best_game: int | None = None  # our highest final score in a game we won

    @property
    def average_hand(self) -> float | None:
        """Our side's points per hand; None before any hand."""
        return self.hand_points / self.hands if self.hands else None

    @property
    def canastas_per_hand(self) -> float | None:
        """Our side's canastas per hand; None before any hand."""
        return self.canastas / self.hands if self.hands else None

    def add(self, other: Totals) -> None:
        """Add `other`'s figures to these."""
        for name in ("games", "won", "hands", "hands_won", "hand_points", "canastas", "went_out"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.best_game is not None:
            self.best_game = (other.best_game if self.best_game is None
                              else max(self.best_game, other.best_game))


@dataclass(frozen=True)
class GameResult:
    """One finished game, for the last-games chart."""

    variant: str
    level: str
    ours: int  # our final score
    theirs: int  # the best other side's final score
    won: bool

    @property
    def margin(self) -> int:
        """Our final score less the best other side's."""
        return self.ours - self.theirs


@dataclass
class Progress:
    """The running scores of one game after each of its hands, for every side."""

    game_id: str
    variant: str
    level: str
    our_side: int
    sides: int
    hand_numbers: list[int] = field(default_factory=list)
    scores: list[list[int]] = field(default_factory=list)  # per hand: every side's total
    finished: bool = False


@dataclass
class Stats:
    """Everything counted for the human player, as read from and written to the file."""
    totals: dict[tuple[str, str], Totals] = field(default_factory=dict)
    recent: list[GameResult] = field(default_factory=list)  # oldest first
    progress: Progress | None = None  # the current game, or the last one played
    # per game id (oldest first): the last hand counted, and whether its end was counted
    counted: dict[str, tuple[int, bool]] = field(default_factory=dict)

    # -- reading -----------------------------------------------------------------
    def variants(self) -> list[str]:
        """The variants with figures, sorted."""
        return sorted({v for v, _ in self.totals})

    def levels(self) -> list[str]:
        """The computer levels with figures, sorted."""
        return sorted({lv for _, lv in self.totals})

    def summary(self, variant: str | None = None, level: str | None = None) -> Totals:
        """The figures for a variant and a level; None for either adds all of them up."""
        out = Totals()
        for (v, lv), t in self.totals.items():
            if (variant is None or v == variant) and (level is None or lv == level):
                out.add(t)
        return out

    @property
    def empty(self) -> bool:
        """Whether nothing at all has been counted yet."""
        return not self.totals and self.progress is None

    # -- recording ---------------------------------------------------------------
    def record_hand(self, game_id: str, variant: str, level: str, our_side: int,
                    hand_number: int, hand_totals: tuple[int, ...], scores: tuple[int, ...],
                    canastas: int, went_out: bool) -> bool:
        """Count one scored hand; False (nothing changed) when it was already counted."""
        last, finished = self.counted.get(game_id, (0, False))
        if finished or hand_number <= last:
            return False
        self._remember(game_id, hand_number, False)
        p = self.progress
        if p is None or p.game_id != game_id or p.our_side != our_side:
            p = self.progress = Progress(game_id, variant, level, our_side, len(scores))
        p.hand_numbers.append(hand_number)
        p.scores.append(list(scores))
        t = self.totals.setdefault((variant, level), Totals())
        ours = hand_totals[our_side]
        t.hands += 1
        t.hand_points += ours
        t.hands_won += all(ours > s for i, s in enumerate(hand_totals) if i != our_side)
        t.canastas += canastas
        t.went_out += went_out
        return True

    def record_game(self, game_id: str, winners: tuple[int, ...],
                    scores: tuple[int, ...]) -> bool:
        """Count the end of the game whose hands `progress` holds."""
        p = self.progress
        if p is None or p.game_id != game_id or p.finished or self.counted.get(game_id, (0, True))[1]:
            return False
        p.finished = True
        self._remember(game_id, p.hand_numbers[-1] if p.hand_numbers else 0, True)
        t = self.totals.setdefault((p.variant, p.level), Totals())
        ours = scores[p.our_side]
        won = p.our_side in winners
        t.games += 1
        t.won += won
        if won:  # a lost game is never the best one, however high its score
            t.best_game = ours if t.best_game is None else max(t.best_game, ours)
        theirs = max(s for i, s in enumerate(scores) if i != p.our_side)
        self.recent.append(GameResult(p.variant, p.level, ours, theirs, won))
        del self.recent[:-RECENT_GAMES]
        return True

    def _remember(self, game_id: str, hand: int, finished: bool) -> None:
        self.counted.pop(game_id, None)  # to the end: the most recent last
        self.counted[game_id] = (hand, finished)
        for old in list(self.counted)[:-REMEMBERED_GAMES]:
            del self.counted[old]

    # -- JSON --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The statistics as the file's JSON document."""
        p = self.progress
        return {
            "kind": "canasta-stats",
            "format": STATS_FORMAT,
            "totals": [{"variant": v, "level": lv, **_totals_dict(t)}
                       for (v, lv), t in sorted(self.totals.items())],
            "recent": [{"variant": r.variant, "level": r.level, "ours": r.ours,
                        "theirs": r.theirs, "won": r.won} for r in self.recent],
            "progress": None if p is None else {
                "game_id": p.game_id, "variant": p.variant, "level": p.level,
                "our_side": p.our_side, "sides": p.sides, "hand_numbers": list(p.hand_numbers),
                "scores": [list(s) for s in p.scores], "finished": p.finished},
            "counted": [[gid, hand, done] for gid, (hand, done) in self.counted.items()],
        }

    @classmethod
    def from_dict(cls, d: Any) -> Stats:
        """The statistics in a file's JSON document; StatsError when it is not one we can use."""
        if not isinstance(d, dict) or d.get("kind") != "canasta-stats":
            raise StatsError("not a statistics file")
        fmt = d.get("format")
        if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
            raise StatsError(f"format {fmt!r} is not valid")
        if fmt > STATS_FORMAT:
            raise StatsError(f"format {fmt} is newer than {STATS_FORMAT}", newer=True)
        try:
            return cls(totals=_read_totals(d["totals"]), recent=_read_recent(d["recent"]),
                       progress=_read_progress(d["progress"]),
                       # absent from files written before it was kept: nothing remembered
                       counted=_read_counted(d.get("counted", [])))
        except KeyError as e:
            raise StatsError(f"missing field {e.args[0]!r}") from None


def _totals_dict(t: Totals) -> dict[str, Any]:
    return {"games": t.games, "won": t.won, "hands": t.hands, "hands_won": t.hands_won,
            "hand_points": t.hand_points, "canastas": t.canastas, "went_out": t.went_out,
            "best_game": t.best_game}


def _int(v: Any, what: str, lo: int = 0, hi: int = _LIMIT) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise StatsError(f"{what}: {v!r} is not a whole number from {lo} to {hi}")
    return v


def _name(v: Any, what: str) -> str:
    if not isinstance(v, str) or not 0 < len(v) <= _NAME:
        raise StatsError(f"{what}: {v!r} is not a name")
    return v


def _list(v: Any, what: str, most: int = 100_000) -> list:
    if not isinstance(v, list) or len(v) > most:
        raise StatsError(f"{what} is not a list")
    return v


def _read_totals(v: Any) -> dict[tuple[str, str], Totals]:
    out: dict[tuple[str, str], Totals] = {}
    for i, row in enumerate(_list(v, "totals", 1000)):
        if not isinstance(row, dict):
            raise StatsError(f"totals[{i}] is not an object")
        key = (_name(row["variant"], "variant"), _name(row["level"], "level"))
        best = row["best_game"]
        t = Totals(**{n: _int(row[n], f"totals[{i}].{n}", 0 if n != "hand_points" else -_LIMIT)
                      for n in ("games", "won", "hands", "hands_won", "hand_points", "canastas",
                                "went_out")},
                   best_game=None if best is None else _int(best, "best_game", -_LIMIT))
        if t.won > t.games or t.hands_won > t.hands or t.went_out > t.hands or key in out:
            raise StatsError(f"totals[{i}] does not add up")
        out[key] = t
    return out


def _read_recent(v: Any) -> list[GameResult]:
    out = []
    for i, r in enumerate(_list(v, "recent", RECENT_GAMES)):
        if not isinstance(r, dict) or not isinstance(r.get("won"), bool):
            raise StatsError(f"recent[{i}] is not a game result")
        out.append(GameResult(_name(r["variant"], "variant"), _name(r["level"], "level"),
                              _int(r["ours"], "ours", -_LIMIT), _int(r["theirs"], "theirs", -_LIMIT),
                              r["won"]))
    return out


def _read_counted(v: Any) -> dict[str, tuple[int, bool]]:
    out: dict[str, tuple[int, bool]] = {}
    for row in _list(v, "counted", REMEMBERED_GAMES):
        if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], str)
                and len(row[0]) <= 200 and isinstance(row[2], bool)):
            raise StatsError("counted: an entry is not [game, hand, finished]")
        out[row[0]] = (_int(row[1], "counted", 0), row[2])
    return out


def _read_progress(v: Any) -> Progress | None:
    if v is None:
        return None
    if not isinstance(v, dict) or not isinstance(v.get("finished"), bool):
        raise StatsError("progress is not an object")
    sides = _int(v["sides"], "sides", 2, 4)
    hands = [_int(n, "hand_numbers", 1) for n in _list(v["hand_numbers"], "hand_numbers")]
    scores = []
    for row in _list(v["scores"], "scores"):
        if not isinstance(row, list) or len(row) != sides:
            raise StatsError("scores: a row does not hold every side")
        scores.append([_int(s, "scores", -_LIMIT) for s in row])
    if len(scores) != len(hands):
        raise StatsError("progress: hands and scores differ in number")
    game_id = v["game_id"]
    if not isinstance(game_id, str) or len(game_id) > 200:
        raise StatsError("progress: game_id is not valid")
    return Progress(game_id, _name(v["variant"], "variant"), _name(v["level"], "level"),
                    _int(v["our_side"], "our_side", 0, sides - 1), sides, hands, scores,
                    v["finished"])


# -- from the engine's events --------------------------------------------------------
@dataclass(frozen=True)
class HandEnded:
    """What a scored hand adds to the statistics, read from the game when it ended."""

    variant: str
    side: int  # the human's scoring unit
    hand_number: int
    totals: tuple[int, ...]
    scores: tuple[int, ...]
    canastas: int
    went_out: bool


@dataclass(frozen=True)
class GameEnded:
    """What a finished game adds to the statistics: the winners and the final scores."""
    winners: tuple[int, ...]
    scores: tuple[int, ...]


def ended(game: Game, events: list[ev.Event], human: int) -> list[HandEnded | GameEnded]:
    """The hand and game ends among `events` (just returned by `game.apply`), as plain
    data: read at once, on the thread that owns the game."""
    out: list[HandEnded | GameEnded] = []
    for e in events:
        if isinstance(e, ev.HandScored):
            side = next(s.side for s in game.last_scores if human in s.seats)
            seats = {x for s in game.last_scores if s.side == side for x in s.seats}
            out.append(HandEnded(game.rules.name, side, e.hand_number, e.totals, e.scores,
                                 game.canastas(game.side_of_seat(human)),
                                 game.went_out is not None and game.went_out in seats))
        elif isinstance(e, ev.GameWon):
            out.append(GameEnded(e.winners, e.scores))
    return out


def record(stats: Stats, facts: list[HandEnded | GameEnded], game_id: str, level: str) -> bool:
    """Count `facts`; True when anything was counted (the caller then saves)."""
    changed = False
    for f in facts:
        if isinstance(f, HandEnded):
            changed |= stats.record_hand(game_id, f.variant, level, f.side, f.hand_number,
                                         f.totals, f.scores, f.canastas, f.went_out)
        else:
            changed |= stats.record_game(game_id, f.winners, f.scores)
    return changed


def note_events(stats: Stats, game: Game, events: list[ev.Event], game_id: str, level: str,
                human: int) -> bool:
    """Count what `events` ended: a hand, a game."""
    return record(stats, ended(game, events, human), game_id, level)


# -- the file ------------------------------------------------------------------------
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


def record_events(game: Game, events: list[ev.Event], game_id: str, level: str, human: int,
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
