"""Driving the real App in tests: frames drawn as the loop would, clicks as real events."""

from __future__ import annotations

import pygame

from game.ui.shell.app import App


def frames(app: App, n: int, dt: float = 1 / 60) -> None:
    """Draw `n` frames of `dt` seconds each, counted like the real loop counts them."""
    for _ in range(n):
        app.frame(dt)
        app.frames += 1


def click(app: App, pos) -> None:
    """Move the pointer to `pos`, press and release the left button, and let it act."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)
