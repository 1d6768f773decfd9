"""Button labels that name cards show the suits, in the deck's colours.

pygame_gui sets a button's text in one colour; a label with suits ("Meld it with 9♣ 9♦")
is drawn by `SuitLabelButton` over the themed face, and the widget stays a real button."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.ui.shell import style
from game.ui.shell.app import App
from game.ui.shell.focus import focusable
from game.ui.shell.prefs import INSTANT
from game.ui.shell.suit_button import SuitLabelButton
from game.ui.shell.widgets import button
from saves.settings import Settings


@pytest.fixture
def app():
    a = App(size=(1280, 800), prefs=Settings(animation_speed=INSTANT, muted=True))
    yield a
    style.set_four_colour(False)


def count(surface: pygame.Surface, rgb: tuple[int, int, int], tol: int = 30) -> int:
    """Pixels of `surface` close to `rgb` (a suit's colour, anti-aliasing aside)."""
    n = 0
    w, h = surface.get_size()
    for x in range(w):
        for y in range(h):
            c = surface.get_at((x, y))
            if abs(c.r - rgb[0]) < tol and abs(c.g - rgb[1]) < tol and abs(c.b - rgb[2]) < tol:
                n += 1
    return n


def frame(app: App) -> None:
    app.frame(1 / 60)


def test_a_label_with_suits_is_drawn_with_red_suits_on_a_real_button(app):
    plain = button(pygame.Rect(0, 0, 300, 44), "Cancel", app.manager)
    cards = button(pygame.Rect(0, 60, 300, 44), "With 8♥ 8♦", app.manager)
    blacks = button(pygame.Rect(0, 120, 300, 44), "With 8♣ 8♠", app.manager)
    frame(app)
    assert type(plain) is pygame_gui.elements.UIButton
    assert isinstance(cards, SuitLabelButton) and isinstance(cards, pygame_gui.elements.UIButton)
    assert cards.text == "With 8♥ 8♦"  # the label stays the button's text
    assert count(cards.image, style.SUIT_RED) > 20, "hearts and diamonds are red"
    assert count(plain.image, style.SUIT_RED) == 0
    # black suits take the text's colour: no tint at all
    assert count(blacks.image, style.SUIT_RED) == 0
    assert count(blacks.image, style.SUIT_GREEN) == 0
    # drawn at the theme's size for this button: as tall as the plain button's text
    label = cards.normal_images[0]
    plain_h = plain.font.size("With 8")[1]
    assert abs(label.get_height() - plain_h) <= 3


def test_the_four_colour_deck_tints_diamonds_blue_and_clubs_green(app):
    b = button(pygame.Rect(0, 0, 320, 44), "With 8♥ 8♦ 8♣ 8♠", app.manager)
    frame(app)
    assert count(b.image, style.SUIT_BLUE) == 0 and count(b.image, style.SUIT_GREEN) == 0
    style.set_four_colour(True)  # switched in Settings while the button lives
    frame(app)
    assert count(b.image, style.SUIT_BLUE) > 10 and count(b.image, style.SUIT_GREEN) > 10
    assert count(b.image, style.SUIT_RED) > 10  # hearts stay red


def test_the_gold_button_uses_the_deep_suit_colours(app):
    b = button(pygame.Rect(0, 0, 300, 44), "Add the 9♦ to your meld", app.manager,
               object_id="#primary")
    frame(app)
    assert count(b.image, style.SUIT_RED_DEEP) > 10
    assert count(b.image, style.SUIT_RED) == 0, "the light red does not read on gold"


def test_states_keep_their_theme_colours_and_the_disabled_face_is_muted(app):
    b = button(pygame.Rect(0, 0, 300, 44), "With 8♥ 8♦", app.manager)
    frame(app)
    # one label per state, in that state's theme colour for the text
    assert {len(b.normal_images), len(b.hovered_images), len(b.disabled_images)} == {1}
    # pressed, the face turns gold with dark text: the suits take their deep tints
    b.drawable_shape.set_active_state("active")
    frame(app)
    assert count(b.image, style.SUIT_RED_DEEP) > 20 and count(b.image, style.SUIT_RED) == 0
    b.drawable_shape.set_active_state("normal")
    b.disable()
    frame(app)
    assert count(b.image, style.SUIT_RED) == 0, "a disabled button's suits are not tinted"
    b.enable()
    frame(app)
    assert count(b.image, style.SUIT_RED) > 20


def test_it_is_reached_and_pressed_by_the_keyboard_like_any_button(app):
    from game.ui.shell.dialogs import Dialog

    chosen: list[int] = []
    dialog = Dialog(app, "Take the pile", "How?",
                    [("Meld it with 9♣ 9♦", lambda: chosen.append(0)), ("Cancel", lambda: chosen.append(1))],
                    escape=1)
    app.push(dialog)
    frame(app)
    assert isinstance(dialog.buttons[0], SuitLabelButton)
    assert dialog.buttons[0] in focusable(list(app.manager.get_root_container().elements))
    # Tab shows the ring on the suggested (first) button, Enter presses it
    for key in (pygame.K_TAB, pygame.K_RETURN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        frame(app)
        frame(app)
    assert chosen == [0]


def test_a_new_label_is_drawn_again(app):
    b = button(pygame.Rect(0, 0, 300, 44), "With 8♣ 8♠", app.manager)
    frame(app)
    assert count(b.image, style.SUIT_RED) == 0
    b.set_text("With 8♥ 8♦")
    frame(app)
    assert b.text == "With 8♥ 8♦" and count(b.image, style.SUIT_RED) > 20
