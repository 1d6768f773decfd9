"""The tutorial box holds its whole text in every language, and leaves in view what the
lesson talks about: the partner, the stock and the pile, and what the step points at."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui.learning.tutorial import TutorialScene
from game.ui.shell import style
from game.ui.shell.app import App
from game.ui.shell.prefs import INSTANT
from game.ui.table.guidance import arrow_direction, arrow_rect
from saves.settings import Settings


def lesson(size: tuple[int, int], lang: str) -> tuple[App, TutorialScene]:
    app = App(size=size, prefs=Settings(animation_speed=INSTANT, muted=True, language=lang))
    sc = TutorialScene.start(app)
    app.reset_to(sc)
    app.frame(1 / 60)
    return app, sc


@pytest.fixture
def keep_language():
    before = i18n.get_locale()
    yield
    i18n.set_locale(before)


@pytest.mark.usefixtures("keep_language")
@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_tutorial_box_fits_its_words_at_960x600(lang):
    app, sc = lesson((960, 600), lang)
    assert i18n.get_locale() == lang  # the box below is measured in that language
    T = style.TEXT
    window = pygame.Rect(0, 0, 960, 600)
    L = sc.layout
    for i in range(len(sc.steps)):
        sc.index = i
        for wrong in ("", i18n.tr(sc.step.wrong)):
            sc.index, sc.wrong_text = i, wrong
            app.frame(1 / 60)  # drawn: the buttons move with the box
            if sc.index != i:
                continue  # a step that is over at once here (the others' turns)
            r, size, head, lines, wrong_lines = sc.box_layout()
            assert window.contains(r), (i, r)
            text_w = r.w - 32 - sc.px(sc.BUTTON_W) - 12
            small = max(11, size - 2)
            assert all(T.render(line, size + 2, bold=True).get_width() <= text_w for line in head)
            assert all(T.render(line, size).get_width() <= text_w for line in lines)
            assert all(T.render(line, small, italic=True).get_width() <= text_w for line in wrong_lines)
            hh = style.font(size + 2, bold=True).get_height()
            lh = style.font(size).get_height()
            sh = style.font(small, italic=True).get_height()
            bottom = r.y + 10 + hh * len(head) + 4 + lh * len(lines)
            if wrong_lines:
                bottom += 6 + sh * len(wrong_lines)
            assert bottom <= r.bottom - 8, f"step {i} ({sc.step.key}) runs out of its box"
            assert " ".join(lines).split() == sc.prompt().split(), "every word is shown"
            assert " ".join(wrong_lines).split() == wrong.split()
            assert not r.colliderect(L.stock) and not r.colliderect(L.pile), sc.step.key
            for btn in (sc.next_btn, sc.skip_btn):
                if btn.visible:
                    assert r.contains(btn.rect), (sc.step.key, btn.rect, r)
                    assert btn.rect.x >= r.x + 16 + text_w, "a button over the words"


@pytest.mark.usefixtures("keep_language")
@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_the_box_leaves_the_partner_the_pile_and_the_arrow_in_view(lang):
    """At a usual window size the box sits below the partner's cards: the lesson speaks of
    the partner "at the top" and shows the partner's answer there."""
    app, sc = lesson((1280, 800), lang)
    L = sc.layout
    # the partner's cards, name and speech bubble fill the band above the opponents' melds
    north = pygame.Rect(L.play.x, 0, L.play.w, L.top_area.y)
    assert north.contains(L.seat_area[2])
    for i in range(len(sc.steps)):
        sc.index = i
        sc.wrong_text = ""
        r = sc.box_rect()
        assert not r.colliderect(north), f"step {sc.step.key} hides the partner"
        assert not r.colliderect(L.stock) and not r.colliderect(L.pile), sc.step.key
        target = sc.step.target(sc)
        if target is not None:
            arrow = arrow_rect(target, sc.arrow_size(), arrow_direction(sc, target))
            assert not r.colliderect(arrow), f"step {sc.step.key} hides its own arrow"
            assert not r.colliderect(target), f"step {sc.step.key} hides what it points at"


@pytest.mark.usefixtures("keep_language")
def test_the_box_is_opaque():
    """Nothing under the box shows through it (North's name did, through the words)."""
    app, sc = lesson((1280, 800), "en")
    surface = pygame.Surface(app.size)
    surface.fill((255, 0, 255))
    sc._draw_box(surface)
    r = sc.box_rect()
    free = pygame.Rect(r.right - 14 - sc.px(sc.BUTTON_W), r.y + 8, sc.px(sc.BUTTON_W), r.h - 16)  # the buttons' column
    for x in range(free.x, free.right, 9):
        for y in range(free.y, free.bottom, 9):
            assert surface.get_at((x, y))[:3] == (8, 20, 14)
