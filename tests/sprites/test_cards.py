"""Tests for the procedural card renderer (headless)."""

from __future__ import annotations

import hashlib
import itertools
import os
from collections.abc import Iterator
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from sprites import JOKER, RANKS, SUITS, CardArt

WIDTHS = (40, 60, 80, 100, 120, 160, 200)


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    # no pygame.quit() afterwards: fonts cached by the renderer and the table would be
    # left dangling for the tests that run after these in the same process
    pygame.init()
    yield


@pytest.fixture(scope="module")
def art() -> CardArt:
    return CardArt()


@pytest.fixture(scope="module")
def art4() -> CardArt:
    return CardArt(four_colour=True)


def digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


def all_faces() -> list[tuple[str, str | None, int]]:
    faces: list[tuple[str, str | None, int]] = [(r, s, 0) for s in SUITS for r in RANKS]
    return faces + [(JOKER, None, 0), (JOKER, None, 1)]


@pytest.mark.parametrize("width", [40, 41, 57, 100, 120, 133, 200])
def test_size_follows_poker_ratio(art: CardArt, width: int) -> None:
    w, h = art.size_for(width)
    assert w == width
    assert abs(h - width * 3.5 / 2.5) <= 0.5
    assert art.face("A", "S", width).get_size() == (w, h)
    assert art.back("blue", width).get_size() == (w, h)


def test_cache_returns_same_object() -> None:
    art = CardArt()
    first = art.face("Q", "H", 90)
    assert art.face("Q", "H", 90) is first
    assert art.face("q", "h", 90) is first
    assert art.face("Q", "H", 91) is not first
    assert art.back("red", 90) is art.back("red", 90)
    # Joker colour depends only on parity, so copies share a surface.
    assert art.face(JOKER, None, 90, 0) is art.face(JOKER, None, 90, 2)


def test_cache_is_bounded() -> None:
    art = CardArt(cache_entries=10)
    for rank in RANKS:
        art.face(rank, "S", 50)
    assert len(art._cache) == 10


def test_four_colour_is_a_separate_cache() -> None:
    assert CardArt().face("5", "D", 80) is not CardArt(four_colour=True).face("5", "D", 80)


@pytest.mark.parametrize("width", range(40, 201, 20))
def test_every_face_renders(art: CardArt, width: int) -> None:
    expected = art.size_for(width)
    for rank, suit, j in all_faces():
        surf = art.face(rank, suit, width, j)
        assert surf.get_size() == expected
        assert surf.get_flags() & pygame.SRCALPHA
    for style in art.back_styles():
        assert art.back(style, width).get_size() == expected


def test_all_faces_pairwise_distinct(art: CardArt) -> None:
    hashes = [digest(art.face(r, s, 100, j)) for r, s, j in all_faces()]
    assert len(hashes) == 54
    assert len(set(hashes)) == 54


def test_faces_differ_at_small_width(art: CardArt) -> None:
    hashes = {digest(art.face(r, s, 40, j)) for r, s, j in all_faces()}
    assert len(hashes) == 54


def test_red_and_black_jokers_differ(art: CardArt) -> None:
    red = art.face(JOKER, None, 120, 0)
    black = art.face(JOKER, None, 120, 1)
    assert digest(red) != digest(black)
    # The red joker carries noticeably more red ink than the black one.
    def redness(s: pygame.Surface) -> int:
        return sum(1 for x, y in itertools.product(range(0, 120, 3), range(0, 168, 3))
                   if (c := s.get_at((x, y))).r > 150 and c.g < 90 and c.b < 90)
    assert redness(red) > redness(black) + 20


def test_four_colour_changes_only_diamonds_and_clubs(art: CardArt, art4: CardArt) -> None:
    for rank in RANKS:
        assert digest(art.face(rank, "S", 100)) == digest(art4.face(rank, "S", 100))
        assert digest(art.face(rank, "H", 100)) == digest(art4.face(rank, "H", 100))
        assert digest(art.face(rank, "D", 100)) != digest(art4.face(rank, "D", 100))
        assert digest(art.face(rank, "C", 100)) != digest(art4.face(rank, "C", 100))


@pytest.mark.parametrize("width", WIDTHS)
def test_corners_are_transparent(art: CardArt, width: int) -> None:
    w, h = art.size_for(width)
    for surf in (art.face("K", "S", width), art.face(JOKER, None, width), art.back("green", width)):
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert surf.get_at(corner).a == 0
        assert surf.get_at((w // 2, h // 2)).a == 255


def test_back_styles_differ(art: CardArt) -> None:
    styles = art.back_styles()
    assert set(styles) == {"blue", "red", "green"}
    assert len({digest(art.back(s, 100)) for s in styles}) == 3


def test_face_for_duck_typing(art: CardArt) -> None:
    def card(rank: str, suit: str | None, deck: int = 0) -> SimpleNamespace:
        return SimpleNamespace(
            rank=SimpleNamespace(label=rank),
            suit=None if suit is None else SimpleNamespace(label=suit),
            deck=deck,
        )

    assert art.face_for(card("10", "H"), 80) is art.face("10", "H", 80)
    assert art.face_for(card(JOKER, None, 0), 80) is art.face(JOKER, None, 80, 0)
    assert art.face_for(card(JOKER, None, 1), 80) is art.face(JOKER, None, 80, 1)


def test_face_for_real_cards(art: CardArt) -> None:
    from game.rules.cards import make_decks

    deck = make_decks(1)
    jokers = [c for c in deck if c.suit is None]
    assert len(jokers) == 2
    assert digest(art.face_for(jokers[0], 60)) != digest(art.face_for(jokers[1], 60))
    for c in deck:
        assert art.face_for(c, 60).get_width() == 60


def test_bad_arguments(art: CardArt) -> None:
    with pytest.raises(ValueError):
        art.face("11", "S", 100)
    with pytest.raises(ValueError):
        art.face("5", None, 100)
    with pytest.raises(ValueError):
        art.back("purple", 100)
    with pytest.raises(ValueError):
        art.face("5", "S", 5)


def test_works_with_a_display_surface() -> None:
    # With a window open the renderer converts for fast blits; output must stay alpha.
    pygame.display.set_mode((64, 64))
    try:
        surf = CardArt().face("7", "C", 70)
        assert surf.get_flags() & pygame.SRCALPHA
        assert surf.get_at((0, 0)).a == 0
    finally:
        pygame.display.quit()
        pygame.display.init()


def test_sheet_renders(tmp_path: object) -> None:
    from sprites.sheet import render_sheet

    sheet = render_sheet(width=48)
    assert sheet.get_width() > 13 * 48
