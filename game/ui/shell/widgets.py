"""Small helpers over pygame_gui so scenes read as layout, not boilerplate."""

from __future__ import annotations

import warnings
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from game.ui.shell.style import SUIT_GLYPHS
from game.ui.shell.suit_button import SuitLabelButton


class _ListAsWide(UIExpandedDropDownState):
    """An open drop-down whose list is as wide as its field (pygame_gui leaves the arrow's
    column out, and a long choice was cut under it)."""

    def start(self, should_rebuild: bool = True) -> None:
        super().start(should_rebuild)
        rows = self.options_selection_list
        if rows is None or rows.relative_rect.width >= self.drop_down_menu_ui.relative_rect.width:
            return
        rows.set_dimensions((self.drop_down_menu_ui.relative_rect.width, rows.relative_rect.height))
        # its rows were made at the old width: made again, the choice marked and in view again
        rows.set_item_list(rows._raw_item_list)
        rows._set_default_selection()
        if rows.scroll_bar is not None:
            rows.scroll_bar.set_scroll_from_start_percentage(rows.get_single_selection_start_percentage())
            rows.update(0.0)


class DropDown(UIDropDownMenu):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.menu_states["expanded"] = _ListAsWide(
            self, self.options_list, self.selected_option, self.background_rect, self.open_button_width,
            self.expand_direction, self.ui_manager, self, self.object_ids, self.element_ids,
            self.expand_on_option_click)


class Choice:
    """A drop-down over a list of values with player-facing labels."""

    def __init__(self, rect: pygame.Rect, values: list[Any], labels: list[str], current: Any,
                 manager: pygame_gui.UIManager, container: Any = None) -> None:
        self.values = list(values)
        self.labels = list(labels)
        start = self.values.index(current) if current in self.values else 0
        options: list[str | tuple[str, str]] = [(label, f"#o{i}") for i, label in enumerate(self.labels)]
        # the open list shows as many rows at any interface scale: 260 px for 34-px rows
        self.widget = DropDown(options, options[start], rect, manager=manager,
                                     container=container, expansion_height_limit=round(260 * rect.h / 34))

    @property
    def value(self) -> Any:
        ident = self.widget.selected_option[1]
        try:
            return self.values[int(str(ident).lstrip("#o"))]
        except (ValueError, IndexError):
            return self.values[0]


def button(rect: pygame.Rect, text: str, manager: pygame_gui.UIManager, container: Any = None,
           object_id: str | None = None, tooltip: str | None = None) -> UIButton:
    if not SUIT_GLYPHS.isdisjoint(text):
        # a label naming cards ("Meld it with 8♥ 8♦"): the suits in the deck's colours,
        # at the size and weight the theme gives this button (shell/suit_button.py fits it)
        return SuitLabelButton(rect, text, manager=manager, container=container,
                               object_id=object_id, tool_tip_text=tooltip)
    b = UIButton(rect, text, manager=manager, container=container, object_id=object_id,
                 tool_tip_text=tooltip)
    fit_text(b, text, margin=16)
    return b


def label(rect: pygame.Rect, text: str, manager: pygame_gui.UIManager, container: Any = None,
          object_id: str | None = None) -> UILabel:
    with warnings.catch_warnings():  # too wide for its rect: fit_text shrinks it next
        warnings.filterwarnings("ignore", message="Label Rect is too small", category=UserWarning)
        el = UILabel(rect, text, manager=manager, container=container, object_id=object_id)
    fit_text(el, text, margin=8)
    return el


def fit_text(element: Any, text: str, margin: int = 8, smallest: float = 0.8,
             font_name: str = "noto_sans") -> None:
    """Shrink a label's or button's font until `text` fits its width.

    Layouts are made for English; a longer translation gets a slightly smaller font
    (down to `smallest` of the theme's size) instead of being cut off."""
    font = getattr(element, "font", None)
    room = element.rect.w - margin
    if font is None or not text or font.size(text)[0] <= room:
        return
    fonts = element.ui_manager.get_theme().get_font_dictionary()
    style = {"bold": bool(getattr(font, "bold", False)), "italic": bool(getattr(font, "italic", False))}
    size = font.point_size
    smaller = font
    while size > max(9, int(font.point_size * smallest)):
        size -= 1
        smaller = fonts.find_font(size, font_name, **style)
        if smaller.size(text)[0] <= room:
            break
    element.font = smaller
    element.rebuild()
