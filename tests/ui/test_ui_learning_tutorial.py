"""The tutorial can be completed by following its own prompts: each step's gestures (the
same ones its arrow and glow point at) are posted as real events."""

from __future__ import annotations

import pygame

from game.rules import Phase, Rank
from game.ui.learning.tutorial import TutorialScene
from game.ui.screens.menu import MainMenuScene
from game.ui.screens.score import HandEndScene
from game.ui.shell.app import App
from game.ui.shell.dialogs import Dialog
from game.ui.shell.prefs import INSTANT
from saves.settings import Settings


class Driver:
    def __init__(self) -> None:
        self.app = App(size=(1280, 800), prefs=Settings(animation_speed=INSTANT, muted=True))
        self.app.push(MainMenuScene(self.app))
        self.frames(2)

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(1 / 60)
            self.app.frames += 1

    def post(self, kind: int, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def click(self, pos) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(2)

    def drag(self, start, end) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frames(1)
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        for p in (mid, end):
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frames(2)

    def key(self, key: int) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        self.frames(2)

    @property
    def tut(self) -> TutorialScene:
        sc = next(s for s in self.app.scenes if isinstance(s, TutorialScene))
        return sc

    def card_point(self, label: str):
        for it in self.tut.board.hand:
            if it.card is not None and it.card.label == label:
                return it.rect.x + 6, it.rect.centery
        raise AssertionError(f"{label} not in hand")

    def perform(self, gesture) -> None:
        sc = self.tut
        kind = gesture[0]
        if kind == "next":
            self.click(sc.next_btn.rect.center)
        elif kind == "click":
            self.click(gesture[1])
        elif kind == "button":
            self.click(sc.buttons[gesture[1]].rect.center)
        elif kind == "select":
            for label in gesture[1]:
                self.click(self.card_point(label))
        elif kind == "drag":
            self.drag(self.card_point(gesture[1]), gesture[2])
        elif kind == "wait":
            self.frames(30)
        elif kind == "score_next":
            assert isinstance(self.app.top, HandEndScene)
            self.click(self.app.top.next_btn.rect.center)


def test_the_tutorial_is_completed_by_following_its_prompts():
    d = Driver()
    menu = d.app.top
    d.click(menu.buttons["learn"].rect.center)
    sc = d.tut
    assert sc.index == 0
    seen = []
    for _ in range(60):
        if sc.finished:
            break
        step = sc.step
        seen.append(step.key)
        assert sc.prompt() and "tutorial." not in sc.prompt()
        before = sc.index
        for g in step.gestures(sc):
            d.perform(g)
        for _ in range(40):  # the computer seats' turns
            if sc.index != before or sc.finished:
                break
            d.frames(1)
        assert sc.index != before or sc.finished, f"step {step.key} did not advance"
    assert sc.finished
    assert {"draw", "red_three", "minimum", "take_pile", "canasta", "ask", "go_out_discard"} <= set(seen)
    g = sc.game
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert g.went_out == 0
    assert g.melds[0][Rank.KING].size >= 7
    assert isinstance(d.app.top, Dialog)  # "Well played!"
    assert d.app.prefs.seen_tutorial


def _tutorial_at(step: str) -> tuple[Driver, TutorialScene]:
    """A fresh tutorial, its lessons followed up to the step named."""
    d = Driver()
    d.app.reset_to(TutorialScene.start(d.app))
    d.frames(3)
    sc = d.tut
    while sc.step.key != step:
        for g in sc.step.gestures(sc):
            d.perform(g)
    return d, sc


def test_the_tutorial_refuses_other_moves_kindly():
    d, sc = _tutorial_at("discard")
    before = sc.game.to_dict()
    d.drag(d.card_point("7D"), sc.layout.pile.center)  # a legal discard, but not this lesson's
    assert sc.game.to_dict() == before
    assert sc.wrong_text and sc.step.key == "discard"
    assert "7D" in [c.label for c in sc.game.hands[0]]
    for g in sc.step.gestures(sc):  # the one the arrow shows is taken
        d.perform(g)
    assert sc.step.key != "discard"


def _keys(d: Driver, *presses: tuple[int, int]) -> None:
    for key, mod in presses:
        d.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        d.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        d.frames(2)


def test_the_lessons_words_follow_the_input_last_used_and_its_keys_work():
    from game.i18n import tr

    d, sc = _tutorial_at("draw")
    st = sc.step
    labels = {name: tr(key) for name, key in st.labels.items()}
    assert sc.prompt() == tr("tutorial.draw.text", **labels, **st.params), "a mouse player reads clicks"
    _keys(d, (pygame.K_TAB, 0))
    assert sc.prompt() == tr("tutorial.draw.text.keys", **labels, **st.params), "a key player reads keys"
    assert "D" in sc.prompt().split()
    # and the keys it names do it: D draws, Shift+K and Enter stage the kings, ...
    _keys(d, (pygame.K_d, 0))
    for _ in range(200):
        if sc.step.key == "stage_kings":
            break
        if sc.step.key != "draw" and sc.step.gestures(sc) and sc.step.gestures(sc)[0][0] == "next":
            _keys(d, (pygame.K_RETURN, 0))
        d.frames(1)
    assert sc.step.key == "stage_kings", sc.step.key
    assert "Shift+K" in sc.prompt()
    _keys(d, (pygame.K_k, pygame.KMOD_LSHIFT), (pygame.K_RETURN, 0))
    assert sc.step.key == "minimum", sc.step.key
    # a click: the words are in clicks again
    d.click((5, 5))
    st = sc.step
    assert sc.prompt() == tr("tutorial.minimum.text", **{n: tr(k) for n, k in st.labels.items()}, **st.params)
