"""Bounded LRU store for rendered card surfaces."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

# A card face at the largest hand width a 4K window gives is about 0.2 MB; 48 MB holds
# several full decks at every size a table shows at once.
DEFAULT_MAX_BYTES = 48 * 2**20


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory a surface holds."""
    return surf.get_pitch() * surf.get_height()


class SurfaceCache:
    """Least-recently-used map from a key to a rendered surface.

    Bounded twice: by entry count (a full deck plus backs is 57 surfaces per width, and a
    table typically shows three or four widths: hand, melds, discard, animation) and by
    the pixel memory held, so a big window's big cards cannot grow memory past
    `max_bytes` however many sizes a resizing window asks for.
    """

    def __init__(self, max_entries: int = 256, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        if max_bytes < 1:
            raise ValueError("max_bytes must be at least 1")
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.bytes = 0
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> pygame.Surface | None:
        """The cached surface (now the most recently used), or None."""
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
            self.hits += 1
        else:
            self.misses += 1
        return surf

    def __setitem__(self, key: Hashable, surf: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._items[key] = surf
        self.bytes += surface_bytes(surf)
        # the newest entry always stays, even if it alone is over the limit
        while len(self._items) > 1 and (len(self._items) > self.max_entries or self.bytes > self.max_bytes):
            _, evicted = self._items.popitem(last=False)
            self.bytes -= surface_bytes(evicted)

    def get_or_create(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self.get(key)
        if surf is None:
            surf = make()
            self[key] = surf
        return surf

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items
