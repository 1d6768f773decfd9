"""Save games and settings: where they live, atomic writes, format versions.

The names below load on first use (PEP 562): the menu needs only the settings, and the
save store imports the whole rules engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .messages import SaveError
    from .paths import config_dir, data_dir, location_notice
    from .settings import Settings, load_settings, save_settings
    from .store import (
        MIGRATIONS,
        SAVE_FORMAT,
        AutosaveWriter,
        Loaded,
        SlotInfo,
        autosave,
        autosave_writer,
        clear_autosave,
        close_autosave_writer,
        delete_slot,
        has_autosave,
        list_problems,
        list_slots,
        load_autosave,
        load_file,
        load_slot,
        load_with_backup,
        save_slot,
        scan_slots,
        set_aside_autosave,
    )

_HOMES = {
    "messages": ("SaveError",),
    "paths": ("config_dir", "data_dir", "location_notice"),
    "settings": ("Settings", "load_settings", "save_settings"),
    "store": ("MIGRATIONS", "SAVE_FORMAT", "AutosaveWriter", "Loaded", "SlotInfo", "autosave",
              "autosave_writer", "clear_autosave", "close_autosave_writer", "delete_slot", "has_autosave", "list_problems", "list_slots",
              "load_autosave", "load_file", "load_slot", "load_with_backup", "save_slot",
              "scan_slots", "set_aside_autosave"),
}
_WHERE = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "AutosaveWriter", "Loaded", "MIGRATIONS", "SAVE_FORMAT", "SaveError", "Settings",
    "SlotInfo", "autosave", "autosave_writer", "clear_autosave", "close_autosave_writer",
    "config_dir", "data_dir", "delete_slot", "has_autosave", "list_problems", "list_slots",
    "load_autosave", "load_file", "load_settings", "load_slot", "load_with_backup",
    "location_notice", "save_settings", "save_slot", "scan_slots", "set_aside_autosave",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value
