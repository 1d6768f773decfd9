"""Player settings as the UI uses them, stored through `saves.settings` when it exists.

The saves package is written in parallel with the table; until it lands (or if it cannot
read the file) the game still starts, with defaults kept in memory for the session.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, fields
from typing import Any

logger = logging.getLogger("canasta.ui")

SPEEDS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.5, 10.0)  # 10 (the most saves allow) = instant
INSTANT = 10.0
# how much larger the hand's cards are drawn for each card size (the table's a bit less)
CARD_SCALES: dict[str, float] = {"normal": 1.0, "large": 1.25, "extra_large": 1.5}


@dataclass
class Prefs:
    animation_speed: float = 1.0
    sound_volume: float = 0.7
    muted: bool = False
    card_style: str = "classic"  # "classic" or "four_colour"
    back_colour: str = "blue"
    ai_level: str = "normal"
    variant: str = "classic"
    house_rules: dict | None = None  # variant -> {option: value}
    language: str = ""  # "" = the system's language (when we speak it), else English
    window_size: tuple[int, int] | list[int] | None = None
    window_pos: tuple[int, int] | list[int] | None = None
    coach: bool = True  # the coach in practice games
    show_hints: bool = True
    fullscreen: bool = False
    hand_sort: str = "rank"  # "rank", "suit" or "none" (as drawn)
    target: int | None = None
    seen_tutorial: bool = False
    explained_lines: list[str] | None = None  # score lines already explained at a hand end
    card_size: str = "normal"  # "normal", "large" or "extra_large"
    reduced_motion: bool = False  # fades instead of flights, no shake or bounce

    @property
    def four_colour(self) -> bool:
        return self.card_style == "four_colour"


def _store():
    try:
        from saves import settings as store  # type: ignore[import-not-found]
    except Exception:  # noqa: BLE001 - a half-written saves package must not stop the game
        return None
    if not hasattr(store, "load_settings"):
        return None
    return store


def load_prefs() -> Prefs:
    prefs = Prefs()
    store = _store()
    if store is None:
        return prefs
    try:
        s = store.load_settings()
    except Exception as exc:  # noqa: BLE001
        logger.warning("Settings not loaded: %s", exc)
        return prefs
    for f in fields(Prefs):
        if hasattr(s, f.name):
            setattr(prefs, f.name, getattr(s, f.name))
    return prefs


def save_prefs(prefs: Prefs) -> None:
    store = _store()
    if store is None:
        return
    try:
        s = store.load_settings()
        names = {f.name for f in fields(s)} if hasattr(s, "__dataclass_fields__") else set()
        changes: dict[str, Any] = {f.name: getattr(prefs, f.name) for f in fields(Prefs)
                                   if f.name in names and getattr(prefs, f.name) is not None}
        for key in ("window_size", "window_pos"):
            if key in changes:
                changes[key] = tuple(changes[key])
        for k, v in changes.items():
            setattr(s, k, v)
        store.save_settings(s)
    except Exception as exc:  # noqa: BLE001
        logger.warning("Settings not saved: %s", exc)
