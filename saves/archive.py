"""Past games: every finished game's record (game/rules/record.py), kept beside the saves.

One file a game under `archive/` in the data directory, and an index of their summaries
(`archive/index.json`) so the Past games list reads one small file however many games
are kept. Every file is written atomically (saves/atomic.py: temp file, fsync, rename,
the previous version kept as `.bak`). The game's file is written before the index, so a
kill at any instant leaves at worst a game the index does not list yet: reading the
index adds the files it misses. The archive keeps at most the number of games the
player chose (Settings), dropping the oldest first. A file that cannot be read is moved
aside under a dated name, with a sentence for the player, like the other files.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.record import RECORD_FORMAT, verify_record
from game.rules.saved_rules import rules_from_save

from .atomic import backup_path, read_json, remove_stale_temps, write_json_atomic
from .messages import SaveError, format_message
from .paths import data_dir

log = logging.getLogger(__name__)

DIR_NAME = "archive"
INDEX_NAME = "index.json"
INDEX_FORMAT = 1
DEFAULT_KEEP = 500  # as Settings.archive_games
MAX_RECORD_BYTES = 16 * 1024 * 1024  # a long game's record is a few hundred kilobytes
MAX_INDEX_BYTES = 64 * 1024 * 1024
GOOD = ("best", "good")


@dataclass(frozen=True)
class PastGame:
    """One archived game as the Past games list shows it."""

    file: str  # its file's name in the archive folder
    finished: str  # ISO 8601, UTC
    variant: str
    hands: int
    scores: tuple[int, ...]
    side: int  # the player's score side
    won: bool
    rated: int  # decisions reviewed
    good: int  # of which rated best or good

    @property
    def accuracy(self) -> float | None:
        """The share of reviewed decisions rated best or good (None: none reviewed)."""
        return self.good / self.rated if self.rated else None

    def to_dict(self) -> dict[str, Any]:
        """The entry as the index holds it."""
        return {"file": self.file, "finished": self.finished, "variant": self.variant,
                "hands": self.hands, "scores": list(self.scores), "side": self.side,
                "won": self.won, "rated": self.rated, "good": self.good}

    @classmethod
    def from_dict(cls, d: Any) -> PastGame:
        """ValueError unless `d` is what `to_dict` writes."""
        try:
            game = cls(d["file"], d["finished"], d["variant"], d["hands"], tuple(d["scores"]),
                       d["side"], d["won"], d["rated"], d["good"])
        except (KeyError, TypeError) as e:
            raise ValueError(f"not an index entry: {e}") from None
        if not (isinstance(game.file, str) and _is_record_name(game.file)
                and isinstance(game.finished, str) and isinstance(game.won, bool)):
            raise ValueError("not an index entry")
        return game


def summary_of(record: Mapping[str, Any], file: str) -> PastGame:
    """The list entry of a record (ValueError when it is not one)."""
    if record.get("format") != RECORD_FORMAT:
        raise ValueError("not a game record")
    rules = rules_from_save(dict(record))
    human = record["human"]
    side = human % 2 if rules.partnerships else human
    ratings = [r for h in record["hands"] for r in h.get("ratings", ())]
    return PastGame(file, str(record["finished"]), rules.name, len(record["hands"]),
                    tuple(record["scores"]), side, side in record["winners"], len(ratings),
                    sum(r.get("label") in GOOD for r in ratings))


def archive_dir() -> Path:
    """The folder of past games (created if needed)."""
    path = data_dir() / DIR_NAME
    path.mkdir(parents=True, exist_ok=True)
    return path


def _is_record_name(name: str) -> bool:
    return name.startswith("game-") and name.endswith(".json") and "/" not in name \
        and "\\" not in name


def _record_name(record: Mapping[str, Any]) -> str:
    """A name that sorts by finishing time and is unique by the game's commitment."""
    stamp = "".join(ch for ch in str(record.get("finished", "")) if ch.isdigit())[:14]
    digest = "".join(ch for ch in str(record["commitment"]).lower() if ch in "0123456789abcdef")[:12]
    return f"game-{stamp or '0'}-{digest}.json"


@dataclass(frozen=True)
class Listing:
    """The archived games, newest first, and sentences about files set aside."""

    games: list[PastGame]
    messages: list[str]


