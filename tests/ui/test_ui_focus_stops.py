"""Every control a key can reach is one Tab stop, and the ring comes back to the control
that opened a dialog (real key events posted into the real App)."""

from __future__ import annotations

import pygame

from game.ui.screens.menu import SettingsScene
from game.ui.shell.app import App

from .driving import frames, menu_app, press


def _tab_round(app: App) -> list:
    """The focused element after each Tab, once round the screen."""
    press(app, pygame.K_TAB)
    first = app.focus.element
    seen = [first]
    for _ in range(60):
        press(app, pygame.K_TAB)
        if app.focus.element == first:
            return seen
        seen.append(app.focus.element)
    raise AssertionError("Tab never came back round")


def test_the_volume_slider_is_one_tab_stop():
    app = menu_app()
    app.push(SettingsScene(app))
    frames(app, 2)
    stops = _tab_round(app)
    on_volume = [el for el in stops if el is app.top.volume or getattr(el, "parent_element", None) is app.top.volume]
    assert on_volume == [app.top.volume]


def test_the_pause_menus_commitment_says_what_it_is_and_is_a_tab_stop_that_copies(table, monkeypatch):
    from game.rules import VARIANTS, Game
    from game.ui.shell import clipboard
    from game.ui.shell.dialogs import Dialog

    copied: list[str] = []
    monkeypatch.setattr(clipboard, "copy_text", lambda text: copied.append(text) or True)
    t = table(Game.new(VARIANTS["classic"], seed=2))
    t.key(pygame.K_ESCAPE)
    pause = t.app.top
    assert isinstance(pause, Dialog) and pause.body is not None
    words = pause.text()
    commitment = t.game.deal_key.commitment
    first = words.splitlines()[0]
    assert first.strip() and not any(ch.isdigit() for ch in first.replace("256", "")), \
        "the dialog says in words what the number is before showing it"
    assert "".join(words.split("\n", 1)[1].split()).startswith(commitment[:16])
    stops = _tab_round(t.app)
    assert pause.body in stops, "Tab reaches the commitment"
    while t.app.focus.element is not pause.body:
        press(t.app, pygame.K_TAB)
    press(t.app, pygame.K_RETURN)
    assert copied == [commitment] and t.app.top is pause


def test_the_reviews_costliest_decisions_and_timeline_are_tab_stops_that_act(table, monkeypatch):
    from game.ai import review as R
    from game.rules import VARIANTS, Game
    from game.ui.review.scene import ReviewScene

    monkeypatch.setattr(R, "WORLDS", 40)  # the search's smallest budget: a quick test
    t = table(Game.new(VARIANTS["classic"], seed=6))
    t.play_hand()
    rv = t.app.push(t.app.make("review", t.scene.session))
    assert isinstance(rv, ReviewScene)
    assert rv.job is not None
    rv.job.wait()
    t.frames(3)
    assert rv.review is not None and rv.costly_rects, "this hand has costly decisions to list"
    stops = _tab_round(t.app)
    names = [getattr(el, "name", None) for el in stops]
    costly = [el for el in stops if getattr(el, "name", "").startswith("costly")]
    assert len(costly) == len(rv.costly_rects) and "timeline" in names
    # Enter on a costly decision shows it; the ring is drawn round its line
    target = rv.costly_rects[-1][1]
    while t.app.focus.element != costly[-1]:
        press(t.app, pygame.K_TAB)
    rv.step = 0 if target else 1
    press(t.app, pygame.K_RETURN)
    assert rv.step == target
    assert t.app.focus.visible and rv.costly_rects[-1][0].contains(t.app.focus.element.rect)
    # on the timeline Enter goes to the next decision and the arrows step one move
    while getattr(t.app.focus.element, "name", None) != "timeline":
        press(t.app, pygame.K_TAB)
    rv.step = 0
    press(t.app, pygame.K_RETURN)
    assert rv.step == next(i for i in rv.decisions() if i > 0)
    before = rv.step
    press(t.app, pygame.K_RIGHT)
    assert rv.step == before + 1 and getattr(t.app.focus.element, "name", None) == "timeline"


def test_closing_a_screen_opened_from_the_pause_menu_comes_back_to_its_option(table):
    from game.i18n import tr
    from game.rules import VARIANTS, Game
    from game.ui.shell.dialogs import Dialog

    t = table(Game.new(VARIANTS["classic"], seed=2))
    t.key(pygame.K_ESCAPE)
    pause = t.app.top
    assert isinstance(pause, Dialog)
    for word in ("ui.pause.save", "ui.menu.rules", "ui.menu.settings"):
        opener = next(b for b in pause.buttons if b.text == tr(word))
        while t.app.focus.element is not opener:
            press(t.app, pygame.K_TAB)
        press(t.app, pygame.K_RETURN)
        screen = t.app.top
        assert screen is not pause and t.app.focus.visible, word
        press(t.app, pygame.K_ESCAPE)
        assert t.app.top is pause, f"{word}: back on the pause menu"
        assert t.app.focus.visible and t.app.focus.element is opener, f"{word}: focus on its option"
    press(t.app, pygame.K_ESCAPE)  # Resume
    assert t.app.top is t.scene


def test_keeping_the_game_in_the_replace_question_comes_back_to_play(monkeypatch):
    import saves.store
    from game.ui.screens.menu import NewGameScene
    from game.ui.shell.dialogs import Dialog

    monkeypatch.setattr(saves.store, "has_autosave", lambda: True)
    app = menu_app()
    while app.focus.element is not app.top.buttons["new"]:
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    form = app.top
    assert isinstance(form, NewGameScene)
    while app.focus.element is not form.play_btn:
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, Dialog), "asked before replacing the game in progress"
    press(app, pygame.K_ESCAPE)
    assert app.top is form and app.focus.visible and app.focus.element is form.play_btn
