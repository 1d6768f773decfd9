"""The window on the player's screen: its first size, fullscreen, and the interface scale.

Everything pygame_gui draws (buttons, drop-downs, dialogs and their text) was designed for a
1280x800 window. `ui_scale` says how much larger or smaller the current window is than that
design, and `scaled_theme` multiplies the theme's font sizes, corner radii, borders and
paddings by it, so at 2560x1440 a dialog's words are as readable as the cards beside them.
Scenes multiply their own layout rectangles by the same factor (`Scene.px`).
"""

from __future__ import annotations

import copy
import json
import warnings
from functools import lru_cache
from typing import Any

import pygame

from game.ui.shell.style import THEME_PATH

DESIGN_SIZE = (1280, 800)
MIN_SIZE = (960, 600)
# below 0.85 the theme's 14-point labels would fall under 12 points; above 2.5 nothing
# on a desktop screen needs it (3840x2160 is 2.7 and looks fine at 2.5)
SCALE_RANGE = (0.85, 2.5)
# scales move in steps: dragging a window's edge then reloads the theme's fonts a few
# times rather than at every pixel
SCALE_STEP = 0.05
# a first start takes this much of the desktop: room for the task bar and the title
# bar, and it still reads as a window rather than a screen taken over
FIRST_START_FRACTION = 0.8
# misc theme values in pixels that grow with the text (font sizes are scaled too)
_SCALED_MISC = ("shape_corner_radius", "border_width", "text_horiz_alignment_padding",
                "padding", "sliding_button_width", "open_button_width")


def ui_scale(size: tuple[int, int]) -> float:
    """The interface's scale for a window: its height against the design's 800 pixels,
    and its width against 1280 when that is tighter (a tall narrow window must not grow
    text that no longer fits across), within SCALE_RANGE, in SCALE_STEP steps."""
    w, h = size
    raw = min(h / DESIGN_SIZE[1], w / DESIGN_SIZE[0])
    stepped = round(raw / SCALE_STEP) * SCALE_STEP
    return round(max(SCALE_RANGE[0], min(SCALE_RANGE[1], stepped)), 2)


def px(value: float, scale: float) -> int:
    """`value` design pixels at `scale` (the theme's own sizes are rounded the same way)."""
    return round(value * scale)


@lru_cache(maxsize=1)
def _design_theme() -> dict[str, Any]:
    return json.loads(THEME_PATH.read_text(encoding="utf-8"))


@lru_cache(maxsize=8)
def _scaled(scale: float) -> dict[str, Any]:
    theme = copy.deepcopy(_design_theme())
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(max(8, px(int(font["size"]), scale)))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in _SCALED_MISC:
                if key in misc:
                    # "14,10" (a text box's padding) scales part by part; a border never
                    # vanishes by rounding down
                    parts = [int(p) for p in str(misc[key]).split(",")]
                    misc[key] = ",".join(str(max(1 if p > 0 else 0, px(p, scale))) for p in parts)
    return theme


def scaled_theme(scale: float) -> dict[str, Any]:
    """theme.json with every size multiplied by `scale` (a fresh copy: pygame_gui keeps
    references into the dict it loads)."""
    return copy.deepcopy(_scaled(scale))


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on (the first display), None if unknown."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def minimum_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The smallest window the layouts are made for, unless the screen itself is smaller."""
    if desktop is None:
        return MIN_SIZE
    return min(MIN_SIZE[0], desktop[0]), min(MIN_SIZE[1], desktop[1])


