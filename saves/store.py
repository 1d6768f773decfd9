"""Save games: the autosave, named slots, and the one loader every file goes through.

A save file is JSON (never pickle: a save is data a player may copy, mail or hand-edit,
and loading it must not be able to run code)::

    {"format": 1, "kind": "canasta-save", "saved_at": "2024-05-01T20:15:03.123456+02:00",
     "name": "Sunday game" | null, "variant": "classic", "scores": [1200, 950],
     "game": Game.to_dict(), "extra": {...}}

`extra` belongs to the UI and the AI (human seat, AI level, practice flag, the AI's memory
of seen cards, player RNG states ...); this module stores it verbatim. `variant`, `scores`,
`saved_at` and `name` duplicate what the game knows so the slot list can be shown without
trusting the UI's labels; the game itself is rebuilt only from `game`.

Format history (add a MIGRATIONS entry whenever SAVE_FORMAT goes up):
  0  prototype saves: no "kind", the game under "state", no "extra" and no "name".
  1  the layout above, the game's rules as every rule field (game state format 1).
  2  the same layout; the game names its rules as the variant plus its house options
     (game state format 2). Game.from_dict reads both state formats, checking every value.
  3  the same layout; "extra" may hold "review": the game's finished hands (seed, dealer,
     scores before, every move) and the moves of the hand being played, so any finished
     hand of a saved game can be reviewed (game/ai/review.py). A format 2 file loads with
     none: its hands cannot be reviewed, and it plays on as before.
  4  the same layout; a practice game's "extra" may hold "undo": the positions before the
     human's latest moves of the hand being played (the newest 30) with where the review's
     moves and the move log stood at each, so a continued practice game undoes as before
     it was saved. A format 3 file loads with none.

The loader is strict and total: every problem becomes a SaveError whose message names
the file, and a failed load never writes, renames or deletes anything.
"""

from __future__ import annotations

import json
import logging
import math
import os
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.rules import Game, GameStateError

from . import paths
from .atomic import backup_path, dumps, remove_stale_temps, write_bytes_atomic, write_json_atomic
from .messages import SaveError, format_message

SAVE_FORMAT = 4
KIND = "canasta-save"
AUTOSAVE_FILE = "autosave.json"
SLOTS_DIR = "saves"
# A mid-game save is ~10 KB (with the players' generator states in "extra", ~40 KB);
# anything this big is not ours. The slot list reads every file, and parsing 8 MB of
# nested lists took ~1.9 s here, 1 MB about a tenth of that: a hostile file must not stall
# the menu.
MAX_FILE_BYTES = 1024 * 1024
# Long enough for any message to stay useful, short enough for a dialog.
_DETAIL_CHARS = 160

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Loaded:
    """A game read from a save file with the extra data stored beside it; `warning` tells the
    player when the backup copy had to be used."""

    game: Game
    extra: dict[str, Any]
    path: Path
    from_backup: bool = False
    warning: str | None = None


@dataclass(frozen=True)
class SlotInfo:
    """One save slot as the Load screen lists it, read from the file's header."""

    name: str
    variant: str
    scores: tuple[int, ...]
    saved_at: datetime
    path: Path
    hand_number: int


# ---------------------------------------------------------------------------- migrations

def _migrate_0_to_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 0 had no "kind", stored the game as "state" and had no "extra"/"name"."""
    out = dict(doc)
    if "state" in out and "game" not in out:
        out["game"] = out.pop("state")
    out.setdefault("kind", KIND)
    out.setdefault("extra", {})
    out.setdefault("name", None)
    out["format"] = 1
    return out


def _migrate_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 2 changed only the game state inside, and the engine reads the old state
    (game state format 1) itself, checking every rule value: the layout stays."""
    out = dict(doc)
    out["format"] = 2
    return out


def _migrate_2_to_3(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 3 added the review's record inside "extra", which belongs to the UI and
    reads a missing record as none: the layout stays."""
    out = dict(doc)
    out["format"] = 3
    return out


def _migrate_3_to_4(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 4 added practice undo inside "extra", which the UI reads as none when
    missing: the layout stays."""
    out = dict(doc)
    out["format"] = 4
    return out


# old format -> function returning the document in a strictly newer format
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    0: _migrate_0_to_1,
    1: _migrate_1_to_2,
    2: _migrate_2_to_3,
    3: _migrate_3_to_4,
}


