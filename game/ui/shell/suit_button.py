"""A pygame_gui button whose label names cards, with the suits in the deck's colours.

pygame_gui 0.6 sets a button's text in one font and one colour. A label such as "Meld it
with 9♣ 9♦" is therefore drawn here - the letters in the theme's colour for the
button's state, the suits in the symbol font at the text's size, red and black (or the
four-colour deck's colours) - and handed to the button as its per-state images, which
pygame_gui draws centred on the themed face. The widget stays a real `UIButton`: the
same events, hover, disabling, theming, the keyboard focus ring, and `text` still holds
the label (tests and the focus order read it).
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton

from game.ui.shell import style

# the button states pygame_gui builds a face for, and the theme colour of each one's text
_STATES = {"normal": "normal_text", "hovered": "hovered_text", "selected": "selected_text",
           "disabled": "disabled_text", "active": "active_text"}
# below this share of the theme's size a label is not shrunk further to fit
SMALLEST = 0.8


def _rgb(colour: Any, fallback: tuple[int, int, int]) -> tuple[int, int, int]:
    """A theme colour as RGB (a gradient, which a text colour never is here, falls back)."""
    if isinstance(colour, pygame.Color):
        return colour.r, colour.g, colour.b
    return fallback


def _light(rgb: tuple[int, int, int]) -> bool:
    """Dark text means a light face (the gold button): the suits take their deep tints."""
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b < 110


class SuitLabelButton(UIButton):
    """A `UIButton` whose label has card suits; see the module."""

    margin = 16  # room left at the sides of the label, as `widgets.fit_text` leaves

    def __init__(self, relative_rect: pygame.Rect, text: str, **kwargs: Any) -> None:
        self._drawn_for: tuple | None = None
        self._active_images: list[pygame.Surface] = []
        super().__init__(relative_rect, text, **kwargs)

    # -- drawing the label -----------------------------------------------------------------
    def label_size(self) -> int:
        """The text size: the theme's for this button, smaller (down to `SMALLEST` of it)
        when a longer translation would not fit."""
        font = getattr(self, "font", None)
        size = int(getattr(font, "point_size", 17) or 17)
        bold = bool(getattr(font, "bold", False))
        room = self.rect.w - self.margin
        smallest = max(9, int(size * SMALLEST))
        while size > smallest and self._render(size, bold, style.CREAM, True).get_width() > room:
            size -= 1
        return size

    def _render(self, size: int, bold: bool, colour: tuple[int, int, int], tinted: bool
                ) -> pygame.Surface:
        return style.render_with_suits(self.text, size, colour, bold, False,
                                       on_light=_light(colour), suits_tinted=tinted)

    def _label_images(self) -> None:
        """One label image per state, in that state's text colour; the suits tinted except
        on the disabled face, which stays all in its muted colour."""
        font = getattr(self, "font", None)
        bold = bool(getattr(font, "bold", False))
        size = self.label_size()
        images: dict[str, list[pygame.Surface]] = {}
        for state, colour_id in _STATES.items():
            colour = _rgb(self.colours.get(colour_id), style.CREAM)
            images[state] = [self._render(size, bold, colour, state != "disabled")]
        self.normal_images = images["normal"]
        self.hovered_images = images["hovered"]
        self.selected_images = images["selected"]
        self.disabled_images = images["disabled"]
        self._active_images = images["active"]
        for attr in ("normal", "hovered", "selected", "disabled"):
            setattr(self, f"{attr}_image_positions", [(0.5, 0.5)])
        self._drawn_for = (self.text, self.rect.size, style.four_colour())

    def rebuild(self) -> None:
        # pygame_gui would set `text` over the images in one colour: it draws the face and
        # our label images, and `text` is put back for everyone who reads it
        self._label_images()
        label = self.text
        self.text = ""
        try:
            super().rebuild()
        finally:
            self.text = label
        # UIButton gives its pressed ("active") face the selected images; pressed, the
        # theme turns the face gold with dark text, so it gets its own label
        shape = self.drawable_shape
        if shape is not None:
            shape.theming["active_images"] = self._active_images
            shape.theming["active_image_positions"] = [(0.5, 0.5)]
            shape.redraw_state("active")

    # pygame_gui would hand a new label (or the same one after a language switch) to the
    # face as plain text: the label images are drawn again instead
    def set_text(self, text: str, *, text_kwargs: dict[str, str] | None = None) -> None:
        kwargs = text_kwargs or {}
        if text != self.text or kwargs != self.text_kwargs:
            self.text = text
            self.text_kwargs = kwargs
            self.rebuild()

    def on_locale_changed(self) -> None:
        self.font = self.ui_theme.get_font(self.combined_element_ids)
        self.rebuild()

    def update(self, time_delta: float) -> None:
        # the four-colour deck switched in Settings while this button lived: draw again
        if self._drawn_for is not None and self._drawn_for[2] != style.four_colour():
            self.rebuild()
        super().update(time_delta)
