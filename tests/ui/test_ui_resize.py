"""Resizing the window re-lays the table out: everything stays on screen and scales."""

from __future__ import annotations

import pygame

from game.rules import VARIANTS, Game


def _position() -> Game:
    return Game.scripted(VARIANTS["classic"],
                         hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H QH QS 5C 5D",
                                "5S 6C 7H 7S 8C 9C 10C QC",
                                "5H 6S 7C 9S 10D QD KC 4D",
                                "4H 4S 10H 10S QC 9H 8H 5H"],
                         melds={0: ["9S 9C 9H 9D 2C JK 2S", "KS KC JK", "6S 6C 6D"],
                                1: ["JH JD JS JC JH JD JS", "10H 10D 2H", "4S 4C 4D", "AC AC 2D"]},
                         red_threes={0: "3H 3D", 1: "3H"}, pile="7C 5D 8H", to_play=0)


def _everything_on_screen(t) -> list[pygame.Rect]:
    screen = pygame.Rect((0, 0), t.app.screen.get_size())
    b = t.scene.board
    rects = [it.rect for it in b.hand]
    rects += [it.rect for box in b.melds for it in box.cards]
    rects += [it.rect for items in b.backs.values() for it in items]
    rects += [it.rect for items in b.red_threes.values() for it in items]
    rects += [t.scene.layout.stock, t.scene.layout.pile]
    if b.new_meld is not None:
        rects.append(b.new_meld)
    rects += [btn.rect for btn in t.scene.buttons.values()]
    off = [r for r in rects if not screen.contains(r)]
    assert not off, f"off screen at {screen.size}: {off[:5]}"
    return rects


def test_resize_keeps_everything_on_screen_and_rescales(table):
    t = table(_position())
    t.click(t.scene.layout.stock.center)
    _everything_on_screen(t)
    w1280 = t.scene.layout.hand_w
    for size in ((960, 600), (1920, 1080), (1000, 760), (1280, 800)):
        t.post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        t.frames(2)
        assert t.app.screen.get_size() == size
        assert t.scene.layout.size == size
        _everything_on_screen(t)
        if size == (960, 600):
            assert t.scene.layout.hand_w < w1280
        if size == (1920, 1080):
            assert t.scene.layout.hand_w > w1280
    # still playable after all that: a drag onto a meld works at the new size
    from game.rules import Rank

    t.drag(t.card_pos("KH"), t.meld_pos(Rank.KING))
    assert t.game.melds[0][Rank.KING].size == 4


def test_window_never_smaller_than_the_minimum(table):
    t = table(_position())
    t.post(pygame.VIDEORESIZE, w=700, h=400, size=(700, 400))
    t.frames(2)
    assert t.app.screen.get_size() == (960, 600)
    _everything_on_screen(t)
