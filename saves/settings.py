"""Player settings: remembered between sessions, never a reason not to start.

Loading is forgiving field by field: a value that is missing, of the wrong type or out of
range falls back to its default while every good value is kept, and a file that cannot be
read at all (or its `.bak`, tried next) means defaults. Saving is atomic like the saves.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES
from game.rules.ruleset import HOUSE_OPTIONS, VARIANTS

from . import paths
from .atomic import backup_path, read_json, write_json_atomic
from .messages import SaveError

SETTINGS_FORMAT = 1
SETTINGS_KIND = "canasta-settings"
SETTINGS_FILE = "settings.json"

CARD_STYLES = ("classic", "four_colour")
# Mirrors sprites.palette.BACKS (importing sprites would pull pygame into saves; a test
# keeps the two in step).
BACK_COLOURS = ("blue", "red", "green")
HAND_SORTS = ("rank", "suit", "none")
CARD_SIZES = ("normal", "large", "extra_large")
ARCHIVE_SIZES = (50, 200, 500, 1000, 5000)  # past games kept (saves/archive.py)

log = logging.getLogger(__name__)


@dataclass
class Settings:
    """The player's preferences as stored in settings.json; every field has a safe default."""

    animation_speed: float = 1.0  # multiplies animation speed; 2.0 = twice as fast
    sound_volume: float = 0.8  # 0..1
    muted: bool = False
    card_style: str = "classic"  # "classic" (two colours) or "four_colour"
    back_colour: str = "blue"
    ai_level: str = "normal"
    variant: str = "classic"  # the last variant played
    target: int | None = None  # the last game's target score (None: the variant's own)
    house_rules: dict[str, dict[str, Any]] = field(default_factory=dict)  # variant -> options
    language: str = ""  # "" = the system's language
    # None until the window was first resized: the first start fits the window to the screen
    window_size: tuple[int, int] | None = None
    window_pos: tuple[int, int] | None = None  # where the window was last (None: centred)
    fullscreen: bool = False
    coach: bool = True  # explain the AI's and the player's moves
    show_hints: bool = True
    hand_sort: str = "rank"  # "rank", "suit" or "none" (the player's own order)
    seen_tutorial: bool = False
    card_size: str = "normal"  # "normal", "large" or "extra_large": the table's cards
    reduced_motion: bool = False  # fades instead of flights, no shake or bounce
    # score-line keys whose one-sentence explanation the hand-end sheet has shown
    explained_lines: list[str] = field(default_factory=list)
    archive_games: int = 500  # past games kept, the oldest dropped first (ARCHIVE_SIZES)
    # the table waits for the player before the first computer move of a hand, so the
    # game's commitment can be noted before anything is played
    wait_first_move: bool = False

    @property
    def four_colour(self) -> bool:
        """Whether the cards (and the suits in sentences) use four colours."""
        return self.card_style == "four_colour"


# --------------------------------------------------------------------------- validation
# Each checker returns the value to keep, or raises ValueError to fall back to the default.

def _number(lo: float, hi: float) -> Callable[[Any], float]:
    def check(v: Any) -> float:
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or not lo <= v <= hi:
            raise ValueError(v)
        return float(v)
    return check


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise ValueError(v)
    return v


def _choice(options: tuple[str, ...]) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if v not in options or not isinstance(v, str):
            raise ValueError(v)
        return v
    return check


def _archive_size(v: Any) -> int:
    if isinstance(v, bool) or v not in ARCHIVE_SIZES:
        raise ValueError(v)
    return int(v)


_LEVEL = re.compile(r"[a-z0-9_-]{1,32}")


def _ai_level(v: Any) -> str:
    # The AI package owns the list of levels; here only the shape is checked and the UI
    # maps an unknown level to its default.
    if not isinstance(v, str) or not _LEVEL.fullmatch(v):
        raise ValueError(v)
    return v


def _variant(v: Any) -> str:
    if not isinstance(v, str) or v not in VARIANTS:
        raise ValueError(v)
    return v


def _target(v: Any) -> int | None:
    # a target some variant offers; the New game form falls back to the variant's own when
    # the current variant does not offer it
    offered = {t for r in VARIANTS.values() for t in (r.target, *r.target_options)}
    if v is None or (type(v) is int and v in offered):
        return v
    raise ValueError(v)


def _language(v: Any) -> str:
    if v == "" or (isinstance(v, str) and v in LANGUAGES):
        return v
    raise ValueError(v)


def _window_size(v: Any) -> tuple[int, int] | None:
    if v is None:  # never resized: fitted to the screen at each start
        return None
    if (not isinstance(v, list | tuple) or len(v) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and 320 <= x <= 16384 for x in v)):
        raise ValueError(v)
    return (v[0], v[1])


