"""Idle means idle: with nothing moving and no input the app loop sleeps on the event
queue instead of drawing 60 frames a second; animation, input and computer players'
moves still get through."""

from __future__ import annotations

import pygame

from game.rules import VARIANTS, Game, Phase
from game.rules.actions import Draw
from game.ui.screens.menu import MainMenuScene, NewGameScene
from game.ui.shell import app as app_module
from game.ui.shell.app import IDLE_HEARTBEAT, WAKE_EVENT, App
from game.ui.shell.session import Session
from game.ui.table.controller import AI_PAUSE, MESSAGE_TIME
from game.ui.table.scene import TableScene
from saves.settings import Settings

from .driving import WORKER_HANG, FakeClock
from .driving import frames as _frames
from .test_ui_ai_thread import Slow


def _menu(clock: FakeClock | None = None) -> App:
    # been through the lesson: Return on the menu starts a new game
    app = App(size=(1280, 800), prefs=Settings(animation_speed=1.0, muted=True, seen_tutorial=True),
              clock=clock)
    app.push(MainMenuScene(app))
    return app


def _human_to_draw() -> Game:
    return Game.scripted(VARIANTS["classic"],
                         hands=["4C 4D 9H KS JD 7C 8S 10D 5C 6C QD", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
                                "4H 4S 10H 10S JH JS QH QS 9H 7H 5H", "6H 6D 8C 8D JC KD KH 9C 10C QC 7S"],
                         stock="6D 10S 4H 9D", pile="4C 5D 8H", to_play=0)


def _table(game: Game, speed: float = 1.0, clock: FakeClock | None = None) -> tuple[App, TableScene]:
    app = App(size=(1280, 800), prefs=Settings(animation_speed=speed, muted=True), clock=clock)
    scene = TableScene(app, Session(game, "greedy", seed=1))
    app.reset_to(scene)
    return app, scene


def _settle(app: App, limit: int = 2000) -> None:
    """Frames at the full rate until the app has nothing left to move."""
    for _ in range(limit):
        if not app.needs_frame():
            return
        _frames(app, 1)
    raise AssertionError("the app never came to rest")


def test_the_idle_menu_waits_for_input():
    app = _menu()
    assert app.needs_frame(), "a new scene is drawn at once"
    _frames(app, 1)
    assert app.needs_frame(), "the card fan comes on the second frame"
    _frames(app, 1)
    assert not app.needs_frame()
    assert app.next_frame_in() is None, "no timer runs on the menu"


def test_the_real_loop_draws_only_heartbeats_on_an_idle_menu():
    app = _menu(FakeClock(stop=4.5 * IDLE_HEARTBEAT))
    app.run_loop()
    # the first frame, the card fan's, then one heartbeat every IDLE_HEARTBEAT seconds
    # (four in 4.5 of them); at the full rate this would be 540 frames
    assert app.frames == 2 + 4


def test_input_reaches_a_sleeping_loop():
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app = _menu(FakeClock(stop=5.0, events={1.0: key}))
    app.run_loop()
    assert isinstance(app.top, NewGameScene)


def test_the_table_animates_then_rests_at_the_humans_turn():
    app, scene = _table(_human_to_draw())
    _settle(app)
    assert scene.my_turn() and not scene.animator.busy
    assert scene.next_frame_in() is None
    scene._apply(Draw())
    assert scene.needs_frame(), "the drawn card flies"
    _frames(app, 3)
    assert scene.animator.flights and app.needs_frame()
    _settle(app)
    assert scene.game.phase is Phase.MELD and not scene.animator.flights


def test_messages_and_refusals_are_timers_not_animations():
    app, scene = _table(_human_to_draw())
    _settle(app)
    scene.say("hello")
    wait = scene.next_frame_in()
    assert wait is not None and 0 < wait <= MESSAGE_TIME
    scene.refuse("ui.reason.not_your_turn", "no")
    wait = scene.next_frame_in()
    assert wait is not None and 0 < wait <= MESSAGE_TIME, "only the panel's sentence has a timer"
    scene.controller.message = None
    assert scene.next_frame_in() is None, "a refusal's box stays without waking the loop"


def test_a_hint_glows_at_a_modest_rate():
    app, scene = _table(_human_to_draw())
    _settle(app)
    scene.hint()
    _frames(app, 1)
    assert scene.current_hint() is not None, "drawing is always worth a hint"
    wait = scene.next_frame_in()
    assert wait is not None and 0 < wait < 0.1


