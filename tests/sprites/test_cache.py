"""The surface cache is bounded by entries and by the pixel memory it holds."""

from __future__ import annotations

import pygame
import pytest

from sprites.cache import SurfaceCache, surface_bytes


def _surface(w: int, h: int = 10) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_bytes_are_counted_and_the_oldest_go_first():
    one = surface_bytes(_surface(10))
    cache = SurfaceCache(max_entries=100, max_bytes=3 * one)
    for k in range(3):
        cache[k] = _surface(10)
    assert cache.bytes == 3 * one and len(cache) == 3
    assert cache.get(0) is not None  # 0 is now the most recently used
    cache[3] = _surface(10)
    assert 1 not in cache and 0 in cache and 3 in cache
    assert cache.bytes == 3 * one


def test_an_entry_bigger_than_the_limit_is_kept_alone():
    cache = SurfaceCache(max_entries=10, max_bytes=surface_bytes(_surface(10)))
    cache["small"] = _surface(10)
    cache["big"] = _surface(100)
    assert len(cache) == 1 and "big" in cache
    assert cache.bytes == surface_bytes(cache.get("big"))


def test_replacing_a_key_counts_its_bytes_once():
    cache = SurfaceCache()
    cache["k"] = _surface(10)
    cache["k"] = _surface(20)
    assert cache.bytes == surface_bytes(_surface(20)) and len(cache) == 1
    cache.clear()
    assert cache.bytes == 0 and len(cache) == 0


def test_get_or_create_makes_once():
    cache = SurfaceCache()
    made = []

    def make() -> pygame.Surface:
        made.append(1)
        return _surface(5)

    first = cache.get_or_create("x", make)
    assert cache.get_or_create("x", make) is first and len(made) == 1
    assert (cache.hits, cache.misses) == (1, 1)


def test_limits_must_be_positive():
    with pytest.raises(ValueError):
        SurfaceCache(max_entries=0)
    with pytest.raises(ValueError):
        SurfaceCache(max_bytes=0)