def _window_pos(v: Any) -> tuple[int, int] | None:
    if v is None:
        return None
    if (not isinstance(v, list | tuple) or len(v) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and -32768 <= x <= 32768 for x in v)):
        raise ValueError(v)
    return (v[0], v[1])


_LINE_KEY = re.compile(r"[a-z][a-z0-9_.]{0,80}")


def _explained_lines(v: Any) -> list[str]:
    # keep the well-formed keys of a damaged list rather than explaining everything again
    if not isinstance(v, list):
        raise ValueError(v)
    return [k for k in v if isinstance(k, str) and _LINE_KEY.fullmatch(k)][:200]


def _house_rules(v: Any) -> dict[str, dict[str, Any]]:
    # Keep each option that is still offered with an allowed value; drop the rest alone,
    # so one stale option does not cost the player all their house rules.
    if not isinstance(v, dict):
        raise ValueError(v)
    out: dict[str, dict[str, Any]] = {}
    for variant, options in v.items():
        if variant not in VARIANTS or not isinstance(options, dict):
            continue
        kept = {}
        for name, value in options.items():
            allowed = HOUSE_OPTIONS.get(name)
            # type check too: in Python True == 1, so 1 would pass for a bool option
            if allowed is not None and any(type(value) is type(a) and value == a for a in allowed):
                kept[name] = value
        if kept:
            out[variant] = kept
    return out


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "animation_speed": _number(0.1, 10.0),
    "sound_volume": _number(0.0, 1.0),
    "muted": _bool,
    "card_style": _choice(CARD_STYLES),
    "back_colour": _choice(BACK_COLOURS),
    "ai_level": _ai_level,
    "variant": _variant,
    "target": _target,
    "house_rules": _house_rules,
    "language": _language,
    "window_size": _window_size,
    "window_pos": _window_pos,
    "fullscreen": _bool,
    "coach": _bool,
    "show_hints": _bool,
    "hand_sort": _choice(HAND_SORTS),
    "seen_tutorial": _bool,
    "card_size": _choice(CARD_SIZES),
    "reduced_motion": _bool,
    "explained_lines": _explained_lines,
    "archive_games": _archive_size,
    "wait_first_move": _bool,
}


def settings_from_dict(d: Any) -> Settings:
    """Settings from (possibly damaged) data: good values kept, bad ones defaulted."""
    s = Settings()
    if not isinstance(d, dict):
        return s
    for f in fields(Settings):
        if f.name not in d:
            continue
        try:
            setattr(s, f.name, _CHECKS[f.name](d[f.name]))
        except (ValueError, TypeError):
            log.info("settings: ignoring bad %s = %.60r", f.name, d[f.name])
    return s


def settings_to_dict(s: Settings) -> dict[str, Any]:
    """The settings as plain JSON values, ready to write."""
    d = asdict(s)
    d["window_size"] = None if s.window_size is None else list(s.window_size)
    d["window_pos"] = None if s.window_pos is None else list(s.window_pos)
    return d


# --------------------------------------------------------------------------- files

def settings_path() -> Path:
    """Where settings.json lives (the per-user config folder)."""
    return paths.config_dir() / SETTINGS_FILE


def load_settings() -> Settings:
    """The saved settings, or defaults for whatever is missing or bad. Never raises."""
    try:
        path = settings_path()
    except Exception:  # pragma: no cover - paths falls back instead of raising
        return Settings()
    for candidate in (path, backup_path(path)):
        try:
            doc = read_json(candidate, max_bytes=1024 * 1024)
        except FileNotFoundError:
            continue
        except Exception as e:  # corrupt, unreadable, too deep: try the backup, then defaults
            log.warning("settings file %s could not be read (%s)", candidate, e)
            continue
        if isinstance(doc, dict) and isinstance(doc.get("settings"), dict):
            # a newer format is read too: fields we know keep their meaning by contract,
            # and refusing would reset the player's choices after a downgrade
            return settings_from_dict(doc["settings"])
        log.warning("settings file %s does not hold settings", candidate)
    return Settings()


def save_settings(s: Settings) -> None:
    """Write the settings atomically. Raises SaveError when the disk refuses."""
    path = settings_path()
    doc = {"format": SETTINGS_FORMAT, "kind": SETTINGS_KIND, "settings": settings_to_dict(s)}
    try:
        write_json_atomic(path, doc)
    except (OSError, TypeError, ValueError) as e:
        raise SaveError("saves.settings_write_failed", path, detail=str(e)) from e
