"""The app loop's time: how long a frame took, and a sleep that input cuts short.

`App` asks its clock for both, so tests give it a clock of their own (time that passes only
when the loop asks, input that arrives at a chosen moment) and count frames instead of
watching the machine's clock.
"""

from __future__ import annotations

import time
from typing import Protocol

import pygame

# How often a sleeping loop looks at the event queue. pygame's own event.wait() looks
# every millisecond (about 2.5% of a core doing nothing); every 10 ms costs a fraction
# of that and still sees input within the frame it arrived in.
IDLE_POLL = 0.01


class LoopClock(Protocol):
    """What the app loop needs of time."""

    def tick(self, framerate: float = 0) -> int:
        """Milliseconds since the last tick, first waiting so that frames come at most
        `framerate` a second (0: no wait)."""
        ...

    def wait_for_event(self, timeout: float) -> list[pygame.event.Event]:
        """The first event to arrive within `timeout` seconds ([] if none did)."""
        ...


class RealClock:
    """The machine's time: pygame's frame clock and a sleeping wait on the queue."""

    def __init__(self) -> None:
        self._frames = pygame.time.Clock()

    def tick(self, framerate: float = 0) -> int:
        """Milliseconds since the last tick, after sleeping to keep to `framerate`."""
        return self._frames.tick(framerate)

    def wait_for_event(self, timeout: float) -> list[pygame.event.Event]:
        """The first event within `timeout` seconds, sleeping between looks."""
        return wait_for_event(timeout)


def wait_for_event(timeout: float) -> list[pygame.event.Event]:
    """The first event to arrive within `timeout` seconds ([] if none did), sleeping
    between looks at the queue (the sleep lets a computer player's thread run)."""
    deadline = time.perf_counter() + timeout
    while True:
        event = pygame.event.poll()
        if event.type != pygame.NOEVENT:
            return [event]
        left = deadline - time.perf_counter()
        if left <= 0:
            return []
        time.sleep(min(IDLE_POLL, left))
