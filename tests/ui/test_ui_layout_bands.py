"""The stock and the pile, with the pile's badge and both counts, sit between the two meld
bands at every window size, player count and card size (at 1366x768 they reached 6-7 px
into the bands)."""

from __future__ import annotations

import pytest

from game.rules import VARIANTS, Game
from game.ui.geometry.layout import compute_layout, count_room
from game.ui.shell.prefs import CARD_SCALES

SIZES = [(960, 600), (1024, 600), (1024, 768), (1280, 720), (1280, 800), (1366, 768), (1366, 700),
         (1440, 900), (1600, 900), (1920, 1080), (1920, 1200), (2560, 1440)]


@pytest.mark.parametrize("size", SIZES)
def test_the_stock_and_the_pile_stay_out_of_the_meld_bands(size):
    for players in (2, 3, 4):
        for name, scale in CARD_SCALES.items():
            L = compute_layout(size, players, scale)
            for r in (L.stock, L.pile):
                assert r.top - L.top_area.bottom >= L.margin, (size, players, name, "top band")
                assert L.bottom_area.top - r.bottom >= count_room(size[1]), (size, players, name, "bottom band")


def test_drawn_at_1366x768_nothing_of_the_stock_or_the_pile_touches_a_band(table):
    g = Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 6D 6H",
                                                  "5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC",
                                                  "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
                                                  "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"],
                      stock="6S 10S 4H 9H", pile="4C 2C 8H", to_play=0)
    t = table(g, size=(1366, 768))
    L = t.scene.layout
    drawn = [L.stock, L.pile, *t.scene.renderer.keep_clear()]
    assert len(drawn) == 5, "the stock, the pile, its badge and both counts"
    for r in drawn:
        assert not r.colliderect(L.top_area) and not r.colliderect(L.bottom_area), r
