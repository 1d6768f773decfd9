"""A practice game's undo outlives Save and quit -> Continue (save format 4), and a
format 3 save, with no undo in it, still loads and plays on."""

from __future__ import annotations

import json

import pygame

from game.i18n import tr
from game.ui.screens.menu import MainMenuScene
from game.ui.shell.app import App
from game.ui.shell.dialogs import Dialog
from game.ui.shell.prefs import INSTANT
from game.ui.shell.session import Session
from game.ui.table.scene import TableScene
from saves import store
from saves.settings import Settings

from .driving import click, frames
from .test_ui_learning_table import coach_position, practice


def _played_and_saved(table) -> tuple[dict, dict]:
    """A practice hand: draw, discard, the others play; then Save and quit from the pause
    menu. The positions before the draw and before the discard."""
    t = practice(table(coach_position()), coach=False)
    start = t.game.to_dict()
    t.click(t.scene.layout.stock.center)
    drawn = t.game.to_dict()
    t.drag(t.card_pos("4C"), t.scene.layout.pile.center)
    t.settle()
    assert t.game.to_dict() != drawn
    t.key(pygame.K_ESCAPE)
    pause = t.app.top
    assert isinstance(pause, Dialog)
    t.click(next(b for b in pause.buttons if b.text == tr("ui.pause.quit")).rect.center)
    assert not t.app.running
    return start, drawn


def _continue() -> App:
    app = App(size=(1280, 800), prefs=Settings(animation_speed=INSTANT, muted=True, seen_tutorial=True))
    app.push(MainMenuScene(app))
    frames(app, 2)
    click(app, app.top.buttons["continue"].rect.center)
    assert isinstance(app.top, TableScene)
    return app


def _ctrl_z(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    frames(app, 2)


def test_undo_goes_back_through_save_and_quit_then_continue(table):
    start, drawn = _played_and_saved(table)
    app = _continue()
    scene = app.top
    log_before = len(scene.controller.log)
    _ctrl_z(app)
    assert scene.game.to_dict() == drawn, "undo takes back the discard made before the save"
    assert len(scene.controller.log) < log_before, "and its lines in the move log"
    _ctrl_z(app)
    assert scene.game.to_dict() == start
    assert not scene.session.snapshots


def test_a_format_3_practice_save_loads_without_undo_and_plays_on(table):
    _played_and_saved(table)
    path = store.autosave_path()
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == store.SAVE_FORMAT == 4 and "undo" in doc["extra"]
    game = Session.from_loaded(store.load_file(path)).game.to_dict()
    del doc["extra"]["undo"]
    doc["format"] = 3
    path.write_text(json.dumps(doc), encoding="utf-8")
    s = Session.from_loaded(store.load_file(path))
    assert s.practice and s.snapshots == [] and s.game.to_dict() == game


def test_an_undo_that_does_not_fit_the_hand_costs_the_undo_only(table):
    _played_and_saved(table)
    path = store.autosave_path()
    doc = json.loads(path.read_text(encoding="utf-8"))
    good = Session.from_loaded(store.load_file(path))
    assert len(good.snapshots) == 2
    for damage in ({"hand": doc["extra"]["undo"]["hand"] + 1},
                   {"snapshots": [{"not": "a game"}]},
                   {"log_marks": [10**6, 0]}):
        bad = json.loads(json.dumps(doc))
        bad["extra"]["undo"].update(damage)
        path.write_text(json.dumps(bad), encoding="utf-8")
        s = Session.from_loaded(store.load_file(path))
        assert s.snapshots == [] and s.game.to_dict() == good.game.to_dict(), damage
