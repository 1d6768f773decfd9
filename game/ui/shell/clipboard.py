"""Copying a text (a commitment, a command) to the system clipboard."""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def copy_text(text: str) -> bool:
    """Put `text` on the clipboard (pygame-ce's `pygame.scrap.put_text`, SDL's clipboard);
    False where there is none (no window system, a headless display)."""
    try:
        import pygame.scrap

        pygame.scrap.put_text(text)
    except (pygame.error, ImportError, AttributeError) as e:
        log.info("clipboard unavailable: %s", e)
        return False
    return True
