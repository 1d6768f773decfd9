"""Every button's label on every screen is drawn at the theme's size for that button in
English, Italian and Spanish at the smallest supported window (1024x600): none shrunk to
fit (widgets.fit_text is the last resort, not the layout); an open drop-down's list is as
wide as its field; no button's label is bigger than the suggested (gold) one's."""

from __future__ import annotations

import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.ui.shell.app import App
from game.ui.shell.focus import focusable
from game.ui.shell.prefs import INSTANT
from game.ui.shell.suit_button import SuitLabelButton
from saves.settings import Settings

from .driving import click, frames

SIZE = (1024, 600)
SCREENS = ("menu", "new_game", "settings", "rules", "load_game", "stats", "past_games")


def _app(lang: str) -> App:
    app = App(size=SIZE, prefs=Settings(animation_speed=INSTANT, muted=True, seen_tutorial=True, language=lang))
    app.push(app.make("menu"))
    frames(app, 2)
    return app


def _buttons(scene) -> list[UIButton]:
    return [el for el in focusable(list(scene._ui)) if isinstance(el, UIButton)]


def _shrunk(buttons: list[UIButton]) -> list[str]:
    """The labels drawn smaller than the theme's font for their button."""
    out = []
    for b in buttons:
        themed = b.ui_theme.get_font(b.combined_element_ids)
        drawn = b.label_size() if isinstance(b, SuitLabelButton) else b.font.point_size
        if drawn < themed.point_size:
            out.append(f"{b.text!r} {drawn} < {themed.point_size}")
    return out


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_no_screen_shrinks_a_label(lang):
    app = _app(lang)
    problems = []
    for name in SCREENS:
        app.reset_to(app.make(name))
        frames(app, 2)
        problems += [f"{name}: {p}" for p in _shrunk(_buttons(app.top))]
    assert not problems, problems


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_an_open_drop_down_is_as_wide_as_its_field(lang):
    app = _app(lang)
    narrow = []
    for name in ("new_game", "settings"):
        app.reset_to(app.make(name))
        frames(app, 2)
        for dd in [el for el in focusable(list(app.top._ui)) if isinstance(el, UIDropDownMenu)]:
            click(app, dd.rect.center)
            state = dd.menu_states["expanded"]
            assert dd.current_state is state, "the click opened the list"
            rows = state.options_selection_list
            if rows is not None and rows.rect.w < dd.rect.w - 2:
                narrow.append(f"{name}: list {rows.rect.w} < field {dd.rect.w}")
            click(app, dd.rect.center)  # closed again
    assert not narrow, narrow


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_no_game_over_button_is_bigger_than_the_suggested_one(table, lang):
    from game.ui.screens.score import GameOverScene
    from tests.ui.test_ui_game_end import scripted

    t = table(scripted(scores=(4990, 0), melds={0: ["QS QH QD"]}), size=SIZE)
    t.app.set_language(lang)
    t.play_hand()
    shrunk = []
    for _ in range(30):
        if isinstance(t.app.top, GameOverScene):
            break
        t.frames(2)
        top = t.app.top
        if top is not t.scene:  # the hand-end sheet
            shrunk += _shrunk(_buttons(top))
        nxt = getattr(top, "next_btn", None) or getattr(top, "continue_btn", None)
        if nxt is not None:
            t.click(nxt.rect.center)
    over = t.app.top
    assert isinstance(over, GameOverScene)
    primary = over.rematch.font.point_size
    sizes = {b.text: b.font.point_size for b in _buttons(over)}
    assert max(sizes.values()) <= primary, f"no button's label is bigger than the suggested one's: {sizes}"
    review = t.app.push(t.app.make("review", t.scene.session))
    t.frames(2)
    shrunk += _shrunk(_buttons(over)) + _shrunk(_buttons(review))
    assert not shrunk, shrunk
