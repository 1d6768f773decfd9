"""Suits in sentences: coloured as the deck colours them, at the size of the text."""

from __future__ import annotations

import pygame
import pytest

from game.ui.shell import style
from game.ui.shell.style import SUIT_BLUE, SUIT_GREEN, SUIT_RED, TextCache


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def _colours(surf: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = surf.get_size()
    return {tuple(surf.get_at((x, y)))[:3] for x in range(w) for y in range(h) if surf.get_at((x, y)).a == 255}


def test_red_suits_are_red_and_black_suits_take_the_text_colour():
    style.set_four_colour(False)
    text = TextCache()
    cream = (244, 234, 208)
    got = _colours(text.render("Q\u2665 Q\u2666 Q\u2660", 18, cream))
    assert SUIT_RED in got and cream in got and SUIT_BLUE not in got


def test_the_four_colour_deck_colours_diamonds_and_clubs():
    text = TextCache()
    try:
        style.set_four_colour(True)
        got = _colours(text.render("7\u2666 7\u2663 7\u2665", 18, (244, 234, 208)))
    finally:
        style.set_four_colour(False)
    assert {SUIT_BLUE, SUIT_GREEN, SUIT_RED} <= got


def test_a_suit_is_as_tall_as_the_capitals_beside_it():
    text = TextCache()
    plain = text.render("K", 20).get_bounding_rect()
    suit = text.render("\u2660", 20).get_bounding_rect()
    assert suit.h >= plain.h * 0.8


def test_text_boxes_get_coloured_suit_markup():
    style.set_four_colour(False)
    assert style.suit_markup("8\u2665") == "8<font face='fira_code_symbols' color='#f87068'>\u2665</font>"
    assert style.suit_markup("8\u2660") == "8<font face='fira_code_symbols'>\u2660</font>"
