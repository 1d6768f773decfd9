"""Computer players think on a worker thread: the table keeps drawing while they do,
and a move worked out for a position that has since changed is dropped."""

from __future__ import annotations

import threading

from game.rules import VARIANTS, Game, Phase
from game.rules.actions import Draw
from game.ui.shell.app import App
from game.ui.shell.session import Session
from game.ui.table.scene import TableScene
from saves.settings import Settings


class Slow:
    """A player that answers only when the test lets it."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.asked = 0

    def choose(self, view):
        self.asked += 1
        self.go.wait()  # a daemon thread: a test that fails before go.set() leaves it behind
        return next(a for a in view.legal if isinstance(a, Draw))

    def answer_go_out(self, view) -> bool:
        return True


def ai_first_table() -> tuple[App, TableScene, Slow]:
    hands = ["4C 4D 9H KS JD 7C 8S 10D 5C 6C QD", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
             "4H 4S 10H 10S JH JS QH QS 9H 7H 5H", "6H 6D 8C 8D JC KD KH 9C 10C QC 7S"]
    g = Game.scripted(VARIANTS["classic"], hands=hands, stock="6D 10S 4H", pile="4C 5D 8H", to_play=1)
    app = App(size=(1280, 800), prefs=Settings(animation_speed=2.5, muted=True))
    session = Session(g, "greedy", seed=1)
    slow = Slow()
    session.players[1] = slow
    scene = TableScene(app, session)
    app.reset_to(scene)
    return app, scene, slow


def frames(app: App, n: int) -> None:
    for _ in range(n):
        app.frame(1 / 30)
        app.frames += 1


def test_the_table_keeps_drawing_while_a_computer_player_thinks():
    app, scene, slow = ai_first_table()
    frames(app, 60)  # two seconds of table time: well past the pause before a move
    assert slow.asked == 1, "the player was asked once and is still thinking"
    assert scene.game.to_play == 1 and scene.game.phase is Phase.DRAW, "no move was made without it"
    slow.go.set()
    for _ in range(200):
        frames(app, 1)
        if scene.game.phase is Phase.MELD:
            break
    assert scene.game.to_play == 1 and scene.game.phase is Phase.MELD, "its draw was applied"
    assert len(scene.game.hands[1]) == 12


def test_a_move_for_a_position_that_changed_is_dropped():
    app, scene, slow = ai_first_table()
    frames(app, 3)
    assert slow.asked == 1
    first = scene.controller.thought
    scene.reset_view()  # what undo and the tutorial do
    slow.go.set()
    for _ in range(200):
        frames(app, 1)
        if scene.game.phase is Phase.MELD:
            break
    assert slow.asked == 2, "the player was asked again about the new position"
    assert first is not None and first.stamp != scene.controller.version
    assert scene.game.phase is Phase.MELD and len(scene.game.hands[1]) == 12, "one draw, not two"
