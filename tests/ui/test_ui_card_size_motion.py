"""The card-size and reduced-motion settings at the table."""

from __future__ import annotations

import pygame
import pytest

from game.rules import VARIANTS, Game
from game.ui.geometry.layout import compute_layout
from game.ui.motion.tween import FADE, Animator, Effect, Flight
from game.ui.shell.prefs import CARD_SCALES

from .test_ui_resize import _everything_on_screen, _position

SIZES = ((960, 600), (1024, 768), (1280, 800), (1366, 768), (1920, 1080))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_larger_cards_at_every_window_size_leave_the_pile_its_room(size, players):
    normal = compute_layout(size, players)
    for name in ("large", "extra_large"):
        L = compute_layout(size, players, CARD_SCALES[name])
        assert L.hand_w >= normal.hand_w and L.table_w >= normal.table_w, (size, name)
        if normal.stock.top - normal.top_area.bottom >= normal.margin:
            assert L.hand_w > normal.hand_w, "where the normal table fits, larger cards are larger"
            # the stock and the pile keep clear of both meld bands
            assert L.stock.top - L.top_area.bottom >= L.margin
            assert L.bottom_area.top - L.stock.bottom >= L.margin + max(16, round(size[1] * 0.024)) // 2
        assert L.hand_y + L.hand_h <= size[1]


def test_extra_large_is_never_smaller_than_large():
    for size in SIZES:
        large = compute_layout(size, 4, CARD_SCALES["large"])
        xl = compute_layout(size, 4, CARD_SCALES["extra_large"])
        assert xl.hand_w >= large.hand_w


def test_the_table_re_lays_out_with_the_card_size_setting(table):
    t = table(_position(), size=(960, 600))
    normal = t.scene.layout.hand_w
    t.app.prefs.card_size = "large"
    t.app.push(t.app.make("settings"))
    t.frames(2)
    t.key(pygame.K_ESCAPE)  # Settings saves and closes; the table comes back re-laid out
    assert t.app.prefs.card_size == "large"
    assert t.scene.layout.hand_w > normal
    _everything_on_screen(t)
    for size in ((1920, 1080), (960, 600)):
        t.post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        t.frames(2)
        assert t.scene.layout.hand_w > compute_layout(size, 4).hand_w
        _everything_on_screen(t)


def test_reduced_motion_fades_cards_in_where_they_land_in_order():
    a = Animator(1.0, reduced=True)
    a.add(Flight(None, (0, 0), (500, 300), 40, 60, delay=0.0, duration=0.4, arc=80))
    a.add(Flight(None, (0, 0), (600, 300), 40, 60, delay=0.3, duration=0.4))
    first, second = a.flights
    assert first.duration == FADE and first.fade and first.arc == 0
    assert second.delay == 0.3, "the order of the play is kept"
    a.update(FADE / 2)
    x, y, w, *_ = first.state()
    assert (x, y, w) == (500, 300, 60), "no travel: the card is where it lands"
    assert 0 < first.alpha < 255 and second.alpha == 0
    a.effect(Effect("burst", (10, 10)))
    a.effect(Effect("banner", (10, 10), "Canasta!"))
    assert [e.kind for e in a.effects] == ["banner"] and a.effects[0].steady


def test_reduced_motion_at_the_table(table):
    g = Game.new(VARIANTS["classic"], seed=4)
    t = table(g)
    t.app.prefs.reduced_motion = True
    t.app.prefs.animation_speed = 1.0
    t.scene.animator.speed = 1.0
    t.settle()
    added: list[Flight] = []
    add = t.scene.animator.add

    def spy(f: Flight) -> None:
        add(f)
        added.append(f)

    t.scene.animator.add = spy
    hand = len(g.hands[0])
    t.key(pygame.K_d)  # the human draws: the card fades in, nothing flies
    assert len(g.hands[0]) > hand
    assert added and all(f.fade and f.duration <= FADE for f in added)
