"""Small helpers over pygame_gui so scenes read as layout, not boilerplate."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel


class Choice:
    """A drop-down over a list of values with player-facing labels."""

    def __init__(self, rect: pygame.Rect, values: list[Any], labels: list[str], current: Any,
                 manager: pygame_gui.UIManager, container: Any = None) -> None:
        self.values = list(values)
        self.labels = list(labels)
        start = self.values.index(current) if current in self.values else 0
        options = [(label, f"#o{i}") for i, label in enumerate(self.labels)]
        self.widget = UIDropDownMenu(options, options[start], rect, manager=manager,
                                     container=container, expansion_height_limit=260)

    @property
    def value(self) -> Any:
        ident = self.widget.selected_option[1]
        try:
            return self.values[int(str(ident).lstrip("#o"))]
        except (ValueError, IndexError):
            return self.values[0]


def button(rect: pygame.Rect, text: str, manager: pygame_gui.UIManager, container: Any = None,
           object_id: str | None = None, tooltip: str | None = None) -> UIButton:
    return UIButton(rect, text, manager=manager, container=container, object_id=object_id,
                    tool_tip_text=tooltip)


def label(rect: pygame.Rect, text: str, manager: pygame_gui.UIManager, container: Any = None,
          object_id: str | None = None) -> UILabel:
    return UILabel(rect, text, manager=manager, container=container, object_id=object_id)