def window_size_for(saved: Any, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size at start: the remembered one, no larger than the screen, or on
    a first start (nothing remembered) a good part of the screen."""
    lo = minimum_size(desktop)
    if isinstance(saved, list | tuple) and len(saved) == 2:
        w, h = int(saved[0]), int(saved[1])
        if desktop is not None:  # a size remembered on a larger screen (Quit was cut off)
            w, h = min(w, desktop[0]), min(h, desktop[1])
    elif desktop is not None:
        w, h = round(desktop[0] * FIRST_START_FRACTION), round(desktop[1] * FIRST_START_FRACTION)
    else:
        w, h = DESIGN_SIZE
    return max(lo[0], w), max(lo[1], h)


def window_pos_for(saved: Any, size: tuple[int, int],
                   desktop: tuple[int, int] | None) -> tuple[int, int] | None:
    """Where the window opens: where it was last, moved back onto the screen when that
    is now (partly) off it (a smaller screen, a monitor gone); None: SDL centres it."""
    if not (isinstance(saved, list | tuple) and len(saved) == 2):
        return None
    x, y = int(saved[0]), int(saved[1])
    if desktop is None:
        return x, y
    return max(0, min(x, desktop[0] - size[0])), max(0, min(y, desktop[1] - size[1]))


def window_position() -> tuple[int, int] | None:
    """The window's position on the screen now (None when the driver cannot say)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return tuple(pygame.Window.from_display_module().position)  # type: ignore[return-value]
    except Exception:  # noqa: BLE001
        return None


def set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager not to make the window smaller than `size`."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pygame.Window.from_display_module().minimum_size = size
    except Exception:  # noqa: BLE001 - older SDL: the resize handler clamps instead
        pass


def open_window(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """The display surface: a resizable window of `size`, or the whole screen.

    Fullscreen is set_mode((0, 0), FULLSCREEN): a size of (0, 0) is the screen's current
    resolution (pygame's set_mode documentation), so nothing changes the video mode and
    the interface is laid out for the real screen. pygame.display.toggle_fullscreen is
    not used: its documentation says it does not work on Windows unless the window's size
    is one of list_modes() (a resizable window's size seldom is) or the window is SCALED.
    Going back is set_mode with the windowed size; both work under X11, Xvfb and the
    dummy driver of the tests."""
    if fullscreen:
        # without a window manager (Xvfb, a bare X server) SDL leaves a fullscreen window
        # where the window was, its right and bottom off the screen: start at the origin
        move_window((0, 0))
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def move_window(position: tuple[int, int] | int) -> None:
    """Place the window (pygame.WINDOWPOS_CENTERED centres it); nothing before it exists."""
    if pygame.display.get_surface() is None:
        return
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # set_mode may make a new SDL window: ask for the current one each time
            pygame.Window.from_display_module().position = position
    except Exception:  # noqa: BLE001 - a driver that cannot place windows: where SDL put it
        pass


class WindowMixin:
    """The App's window: opened fitted to the screen, resized, switched to fullscreen.
    Every change of size re-lays the interface out at its scale (`_relayout`)."""

    prefs: Any
    screen: pygame.Surface
    manager: Any
    scenes: list[Any]
    _dirty: bool

    def open_display(self, size: tuple[int, int] | None) -> tuple[int, int]:
        """Open the window (display initialised); returns the drawing surface's size.
        No `size`: the remembered one, clamped to this screen, or a first start's."""
        desktop = desktop_size()
        self.min_size = minimum_size(desktop)
        if size is None:
            size = window_size_for(self.prefs.window_size, desktop)
        self.windowed_size = (max(self.min_size[0], int(size[0])), max(self.min_size[1], int(size[1])))
        self.fullscreen = bool(self.prefs.fullscreen)
        self.screen = open_window(self.windowed_size, self.fullscreen)
        pos = window_pos_for(self.prefs.window_pos, self.windowed_size, desktop)
        if pos is not None and not self.fullscreen:
            move_window(pos)
        set_minimum_size(self.min_size)
        self.ui_scale = ui_scale(self.screen.get_size())  # the theme's and scenes' sizes times this
        return self.screen.get_size()

    def remember_window(self) -> None:
        """Keep where the window is for the next start (not the fullscreen origin)."""
        pos = None if self.fullscreen else window_position()
        if pos is not None:
            self.prefs.window_pos = pos

    def resize(self, size: tuple[int, int]) -> None:
        if self.fullscreen:  # the screen's size, whatever the event says
            self.screen = pygame.display.get_surface() or self.screen
            size = self.screen.get_size()
        else:
            w, h = max(self.min_size[0], size[0]), max(self.min_size[1], size[1])
            if (w, h) != tuple(size) or self.screen.get_size() != (w, h):
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            size = self.windowed_size = self.prefs.window_size = (w, h)
        self._relayout(size)

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen (F11, Settings) or go back to the window's remembered size;
        remembered for the next start."""
        if on == self.fullscreen:
            return
        from game.ui.shell.prefs import save_prefs

        self.fullscreen = self.prefs.fullscreen = on
        self.screen = open_window(self.windowed_size, on)
        if not on:  # back from the screen's origin (see open_window) to the middle
            move_window(pygame.WINDOWPOS_CENTERED)
        save_prefs(self.prefs)
        self._relayout(self.screen.get_size())

    def _relayout(self, size: tuple[int, int]) -> None:
        """Everything laid out again for `size`: the theme's fonts when the interface's
        scale changed, then every scene's widgets (covered ones too)."""
        scale = ui_scale(size)
        if scale != self.ui_scale:
            self.ui_scale = scale
            self.manager.get_theme().load_theme(scaled_theme(scale))
        self.manager.set_window_resolution(size)
        for scene in self.scenes:
            scene.resize(size)
        self._dirty = True
