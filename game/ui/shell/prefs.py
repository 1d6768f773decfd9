"""What the UI adds to the player's settings (`saves.settings.Settings`, which the UI keeps
as `app.prefs`): the animation speeds and card sizes offered, and saving that never stops
the game."""

from __future__ import annotations

import logging

from saves.settings import SaveError, Settings, save_settings

logger = logging.getLogger("canasta.ui")

SPEEDS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.5, 10.0)  # 10 (the most saves allow) = instant
INSTANT = 10.0
# how much larger the hand's cards are drawn for each card size (the table's a bit less)
CARD_SCALES: dict[str, float] = {"normal": 1.0, "large": 1.25, "extra_large": 1.5}


def save_prefs(prefs: Settings) -> None:
    """Store the settings; a disk that refuses is logged (the game plays on with them)."""
    try:
        save_settings(prefs)
    except SaveError as exc:
        logger.warning("Settings not saved: %s", exc)
