"""Player settings as the UI uses them, read from and written to `saves.settings`."""

from __future__ import annotations

import logging
from dataclasses import dataclass, fields

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


def load_prefs() -> Prefs:
    """The saved settings (`load_settings` falls back to defaults itself, never raises)."""
    from saves.settings import load_settings

    prefs = Prefs()
    s = load_settings()
    for f in fields(Prefs):
        if hasattr(s, f.name):
            setattr(prefs, f.name, getattr(s, f.name))
    return prefs


def save_prefs(prefs: Prefs) -> None:
    """Store the settings; a disk that refuses is logged (the game plays on with them)."""
    from saves.settings import SaveError, load_settings, save_settings

    s = load_settings()
    for f in fields(s):
        value = getattr(prefs, f.name, None)
        if value is not None:
            setattr(s, f.name, tuple(value) if f.name in ("window_size", "window_pos") else value)
    try:
        save_settings(s)
    except SaveError as exc:
        logger.warning("Settings not saved: %s", exc)
