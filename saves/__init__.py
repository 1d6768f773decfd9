"""Save games and settings: where they live, atomic writes, format versions."""

from .paths import config_dir, data_dir, location_notice
from .settings import Settings, load_settings, save_settings
from .store import (
    MIGRATIONS,
    SAVE_FORMAT,
    AutosaveWriter,
    Loaded,
    SaveError,
    SlotInfo,
    autosave,
    clear_autosave,
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

__all__ = [
    "MIGRATIONS", "SAVE_FORMAT", "AutosaveWriter", "Loaded", "SaveError", "Settings", "SlotInfo", "autosave",
    "clear_autosave", "config_dir", "data_dir", "delete_slot", "has_autosave", "list_problems",
    "list_slots", "load_autosave", "load_file", "load_settings", "load_slot", "load_with_backup", "location_notice",
    "save_settings", "save_slot", "scan_slots", "set_aside_autosave",
]