def ai_to_play() -> tuple[App, TableScene, Slow]:
    g = Game.scripted(VARIANTS["classic"],
                      hands=["4C 4D 9H KS JD 7C 8S 10D 5C 6C QD", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
                             "4H 4S 10H 10S JH JS QH QS 9H 7H 5H", "6H 6D 8C 8D JC KD KH 9C 10C QC 7S"],
                      stock="6D 10S 4H", pile="4C 5D 8H", to_play=1)
    app, scene = _table(g, speed=2.5)
    slow = Slow()
    scene.session.players[1] = slow
    return app, scene, slow


def test_a_thinking_computer_player_lets_the_loop_sleep_and_wakes_it():
    app, scene, slow = ai_to_play()
    _frames(app, 60, dt=1 / 30)  # past the pause before a computer move
    assert slow.asked == 1 and scene.game.to_play == 1
    assert not scene.needs_frame(), "nothing moves while the player thinks"
    pygame.event.clear()
    slow.go.set()
    woken = pygame.event.wait(WORKER_HANG)
    assert woken.type == WAKE_EVENT, "the worker wakes the loop when the move is ready"
    assert scene.needs_frame(), "the move is there to be made"
    _frames(app, 1)
    assert scene.game.phase is Phase.MELD and scene.game.to_play == 1


def test_the_pause_before_a_computer_move_is_slept_through_not_drawn():
    g = Game.scripted(VARIANTS["classic"],
                      hands=["4C 4D 9H KS JD 7C 8S 10D 5C 6C QD", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
                             "4H 4S 10H 10S JH JS QH QS 9H 7H 5H", "6H 6D 8C 8D JC KD KH 9C 10C QC 7S"],
                      stock="6D 10S 4H", pile="4C 5D 8H", to_play=1)
    app, scene = _table(g, clock=FakeClock(stop=600.0))  # the computer players decide in a moment
    scene.frame.prewarm(budget=60.0)  # every card face now, not a few a frame during the pause
    for _ in range(600):  # the deal's cards land; the player is asked
        if scene.controller.thought is not None and not scene.animator.busy:
            break
        _frames(app, 1)
    scene.controller.thought.result()
    pygame.event.clear()  # its wake-up: the loop would otherwise take it as the timer's end
    wait = app.next_frame_in()
    assert wait is not None and 0.0 < wait <= AI_PAUSE, "nothing moves: the loop waits for the pause's end"
    assert not app.needs_frame()
    loops = 0
    while scene.game.phase is Phase.DRAW and loops < 20:
        events, dt, gui_dt = app._next_frame()  # "sleeps", then passes the time slept
        app.frame(dt, events, gui_dt)
        loops += 1
    assert scene.game.phase is Phase.MELD and scene.game.to_play == 1, "the move came when the pause ended"
    assert loops <= 3, f"{loops} frames for a pause with nothing moving"


def test_computer_moves_come_through_the_real_loop():
    clock = FakeClock(stop=600.0, busy=lambda: scene.controller.thought is not None
                      and not scene.controller.thought.done())
    app, scene = _table(_human_to_draw(), speed=10.0, clock=clock)
    _settle(app)
    scene._apply(Draw())
    _settle(app)
    discard = next(a for a in scene.game.legal_actions() if type(a).__name__ == "Discard")
    scene._apply(discard)
    assert scene.game.to_play == 1
    drawn = app.frame

    def frame(dt, events=None, gui_dt=None) -> None:
        """The loop's frame, ended once the three computer players have moved."""
        drawn(dt, events, gui_dt)
        if scene.game.to_play == 0 or scene.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            app.quit(0)

    app.frame = frame  # type: ignore[method-assign]
    app.run_loop()
    assert scene.game.to_play == 0, "the three computer players moved while the loop slept between frames"
    # their pauses are slept through and their flights drawn: a few seconds, not the stop's 600
    assert clock.now < 60, clock.now


def test_a_focused_text_field_keeps_its_cursor_blinking():
    from game.ui.screens.slots import SaveSlotDialog

    app, scene = _table(_human_to_draw())
    _settle(app)
    app.push(SaveSlotDialog(app, scene.session))
    _frames(app, 2)
    assert app.gui_next_frame_in() == app_module.CURSOR_POLL
    assert app.next_frame_in() == app_module.CURSOR_POLL


def test_a_hovered_tool_tip_is_a_timer():
    from game.ui.shell.widgets import button

    app = _menu()
    _frames(app, 2)
    b = button(pygame.Rect(10, 10, 120, 40), "tip", app.manager, tooltip="a word of help")
    assert app.gui_next_frame_in() is None, "nothing hovered: nothing due"
    b.hovered, b.hover_time = True, 0.25  # what UIManager.update sets under the pointer
    wait = app.gui_next_frame_in()
    assert wait is not None and b.tool_tip_delay - 0.25 <= wait <= b.tool_tip_delay
