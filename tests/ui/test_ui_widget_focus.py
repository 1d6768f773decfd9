"""Menus, the New game form, Settings and dialogs worked with the keyboard only."""

from __future__ import annotations

import pygame

from game.ui.screens.menu import MainMenuScene, NewGameScene, SettingsScene
from game.ui.shell.app import App
from game.ui.shell.dialogs import Dialog
from game.ui.shell.prefs import INSTANT
from game.ui.table.scene import TableScene
from saves.settings import Settings

from .driving import frames as _frames


def _app() -> App:
    app = App(size=(1280, 800), prefs=Settings(animation_speed=INSTANT, muted=True, seen_tutorial=True))
    app.push(MainMenuScene(app))
    _frames(app, 2)
    return app



def _key(app: App, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    _frames(app, 3)


def _tab_to(app: App, element) -> None:
    for _ in range(40):
        if app.focus.visible and app.focus.element is element:
            return
        _key(app, pygame.K_TAB)
    raise AssertionError("Tab never reached the widget")


def test_a_new_game_of_another_variant_from_the_menu_by_keys():
    app = _app()
    menu = app.top
    _key(app, pygame.K_DOWN)  # the first arrow shows the ring on the suggested button
    assert app.focus.visible and app.focus.element is menu.buttons["new"]
    _key(app, pygame.K_RETURN)
    form = app.top
    assert isinstance(form, NewGameScene)
    variant = form.choices["variant"]
    _tab_to(app, variant.widget)
    before = variant.value
    _key(app, pygame.K_RIGHT)
    form = app.top  # a new variant rebuilds the form
    assert form.variant != before and form.choices["variant"].value == form.variant
    chosen = form.variant
    _tab_to(app, form.play_btn)
    _key(app, pygame.K_SPACE)
    assert isinstance(app.top, TableScene)
    assert app.top.game.rules.name == chosen


def test_settings_change_by_keys_and_are_kept():
    app = _app()
    app.push(SettingsScene(app))
    _frames(app, 2)
    s = app.top
    four = s.choices["four"]
    _tab_to(app, four.widget)
    assert four.value is False
    _key(app, pygame.K_RIGHT)
    assert four.value is True
    _tab_to(app, s.volume)
    volume = s.volume.get_current_value()
    _key(app, pygame.K_LEFT)
    assert s.volume.get_current_value() == volume - 5
    _tab_to(app, s.done_btn)
    _key(app, pygame.K_RETURN)
    assert not isinstance(app.top, SettingsScene)
    assert app.prefs.four_colour and round(app.prefs.sound_volume * 100) == volume - 5


def test_a_dialog_answers_with_the_focused_button():
    app = _app()
    answers: list[str] = []
    app.push(Dialog(app, "Title", "Which?", [("One", lambda: answers.append("one")),
                                             ("Two", lambda: answers.append("two")),
                                             ("Three", lambda: answers.append("three"))], escape=0))
    _frames(app, 2)
    _key(app, pygame.K_DOWN)  # the ring appears on the suggested answer
    assert app.focus.element is app.top.buttons[0]
    _key(app, pygame.K_DOWN)
    _key(app, pygame.K_DOWN)
    _key(app, pygame.K_UP, )
    assert app.focus.element is app.top.buttons[1]
    _key(app, pygame.K_RETURN)
    assert answers == ["two"] and isinstance(app.top, MainMenuScene)


def test_without_the_ring_enter_keeps_its_meaning():
    app = _app()
    answers: list[str] = []
    app.push(Dialog(app, "Title", "", [("One", lambda: answers.append("one")),
                                       ("Two", lambda: answers.append("two"))], primary=1))
    _frames(app, 2)
    _key(app, pygame.K_RETURN)
    assert answers == ["two"]


def test_a_click_hides_the_ring():
    app = _app()
    _key(app, pygame.K_TAB)
    assert app.focus.visible
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    _frames(app, 2)
    assert not app.focus.visible



def test_the_keys_are_listed_from_settings_and_the_table(table):
    from game.i18n import tr
    from game.rules import VARIANTS, Game

    app = _app()
    app.push(SettingsScene(app))
    _frames(app, 2)
    _tab_to(app, app.top.keys_btn)
    _key(app, pygame.K_RETURN)
    assert isinstance(app.top, Dialog) and app.top.text() == tr("ui.keys.text")
    _key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, SettingsScene)
    t = table(Game.new(VARIANTS["classic"], seed=2))
    t.key(pygame.K_F1)
    assert isinstance(t.app.top, Dialog) and "Ctrl+Z" in t.app.top.text()


def test_a_screen_opened_by_keys_shows_its_ring_and_closing_it_returns_to_the_opener():
    app = _app()
    menu = app.top
    _tab_to(app, menu.buttons["rules"])
    _key(app, pygame.K_RETURN)
    assert app.top is not menu
    assert app.focus.visible and app.focus.element is not None, "the ring shows on the new screen at once"
    _key(app, pygame.K_ESCAPE)
    assert app.top is menu
    assert app.focus.visible and app.focus.element is menu.buttons["rules"], "focus is back on the opener"


def test_a_mouse_player_sees_no_ring_on_a_new_screen():
    app = _app()
    menu = app.top
    pos = menu.buttons["rules"].rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    _frames(app, 3)
    assert app.top is not menu and not app.focus.visible
