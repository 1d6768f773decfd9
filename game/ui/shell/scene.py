"""The scene stack's unit: a screen that handles events, updates and draws itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.shell.app import App

# A slow glow (a hint's, the tutorial's pointer) breathes over about a second: 30 frames a
# second show it smoothly at half the cost of the full rate.
PULSE_FRAME = 1 / 30


class Scene:
    """Base scene. pygame_gui elements made through `self.ui_add` are hidden while the
    scene is covered (so a dialog's dim layer is not pierced by live buttons) and killed
    when it leaves the stack."""

    transparent = False  # draw the scene below first (dialogs, overlays)

    def __init__(self, app: App) -> None:
        self.app = app
        self._ui: list[Any] = []

    # -- lifecycle ---------------------------------------------------------------
    def enter(self) -> None:
        self.build_ui()

    def leave(self) -> None:
        self.clear_ui()

    def pause(self) -> None:
        for el in self._ui:
            el.hide()

    def resume(self) -> None:
        for el in self._ui:
            el.show()

    def resize(self, size: tuple[int, int]) -> None:
        self.clear_ui()
        self.build_ui()
        if self.app.top is not self:
            self.pause()

    def on_language_changed(self) -> None:
        """The player chose another language: widgets are labelled when they are built, and
        drawn text is cached per window size, so the resize path remakes both."""
        self.resize(self.app.size)

    # -- ui helpers --------------------------------------------------------------
    def px(self, value: float) -> int:
        """`value` pixels of the 1280x800 design at the interface's scale (shell/window.py):
        what every widget's rectangle is measured in, so it grows with its text."""
        return round(value * getattr(self.app, "ui_scale", 1.0))

    def build_ui(self) -> None:
        """Create this scene's widgets for the current window size."""

    def ui_add(self, element: Any) -> Any:
        self._ui.append(element)
        return element

    def clear_ui(self) -> None:
        for el in self._ui:
            el.kill()
        self._ui.clear()

    # -- frame -------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    # -- idle ----------------------------------------------------------------------
    def next_frame_in(self) -> float | None:
        """Seconds until this scene must be updated and drawn again though no input
        arrives: 0.0 while something moves, a delay when a timer will change what is
        shown (a message that expires), None when only input can change it. The app
        sleeps on the event queue for the shortest answer of the scenes on screen."""
        return None

    def needs_frame(self) -> bool:
        """True while something on this scene moves (it is drawn at the full rate)."""
        return self.next_frame_in() == 0.0
