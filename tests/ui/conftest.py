"""A real App with a real TableScene, driven by posted pygame events (headless)."""

from __future__ import annotations

import pygame
import pytest

from game.rules import Game, Phase
from game.ui.shell.app import App
from game.ui.shell.prefs import INSTANT
from game.ui.shell.session import Session
from game.ui.table.scene import TableScene
from saves.settings import Settings


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    # autosaves and settings must never touch the developer's real files
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))


class Table:
    def __init__(self, game: Game, size: tuple[int, int] = (1280, 800), level: str = "greedy",
                 muted: bool = True) -> None:
        self.app = App(size=size, prefs=Settings(animation_speed=INSTANT, muted=muted))
        self.scene = TableScene(self.app, Session(game, level, seed=3))
        # the position's analysis runs at once, not on a worker: a test reads the hint
        # right after pressing H (tests/ui/test_ui_hint_worker.py drives the worker)
        self.scene.controller.advice_start = lambda work: work()
        self.app.reset_to(self.scene)
        self.frames(2)

    @property
    def game(self) -> Game:
        return self.scene.game

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(1 / 60)
            self.app.frames += 1

    def post(self, kind: int, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def click(self, pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(2)

    def press(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1)
        self.frames(1)

    def move(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(1, 0, 0))
        self.frames(1)

    def release(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=1)
        self.frames(2)

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.press(start)
        self.move(((start[0] + end[0]) / 2, (start[1] + end[1]) / 2))
        self.move(end)
        self.release(end)

    def key(self, key: int) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        self.frames(2)

    def told(self) -> str | None:
        """What the player is told: a refusal's box beside the try, else the panel's line
        (the panel does not repeat the box)."""
        toast = self.scene.toast
        if toast is not None:
            return toast.text
        said = self.scene.message_text()
        return None if said is None else said[0]

    def card_pos(self, label: str) -> tuple[int, int]:
        """A point on the visible strip of that card in the fanned hand."""
        for it in self.scene.board.hand:
            if it.card is not None and it.card.label == label:
                return it.rect.x + 6, it.rect.centery
        raise AssertionError(f"{label} is not shown in the hand")

    def select(self, *labels: str) -> None:
        for label in labels:
            self.click(self.card_pos(label))

    def meld_pos(self, rank) -> tuple[int, int]:
        box = self.scene.board.own_meld(rank)
        assert box is not None, f"no meld of {rank} on the table"
        return box.column.centerx, box.column.y + self.scene.layout.table_h // 2

    def new_meld_pos(self) -> tuple[int, int]:
        r = self.scene.board.new_meld
        assert r is not None, "the new-meld space is not shown"
        return r.center

    def button_pos(self, key: str) -> tuple[int, int]:
        return self.scene.buttons[key].rect.center

    def settle(self, limit: int = 400) -> None:
        """Run frames until it is the human's move (or the hand is over)."""
        for _ in range(limit):
            if self.app.top is not self.scene:
                return
            if self.scene.my_turn() or self.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                self.frames(1)
                return
            self.frames(1)
        raise AssertionError("the table never came back to the human")

    def hand_labels(self) -> list[str]:
        return sorted(c.label for c in self.game.hands[0])

    # -- a whole hand, played as a person would ----------------------------------------
    def pos_of(self, card) -> tuple[int, int]:
        """A point on that very card in the hand (three decks hold three of each label)."""
        for it in self.scene.board.hand:
            if it.card is not None and it.card.identity == card.identity:
                return it.rect.x + 6, it.rect.centery
        for it in self.scene.board.hand:  # a legal Discard names the card by its face only
            if it.card is not None and it.card.code == card.code:
                return it.rect.x + 6, it.rect.centery
        raise AssertionError(f"{card.label} is not shown in the hand")

    def stage(self, cards) -> None:
        """Select the cards one click each, then drag them to the new-meld space."""
        for c in cards:
            self.click(self.pos_of(c))
        self.drag(self.pos_of(cards[0]), self.new_meld_pos())

    def play_hand(self) -> dict[str, int]:
        """The human plays the hand out with clicks, drags and keys only (hand_player.py);
        how often each kind of move was made."""
        from .hand_player import Mouse, play_hand

        return play_hand(self, Mouse(self))


@pytest.fixture
def table():
    made: list[Table] = []

    def make(game: Game, **kw) -> Table:
        t = Table(game, **kw)
        made.append(t)
        return t

    yield make