def _set_aside(path: Path) -> str:
    """Move an unreadable file out of the way (it no longer looks like a record or an
    index); the name it was given ("-" when it could not be moved)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"unreadable-{stamp}-{path.name}")
    try:
        os.replace(path, target)
    except OSError:
        return "-"
    log.warning("archive file %s unreadable; set aside as %s", path, target)
    return target.name


def _damaged(path: Path) -> str:
    """Set a damaged file aside; the sentence for the player."""
    return format_message("saves.archive_damaged", file=path.name, aside=_set_aside(path))


def _read_index(folder: Path, messages: list[str]) -> dict[str, PastGame]:
    path = folder / INDEX_NAME
    if not path.exists():
        return {}
    try:
        doc = read_json(path, MAX_INDEX_BYTES)
        if not isinstance(doc, dict) or doc.get("format") != INDEX_FORMAT:
            raise ValueError("not an archive index")
        games = [PastGame.from_dict(e) for e in doc["games"]]
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
        messages.append(_damaged(path))
        return {}
    return {g.file: g for g in games}


def _write_index(folder: Path, games: Mapping[str, PastGame]) -> None:
    ordered = sorted(games.values(), key=lambda g: g.file)
    write_json_atomic(folder / INDEX_NAME,
                      {"format": INDEX_FORMAT, "games": [g.to_dict() for g in ordered]})


def _reconcile(folder: Path, index: dict[str, PastGame], messages: list[str]) -> bool:
    """Add the games whose file the index misses (a write killed between the two), drop
    entries whose file is gone; whether the index changed."""
    names = {p.name for p in folder.iterdir() if _is_record_name(p.name)}
    changed = False
    for name in list(index):
        if name not in names:
            del index[name]
            changed = True
    for name in sorted(names - index.keys()):
        try:
            index[name] = summary_of(read_json(folder / name, MAX_RECORD_BYTES), name)
        except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
            messages.append(_damaged(folder / name))
        changed = True
    return changed


def list_games() -> Listing:
    """Every archived game, newest first (one file read; more only after a crash)."""
    folder = archive_dir()
    messages: list[str] = []
    index = _read_index(folder, messages)
    if _reconcile(folder, index, messages):
        try:
            _write_index(folder, index)
        except OSError as e:
            log.warning("archive index not rewritten: %s", e)
    return Listing(sorted(index.values(), key=lambda g: g.file, reverse=True), messages)


def add_game(record: Mapping[str, Any], keep: int = DEFAULT_KEEP) -> str:
    """Archive a finished game's record, then drop the oldest beyond `keep`; its file's
    name. SaveError when the disk refuses."""
    folder = archive_dir()
    remove_stale_temps(folder)
    name = _record_name(record)
    path = folder / name
    try:
        write_json_atomic(path, record)
        index = _read_index(folder, [])
        _reconcile(folder, index, [])
        index[name] = summary_of(record, name)
        for old in sorted(index)[:max(0, len(index) - keep)]:
            del index[old]
            for p in (folder / old, backup_path(folder / old)):
                p.unlink(missing_ok=True)
        _write_index(folder, index)
    except OSError as e:
        raise SaveError("saves.write_failed", path, detail=e.strerror or str(e)) from e
    return name


def load_game(file: str) -> dict[str, Any]:
    """An archived record; SaveError (after setting a damaged file aside) otherwise."""
    if not _is_record_name(file):
        raise SaveError("saves.slot_not_found", file, name=file)
    path = archive_dir() / file
    try:
        record = read_json(path, MAX_RECORD_BYTES)
        summary_of(record, file)
    except FileNotFoundError:
        raise SaveError("saves.slot_not_found", path, name=file) from None
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
        raise SaveError("saves.archive_damaged", path, aside=_set_aside(path)) from None
    return record


def set_ratings(file: str, hand: int, ratings: list[dict[str, Any]]) -> None:
    """Keep a hand's review ratings in its archived record (and the list's summary)."""
    folder = archive_dir()
    record = load_game(file)
    if not 1 <= hand <= len(record["hands"]):
        raise SaveError("saves.slot_not_found", folder / file, name=f"{file}#{hand}")
    record["hands"][hand - 1]["ratings"] = ratings
    try:
        write_json_atomic(folder / file, record)
        index = _read_index(folder, [])
        _reconcile(folder, index, [])
        index[file] = summary_of(record, file)
        _write_index(folder, index)
    except OSError as e:
        raise SaveError("saves.write_failed", folder / file, detail=e.strerror or str(e)) from e


def export_game(file: str, target: Path | str) -> None:
    """Write an archived record to `target` as one JSON file (docs/FAIR_DEALS.md)."""
    record = load_game(file)
    target = Path(target)
    try:
        target.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", "utf-8")
    except OSError as e:
        raise SaveError("saves.write_failed", target, detail=e.strerror or str(e)) from e


def import_game(source: Path | str, keep: int = DEFAULT_KEEP) -> str:
    """Archive a record read from `source` once it verifies; its file's name. SaveError
    naming the first disagreement otherwise."""
    from game.record_text import disagreement_text
    from game.rules.record import Disagreement

    source = Path(source)
    try:
        record = read_json(source, MAX_RECORD_BYTES)
    except (OSError, ValueError, UnicodeDecodeError, RecursionError) as e:
        raise SaveError("saves.unreadable", source, detail=str(e)) from None
    checked = verify_record(record)
    if isinstance(checked, Disagreement):
        raise SaveError("saves.archive_refused", source,
                        detail=disagreement_text(checked, record).rstrip("."))
    return add_game(record, keep)
