"""Nothing replaced without asking: the lesson never touches the autosave, and New game
and Load game ask before a game in progress is replaced."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui.learning.tutorial import TutorialScene
from game.ui.screens.menu import MainMenuScene, NewGameScene
from game.ui.screens.slots import LoadGameScene
from game.ui.shell.app import App
from game.ui.shell.dialogs import Dialog
from game.ui.shell.prefs import INSTANT
from game.ui.shell.session import flush_saves
from game.ui.table.scene import TableScene
from saves import store
from saves.settings import Settings


class Menu:
    def __init__(self) -> None:
        self.app = App(size=(1280, 800), prefs=Settings(animation_speed=INSTANT, muted=True))
        self.app.push(MainMenuScene(self.app))
        self.frames(2)

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(1 / 60)
            self.app.frames += 1

    def click(self, pos) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(3)

    def key(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        self.frames(2)

    def play_a_move(self) -> TableScene:
        """New game from the menu, and one draw of ours: a game in progress, autosaved."""
        self.click(self.app.top.buttons["new"].rect.center)
        self.click(self.app.top.play_btn.rect.center)
        table = self.app.top
        assert isinstance(table, TableScene)
        for _ in range(300):
            self.frames(1)
            if table.my_turn():
                break
        self.click(table.layout.stock.center)
        self.frames(2)
        flush_saves()
        return table


def autosave_bytes() -> bytes:
    return store.autosave_path().read_bytes()


def test_the_lesson_leaves_the_autosave_byte_identical():
    m = Menu()
    m.play_a_move()
    before = autosave_bytes()
    m.app.reset_to(MainMenuScene(m.app))
    m.frames(2)
    m.click(m.app.top.buttons["learn"].rect.center)
    lesson = m.app.top
    assert isinstance(lesson, TutorialScene)
    for _ in range(4):  # a few steps of the lesson, moves made and animated
        for g in lesson.step.gestures(lesson):
            if g[0] == "next":
                m.click(lesson.next_btn.rect.center)
            elif g[0] == "click":
                m.click(g[1])
        m.frames(40)
    assert lesson.index >= 2 and lesson.session.game.history
    m.app.on_quit_request()  # closing the window during the lesson
    flush_saves()
    assert autosave_bytes() == before
    assert (Menu().app.top.buttons["continue"].is_enabled)


def test_new_game_asks_before_replacing_the_game_in_progress():
    m = Menu()
    m.play_a_move()
    before = autosave_bytes()
    m.app.reset_to(MainMenuScene(m.app))
    m.frames(2)
    m.click(m.app.top.buttons["new"].rect.center)
    form = m.app.top
    assert isinstance(form, NewGameScene)
    m.click(form.play_btn.rect.center)
    ask = m.app.top
    assert isinstance(ask, Dialog) and ask.title() == tr("ui.replace.title")
    m.key(pygame.K_ESCAPE)  # keep it
    assert m.app.top is form and autosave_bytes() == before
    m.click(form.play_btn.rect.center)
    m.click(m.app.top.buttons[0].rect.center)  # replace it
    assert isinstance(m.app.top, TableScene)


def test_without_a_game_in_progress_new_game_does_not_ask():
    m = Menu()
    m.click(m.app.top.buttons["new"].rect.center)
    m.click(m.app.top.play_btn.rect.center)
    assert isinstance(m.app.top, TableScene)


def test_load_game_asks_before_replacing_the_game_in_progress():
    m = Menu()
    table = m.play_a_move()
    store.save_slot("Earlier", table.game, table.session.extra())
    before = autosave_bytes()
    m.app.reset_to(LoadGameScene(m.app))
    m.frames(2)
    scene = m.app.top
    m.click(scene.load_btn.rect.center)
    ask = m.app.top
    assert isinstance(ask, Dialog) and ask.text() == tr("ui.replace.load_text")
    m.key(pygame.K_RETURN)  # the safe default: keep it
    assert m.app.top is scene and autosave_bytes() == before


def test_the_question_is_asked_in_the_players_language():
    m = Menu()
    m.play_a_move()
    m.app.reset_to(MainMenuScene(m.app))
    m.app.set_language("it")
    m.frames(2)
    m.click(m.app.top.buttons["new"].rect.center)
    m.click(m.app.top.play_btn.rect.center)
    ask = m.app.top
    assert isinstance(ask, Dialog) and ask.title() == "Sostituire la partita in corso?"
    m.app.set_language("es")
    assert ask.title() == "¿Reemplazar la partida en curso?"
    m.app.set_language("en")
