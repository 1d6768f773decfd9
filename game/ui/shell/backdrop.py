"""The felt cloth behind every scene, rendered once per window size, and the faces of
the pygame_gui panels."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from game.ui.shell.style import FELT


# one window size is shown at a time: the size now and the one before (a fullscreen
# toggled back) are kept; four full-window cloths at 2560x1440 held 60 MB for nothing
@lru_cache(maxsize=2)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """Dark green cloth: a soft cloudy grain and a vignette, both made small and
    smooth-scaled up, so the cost is a few milliseconds once per resize."""
    w, h = size
    rng = random.Random(7)
    grain = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            d = rng.randint(-7, 7)
            grain.set_at((x, y), (FELT[0] + d, FELT[1] + d + 2, FELT[2] + d))
    vignette = pygame.Surface((32, 20), pygame.SRCALPHA)
    cx, cy = 15.5, 9.5
    for y in range(20):
        for x in range(32):
            dx, dy = (x - cx) / 16, (y - cy) / 10
            r = min(1.0, (dx * dx + dy * dy) ** 0.5)
            vignette.set_at((x, y), (0, 0, 0, int(150 * r ** 2.2)))
    # both are smooth: darkened while small, they are scaled up once (a full-size alpha
    # blit cost more than the rest of the cloth; the menu's first frame waits for it)
    grain.blit(pygame.transform.smoothscale(vignette, grain.get_size()), (0, 0))
    out = pygame.transform.smoothscale(grain, (w, h))
    # fine weave lines, barely visible, make it read as cloth rather than a gradient; the
    # 45-degree lines 5 px apart repeat every 5 px down, so one strip is drawn and tiled
    band = 40
    weave = pygame.Surface((w, band), pygame.SRCALPHA)
    for x in range(-band, w, 5):
        pygame.draw.line(weave, (255, 255, 255, 5), (x, 0), (x + band, band))
    out.blits([(weave, (0, y)) for y in range(0, h, band)], doreturn=False)
    if pygame.display.get_surface() is not None:
        out = out.convert()
    return out


@lru_cache(maxsize=4)
def dim(size: tuple[int, int], alpha: int = 140) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, alpha))
    return s


# The panels' face (theme.json leaves pygame_gui's panel transparent and square).
PANEL_BG = (15, 42, 27, 242)
PANEL_BORDER = (168, 137, 74)
PANEL_RADIUS = 14
PANEL_BORDER_WIDTH = 2
_SUPERSAMPLE = 2


@lru_cache(maxsize=4)
def panel_face(size: tuple[int, int]) -> pygame.Surface:
    """A panel's rounded face: gold edge, dark green cloth.

    pygame_gui draws a rounded panel at four times its size each way, in several copies
    at once, and keeps two of them: for a score sheet at 1920x1080 that was a hundred
    megabytes held and twice that at a moment. Drawn here at twice the size and
    smooth-scaled down, the corners are as smooth for a sixteenth of the memory."""
    w, h = size
    ss = _SUPERSAMPLE
    big = pygame.Surface((max(1, w * ss), max(1, h * ss)), pygame.SRCALPHA)
    big.fill((*PANEL_BORDER, 0))  # the edge's colour, clear: no dark fringe when scaled
    pygame.draw.rect(big, (*PANEL_BORDER, 255), big.get_rect(), border_radius=PANEL_RADIUS * ss)
    edge = PANEL_BORDER_WIDTH * ss
    pygame.draw.rect(big, PANEL_BG, big.get_rect().inflate(-2 * edge, -2 * edge),
                     border_radius=max(0, (PANEL_RADIUS - PANEL_BORDER_WIDTH // 2) * ss))
    return pygame.transform.smoothscale(big, (max(1, w), max(1, h)))


def draw_panels(surface: pygame.Surface, manager) -> None:
    """The face of every shown pygame_gui panel, just before the widgets are drawn on it."""
    from pygame_gui.elements import UIPanel

    for el in manager.get_sprite_group().sprites():
        if isinstance(el, UIPanel) and el.visible and el.rect.w > 0 and el.rect.h > 0:
            surface.blit(panel_face(el.rect.size), el.rect.topleft)
