"""Menus, the New game form, Settings and dialogs worked with the keyboard only."""

from __future__ import annotations

import pygame

from game.ui.screens.menu import MainMenuScene, NewGameScene, SettingsScene
from game.ui.shell.app import App
from game.ui.shell.dialogs import Dialog
from game.ui.table.scene import TableScene

from .driving import frames as _frames
from .driving import menu_app, press


def _tab_to(app: App, element) -> None:
    for _ in range(40):
        if app.focus.visible and app.focus.element is element:
            return
        press(app, pygame.K_TAB, settle=3)
    raise AssertionError("Tab never reached the widget")


def test_a_new_game_of_another_variant_from_the_menu_by_keys():
    app = menu_app()
    menu = app.top
    press(app, pygame.K_DOWN, settle=3)  # the first arrow shows the ring on the suggested button
    assert app.focus.visible and app.focus.element is menu.buttons["new"]
    press(app, pygame.K_RETURN, settle=3)
    form = app.top
    assert isinstance(form, NewGameScene)
    variant = form.choices["variant"]
    _tab_to(app, variant.widget)
    before = variant.value
    press(app, pygame.K_RIGHT, settle=3)
    form = app.top  # a new variant rebuilds the form
    assert form.variant != before and form.choices["variant"].value == form.variant
    chosen = form.variant
    _tab_to(app, form.play_btn)
    press(app, pygame.K_SPACE, settle=3)
    assert isinstance(app.top, TableScene)
    assert app.top.game.rules.name == chosen


def test_settings_change_by_keys_and_are_kept():
    app = menu_app()
    app.push(SettingsScene(app))
    _frames(app, 2)
    s = app.top
    four = s.choices["four"]
    _tab_to(app, four.widget)
    assert four.value is False
    press(app, pygame.K_RIGHT, settle=3)
    assert four.value is True
    _tab_to(app, s.volume)
    volume = s.volume.get_current_value()
    press(app, pygame.K_LEFT, settle=3)
    assert s.volume.get_current_value() == volume - 5
    _tab_to(app, s.done_btn)
    press(app, pygame.K_RETURN, settle=3)
    assert not isinstance(app.top, SettingsScene)
    assert app.prefs.four_colour and round(app.prefs.sound_volume * 100) == volume - 5


def test_a_dialog_answers_with_the_focused_button():
    app = menu_app()
    answers: list[str] = []
    app.push(Dialog(app, "Title", "Which?", [("One", lambda: answers.append("one")),
                                             ("Two", lambda: answers.append("two")),
                                             ("Three", lambda: answers.append("three"))], escape=0))
    _frames(app, 2)
    press(app, pygame.K_DOWN, settle=3)  # the ring appears on the suggested answer
    assert app.focus.element is app.top.buttons[0]
    press(app, pygame.K_DOWN, settle=3)
    press(app, pygame.K_DOWN, settle=3)
    press(app, pygame.K_UP, settle=3)
    assert app.focus.element is app.top.buttons[1]
    press(app, pygame.K_RETURN, settle=3)
    assert answers == ["two"] and isinstance(app.top, MainMenuScene)


def test_without_the_ring_enter_keeps_its_meaning():
    app = menu_app()
    answers: list[str] = []
    app.push(Dialog(app, "Title", "", [("One", lambda: answers.append("one")),
                                       ("Two", lambda: answers.append("two"))], primary=1))
    _frames(app, 2)
    press(app, pygame.K_RETURN, settle=3)
    assert answers == ["two"]


def test_a_click_hides_the_ring():
    app = menu_app()
    press(app, pygame.K_TAB, settle=3)
    assert app.focus.visible
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    _frames(app, 2)
    assert not app.focus.visible



def test_the_keys_are_listed_from_settings_and_the_table(table):
    from game.i18n import tr
    from game.rules import VARIANTS, Game

    app = menu_app()
    app.push(SettingsScene(app))
    _frames(app, 2)
    _tab_to(app, app.top.keys_btn)
    press(app, pygame.K_RETURN, settle=3)
    assert isinstance(app.top, Dialog) and app.top.text() == tr("ui.keys.text")
    press(app, pygame.K_ESCAPE, settle=3)
    assert isinstance(app.top, SettingsScene)
    t = table(Game.new(VARIANTS["classic"], seed=2))
    t.key(pygame.K_F1)
    assert isinstance(t.app.top, Dialog) and "Ctrl+Z" in t.app.top.text()


def test_a_screen_opened_by_keys_shows_its_ring_and_closing_it_returns_to_the_opener():
    app = menu_app()
    menu = app.top
    _tab_to(app, menu.buttons["rules"])
    press(app, pygame.K_RETURN, settle=3)
    assert app.top is not menu
    assert app.focus.visible and app.focus.element is not None, "the ring shows on the new screen at once"
    press(app, pygame.K_ESCAPE, settle=3)
    assert app.top is menu
    assert app.focus.visible and app.focus.element is menu.buttons["rules"], "focus is back on the opener"


def test_a_mouse_player_sees_no_ring_on_a_new_screen():
    app = menu_app()
    menu = app.top
    pos = menu.buttons["rules"].rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    _frames(app, 3)
    assert app.top is not menu and not app.focus.visible
