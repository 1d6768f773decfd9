"""Switching language as a player does it: in Settings, mid-game, and after a restart."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import get_locale, refusal_text, set_locale, tr
from game.rules import VARIANTS, Game
from game.ui.screens.menu import MainMenuScene, SettingsScene
from game.ui.shell.app import App
from game.ui.shell.prefs import INSTANT
from game.ui.shell.session import Session
from game.ui.table.scene import TableScene
from saves.settings import Settings, load_settings

HANDS = ["KH KD 9D AH AD 7D 4C 8S 6H QH QS", "5S 6C 7H 7S 8C 9C 10C QC 4S 4H 5H",
         "5D 6S 7C 9S 10D QD KC 4D 8D 8H 9H", "4H 4S 10H 10S QC 9H 8H 5H 6D 7S JD"]


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))
    yield
    set_locale("en")  # the layer's language is process-wide: leave it as found


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.frame(1 / 60)
        app.frames += 1


def click(app: App, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, 2)


def choose_language(app: App, name: str) -> None:
    """Open the Language drop-down in Settings and click the entry called `name`."""
    settings = app.top
    assert isinstance(settings, SettingsScene)
    menu = settings.choices["language"].widget
    click(app, menu.rect.center)
    listing = menu.current_state.options_selection_list
    assert listing is not None, "the drop-down did not open"
    entry = next(item["button_element"] for item in listing.item_list
                 if item["text"] == name and item["button_element"] is not None)
    click(app, entry.rect.center)
    frames(app, 3)  # button -> selection list -> drop-down: each event a frame later


def new_app(size=(1280, 800), language: str | None = "en") -> App:
    prefs = None if language is None else Settings(animation_speed=INSTANT, muted=True, language=language)
    app = App(size=size, prefs=prefs)
    app.push(MainMenuScene(app))
    frames(app)
    return app


def test_settings_switch_changes_every_scene_and_pygame_gui_at_once():
    app = new_app()
    menu = app.top
    assert menu.buttons["new"].text == "New game"
    click(app, menu.buttons["settings"].rect.center)
    choose_language(app, "Italiano")
    settings = app.top
    assert isinstance(settings, SettingsScene)  # still open, rebuilt in Italian
    assert get_locale() == "it" and app.manager.get_locale() == "it"
    assert settings.done_btn.text == "Fatto"
    assert settings.choices["language"].widget.selected_option[0] == "Italiano"
    # the menu underneath was rebuilt too (hidden until Settings closes)
    assert menu.buttons["new"].text == "Nuova partita"
    assert not menu.buttons["new"].visible
    click(app, settings.done_btn.rect.center)
    assert app.top is menu and menu.buttons["new"].visible
    assert [b.text for b in menu.buttons.values()] == [
        tr(k, "it") for k in ("ui.menu.continue", "ui.menu.new_game", *_extra_menu_keys(menu),
                              "ui.menu.rules", "ui.menu.settings", "ui.menu.quit")]


def _extra_menu_keys(menu) -> list[str]:
    # other menu entries (load, learn...) come and go; compare the ones every build has
    known = {"continue", "new", "rules", "settings", "quit"}
    return [f"ui.menu.{k}" for k in menu.buttons if k not in known]


def test_mid_game_switch_relabels_the_table_at_once():
    set_locale("en")
    app = new_app(size=(960, 600))
    g = Game.scripted(VARIANTS["classic"], hands=HANDS, pile="JC 6C", scores=(1200, 900), to_play=0)
    table = TableScene(app, Session(g, "greedy", seed=3))
    app.reset_to(table)
    frames(app, 3)
    while table.animator.busy:
        frames(app, 1)
    assert table.buttons["menu"].text == "Menu"
    assert table.turn_text()[0] == "Your turn"
    table.say(tr("turn.draw_first"))
    key(app, pygame.K_ESCAPE)                      # the pause menu
    pause = app.top
    settings_button = next(b for b in pause.buttons if b.text == "Settings")
    click(app, settings_button.rect.center)
    assert isinstance(app.top, SettingsScene)
    choose_language(app, "Español")
    click(app, app.top.done_btn.rect.center)
    assert app.top is pause, "Settings closes back onto the pause menu it was opened from"
    resume = next(b for b in pause.buttons if b.text == tr("ui.pause.resume", "es"))
    click(app, resume.rect.center)
    assert app.top is table
    assert table.buttons["menu"].text == "Menú"
    assert table.buttons["confirm"].text == "Confirmar"
    assert table.turn_text()[0] == "Tu turno"
    assert table.prompt_text() == tr("ui.prompt.draw", "es")
    assert table.message_text() is None            # no leftover English sentence
    frames(app, 2)
    # the engine's refusals and the score lines follow the new language too
    from game.rules.actions import Discard
    err = g.check(Discard(g.hands[0][0]))
    assert err is not None and refusal_text(err) == tr(err.key, "es", **err.params)
    assert refusal_text(err) != tr(err.key, "en", **err.params)
    # and the pause menu, opened again, is Spanish
    key(app, pygame.K_ESCAPE)
    assert {b.text for b in app.top.buttons} >= {"Volver a la mesa", "Reglas", "Ajustes"}


def test_the_choice_survives_a_restart(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    app = new_app(language=None)                   # a first start: settings from disk
    assert app.language == "en"
    click(app, app.top.buttons["settings"].rect.center)
    choose_language(app, "Español")
    click(app, app.top.done_btn.rect.center)
    assert load_settings().language == "es"
    set_locale("en")
    again = new_app(language=None)                 # the next start
    assert again.language == "es" and get_locale() == "es"
    assert again.top.buttons["new"].text == "Nueva partida"


def test_no_saved_choice_follows_the_system_language(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "it_IT:en")
    app = new_app(language="")
    assert app.language == "it" and app.top.buttons["quit"].text == "Esci"
    monkeypatch.setenv("LANGUAGE", "fr")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    import game.i18n as i18n

    monkeypatch.setattr(i18n._locale, "getlocale", lambda: ("fr_FR", "UTF-8"))
    assert i18n.system_language() == "en"          # a language we do not have: English


def test_pygame_gui_reads_the_same_catalogues():
    import i18n as python_i18n
    from pygame_gui.elements import UIButton

    app = new_app()
    assert python_i18n.t("canasta.ui.menu.quit", locale="it") == tr("ui.menu.quit", "it")
    # a widget given a key translates itself, and follows UIManager.set_locale
    b = UIButton(pygame.Rect(0, 0, 200, 40), "canasta.ui.menu.quit", manager=app.manager)
    app.set_language("es")
    frames(app, 1)
    assert b.drawable_shape.theming["text"] == tr("ui.menu.quit", "es")
