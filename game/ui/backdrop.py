"""The felt cloth behind every scene, rendered once per window size."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from .style import FELT


@lru_cache(maxsize=4)
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
    out = pygame.transform.smoothscale(grain, (w, h))
    vignette = pygame.Surface((32, 20), pygame.SRCALPHA)
    cx, cy = 15.5, 9.5
    for y in range(20):
        for x in range(32):
            dx, dy = (x - cx) / 16, (y - cy) / 10
            r = min(1.0, (dx * dx + dy * dy) ** 0.5)
            vignette.set_at((x, y), (0, 0, 0, int(150 * r ** 2.2)))
    out.blit(pygame.transform.smoothscale(vignette, (w, h)), (0, 0))
    # fine weave lines, barely visible, make it read as cloth rather than a gradient
    weave = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(-h, w, 5):
        pygame.draw.line(weave, (255, 255, 255, 5), (x, 0), (x + h, h))
    out.blit(weave, (0, 0))
    if pygame.display.get_surface() is not None:
        out = out.convert()
    return out


@lru_cache(maxsize=4)
def dim(size: tuple[int, int], alpha: int = 140) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, alpha))
    return s
