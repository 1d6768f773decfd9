"""Where Canasta keeps its files.

The platform's user data and config directories (appdirs), unless `CANASTA_HOME` names a
directory, in which case data lives in `$CANASTA_HOME/data` and config in
`$CANASTA_HOME/config` (tests and portable installs use this). Whatever is configured,
the answer is always an absolute, existing, writable directory if one can be had: a bad
setting falls back to the platform directory, and that to the temp directory, because
refusing to start (or silently writing relative to wherever the game was launched from)
would lose games.

Nothing is cached: tests change the environment between calls and a directory can stop
being usable while the game runs (a removed USB stick); the checks cost microseconds.
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import appdirs

from .messages import format_message

APP_NAME = "Canasta"
ENV_VAR = "CANASTA_HOME"

log = logging.getLogger(__name__)

# The last fallback per kind ("data"/"config"), for the UI to show once; None when the
# configured place was used.
_notices: dict[str, str | None] = {}
_logged: set[str] = set()


def data_dir() -> Path:
    """Directory for save games (created if needed)."""
    return _resolve("data", lambda: appdirs.user_data_dir(APP_NAME, False))


def config_dir() -> Path:
    """Directory for settings (created if needed)."""
    return _resolve("config", lambda: appdirs.user_config_dir(APP_NAME, False))


def location_notice() -> str | None:
    """A sentence for the player when a configured directory could not be used."""
    for kind in ("data", "config"):
        if _notices.get(kind):
            return _notices[kind]
    return None


def _resolve(kind: str, platform_dir: Callable[[], str]) -> Path:
    wanted: list[str] = []
    home = os.environ.get(ENV_VAR, "")
    if home.strip():
        # os.path.expanduser leaves an unknown ~user alone (Path.expanduser raises)
        base = Path(os.path.expanduser(home))
        candidate = base / kind
        wanted.append(str(candidate))
        if base.is_absolute() and (found := _usable(candidate)) is not None:
            _notices[kind] = None
            return found
    try:
        platform = Path(os.path.expanduser(platform_dir()))
    except Exception:  # appdirs consults the OS registry/env; never let that stop a launch
        platform = Path()
    wanted.append(str(platform))
    if platform.is_absolute() and (found := _usable(platform)) is not None:
        if len(wanted) > 1:
            _notice(kind, wanted[0], found)
        else:
            _notices[kind] = None
        return found
    fallback = Path(tempfile.gettempdir()).resolve() / f"canasta-{_user_tag()}" / kind
    found = _usable(fallback)
    result = found if found is not None else fallback
    _notice(kind, wanted[0], result)
    return result


def _usable(p: Path) -> Path | None:
    try:
        p.mkdir(parents=True, exist_ok=True, mode=0o700)
        if p.is_dir() and os.access(p, os.W_OK | os.X_OK):
            return p
    except (OSError, ValueError):  # ValueError: a NUL byte in the setting
        pass
    return None


def _user_tag() -> str:
    # A per-user name so two accounts sharing /tmp never read each other's games.
    getuid = getattr(os, "getuid", None)
    if getuid is not None:
        return str(getuid())
    return "".join(ch for ch in os.environ.get("USERNAME", "user") if ch.isalnum()) or "user"


def _notice(kind: str, wanted: str, used: Path) -> None:
    text = format_message("saves.location_fallback", wanted=wanted, used=used)
    _notices[kind] = text
    if text not in _logged:
        _logged.add(text)
        log.warning("%s", text)
