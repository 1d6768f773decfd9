"""The tutorial box holds its whole text at 960x600 in every language."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui import style
from game.ui.app import App
from game.ui.prefs import INSTANT, Prefs
from game.ui.tutorial import TutorialScene


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_tutorial_box_fits_its_words_at_960x600(lang, monkeypatch, tmp_path):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))
    before = i18n.get_locale()
    i18n.set_locale(lang)
    try:
        app = App(size=(960, 600), prefs=Prefs(animation_speed=INSTANT, muted=True))
        sc = TutorialScene.start(app)
        app.reset_to(sc)
        app.frame(1 / 60)
        T = style.TEXT
        window = pygame.Rect(0, 0, 960, 600)
        for i in range(len(sc.steps)):
            sc.index = i
            sc.wrong_text = i18n.tr("ui.reason.not_your_turn") if i % 2 else ""
            r, size, head, lines, wrong = sc.box_layout()
            assert window.contains(r), (i, r)
            hh = style.font(size + 2, bold=True).get_height()
            lh = style.font(size).get_height()
            text_bottom = r.y + 10 + hh * len(head) + 4 + lh * len(lines)
            assert text_bottom <= r.bottom - 56, f"step {i} ({sc.step.key}) runs under its buttons"
            assert " ".join(lines).split() == sc.prompt().split(), "every word is shown"
            assert all(T.render(line, size).get_width() <= r.w - 32 for line in lines)
            app.frame(1 / 60)
            assert sc.next_btn.rect.bottom <= r.bottom and sc.next_btn.rect.right <= r.right
    finally:
        i18n.set_locale(before)
