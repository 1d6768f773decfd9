"""The table: the human plays seat 0 against (and with) the computer.

The scene is the table's hands and eyes: it turns mouse and keys into intents for the
controller (table/controller.py, where the logic lives), turns the events of each move
into animation (motion/choreography.py), and draws through a read-only `TableView`
(table/draw.py, table/panel.py, table/frame.py). Other scenes are opened through the app.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules import Game, Phase, RuleSet
from game.rules.actions import Action, AnswerGoOut, Meld, NextHand
from game.rules.deal import DealKey
from game.ui.geometry.board import Board, build_board
from game.ui.geometry.hand_view import SORT_MODES
from game.ui.geometry.layout import TableLayout, compute_layout
from game.ui.motion.choreography import Choreographer
from game.ui.motion.tween import Animator, Effect, Flight
from game.ui.shell.app import wake
from game.ui.shell.dialogs import Dialog, yes_no
from game.ui.shell.prefs import CARD_SCALES
from game.ui.shell.scene import PULSE_FRAME, Scene
from game.ui.shell.session import Session
from game.ui.table.advice import Verdict
from game.ui.table.buttons import TableButtons
from game.ui.table.controller import TableController, Tone
from game.ui.table.drag import Drag, Target
from game.ui.table.draw import TableRenderer
from game.ui.table.frame import TableFrame
from game.ui.table.guidance import action_rects, advice_text
from game.ui.table.input import TableInput
from game.ui.table.keyboard import TableKeys
from game.ui.table.text import seat_name, side_name
from game.ui.table.view import TableView

# the hand's end: each seat's cards turn over a little after the previous seat's, and the
# table stays in view this long (at speed 1) before the score sheet opens
REVEAL_FLIP, REVEAL_STAGGER, REVEAL_HOLD = 0.45, 0.2, 2.2


class TableScene(TableInput, Scene):
    update_when_covered = False
    own_keyboard = True  # the ring of table/keyboard.py, not the app's widget focus

    def __init__(self, app, session: Session, animate_history: bool = True) -> None:
        super().__init__(app)
        self.session = session
        self.animator = Animator(app.prefs.animation_speed, reduced=bool(app.prefs.reduced_motion))
        self.controller = TableController(session, busy=lambda: self.animator.busy, wake=wake)
        self.controller.on_refusal = lambda _r: self.app.sound.play("click")
        self.waited_hand = 0  # the hand whose commitment the player was asked to note
        self.view = TableView(self.controller, art=lambda: self.app.art,
                              back_colour=lambda: self.app.prefs.back_colour,
                              layout=lambda: self.layout, board=lambda: self.board,
                              hand_disp=lambda: self.hand_disp, button_rect=self.panel_buttons_rect,
                              badge_text=self.badge_text, prompt_text=self.prompt_text,
                              dragging=lambda: self.drag is not None, log_scroll=lambda: self.log_scroll)
        self.choreo = Choreographer(self.animator, session.human, self.view.seat_name)
        self.renderer = TableRenderer(self.view)
        self.frame = TableFrame(self)
        self.sort_mode = app.prefs.hand_sort if app.prefs.hand_sort in SORT_MODES else "rank"
        self.drag: Drag | None = None
        self.press: tuple[tuple[int, int], object] | None = None
        # a move of the human's the coach is judging on its worker, with its cards' origins
        self.coach_wait: tuple[Verdict, dict | None] | None = None
        # that move's cards, where the player let go of them, until the coach's verdict
        # is acted on (they stayed in the hand for the verdict's fraction of a second)
        self.held: dict = {}
        self.hand_disp: dict[tuple[int, int], list[float]] = {}
        self.layout: TableLayout = self._compute_layout(app.size)
        self._board: Board | None = None
        self._board_key: tuple | None = None
        self.panel = TableButtons()
        self.keys = TableKeys()
        self.log_scroll = 0  # lines of the move log scrolled back (0: the newest in view)
        self.log_hidden = 0  # lines the log may scroll back, as last drawn
        self._log_seen = len(self.controller.log)  # the log's length when last looked at
        self._animate_history = animate_history
        self.revealed = 0  # the hand whose end turned the other hands face up
        if session.save_warning:
            self.controller.say(session.save_warning, Tone.REFUSAL)

    # -- construction ----------------------------------------------------------------
    @classmethod
    def new_game(cls, app, rules: RuleSet, level: str, seed: int, practice: bool = False,
                 key: DealKey | None = None) -> TableScene:
        s = Session.new(rules, level, seed, key)
        s.practice = practice
        s.coach = practice and bool(app.prefs.coach)
        return cls(app, s)

    @classmethod
    def from_autosave(cls, app) -> TableScene | None:
        s = Session.resume()
        return None if s is None else cls(app, s, animate_history=False)

    @property
    def game(self) -> Game:
        return self.session.game

    def enter(self) -> None:
        super().enter()
        g = self.game
        if self._animate_history and g.history and g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            self.animate(list(g.history), self._empty_board(), None)
            self.app.sound.play_events([e for e in g.history[:1]], self.session.human_unit)
        self._animate_history = False

    def _empty_board(self) -> Board:
        return Board(self.layout, seat_anchor=self.board.seat_anchor)

    # -- what the panel, the tests and the lessons read -----------------------------------
    @property
    def staged(self) -> list:
        return self.controller.staged

    @property
    def selected(self) -> set[tuple[int, int]]:
        return self.controller.selected

    @property
    def buttons(self) -> dict:
        return self.panel.buttons

    def panel_buttons_rect(self, key: str) -> pygame.Rect | None:
        return self.panel.rect(key)

    @property
    def toast(self) -> Target | None:
        """The refusal shown beside where the move was tried."""
        r = self.controller.refusal_now()
        if r is None:
            return None
        rect = r.anchor
        if rect is None and r.action is not None:
            rects = action_rects(self.view, r.action)
            rect = rects[0] if rects else None
        return Target("refusal", rect if rect is not None else self.layout.pile.copy(), False, r.text,
                      key=r.key)

    def seat_name(self, seat: int) -> str:
        return seat_name(self.game, self.session.human, seat)

    def side_name(self, side: int) -> str:
        return side_name(self.game, self.session.human, side)

    def badge_text(self) -> str:
        return tr("ui.practice.badge") if self.session.practice else self.session.replay_badge()

    def prompt_text(self) -> str:
        return self.controller.prompt_text(keys=self.app.focus.keyboard)

    def turn_text(self) -> tuple[str, bool]:
        return self.controller.turn_text()

    def pile_state(self):
        return self.view.pile_state()

    def pile_label(self, n: int, buried: int = 0) -> str:
        return self.view.pile_label(n, buried)

    def my_turn(self) -> bool:
        return self.controller.my_turn()

    def stock_hot(self) -> bool:
        return self.view.stock_hot()

    def pile_hot(self) -> bool:
        return self.view.pile_hot()

    def current_hint(self):
        return self.controller.current_hint()

    def say(self, text: str, tone: Tone = Tone.PLAIN) -> None:
        self.controller.say(text, tone)

    def message_text(self):
        return self.view.message_text()

    @property
    def rule_link_rect(self) -> pygame.Rect | None:
        return self.frame.rule_link_rect

    # -- the board ---------------------------------------------------------------------
    @property
    def board(self) -> Board:
        c = self.controller
        hidden = self.animator.hidden() | set(self.held)
        if self.drag is not None:
            hidden = hidden | self.drag.idents
        key = (c.version, self.layout.size, frozenset(hidden), frozenset(c.selected),
               tuple(tuple(x.identity for x in grp) for grp in c.staged), self.sort_mode,
               tuple(sorted(self.animator.incoming().items())), c.show_new_meld(), self.hands_shown(),
               self.hand_pinned())
        if self._board is None or key != self._board_key:
            self._board = build_board(self.game, self.layout, self.session.human, self.sort_mode,
                                      c.staged, c.selected, hidden, self.animator.incoming(),
                                      c.show_new_meld(), reveal=self.hands_shown(), kept=self.kept_hand())
            self._board_key, self._last_slots = key, (self.layout, self._board.hand_slots)
        return self._board

    def final_board(self) -> Board:
        """The board once every card has landed: where flights end."""
        c = self.controller
        return build_board(self.game, self.layout, self.session.human, self.sort_mode, c.staged,
                           c.selected, set(), {}, c.show_new_meld(), reveal=self.hands_shown(),
                           kept=self.kept_hand())

    # -- ui ------------------------------------------------------------------------------
    def build_ui(self) -> None:
        self.panel.build(self.layout, self.app.manager, self.ui_add, self.session.practice,
                         {"sort": tr(f"ui.sort.button.{self.sort_mode}"), "show_all": self.show_all_label()},
                         {"sort": [tr(f"ui.sort.button.{m}") for m in SORT_MODES],
                          "show_all": [tr("ui.button.hide_hands"), tr("ui.button.show_hands")]})
        self.refresh_buttons()

    @property
    def panel_bottom(self) -> int:
        return self.panel.bottom or self.layout.size[1]

    def show_all_label(self) -> str:
        return tr("ui.button.hide_hands") if self.session.show_all else tr("ui.button.show_hands")

    def refresh_buttons(self) -> None:
        if self.app.top is self:
            self.panel.refresh(self.controller.button_state(), self.game.rules.partnerships)

    def _compute_layout(self, size: tuple[int, int]) -> TableLayout:
        return compute_layout(size, self.game.players, CARD_SCALES.get(self.app.prefs.card_size, 1.0))

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self._compute_layout(size)
        self.renderer.clear()
        self.hand_disp.clear()
        self._board = None
        self.drag = None
        self.frame.restart_warming()
        super().resize(size)

    def on_language_changed(self) -> None:
        self.controller.forget_words()  # said in the old language; the panel and buttons are remade
        self.frame.forget()
        super().on_language_changed()

    def resume(self) -> None:
        if self._compute_layout(self.app.size) != self.layout:  # the card size was changed
            self.resize(self.app.size)
        super().resume()
        self.panel.forget_state()
        self.animator.speed = self.app.prefs.animation_speed
        self.renderer.clear()
        self._board = None

    def on_quit(self) -> None:
        self.session.autosave()

    # -- moves ---------------------------------------------------------------------------
    def perform(self, action: Action, origins: dict | None = None) -> bool:
        """Apply a move of the human's (or explain why not); True when it was made (a move
        the coach is still judging is made, or warned about, once it has judged it)."""
        if self.coach_wait is not None:
            return False  # one move at a time: the coach is judging the last one
        err = self.controller.check(action)
        if err is not None:
            self.refuse(err[0], err[1], action)
            return False
        if self.coach_intercepts(action, origins):
            return False
        self._apply(action, origins)
        return True

    def refuse(self, key: str | None, text: str, action: Action | None = None,
               rect: pygame.Rect | None = None) -> None:
        """Say why not, beside the thing the player tried (with a link to the rule)."""
        self.controller.refuse(key, text, action, rect)

    def coach_intercepts(self, action: Action, origins: dict | None) -> bool:
        """In a coached game, the move waits for the coach's verdict (worked out off the
        UI thread); False when there is no coach, or it had nothing to say at once."""
        verdict = self.controller.coach_verdict(action)
        if verdict is None or (verdict.done() and verdict.warning is None):
            return False
        self.coach_wait = (verdict, origins)
        self.held = dict(origins or {})
        self.coach_answers()
        return True

    def coach_answers(self) -> None:
        """Once the coach has judged the waiting move: before a clear mistake, a warning
        with "Do it anyway" / "Take it back"; else the move is made. A verdict on a
        position since left (undo) is dropped with its move."""
        if self.coach_wait is None or not self.coach_wait[0].done():
            return
        verdict, origins = self.coach_wait
        self.coach_wait = None
        action = verdict.action
        if verdict.stamp != self.controller.version:
            self.held = {}
            return
        if verdict.warning is None:
            self._made(action, origins)
            return

        def back() -> None:
            self.held = {}
            if origins:
                self._fly_back(origins)
            self.say(tr("ui.coach.taken_back"), Tone.ADVICE)

        self.app.push(Dialog(self.app, lambda: tr("ui.coach.title"), advice_text(verdict.warning),
                             [(lambda: tr("ui.coach.anyway"), lambda: self._made(action, origins)),
                              (lambda: tr("ui.coach.take_back"), back)],
                             escape=1, primary=1, width=720))

    def _made(self, action: Action, origins: dict | None) -> None:
        """A move the coach held back, made after all (the staged cards were its meld)."""
        self.held = {}
        if self.game.check(action) is None:
            self._apply(action, origins)
            if isinstance(action, Meld):
                self.controller.staged = []
        elif origins:
            self._fly_back(origins)

    def _apply(self, action: Action, origins: dict | None = None) -> None:
        before = self.board
        events = self.controller.apply(action)
        self.animate(events, before, origins)
        self.panel.forget_state()

    def next_hand(self) -> None:
        """The hand-end sheet was read: deal the next hand."""
        self._apply(NextHand())

    def animate(self, events, before: Board, origins: dict | None) -> None:
        self.choreo.play(events, before, self.final_board(), origins)
        self._board = None

    def undo(self) -> None:
        if self.controller.undo():
            self.reset_view()

    def reset_view(self) -> None:
        """The position changed under the table (undo, the tutorial): start drawing afresh."""
        self.animator.hurry()
        self.animator.effects.clear()
        self.animator.landed.clear()
        self.controller.reset()
        self.coach_wait = None
        self.held = {}
        self.drag = None
        self.press = None
        self._board = None
        self.panel.forget_state()
        self.hand_disp.clear()

    def toggle_show_all(self) -> None:
        if self.controller.toggle_show_all():
            self._board = None
            self.panel.relabel("show_all", self.show_all_label())

    # -- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.frame.prewarm()
        self.animator.speed = self.app.prefs.animation_speed
        self.animator.reduced = bool(self.app.prefs.reduced_motion)
        if self.animator.reduced:
            self.hand_disp.clear()  # the hand's cards step to their places instead of gliding
        sounds, due = self.animator.update(dt)
        for name in sounds:
            self.app.sound.play(name)
        if due:
            self.app.sound.play_events(due, self.session.human_unit)
        if self.animator.landed:
            self.animator.landed.clear()
            self._board = None
        self.frame.ease_hand(dt)
        self._keep_log_in_place()
        self.refresh_buttons()
        if self.animator.busy:
            return
        c = self.controller
        c.settled()
        if self.drag is not None or self.app.top is not self:
            return
        if c.hand_over_pending:
            if self.reveal_hands():
                return  # the hands turn face up and stay a moment: the sheet opens after
            c.hand_over_pending = False
            self.app.push(self.app.make("hand_end", self))
            return
        if c.my_turn() and self.app.focus.keyboard:
            self.keys.show_for_turn(self)
        self.coach_answers()  # a move waiting for the coach's verdict
        if self.app.top is not self:
            return
        ready = c.hint_ready()  # H was pressed while the position was being analysed
        if ready is not None:
            self.controller.say(advice_text(ready), Tone.ADVICE, of_position=True)
        c.prepare_advice()
        if self.session.ai_to_act() and self.wait_for_player():
            return
        if self.session.ai_to_act():
            instant = self.animator.instant
            action = c.computer_move(dt * (self.animator.speed if not instant else 1000), instant)
            if action is not None:
                self._apply(action)
            return
        if c.partner_question_due():
            c.asked_partner = True

            def answer(yes: bool) -> None:
                c.asked_partner = False
                self._apply(AnswerGoOut(yes))

            self.app.push(yes_no(self.app, tr("ui.ask.title"),
                                 tr("ui.ask.text", name=self.seat_name(c.asker())), answer))

    def reveal_hands(self) -> bool:
        """The hand is over: the other players' hands turn face up where they lie, and
        stay in view a moment before the score sheet opens (and behind it). True when the
        turning starts (once a hand)."""
        g = self.game
        if self.revealed == g.hand_number:
            return False
        before = self.board
        self.revealed = g.hand_number
        self._board = None
        after = self.final_board()
        for k, (seat, items) in enumerate(sorted(after.backs.items())):
            old = before.backs.get(seat, [])
            for i, it in enumerate(items):
                if it.card is None or i >= len(old) or old[i].face_up:
                    continue  # already face up ("Show all hands")
                w = it.rect.w if not it.angle else it.rect.h
                self.animator.add(Flight(it.card, old[i].rect.center, it.rect.center, w, w, old[i].angle,
                                         it.angle, False, True, k * REVEAL_STAGGER, REVEAL_FLIP,
                                         it.card.identity))
        self.animator.effect(Effect("hold", self.layout.play.center, "", 0.0, REVEAL_HOLD, True))
        return True

    def hands_shown(self) -> bool:
        """Every hand face up: "Show all hands" in practice, or the hand is over."""
        return self.session.show_all or self.revealed == self.game.hand_number

    def wait_for_player(self) -> bool:
        """Settings, "wait for me": before a hand's first computer move, the commitment to
        note; True while the table waits."""
        g = self.session.game
        if not self.app.prefs.wait_first_move or self.session.moves or g.deal_key is None \
                or self.waited_hand == g.hand_number:
            return False
        from game.ui.table.replay import wait_dialog

        self.waited_hand = g.hand_number
        self.app.push(wait_dialog(self))
        return True

    def _keep_log_in_place(self) -> None:
        """Scrolled back, the move log stays on the lines the player is reading while
        newer ones arrive below (it says so); at the newest it follows them."""
        n = len(self.controller.log)
        if n < self._log_seen:
            self.log_scroll = 0  # a new hand: a new log
        elif self.log_scroll:
            self.log_scroll += n - self._log_seen
        self._log_seen = n

    def draw(self, surface: pygame.Surface) -> None:
        self.frame.draw(surface)

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        self.keys.draw(surface, self)  # over the panel's buttons too

    def draw_learning(self, surface: pygame.Surface, size: int) -> None:
        self.frame.draw_learning(surface, size)

    def _hand_settled(self, b: Board) -> bool:
        return self.frame.hand_settled(b)

    # -- idle: when the app loop must wake (see Scene.next_frame_in) ------------------------
    def next_frame_in(self) -> float | None:
        waits: list[float] = []
        if self.app.top is self or self.update_when_covered:
            if self._update_due():
                return 0.0
            if self.drag is None and not self.animator.busy and self.current_hint() is not None:
                waits.append(PULSE_FRAME)  # the hint's glow breathes
            c = self.controller
            if self.drag is None and self.session.ai_to_act() and c.think > 0:
                waits.append(c.think / max(self.animator.speed, 0.01))  # the pause before its move
        later = self.controller.next_change_in()
        if later is not None:
            waits.append(later)
        return min(waits) if waits else None

    def _update_due(self) -> bool:
        """Would `update` move or change anything now?"""
        a = self.animator
        if a.flights or a.effects or a.landed or self.frame.warming:
            return True
        c = self.controller
        if not self._hand_settled(self.board) or self.session.unsaved or c.hand_over_pending:
            return True
        # instant play has no pause: each computer move is made in the next frame
        return self.drag is None and (c.update_due() or (self.animator.instant and self.session.ai_to_act()))
