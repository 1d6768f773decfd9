"""Widget labels that name cards show the suits, not the missing-glyph box."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.prefs import INSTANT, Prefs
from game.ui.widgets import button


def glyph(font, ch: str) -> bytes:
    return pygame.image.tobytes(font.render_premul(ch, (255, 255, 255)), "RGBA")


def test_a_button_naming_cards_uses_a_font_with_the_suits():
    app = App(size=(1280, 800), prefs=Prefs(animation_speed=INSTANT, muted=True))
    plain = button(pygame.Rect(0, 0, 300, 44), "Cancel", app.manager)
    cards = button(pygame.Rect(0, 60, 300, 44), "With 8♥ 8♦", app.manager)
    primary = button(pygame.Rect(0, 120, 300, 44), "With 8♣ 8♠", app.manager, object_id="#primary")
    # the missing-glyph box is one shape for every suit; real suits differ
    assert glyph(plain.font, "♥") == glyph(plain.font, "♣"), "the theme font has no suits"
    for b in (cards, primary):
        shapes = {glyph(b.font, suit) for suit in "♠♥♦♣"}
        assert len(shapes) == 4, "the suits are drawn as boxes"
    assert primary.object_ids[-1] == "#primary_cards" and cards.object_ids[-1] == "#cards"
