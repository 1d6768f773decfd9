"""The menu scenes through real clicks: new game, rules, settings, and Continue."""

from __future__ import annotations

import pygame

from game.ui.screens.menu import MainMenuScene, NewGameScene, SettingsScene
from game.ui.screens.rules import RulesScene
from game.ui.shell.app import App
from game.ui.shell.prefs import INSTANT
from game.ui.shell.session import flush_saves
from game.ui.table.scene import TableScene
from saves.settings import Settings

from .driving import click as _click
from .driving import frames as _frames


def _app() -> App:
    app = App(size=(1280, 800), prefs=Settings(animation_speed=INSTANT, muted=True))
    app.push(MainMenuScene(app))
    _frames(app, 2)
    return app




def test_new_game_from_the_menu_deals_a_table():
    app = _app()
    menu = app.top
    assert not menu.buttons["continue"].is_enabled  # nothing saved yet
    _click(app, menu.buttons["new"].rect.center)
    assert isinstance(app.top, NewGameScene)
    _click(app, app.top.play_btn.rect.center)
    assert isinstance(app.top, TableScene)
    g = app.top.game
    assert g.rules.name == "classic" and g.hand_number == 1
    assert g.history and sum(len(h) for h in g.hands) > 20


def test_rules_and_settings_open_and_close():
    app = _app()
    _click(app, app.top.buttons["rules"].rect.center)
    assert isinstance(app.top, RulesScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    _frames(app, 2)
    assert isinstance(app.top, MainMenuScene)
    _click(app, app.top.buttons["settings"].rect.center)
    assert isinstance(app.top, SettingsScene)
    _click(app, app.top.done_btn.rect.center)
    assert isinstance(app.top, MainMenuScene)


def test_continue_resumes_the_autosave():
    app = _app()
    _click(app, app.top.buttons["new"].rect.center)
    _click(app, app.top.play_btn.rect.center)
    table = app.top
    for _ in range(300):  # deal animation (instant) and the computer seats up to our turn
        _frames(app, 1)
        if table.my_turn():
            break
    _click(app, table.layout.stock.center)
    g = table.game
    hand = sorted(c.label for c in g.hands[0])
    flush_saves()
    app2 = _app()
    assert app2.top.buttons["continue"].is_enabled
    _click(app2, app2.top.buttons["continue"].rect.center)
    resumed = app2.top
    assert isinstance(resumed, TableScene)
    assert sorted(c.label for c in resumed.game.hands[0]) == hand
    assert resumed.game.phase is g.phase


def _pick(app: App, choice, label: str) -> None:
    """Open a drop-down with a click and click the entry showing `label`."""
    _click(app, choice.widget.rect.center)
    expanded = choice.widget.menu_states["expanded"]
    assert choice.widget.current_state is expanded, "the drop-down opened"
    for item in expanded.options_selection_list.item_list:
        if item["text"] == label and item["button_element"] is not None:
            _click(app, item["button_element"].rect.center)
            _frames(app, 4)  # the choice arrives as an event a frame or two later
            return
    raise AssertionError(f"{label!r} is not in the open list")


def test_each_variant_starts_at_its_own_target_score():
    """Modern american plays to 8,500, a score the shared list of targets lacked: the
    New game dialog showed 2,500 and the game ended after two hands."""
    from game.i18n import number, tr
    from game.rules import VARIANTS

    app = _app()
    _click(app, app.top.buttons["new"].rect.center)
    for name, rules in VARIANTS.items():
        scene = app.top
        assert isinstance(scene, NewGameScene)
        if scene.choices["variant"].value != name:
            _pick(app, scene.choices["variant"], tr(f"ui.variant.{name}"))
        scene = app.top
        assert scene.choices["variant"].value == name
        target = scene.choices["target"]
        assert target.value == rules.target, name
        assert target.widget.selected_option[0] == number(rules.target)
    _click(app, app.top.play_btn.rect.center)
    assert isinstance(app.top, TableScene)
    assert app.top.game.rules.target == rules.target


def test_a_first_time_player_is_offered_the_tutorial_first():
    app = _app()
    menu = app.top
    assert menu.buttons["learn"].object_ids[-1] == "#primary"
    assert menu.buttons["new"].object_ids[-1] == "#menu_button"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    _frames(app, 3)
    from game.ui.learning.tutorial import TutorialScene

    assert isinstance(app.top, TutorialScene), "Enter takes the offered button"
    app.prefs.seen_tutorial = True
    app.reset_to(MainMenuScene(app))
    _frames(app, 2)
    assert app.top.buttons["new"].object_ids[-1] == "#primary"
    assert app.top.buttons["learn"].object_ids[-1] == "#menu_button"
