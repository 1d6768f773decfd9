"""Keyboard focus for the pygame_gui screens: menus, dialogs, the New game form, Settings.

pygame_gui 0.6 gives keyboard input to text entries only: its buttons, drop-downs and
sliders are mouse widgets. The app keeps one `WidgetFocus` for the screen on top: Tab
(Shift+Tab) and the arrows walk its widgets in reading order, a ring shows which one
has the focus, Enter or Space presses a button, Left/Right (Enter, Space) step a
drop-down's choice or a slider. Until the first navigation key nothing is shown and the
keys keep the screen's own meaning (Enter: the suggested button).

A scene that plays with the keyboard in its own way (the table) says so with
`own_keyboard = True`; one that scrolls with the arrows keeps them with
`arrows_scroll = True` (Tab still walks its widgets). Parts a scene draws itself rather
than as widgets (the review's costliest decisions and its timeline) join the walk as
`DrawnStop`s from its `drawn_stops()`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UISelectionList, UITextBox

FOCUS = (110, 196, 255)
SLIDER_STEP = 5

_NEXT = {pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT}
_PREV = {pygame.K_UP, pygame.K_LEFT}
_PRESS = {pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE}
_COMPOUND = (UIDropDownMenu, UIHorizontalSlider)  # one stop each, whatever buttons they hold


@dataclass(frozen=True)
class DrawnStop:
    """A part of a screen drawn by its scene that Tab reaches like a widget: the ring goes
    round `rect`, Enter or Space call `press`. The same `name` on the next frame is the
    same stop (its rectangle may have moved)."""

    name: str
    rect: pygame.Rect = field(compare=False)
    press: Callable[[], object] = field(compare=False)

    def alive(self) -> bool:
        return True

    @property
    def visible(self) -> bool:
        return True


def stops(scene: Any) -> list[Any]:
    """A scene's widgets and drawn stops, in reading order."""
    drawn = getattr(scene, "drawn_stops", None)
    out = focusable(list(getattr(scene, "_ui", []))) + (drawn() if drawn is not None else [])
    return sorted(out, key=lambda el: (el.rect.y // 8, el.rect.x))


def focusable(elements: list[Any]) -> list[Any]:
    """The widgets a key can reach, in reading order (top to bottom, left to right);
    a drop-down's and a slider's own inner buttons are theirs, not separate stops."""
    out: list[Any] = []

    def walk(els: list[Any]) -> None:
        for el in els:
            if not el.alive() or not el.visible:
                continue
            if isinstance(el, _COMPOUND):
                if el.is_enabled:
                    out.append(el)
            elif isinstance(el, UITextBox):
                if "#copyable" in el.object_ids:  # a dialog's text that Enter copies
                    out.append(el)
            elif isinstance(el, UISelectionList):
                continue  # its rows follow Up/Down in the scene that shows it
            elif isinstance(el, UIButton):
                # a slider's thumb is a button of its own in pygame_gui: the slider is the stop
                if el.is_enabled and not isinstance(getattr(el, "parent_element", None), _COMPOUND):
                    out.append(el)
            else:
                container = getattr(el, "get_container", None)
                if container is not None:
                    walk(list(container().elements))

    walk(elements)
    return sorted(out, key=lambda el: (el.rect.y // 8, el.rect.x))


def step_choice(widget: UIDropDownMenu, delta: int) -> None:
    """Move a closed drop-down to the previous or next option, and tell its scene with
    the same event a mouse choice sends."""
    options = [o if isinstance(o, tuple) else (o, o) for o in widget.options_list]
    if not options:
        return
    ids = [o[1] for o in options]
    i = ids.index(widget.selected_option[1]) if widget.selected_option[1] in ids else 0
    new = options[(i + delta) % len(options)]
    widget.selected_option = new
    # pygame_gui keeps the choice in each of its two states as well; the closed one
    # shows it, so it is restarted to draw the new label
    for state in widget.menu_states.values():
        state.selected_option = new
    closed = widget.menu_states["closed"]
    if widget.current_state is closed:
        closed.finish()
        closed.start()
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "text": new[0], "selected_option_id": new[1], "ui_element": widget,
        "ui_object_id": widget.most_specific_combined_id}))


def step_slider(slider: UIHorizontalSlider, delta: int) -> None:
    lo, hi = slider.value_range
    slider.set_current_value(max(lo, min(hi, slider.get_current_value() + delta * SLIDER_STEP)))
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
        "value": slider.get_current_value(), "ui_element": slider,
        "ui_object_id": slider.most_specific_combined_id}))


