"""A real App with a real TableScene, driven by posted pygame events (headless)."""

from __future__ import annotations

import pygame
import pytest

from game.rules import Game, Phase
from game.rules.actions import Discard, Draw, Meld, PassPile, TakePile
from game.ui.shell.app import App
from game.ui.shell.dialogs import Dialog
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
        """The human plays the hand out with clicks, drags and keys only: opens when the
        engine offers an opening (staged, then Return), takes the pile when it may with
        cards from the hand, lays off, discards what the engine allows. Returns how often
        each kind of move was made."""
        from game.ui.screens.score import HandEndScene

        g = self.game
        counts = {"opened": 0, "took": 0, "drew": 0, "laid_off": 0, "discarded": 0}
        for _turn in range(300):
            self.settle()
            top = self.app.top
            if isinstance(top, HandEndScene):
                break
            if isinstance(top, Dialog):
                self.key(pygame.K_RETURN)
                continue
            assert top is self.scene
            if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                self.frames(5)
                continue
            assert g.to_play == 0
            legal = g.legal_actions()
            if g.phase is Phase.STOCK_END:
                if any(isinstance(a, PassPile) for a in legal):
                    self.click(self.button_pos("pass"))
                else:
                    self.click(self.scene.layout.pile.center)
                continue
            if g.phase in (Phase.OPEN, Phase.DRAW):
                opening = next((a for a in legal if isinstance(a, Meld)), None)
                if opening is not None and g.phase is Phase.OPEN:
                    for grp in opening.groups:
                        self.stage(grp)
                    self.key(pygame.K_RETURN)
                    assert g.melds[0], "the staged opening was laid down"
                    counts["opened"] += 1
                    continue
                takes = [a for a in legal if isinstance(a, TakePile) and a.cards and not a.melds]
                if takes and g.melds[0]:
                    for c in takes[0].cards:
                        self.click(self.pos_of(c))
                    self.click(self.scene.layout.pile.center)
                    if isinstance(self.app.top, Dialog):
                        self.key(pygame.K_RETURN)
                    counts["took"] += g.phase is Phase.MELD
                if g.phase in (Phase.OPEN, Phase.DRAW):
                    if self.scene.selected:  # a right click puts the selection down
                        self.post(pygame.MOUSEBUTTONDOWN, pos=self.scene.layout.play.center, button=3)
                        self.frames(1)
                        assert not self.scene.selected
                    assert any(isinstance(a, Draw) for a in g.legal_actions())
                    self.click(self.scene.layout.stock.center)
                    counts["drew"] += 1
            if g.phase is not Phase.MELD or g.to_play != 0:
                continue
            if not g.melds[0] and not g.rules.open_before_draw:
                opening = next((a for a in g.legal_actions() if isinstance(a, Meld)), None)
                if opening is not None:
                    for grp in opening.groups:
                        self.stage(grp)
                    self.key(pygame.K_RETURN)
                    counts["opened"] += bool(g.melds[0])
            for rank in list(g.melds[0]):
                for c in [c for c in g.hands[0] if c.rank == rank]:
                    if g.phase is Phase.MELD and g.check(Meld([[c]], onto=[rank])) is None \
                            and len(g.hands[0]) > 2:
                        self.drag(self.pos_of(c), self.meld_pos(rank))
                        counts["laid_off"] += 1
            if g.phase is not Phase.MELD:
                continue
            discard = next(a for a in g.legal_actions() if isinstance(a, Discard))
            before = len(g.hands[0])
            self.drag(self.pos_of(discard.card), self.scene.layout.pile.center)
            if isinstance(self.app.top, Dialog):  # the coach or a question: go ahead
                self.key(pygame.K_RETURN)
            assert len(g.hands[0]) == before - 1 or g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
            counts["discarded"] += 1
        assert isinstance(self.app.top, HandEndScene), "the hand never ended"
        assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert g.invariant_violations() == []
        return counts


@pytest.fixture
def table():
    made: list[Table] = []

    def make(game: Game, **kw) -> Table:
        t = Table(game, **kw)
        made.append(t)
        return t

    yield make