# ---------------------------------------------------------------------------- loading

def load_file(path: Path | str) -> Loaded:
    """Read and check one save file. Any problem raises SaveError; the file is never touched."""
    path = Path(path)
    game, doc = _load(path)
    return Loaded(game=game, extra=doc["extra"], path=path)


def _load(path: Path) -> tuple[Game, dict[str, Any]]:
    try:
        doc = _read_document(path)
        doc = _upgrade(doc, path)
        _check_fields(doc, path)
        return _build_game(doc["game"], path), doc
    except SaveError:
        raise
    except Exception as e:  # a loader bug must still not take the game down with it
        log.exception("unexpected error loading %s", path)
        raise SaveError("saves.bad_game", path, detail=_short(f"{type(e).__name__}: {e}")) from e


def _read_document(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError("saves.not_found", path) from None
    except OSError as e:
        raise SaveError("saves.unreadable", path, detail=_short(e.strerror or str(e))) from None
    if len(data) > MAX_FILE_BYTES:
        raise SaveError("saves.too_large", path)
    try:
        # utf-8-sig: editors on Windows add a byte-order mark to files they touch
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError("saves.not_text", path) from None
    if not text.strip():
        raise SaveError("saves.empty", path)
    try:
        doc = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as e:
        raise SaveError("saves.not_json", path, line=e.lineno, column=e.colno) from None
    except RecursionError:
        raise SaveError("saves.too_deep", path) from None
    except ValueError as e:  # NaN/Infinity, or an integer too long to convert
        raise SaveError("saves.bad_game", path, detail=_short(str(e))) from None
    if not isinstance(doc, dict):
        raise SaveError("saves.not_object", path)
    return doc


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save can hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{_short(text, 20)} is not a number a save can hold")
    return value


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _upgrade(doc: dict[str, Any], path: Path) -> dict[str, Any]:
    if "kind" in doc and doc["kind"] != KIND:
        raise SaveError("saves.wrong_kind", path)
    if "format" not in doc:
        # without either marker this is some other program's JSON, not a damaged save
        raise SaveError("saves.missing_field" if "kind" in doc else "saves.wrong_kind", path,
                        field="format")
    fmt = doc["format"]
    if not _is_int(fmt):
        raise SaveError("saves.bad_format", path, value=_short(repr(fmt), 40))
    if fmt > SAVE_FORMAT:
        raise SaveError("saves.newer_format", path, format=fmt, supported=SAVE_FORMAT)
    while fmt < SAVE_FORMAT:
        step = MIGRATIONS.get(fmt)
        if step is None:
            raise SaveError("saves.bad_format", path, value=fmt)
        try:
            doc = step(doc)
        except Exception as e:
            raise SaveError("saves.migration_failed", path, format=fmt, detail=_short(str(e))) from e
        new = doc.get("format")
        if not _is_int(new) or new <= fmt:  # a broken migration must not loop forever
            raise SaveError("saves.migration_failed", path, format=fmt, detail="no progress")
        fmt = new
    return doc


_REQUIRED: tuple[tuple[str, Callable[[Any], bool]], ...] = (
    ("kind", lambda v: v == KIND),
    ("saved_at", lambda v: isinstance(v, str) and _parse_time(v) is not None),
    ("variant", lambda v: isinstance(v, str) and bool(v)),
    ("scores", lambda v: isinstance(v, list) and all(_is_int(s) for s in v)),
    ("game", lambda v: isinstance(v, dict)),
    ("extra", lambda v: isinstance(v, dict)),
)


def _check_fields(doc: dict[str, Any], path: Path) -> None:
    for field, ok in _REQUIRED:
        if field not in doc:
            raise SaveError("saves.missing_field", path, field=field)
        if not ok(doc[field]):
            if field == "kind":
                raise SaveError("saves.wrong_kind", path)
            raise SaveError("saves.bad_field", path, field=field)
    name = doc.get("name")
    if name is not None and not isinstance(name, str):
        raise SaveError("saves.bad_field", path, field="name")


def _parse_time(text: str) -> datetime | None:
    try:
        # naive times (hand-edited) are taken as local so they sort with the rest
        return datetime.fromisoformat(text).astimezone()
    except (ValueError, OverflowError, OSError):
        return None


def _build_game(state: dict[str, Any], path: Path) -> Game:
    # imported here: the menu asks `has_autosave` before any game exists, and loading the
    # whole engine for that question would delay its first frame
    from game.rules import Game, GameStateError

    try:
        return Game.from_dict(state)
    except GameStateError as e:
        raise _state_error(e, path) from None
    except RecursionError:
        raise SaveError("saves.too_deep", path) from None
    except Exception as e:
        # the engine promises GameStateError; anything else is logged for us to fix but is
        # still just a bad file to the player
        log.warning("Game.from_dict raised %s for %s: %s", type(e).__name__, path, e)
        raise SaveError("saves.bad_game", path, detail=_short(f"{type(e).__name__}: {e}")) from None


def _state_error(e: GameStateError, path: Path) -> SaveError:
    """The player's sentence for a refused game state: which field of the file is bad
    when the engine names one (as the file spells it, under "game")."""
    if e.field is None:
        return SaveError("saves.bad_game", path, detail=_short(str(e)))
    field = _short(f"game.{e.field}", 60)
    if e.problem == "missing":
        return SaveError("saves.missing_field", path, field=field)
    if e.problem == "unknown_variant":
        return SaveError("saves.unknown_variant", path, field=field, name=_short(e.name or "", 40))
    if e.problem == "unknown_option":
        return SaveError("saves.unknown_option", path, field=field, name=_short(e.name or "", 40))
    return SaveError("saves.bad_value", path, field=field)


def _short(text: str, limit: int = _DETAIL_CHARS) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------- writing

def _document(game: Game, extra: dict[str, Any] | None, name: str | None) -> dict[str, Any]:
    if extra is not None and not isinstance(extra, dict):
        raise TypeError(f"extra must be a dict, not {type(extra).__name__}")
    return {
        "format": SAVE_FORMAT,
        "kind": KIND,
        "saved_at": datetime.now().astimezone().isoformat(),
        "name": name,
        "variant": game.rules.name,
        "scores": list(game.scores),
        "game": game.to_dict(),
        "extra": dict(extra or {}),
    }


def _write(path: Path, game: Game, extra: dict[str, Any] | None, name: str | None) -> Path:
    try:
        write_json_atomic(path, _document(game, extra, name))
    except (TypeError, ValueError) as e:
        log.exception("save data for %s is not JSON", path)
        raise SaveError("saves.not_serialisable", path, detail=_short(str(e))) from e
    except OSError as e:
        raise SaveError("saves.write_failed", path, detail=_short(e.strerror or str(e))) from e
    return path


# ---------------------------------------------------------------------------- autosave

def autosave_path() -> Path:
    """Where the autosave of the game in progress lives."""
    return paths.data_dir() / AUTOSAVE_FILE


def autosave(game: Game, extra: dict[str, Any] | None = None) -> Path:
    """Save after every completed move and at quit. Raises SaveError if the disk refuses."""
    return _write(autosave_path(), game, extra, None)


def has_autosave() -> bool:
    """Whether to offer "Continue" (load_autosave may still find the file damaged). A
    write still on its way in the process' writer counts: the answer must not miss it."""
    if _process_writer:
        _process_writer[0].flush()
    return autosave_path().is_file()


_process_writer: list[AutosaveWriter] = []


def autosave_writer() -> AutosaveWriter:
    """The process' one background autosave writer, started on first use."""
    if not _process_writer:
        _process_writer.append(AutosaveWriter())
    return _process_writer[0]


def close_autosave_writer() -> None:
    """At quit: wait until the last autosave is on disk."""
    if _process_writer:
        _process_writer.pop().close()


def load_autosave() -> Loaded | None:
    """The autosave, or None when there is none.

    A damaged autosave falls back to its `.bak` (the autosave one move earlier) with
    `from_backup=True` and a `warning` to show; if both are bad, SaveError."""
    path = autosave_path()
    remove_stale_temps(path.parent)
    if not path.is_file():
        # a lone .bak is what a finished (cleared) game leaves if clearing was interrupted
        return None
    return load_with_backup(path, "saves.autosave_from_backup", "saves.autosave_both_bad")


def load_with_backup(path: Path, from_backup_key: str = "saves.slot_from_backup",
                     both_bad_key: str = "saves.slot_both_bad") -> Loaded:
    """`path`, or when it is damaged its `.bak` (the same save one write earlier) with
    `from_backup=True` and a `warning` to show; if both are bad, SaveError."""
    try:
        return load_file(path)
    except SaveError as first:
        bak = backup_path(path)
        # A newer version's file is not damaged: loading an older .bak instead would
        # quietly throw away the player's real position.
        if first.key == "saves.newer_format" or not bak.is_file():
            raise
        try:
            loaded = load_file(bak)
        except SaveError as second:
            raise SaveError(both_bad_key, path, causes=(first, second), backup=str(bak)) from None
        warning = format_message(from_backup_key, file=str(path), backup=str(bak))
        log.warning("%s (%s)", warning, first.message)
        return Loaded(game=loaded.game, extra=loaded.extra, path=bak, from_backup=True,
                      warning=warning)


class AutosaveWriter:
    """Autosave without making the UI thread wait for the disk.

    `submit` serialises at once (the game object may change right after), and a
    background thread does the durable write; when moves come faster than the disk, only
    the newest state is written, since each autosave replaces the one before. Call
    `close()` (or `flush()`) at quit so the last move is on disk. A failed write is kept
    in `last_error` for the UI to show, and the next submit tries again.

    The synchronous `autosave()` fsyncs twice, which costs 2-20 ms depending on the disk
    and its load: more than a frame at 60 fps."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: tuple[Path, bytes] | None = None
        self._busy = False
        self._closed = False
        self.last_error: SaveError | None = None
        self._thread = threading.Thread(target=self._run, name="canasta-autosave", daemon=True)
        self._thread.start()

    def submit(self, game: Game, extra: dict[str, Any] | None = None) -> None:
        """Queue the state for writing. Raises SaveError at once if it is not JSON data."""
        path = autosave_path()
        try:
            data = dumps(_document(game, extra, None))
        except (TypeError, ValueError) as e:
            raise SaveError("saves.not_serialisable", path, detail=_short(str(e))) from e
        with self._cond:
            if self._closed:
                raise RuntimeError("AutosaveWriter is closed")
            self._pending = (path, data)
            self._cond.notify_all()

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until everything submitted is on disk; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def clear(self) -> None:
        """clear_autosave() once pending writes are done, so none can bring it back."""
        self.flush(None)
        clear_autosave()

    def close(self, timeout: float | None = 10.0) -> bool:
        """Write what is pending, then stop the writer thread; False when `timeout` ran out first."""
        done = self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout)
        return done

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                path, data = self._pending
                self._pending = None
                self._busy = True
            error: SaveError | None = None
            try:
                write_bytes_atomic(path, data)
            except OSError as e:
                error = SaveError("saves.write_failed", path, detail=_short(e.strerror or str(e)))
                log.warning("%s", error.message)
            except Exception as e:  # keep the thread alive whatever happens
                error = SaveError("saves.write_failed", path, detail=_short(f"{type(e).__name__}: {e}"))
                log.exception("autosave failed")
            with self._cond:
                self.last_error = error
                self._busy = False
                self._cond.notify_all()


def clear_autosave() -> None:
    """Forget the autosave (the game ended, or the player started a new one)."""
    _remove_with_backup(autosave_path())


def set_aside_autosave() -> Path | None:
    """Rename an autosave that could not be loaded so the next autosave cannot replace it.

    For the UI to call when load_autosave raised and the player starts a new game: the
    file may be from a newer version of Canasta, or be mended by hand later. Returns the
    new name, or None when there was nothing to set aside."""
    path = autosave_path()
    if not path.is_file():
        return None
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"autosave-unreadable-{stamp}.json")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"autosave-unreadable-{stamp}-{n}.json")
    try:
        os.replace(path, target)
        bak = backup_path(path)
        if bak.is_file():
            os.replace(bak, target.with_suffix(".bak"))
    except OSError as e:
        raise SaveError("saves.write_failed", path, detail=_short(e.strerror or str(e))) from e
    return target


# ---------------------------------------------------------------------------- named slots

_FORBIDDEN = set('<>:"/\\|?*')
_WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                     *(f"LPT{i}" for i in range(1, 10))}
# Leaves room under the usual 255-byte limit for ".json", the ".bak" and temp-file affixes.
_MAX_NAME_BYTES = 120


def slots_dir() -> Path:
    """The folder of named save slots, made on first use."""
    d = paths.data_dir() / SLOTS_DIR
    d.mkdir(parents=True, exist_ok=True)
    return d


def safe_file_name(name: str) -> str:
    """The file stem used for a slot name: any language, but nothing a file system refuses.

    Separators, reserved characters and control characters become "_"; leading dots
    (hidden files, and our temp files) and trailing dots/spaces (refused by Windows) go.
    Raises SaveError when nothing usable is left."""
    text = unicodedata.normalize("NFC", str(name))
    chars = []
    for ch in text:
        if ch.isspace():
            chars.append(" ")
        # invisible format characters (bidi overrides can disguise a name) go, except the
        # joiners that emoji sequences and some scripts need
        elif ch in _FORBIDDEN or (unicodedata.category(ch) in ("Cc", "Cf", "Cs") and ch not in "\u200c\u200d"):
            chars.append("_")
        else:
            chars.append(ch)
    stem = " ".join("".join(chars).split()).strip(" .")
    stem = stem.encode("utf-8")[:_MAX_NAME_BYTES].decode("utf-8", "ignore").strip(" .")
    if stem.split(".")[0].upper() in _WINDOWS_RESERVED:
        stem = "_" + stem
    if not stem or set(stem) <= {"_"}:
        raise SaveError("saves.bad_slot_name", paths.data_dir() / SLOTS_DIR, name=_short(str(name), 60))
    return stem


def slot_path(name: str) -> Path:
    """The file of the slot called `name` (the name made safe as a file name)."""
    return slots_dir() / f"{safe_file_name(name)}.json"


def save_slot(name: str, game: Game, extra: dict[str, Any] | None = None) -> Path:
    """Save under a player-chosen name, replacing a slot of the same (sanitised) name."""
    path = slot_path(name)
    return _write(path, game, extra, " ".join(str(name).split()) or path.stem)


def load_slot(name: str) -> Loaded:
    """The game saved in slot `name` (from its backup if the file is damaged); SaveError when there
    is no such slot or both copies are unreadable."""
    path = slot_path(name)
    if not path.is_file():
        raise SaveError("saves.slot_not_found", path, name=_short(str(name), 60))
    return load_with_backup(path)


def delete_slot(name: str) -> None:
    """Remove a slot and its backup; deleting a slot that is not there is not an error."""
    _remove_with_backup(slot_path(name))


def _remove_with_backup(path: Path) -> None:
    """Remove a save file, then its backup (stopped in between, the stray .bak is ignored);
    one that is not there is not an error."""
    for p in (path, backup_path(path)):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise SaveError("saves.write_failed", p, detail=_short(e.strerror or str(e))) from e


def scan_slots() -> tuple[list[SlotInfo], list[SaveError]]:
    """Every readable slot (newest first) and the errors for the files that are not."""
    d = slots_dir()
    remove_stale_temps(d)
    slots: list[SlotInfo] = []
    problems: list[SaveError] = []
    try:
        files = sorted(p for p in d.iterdir() if p.suffix == ".json" and not p.name.startswith("."))
    except OSError as e:
        return [], [SaveError("saves.unreadable", d, detail=_short(e.strerror or str(e)))]
    for p in files:
        try:
            g, doc = _load(p)
        except SaveError as e:
            try:  # listed from its backup, which loading it falls back to
                if e.key == "saves.newer_format" or not backup_path(p).is_file():
                    raise
                g, doc = _load(backup_path(p))
            except SaveError:
                problems.append(e)
                continue
        when = _parse_time(doc["saved_at"])
        assert when is not None  # _check_fields has parsed it
        slots.append(SlotInfo(name=doc.get("name") or p.stem, variant=g.rules.name,
                              scores=tuple(g.scores), saved_at=when, path=p,
                              hand_number=g.hand_number))
    slots.sort(key=lambda s: (s.saved_at, s.name), reverse=True)
    return slots, problems


def list_slots() -> list[SlotInfo]:
    """Every readable save slot, for the Load screen."""
    return scan_slots()[0]


def list_problems() -> list[SaveError]:
    """The slot files that could not be read (for "2 saved games could not be read")."""
    return scan_slots()[1]