class WidgetFocus:
    def __init__(self) -> None:
        self.scene: Any = None
        self.element: Any = None
        self.index = 0  # the ring's place in reading order: kept when the screen is rebuilt
        self.visible = False
        self.keyboard = False  # the last input was a key (not the mouse): rings show at once
        # where the ring was on each screen under the top one, to come back to it when the
        # screen on top (a dialog) closes: the control that opened it
        self._left: weakref.WeakKeyDictionary[Any, tuple[Any, int]] = weakref.WeakKeyDictionary()

    def _items(self, scene: Any) -> list[Any]:
        if scene is not self.scene:
            self._adopt(scene)
        return stops(scene)

    def _adopt(self, scene: Any) -> None:
        """The screen on top changed: remember where the ring was on the one left, and
        put it back where it was on a screen returned to (else on its first control,
        shown at once for a keyboard player)."""
        if self.scene is not None and self.element is not None:
            self._left[self.scene] = (self.element, self.index)
        back = self._left.pop(scene, None)
        self.scene = scene
        if back is None:
            # a screen's suggested action (its gold button) first, else its first control
            items = stops(scene)
            first = next((el for el in items if "#primary" in getattr(el, "object_ids", ())), items[0] if items else None)
            back = (first if self.keyboard else None, items.index(first) if first is not None else 0)
        self.element, self.index = back
        self.visible = self.keyboard

    def start_on(self, scene: Any, element: Any) -> None:
        """Where the ring starts on a screen just built (a dialog's suggested answer):
        shown at once when the keyboard was used last, else at the first Tab or arrow."""
        if scene is not self.scene:
            self._adopt(scene)
        self.element, self.visible = element, self.keyboard
        self.index = 0

    def handle(self, scene: Any, event: pygame.event.Event, typing: bool = False) -> bool:
        """A key for the focus: True when it was used (the scene does not see it).
        `typing`: a text entry has the keyboard, so only Tab and Up/Down leave it."""
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
        if event.type != pygame.KEYDOWN or scene is None or getattr(scene, "own_keyboard", False):
            return False
        if typing and event.key not in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            return False
        items = self._items(scene)
        if not items:
            return False
        key = event.key
        arrows_scroll = getattr(scene, "arrows_scroll", False)
        current = self._resolve(items)
        if key in _PRESS:
            if not self.visible or current is None:
                return False
            self._press(current, 1)
            return True
        if arrows_scroll and key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.visible and \
                isinstance(current, (UIDropDownMenu, UIHorizontalSlider)):
            self._press(current, -1 if key == pygame.K_LEFT else 1)
            return True
        if key not in _NEXT and key not in _PREV:
            return False
        back = key in _PREV or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        if not self.visible:
            self.visible = True
            if current is None:
                self.element = items[-1] if back else items[0]
            self.index = items.index(self.element)
            return True
        i = items.index(current) if current is not None else -1
        self.element = items[(i + (-1 if back else 1)) % len(items)]
        self.index = items.index(self.element)
        return True

    def _resolve(self, items: list[Any]) -> Any:
        """The focused widget; after a rebuild (a new variant remakes the New game form)
        the widget now in the same place."""
        if self.element in items:
            self.index = items.index(self.element)
            self.element = items[self.index]  # a drawn stop as drawn now (it may have moved)
            return self.element
        if self.visible and self.element is not None and 0 <= self.index < len(items):
            self.element = items[self.index]
            return self.element
        return None

    def _press(self, el: Any, delta: int) -> None:
        if isinstance(el, DrawnStop):
            el.press()
        elif isinstance(el, UIDropDownMenu):
            step_choice(el, delta)
        elif isinstance(el, UIHorizontalSlider):
            step_slider(el, delta)
        elif isinstance(el, UITextBox):
            # what a click on a link in the text sends: the dialog copies its text
            pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, {
                "link_target": "copy", "ui_element": el, "ui_object_id": el.most_specific_combined_id}))
        else:
            pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
                "ui_element": el, "ui_object_id": el.most_specific_combined_id, "mouse_button": 1}))

    def mouse_used(self) -> None:
        self.visible = self.keyboard = False

    def draw(self, surface: pygame.Surface, scene: Any) -> None:
        if scene is not self.scene and scene is not None:
            self._adopt(scene)
        if not self.visible or getattr(scene, "own_keyboard", False):
            return
        el = self._resolve(stops(scene))
        if el is None or not el.alive() or not el.visible:
            return
        ring = el.rect.inflate(10, 10)
        pygame.draw.rect(surface, (8, 16, 24), ring.inflate(2, 2), 5, border_radius=10)
        pygame.draw.rect(surface, FOCUS, ring, 3, border_radius=9)

