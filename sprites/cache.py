"""Bounded LRU store for rendered card surfaces."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame


class SurfaceCache:
    """Least-recently-used map from a key to a rendered surface.

    Bounded by entry count: a full deck plus backs is 57 surfaces per width, and a table
    typically shows three or four widths (hand, melds, discard, animation), so the default
    keeps a few sizes warm without letting a resizing window grow memory without limit.
    """

    def __init__(self, max_entries: int = 256) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.max_entries = max_entries
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get_or_create(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
            self.hits += 1
            return surf
        self.misses += 1
        surf = make()
        self._items[key] = surf
        if len(self._items) > self.max_entries:
            self._items.popitem(last=False)
        return surf

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items
