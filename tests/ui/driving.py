"""Driving the real App in tests: frames drawn as the loop would, clicks as real events."""

from __future__ import annotations

from collections.abc import Callable

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


# A worker that has not woken the loop after this many (real) milliseconds is stuck: the
# wait gives up so the test fails at its stop instead of hanging.
WORKER_HANG = 120_000


class FakeClock:
    """The app loop's clock in tests (`App(clock=FakeClock(...))`): time passes only when
    the loop asks it to (a frame at the full rate, or a sleep until input or a timer), so
    a test counts frames per simulated second whatever the machine's speed.

    `events` maps a moment (seconds since the start) to an event that arrives then, as
    input arrives while the loop sleeps; a QUIT at `stop` seconds ends `run_loop`. While
    `busy()` (a worker thread is thinking) a wait lasts until the worker wakes the loop,
    and takes no simulated time."""

    def __init__(self, stop: float, events: dict[float, pygame.event.Event] | None = None,
                 busy: Callable[[], bool] | None = None) -> None:
        self.now = 0.0
        self._busy = busy
        self._last_tick = 0.0
        self._due = sorted([*(events or {}).items(), (stop, pygame.event.Event(pygame.QUIT))],
                           key=lambda item: item[0])

    def tick(self, framerate: float = 0) -> int:
        """Milliseconds since the last tick; a frame at `framerate` lasts 1/framerate."""
        if framerate:
            self.now = max(self.now, self._last_tick + 1 / framerate)
        for _at, event in self._arrived():
            pygame.event.post(event)
        elapsed, self._last_tick = self.now - self._last_tick, self.now
        return round(elapsed * 1000)

    def wait_for_event(self, timeout: float) -> list[pygame.event.Event]:
        """The first event within `timeout` simulated seconds, or [] when the whole
        timeout passes without one."""
        event = pygame.event.poll()
        if event.type == pygame.NOEVENT and self._busy is not None and self._busy():
            event = pygame.event.wait(WORKER_HANG)
        if event.type != pygame.NOEVENT:
            return [event]
        if self._due and self._due[0][0] <= self.now + timeout:
            at, event = self._due.pop(0)
            self.now = max(self.now, at)
            return [event]
        self.now += timeout
        return []

    def _arrived(self) -> list[tuple[float, pygame.event.Event]]:
        arrived = [item for item in self._due if item[0] <= self.now]
        del self._due[:len(arrived)]
        return arrived


def menu_app(size: tuple[int, int] = (1280, 800)) -> App:
    """An app at its main menu: animations instant, muted, the tutorial already seen."""
    from game.ui.screens.menu import MainMenuScene
    from game.ui.shell.prefs import INSTANT
    from saves.settings import Settings

    app = App(size=size, prefs=Settings(animation_speed=INSTANT, muted=True, seen_tutorial=True))
    app.push(MainMenuScene(app))
    frames(app, 2)
    return app


def press(app: App, key: int, mod: int = 0, settle: int = 2) -> None:
    """Press and release `key` (with `mod`), then draw `settle` frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    frames(app, settle)


def rendered(t, module) -> list[tuple[str, dict]]:
    """Every text the table's next frame draws through `module.T.render`, with the keyword
    arguments it is drawn with (the frame is drawn anew, not from its cache)."""
    said: list[tuple[str, dict]] = []
    render = module.T.render

    def recording(text, *a, **kw):
        said.append((text, kw))
        return render(text, *a, **kw)

    module.T.render = recording
    try:
        t.scene.frame.forget()
        t.frames(1)
    finally:
        module.T.render = render
    return said
