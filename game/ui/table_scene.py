"""The table: the human plays seat 0 against (and with) the computer.

Input becomes engine actions; `apply()`'s events become animation (choreography.py);
the next computer move waits until the animation is over. Drawing is in table_draw.py
and panel.py, positions in board.py and layout.py.
"""

from __future__ import annotations

import math
import time

import pygame
import pygame_gui

from game.i18n import card_name, card_names, tr
from game.rules import Game, Phase, RuleSet
from game.rules.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Meld,
    NextHand,
    PassPile,
    TakePile,
)
from game.rules.cards import Card
from game.rules.melds import values_for

from . import style
from .board import Board, build_board
from .choreography import Choreographer
from .dialogs import Dialog, yes_no
from .drag import Drag, meld_targets, stage_refusal, stage_refusal_key
from .hand_view import SORT_MODES
from .layout import TableLayout, compute_layout
from .learning import (
    HINT,
    action_cards,
    action_rects,
    advice_text,
    draw_glow_rect,
    draw_lifted_cards,
    pulse,
    rule_link,
    rule_section,
    text_box,
)
from .panel import draw_panel
from .scene import Scene
from .session import Session, Thought
from .table_draw import TableRenderer
from .tween import Animator
from .widgets import button

DRAG_THRESHOLD = 6
AI_PAUSE = 0.55  # normal-speed seconds before a computer move, so the eye can follow
MESSAGE_TIME = 5.0
REFUSAL_TIME = 6.0  # long enough to reach the "Rule" link with the mouse
# the phases in which the pile may be taken (italian's OPEN: once the side has opened)
DRAWING = (Phase.OPEN, Phase.DRAW, Phase.STOCK_END)

SEAT_NAMES = {2: {1: "north"}, 3: {1: "west", 2: "east"}, 4: {1: "west", 2: "north", 3: "east"}}


class TableScene(Scene):
    update_when_covered = False

    def __init__(self, app, session: Session, animate_history: bool = True) -> None:
        super().__init__(app)
        self.session = session
        self.animator = Animator(app.prefs.animation_speed)
        self.choreo = Choreographer(self.animator, session.human, self.seat_name)
        self.renderer = TableRenderer(self)
        self.sort_mode = app.prefs.hand_sort if app.prefs.hand_sort in SORT_MODES else "rank"
        self.selected: set[tuple[int, int]] = set()
        self.staged: list[list[Card]] = []
        self.drag: Drag | None = None
        self.press: tuple[tuple[int, int], Card] | None = None
        self.message: tuple[str, tuple[int, int, int], float] | None = None
        self.toast = None  # (Target, until): a refused drop's reason stays beside it
        self.rule_link_rect: pygame.Rect | None = None  # the toast's "Rule" chip, when shown
        self.refusal_key: str | None = None  # the last refusal's message key (R opens its rule)
        self.hint_shown = None  # (Hint, state version): shown until the position changes
        self.coaching = False  # a coach warning is open
        self.think = 0.0
        self._thought: Thought | None = None
        self.hand_over_pending = False
        self.asked_dialog = False
        self.hand_disp: dict[tuple[int, int], list[float]] = {}
        self.layout: TableLayout = compute_layout(app.size, session.game.players)
        self._board: Board | None = None
        self._board_key: tuple | None = None
        self._state_version = 0
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._button_state: tuple | None = None
        self._animate_history = animate_history
        self._warm = self._warm_faces()
        self._layer: pygame.Surface | None = None
        self._legal: tuple[int, list[Action]] | None = None
        self._layer_key: tuple | None = None
        if session.save_warning:
            self.say(session.save_warning, style.ILLEGAL)

    # -- construction ----------------------------------------------------------------
    @classmethod
    def new_game(cls, app, rules: RuleSet, level: str, seed: int, practice: bool = False) -> TableScene:
        s = Session.new(rules, level, seed)
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
            self.app.sound.play_events([e for e in g.history[:1]], self.session.human_side)
        self._animate_history = False
        if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            self.hand_over_pending = True

    def _empty_board(self) -> Board:
        return Board(self.layout, seat_anchor=self.board.seat_anchor)

    # -- names and words -------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        if seat == self.session.human:
            return tr("ui.seat.you")
        return tr(f"ui.seat.{SEAT_NAMES[self.game.players].get(seat, 'north')}")

    def side_name(self, side: int) -> str:
        g = self.game
        if g.rules.partnerships:
            return tr("ui.side.us") if side == self.session.human_side else tr("ui.side.them")
        return self.seat_name(side)

    def canasta_word(self, natural: bool) -> str:
        return tr("ui.canasta.natural") if natural else tr("ui.canasta.mixed")

    def stock_label(self, n: int) -> str:
        return tr("ui.stock.count", count=n)

    def pile_label(self, n: int, buried: int = 0) -> str:
        if buried:
            return tr("ui.pile.count_buried", count=n, buried=buried)
        return tr("ui.pile.count", count=n)

    def new_meld_label(self) -> str:
        return tr("ui.new_meld")

    def badge_text(self) -> str:
        return tr("ui.practice.badge") if self.session.practice else ""

    def pile_state(self) -> tuple[str, tuple[int, int, int]] | None:
        pile = self.game.pile
        if pile.blocked_reason() in ("pile.blocked_wild", "pile.blocked_black_three"):
            return tr("ui.pile.blocked"), style.BLACK_BADGE
        need = self.game.rules.stopper_take_naturals
        if need and pile.frozen:  # italian: a stopper in the pile raises what taking needs
            return tr("ui.pile.stopped", count=need), style.BLACK_BADGE
        if pile.frozen:
            return tr("ui.pile.frozen"), (40, 90, 150)
        if pile.cards and not self.game.melds[self.session.human_side]:
            if self.game.rules.open_before_draw:  # italian: the pile needs an open side
                return tr("ui.pile.open_first"), (70, 90, 110)
            return tr("ui.pile.frozen_for_you"), (70, 90, 110)
        return None

    def legal(self) -> list[Action]:
        """The engine's legal moves, asked once per position (the panel asks every frame)."""
        if self._legal is None or self._legal[0] != self._state_version:
            self._legal = (self._state_version, self.game.legal_actions())
        return self._legal[1]

    def my_turn(self) -> bool:
        return self.session.human_to_act() and not self.animator.busy and not self.hand_over_pending

    def stock_hot(self) -> bool:
        return self.my_turn() and self.game.phase in (Phase.OPEN, Phase.DRAW) and self.drag is None

    def pile_hot(self) -> bool:
        g = self.game
        return self.my_turn() and g.phase in DRAWING and self.drag is None and any(
            isinstance(a, TakePile) for a in self.legal())

    def turn_text(self) -> tuple[str, bool]:
        g = self.game
        if g.phase is Phase.GAME_OVER:
            return tr("ui.turn.game_over"), False
        if g.phase is Phase.HAND_OVER:
            return tr("ui.turn.hand_over"), False
        if g.to_play == self.session.human:
            if g.phase is Phase.ASK_PARTNER:
                return tr("ui.turn.answer"), True
            return tr("ui.turn.yours"), True
        if g.phase is Phase.ASK_PARTNER:
            return tr("ui.turn.waiting_answer", name=self.seat_name(g.to_play)), False
        return tr("ui.turn.other", name=self.seat_name(g.to_play)), False

    def staged_value(self) -> int:
        values = values_for(self.game.rules)
        return sum(values[c.code] for grp in self.staged for c in grp)

    def prompt_text(self) -> str:
        g = self.game
        if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return tr("ui.prompt.hand_over")  # nobody is playing: "watch the others" would be wrong
        if not self.session.human_to_act():
            return tr("ui.prompt.watch")
        opened = bool(g.melds[self.session.human_side])
        if g.phase is Phase.STOCK_END:
            return tr("ui.prompt.stock_end")
        if g.phase is Phase.OPEN:
            if self.staged:
                return tr("ui.prompt.open_staged", value=self.staged_value(),
                          minimum=g.minimum(self.session.human_side))
            return tr("ui.prompt.open", minimum=g.minimum(self.session.human_side))
        if g.phase is Phase.DRAW:
            if self.staged:
                return tr("ui.prompt.draw_staged", value=self.staged_value(),
                          minimum=g.minimum(self.session.human_side))
            return tr("ui.prompt.draw")
        if g.phase is Phase.MELD:
            if not opened and g.rules.open_before_draw:
                return tr("ui.prompt.meld_no_opening")
            if self.staged:
                if opened:
                    return tr("ui.prompt.confirm")
                return tr("ui.prompt.confirm_opening", value=self.staged_value(),
                          minimum=g.minimum(self.session.human_side))
            if g.answer:
                return tr("ui.prompt.partner_yes")
            if not opened:
                return tr("ui.prompt.meld_unopened", minimum=g.minimum(self.session.human_side))
            return tr("ui.prompt.meld")
        return ""

    def say(self, text: str, colour=style.CREAM) -> None:
        self.message = (text, colour, time.monotonic() + MESSAGE_TIME)

    def message_text(self) -> tuple[str, tuple[int, int, int]] | None:
        if self.message and time.monotonic() < self.message[2]:
            return self.message[0], self.message[1]
        return None

    # -- the board ---------------------------------------------------------------------
    @property
    def board(self) -> Board:
        hidden = self.animator.hidden()
        if self.drag is not None:
            hidden = hidden | self.drag.idents
        key = (self._state_version, self.layout.size, frozenset(hidden), frozenset(self.selected),
               tuple(tuple(c.identity for c in grp) for grp in self.staged), self.sort_mode,
               tuple(sorted(self.animator.incoming().items())), self.show_new_meld(),
               self.session.show_all)
        if self._board is None or key != self._board_key:
            self._board = build_board(self.game, self.layout, self.session.human, self.sort_mode,
                                      self.staged, self.selected, hidden, self.animator.incoming(),
                                      self.show_new_meld(), reveal=self.session.show_all)
            self._board_key = key
        return self._board

    def show_new_meld(self) -> bool:
        g = self.game
        return g.to_play == self.session.human and g.phase in (Phase.OPEN, Phase.DRAW, Phase.MELD)

    def final_board(self) -> Board:
        """The board once every card has landed: where flights end."""
        return build_board(self.game, self.layout, self.session.human, self.sort_mode, self.staged,
                           self.selected, set(), {}, self.show_new_meld(), reveal=self.session.show_all)

    # -- ui ------------------------------------------------------------------------------
    def build_ui(self) -> None:
        L = self.layout
        m = self.app.manager
        p = L.panel
        pad = max(12, p.w // 16)
        bh = max(34, round(L.size[1] * 0.05))
        gap = max(6, bh // 5)
        cw = (p.w - 2 * pad - gap) // 2
        rows = [("confirm", "cancel"), ("goout", "pass"), ("hint", "sort")]
        if self.session.practice:
            rows.append(("undo", "show_all"))
        rows.append(("menu",))
        y = L.size[1] - pad - len(rows) * (bh + gap) + gap
        self.panel_bottom = y - gap
        labels = {"confirm": tr("ui.button.confirm"), "cancel": tr("ui.button.cancel"),
                  "goout": tr("ui.button.go_out"), "pass": tr("ui.button.pass"),
                  "hint": tr("ui.button.hint"), "sort": self.sort_label(), "menu": tr("ui.button.menu"),
                  "undo": tr("ui.button.undo"), "show_all": self.show_all_label()}
        self.buttons = {}
        for row in rows:
            for i, key in enumerate(row):
                wide = len(row) == 1
                r = pygame.Rect(p.x + pad + i * (cw + gap), y, p.w - 2 * pad if wide else cw, bh)
                oid = "#primary" if key == "confirm" else "#small"
                self.buttons[key] = self.ui_add(button(r, labels[key], m, object_id=oid))
            y += bh + gap
        self._button_state = None
        self.refresh_buttons()

    def show_all_label(self) -> str:
        return tr("ui.button.hide_hands") if self.session.show_all else tr("ui.button.show_hands")

    def sort_label(self) -> str:
        return tr(f"ui.sort.button.{self.sort_mode}")

    def refresh_buttons(self) -> None:
        if not self.buttons or self.app.top is not self:
            return
        g = self.game
        mine = self.my_turn()
        legal = self.legal() if mine else []
        state = (
            mine and bool(self.staged) and g.phase in (Phase.OPEN, Phase.MELD, Phase.DRAW),
            bool(self.staged) or bool(self.selected),
            mine and any(isinstance(a, AskGoOut) for a in legal),
            mine and any(isinstance(a, PassPile) for a in legal),
            mine,
            bool(self.session.snapshots),
        )
        if state == self._button_state:
            return
        self._button_state = state
        if not g.rules.partnerships and self.buttons["goout"].visible:
            self.buttons["goout"].hide()  # nobody to ask without a partner
        for key, on in zip(("confirm", "cancel", "goout", "pass", "hint", "undo"), state, strict=True):
            b = self.buttons.get(key)
            if b is None:
                continue
            if on and not b.is_enabled:
                b.enable()
            elif not on and b.is_enabled:
                b.disable()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(size, self.game.players)
        self.renderer.clear()
        self.hand_disp.clear()
        self._board = None
        self.drag = None
        self._warm = self._warm_faces()
        super().resize(size)

    def on_language_changed(self) -> None:
        self.message = None  # said in the old language; the panel and buttons are remade
        self.toast = None
        self._layer_key = None
        super().on_language_changed()

    def resume(self) -> None:
        super().resume()
        self._button_state = None
        self.animator.speed = self.app.prefs.animation_speed
        self.renderer.clear()
        self._board = None

    def on_quit(self) -> None:
        self.session.autosave()

    # -- moves ---------------------------------------------------------------------------
    def perform(self, action: Action, origins: dict | None = None) -> bool:
        """Apply a move of the human's (or explain why not); True when it was made."""
        if not self.session.human_to_act():
            # the engine would judge the move as the seat to play's ("already drawn")
            self.refuse(None, tr("ui.reason.not_your_turn"), action)
            return False
        err = self.game.check(action)
        if err is not None:
            self.refuse(err.key, err.reason, action)
            return False
        if self.coach_intercepts(action, origins):
            return False
        self._apply(action, origins)
        return True

    def refuse(self, key: str | None, text: str, action: Action | None = None,
               rect: pygame.Rect | None = None) -> None:
        """Say why not, beside the thing the player tried (with a link to the rule)."""
        from .drag import Target

        self.say(text, style.ILLEGAL)
        self.app.sound.play("click")
        if rect is None and action is not None:
            rects = action_rects(self, action)
            rect = rects[0] if rects else None
        if rect is None:
            rect = self.layout.pile.copy()
        self.refusal_key = key
        self.toast = (Target("refusal", rect, False, text, key=key), time.monotonic() + REFUSAL_TIME)

    # -- the coach ---------------------------------------------------------------------
    def coach_intercepts(self, action: Action, origins: dict | None) -> bool:
        """Before a clear mistake: a warning with "Do it anyway" / "Take it back"."""
        if not self.session.coach or self.game.to_play != self.session.human:
            return False
        try:
            from game.ai import hints

            warning = hints.judge(self.game.view(self.session.human), action)
        except Exception:  # noqa: BLE001 - the coach must never cost the game a move
            return False
        if warning is None:
            return False
        self.coaching = True
        text = advice_text(warning)

        def anyway() -> None:
            self.coaching = False
            if self.game.check(action) is None:
                self._apply(action, origins)
                if isinstance(action, Meld):
                    self.staged = []

        def back() -> None:
            self.coaching = False
            if origins:
                self._fly_back(origins)
            self.say(tr("ui.coach.taken_back"), style.GOLD)

        self.app.push(Dialog(self.app, lambda: tr("ui.coach.title"), text,
                             [(lambda: tr("ui.coach.anyway"), anyway),
                              (lambda: tr("ui.coach.take_back"), back)],
                             escape=1, primary=1, width=720))
        return True

    # -- practice: undo ------------------------------------------------------------------
    def undo(self) -> None:
        s = self.session
        if not s.practice:
            return
        if not s.snapshots:
            self.say(tr("ui.undo.nothing"))
            return
        s.game = Game.from_dict(s.snapshots.pop())
        self.reset_view()
        self.say(tr("ui.undo.done"), style.GOLD)

    def reset_view(self) -> None:
        """The position changed under the table (undo, the tutorial): start drawing afresh."""
        self.animator.hurry()
        self.animator.effects.clear()
        self.animator.landed.clear()
        self.staged = []
        self.selected.clear()
        self.drag = None
        self.press = None
        self.toast = None
        self.hint_shown = None
        self.hand_over_pending = self.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        self.asked_dialog = False
        self.think = AI_PAUSE
        self._state_version += 1
        self._board = None
        self._button_state = None
        self.hand_disp.clear()
        self.session.unsaved = True

    def toggle_show_all(self) -> None:
        s = self.session
        if not s.practice:
            return
        s.show_all = not s.show_all
        self._board = None
        if "show_all" in self.buttons:
            self.buttons["show_all"].set_text(self.show_all_label())

    def _apply(self, action: Action, origins: dict | None = None) -> None:
        s = self.session
        if s.practice:
            if isinstance(action, NextHand):
                s.snapshots.clear()  # undo reaches back within the hand
            elif self.game.to_play == s.human:
                s.snapshots.append(self.game.to_dict())
        self.hint_shown = None
        before = self.board
        events = self.session.apply(action)
        self._state_version += 1
        hand_ids = {c.identity for c in self.game.hands[self.session.human]}
        if isinstance(action, Discard):
            self.staged = []  # a turn's staging does not outlive the turn
        self.selected &= hand_ids
        self.staged = [[c for c in grp if c.identity in hand_ids] for grp in self.staged]
        self.staged = [grp for grp in self.staged if grp]
        self.animate(events, before, origins)
        self.think = AI_PAUSE
        self._button_state = None

    def animate(self, events, before: Board, origins: dict | None) -> None:
        _end, hand_over = self.choreo.play(events, before, self.final_board(), origins)
        if hand_over:
            self.hand_over_pending = True
        self._board = None

    def draw_from_stock(self) -> None:
        opening_chance = self.game.phase is Phase.OPEN
        if self.perform(Draw()) and opening_chance and self.staged:
            self.cancel()  # drawing gave up the opening: the staged cards go back to the hand

    def take_pile(self) -> None:
        g = self.game
        if g.phase not in DRAWING:
            self.perform(TakePile())  # the engine says why not
            return
        top = g.pile.top
        if top is None:
            self.refuse("pile.empty", tr("pile.empty"), TakePile())
            return
        hand = g.hands[self.session.human]
        chosen = [c for c in hand if c.identity in self.selected]
        if chosen or self.staged:
            staged_ids = {c.identity for grp in self.staged for c in grp}
            cards = [c for c in chosen if c.identity not in staged_ids]
            if not cards and self.staged:
                # the pair for the top card may sit in the staging row: use it from there
                for grp in self.staged:
                    if any(c.rank == top.rank for c in grp):
                        cards = grp
                        break
            melds = [grp for grp in self.staged if grp is not cards]
            self.perform(TakePile(cards, melds))
            return
        options = [a for a in g.legal_actions() if isinstance(a, TakePile)]
        if not options:
            pair = [c for c in hand if c.rank == top.rank][:2]
            err = g.check(TakePile(pair)) or g.check(TakePile())
            self.refuse(err.key if err else "pile.frozen_need_pair",
                        err.reason if err else tr("ui.reason.cannot_take"), TakePile())
            return
        if len(options) == 1:
            self.perform(options[0])
            return
        choices = [(self.describe_take(a), (lambda a=a: self.perform(a))) for a in options]
        choices.append((tr("ui.cancel"), lambda: None))
        self.app.push(Dialog(self.app, tr("ui.take.title"), tr("ui.take.text", card=card_name(top)),
                             choices, escape=len(choices) - 1, width=560))

    def describe_take(self, a: TakePile) -> str:
        top = self.game.pile.top
        if not a.cards:
            return tr("ui.take.onto_meld", card=card_name(top) if top else "")
        if a.melds:
            return tr("ui.take.with_opening", cards=card_names(a.cards),
                      melds=" | ".join(card_names(g) for g in a.melds))
        return tr("ui.take.with", cards=card_names(a.cards))

    def confirm(self) -> None:
        g = self.game
        if not self.staged:
            self.say(tr("ui.reason.nothing_staged"))
            return
        if g.phase in (Phase.DRAW, Phase.STOCK_END):
            self.take_pile()
            return
        origins = {it.card.identity: it.rect for box in self.board.staged for it in box.cards if it.card}
        if self.perform(Meld([list(grp) for grp in self.staged]), origins):
            self.staged = []

    def cancel(self) -> None:
        for box in self.board.staged:
            for it in box.cards:
                if it.card is not None:
                    self.hand_disp[it.card.identity] = [float(it.rect.x), float(it.rect.y)]
        self.staged = []
        self.selected.clear()

    def ask_go_out(self) -> None:
        # "May I go out?" only when going out is possible this turn; otherwise say why not
        if self.my_turn() and any(isinstance(a, AskGoOut) for a in self.legal()):
            from game.ai.facts import go_out_words, goes_out_now

            now = goes_out_now(self.game.view(self.session.human))
            if not now.possible and now.refusal is not None:
                self.say(tr(go_out_words(now.refusal), **dict(now.params)))
                return
        self.perform(AskGoOut())

    def hint(self) -> None:
        """The suggested move, shown on the table: its cards lifted, its target glowing,
        the reason beside it. It goes away when the position changes."""
        if not self.session.human_to_act():
            self.say(tr("ui.hint.not_your_turn"))
            return
        try:
            from game.ai import hints  # type: ignore[attr-defined]
        except ImportError:
            self.say(tr("ui.hint.none_yet"))
            return
        try:
            h = hints.suggest(self.game.view(self.session.human))
        except Exception as exc:  # noqa: BLE001 - a hint must never cost the game
            self.say(tr("ui.hint.failed", error=str(exc)))
            return
        text = advice_text(h)
        self.hint_shown = (h, self._state_version)
        self.toast = None
        self.say(text, style.GOLD)

    def current_hint(self):
        if self.hint_shown is None or self.hint_shown[1] != self._state_version:
            return None
        return self.hint_shown[0]

    def open_rule(self, key: str | None = None) -> None:
        """The rules of this game, opened at the section that explains `key`."""
        from .rules_scene import RulesScene

        self.app.push(RulesScene(self.app, self.game.rules, rule_section(key)))

    def cycle_sort(self) -> None:
        i = SORT_MODES.index(self.sort_mode)
        self.sort_mode = SORT_MODES[(i + 1) % len(SORT_MODES)]
        self.app.prefs.hand_sort = self.sort_mode
        if "sort" in self.buttons:
            self.buttons["sort"].set_text(self.sort_label())

    def open_menu(self) -> None:
        from .menu_scene import MainMenuScene, SettingsScene
        from .slots import SaveSlotDialog

        def to_menu() -> None:
            self.session.autosave()
            self.app.reset_to(MainMenuScene(self.app))

        def quit_game() -> None:
            self.session.autosave()
            self.app.on_quit_request()

        self.app.push(Dialog(self.app, lambda: tr("ui.pause.title"), "", [
            (lambda: tr("ui.pause.resume"), lambda: None),
            (lambda: tr("ui.pause.save"), lambda: self.app.push(SaveSlotDialog(self.app, self.session))),
            (lambda: tr("ui.menu.rules"), lambda: self.open_rule(None)),
            (lambda: tr("ui.menu.settings"), lambda: self.app.push(SettingsScene(self.app))),
            (lambda: tr("ui.pause.to_menu"), to_menu),
            (lambda: tr("ui.pause.quit"), quit_game),
        ], escape=0, width=380))

    # -- events --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected.clear()
        elif event.type == pygame.MOUSEMOTION:
            self._mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key, getattr(event, "mod", 0))

    def _button(self, el) -> None:
        actions = {"confirm": self.confirm, "cancel": self.cancel, "goout": self.ask_go_out,
                   "pass": lambda: self.perform(PassPile()), "hint": self.hint,
                   "sort": self.cycle_sort, "menu": self.open_menu, "undo": self.undo,
                   "show_all": self.toggle_show_all}
        for key, b in self.buttons.items():
            if el is b:
                actions[key]()

    def _key(self, key: int, mod: int = 0) -> None:
        if key == pygame.K_z and mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if key == pygame.K_r:
            self.open_rule(self.refusal_key)
            return
        if key == pygame.K_ESCAPE:
            if self.drag is not None:
                self.drag = None
            else:
                self.open_menu()
            return
        if self.animator.busy:
            self.animator.hurry()
            return
        if key == pygame.K_d:
            self.draw_from_stock()
        elif key == pygame.K_p:
            self.take_pile()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif key == pygame.K_h:
            self.hint()
        elif key == pygame.K_s:
            self.cycle_sort()
        elif key == pygame.K_g:
            self.ask_go_out()
        elif key == pygame.K_SPACE:
            self.animator.hurry()

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        if self.rule_link_rect is not None and self.toast is not None and self.rule_link_rect.collidepoint(pos):
            self.open_rule(self.toast[0].key)
            return
        if self.animator.busy:
            self.animator.hurry()  # a click hurries the current animation
            return
        b = self.board
        it = b.hand_card_at(pos)
        if it is not None and it.card is not None:
            self.press = (pos, it.card)
            return
        for box in b.staged:
            if box.column.collidepoint(pos) and box.staged is not None and box.cards:
                # clicking a staged meld takes it back into the hand
                for ci in box.cards:
                    if ci.card is not None:
                        self.hand_disp[ci.card.identity] = [float(ci.rect.x), float(ci.rect.y)]
                del self.staged[box.staged]
                return
        if self.layout.stock.collidepoint(pos):
            self.draw_from_stock()
        elif self.layout.pile.collidepoint(pos):
            self.take_pile()

    def _mouse_move(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self.drag.pos = pos
            return
        if self.press is None:
            return
        start, card = self.press
        if math.hypot(pos[0] - start[0], pos[1] - start[1]) < DRAG_THRESHOLD:
            return
        self.press = None
        if not self.session.human_to_act():
            self.say(tr("ui.reason.not_your_turn"), style.ILLEGAL)
            return
        b = self.board
        if card.identity in self.selected:
            cards = [it.card for it in b.hand if it.card is not None and it.card.identity in self.selected]
        else:
            cards = [card]
        first = next(it for it in b.hand if it.card is not None and it.card.identity == cards[0].identity)
        offset = (start[0] - first.rect.x, start[1] - first.rect.y)
        self.drag = Drag(cards, offset, pos)
        self.drag.targets = meld_targets(self.game, b, cards, self.staged, self.session.human)

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        if self.drag is None:
            if self.press is not None:
                ident = self.press[1].identity
                if ident in self.selected:
                    self.selected.discard(ident)
                else:
                    self.selected.add(ident)
                self.press = None
            return
        d = self.drag
        d.pos = pos
        self.drag = None
        step = round(self.layout.hand_w * 0.28)
        x0, y0 = pos[0] - d.offset[0], pos[1] - d.offset[1]
        origins = {c.identity: pygame.Rect(x0 + i * step, y0, self.layout.hand_w, self.layout.hand_h)
                   for i, c in enumerate(d.cards)}
        t = d.target_at(pos)
        if t is None:
            self._fly_back(origins)
            return
        if not t.legal:
            self.refuse(t.key, t.text, rect=t.rect)
            self._fly_back(origins)
            return
        if t.action is not None:
            self.selected -= d.idents
            self.perform(t.action, origins)
            return
        # staging: the cards leave the hand for the staging row
        if t.stage is not None and t.stage >= 0:
            self.staged[t.stage].extend(d.cards)
        else:
            why = stage_refusal(d.cards)
            if why:
                self.refuse(stage_refusal_key(d.cards), why, rect=t.rect)
                self._fly_back(origins)
                return
            self.staged.append(list(d.cards))
        self.selected -= d.idents
        self.app.sound.play("card_place")
        self._land_staged(origins)

    def _fly_back(self, origins: dict) -> None:
        """Refused or dropped nowhere: the cards glide back into the hand."""
        for ident, r in origins.items():
            self.hand_disp[ident] = [float(r.x), float(r.y)]
        self._board = None

    def _land_staged(self, origins: dict) -> None:
        from .tween import Flight

        self._board = None
        after = self.final_board()
        for ident, r in origins.items():
            it = after.pos.get(ident)
            if it is None or it.card is None:
                continue
            self.animator.add(Flight(it.card, r.center, it.rect.center, r.w, it.rect.w, duration=0.22,
                                     hide=ident))

    # -- frame ---------------------------------------------------------------------------
    def _warm_faces(self):
        """Every face at the sizes this layout uses, the human's own cards first.

        A face at a new size costs several milliseconds to render; doing them a few per
        frame in advance keeps a card landing in the hand from ever costing a frame."""
        from game.rules.cards import make_decks

        L = self.layout
        g = self.game
        first = list(g.hands[self.session.human]) + list(g.pile.cards[-2:])
        deck = make_decks(1, 2)
        for w in (L.hand_w,):
            for c in first:
                yield c, w
        for w in (L.hand_w, L.table_w, L.pile_w):
            for c in deck:
                yield c, w

    def _prewarm(self, budget: float = 0.003) -> None:
        if self._warm is None:
            return
        start = time.perf_counter()
        art = self.app.art
        while time.perf_counter() - start < budget:
            try:
                c, w = next(self._warm)
            except StopIteration:
                self._warm = None
                return
            art.face_for(c, w)

    def update(self, dt: float) -> None:
        self._prewarm()
        self.animator.speed = self.app.prefs.animation_speed
        sounds, due = self.animator.update(dt)
        for name in sounds:
            self.app.sound.play(name)
        if due:
            self.app.sound.play_events(due, self.session.human_side)  # type: ignore[arg-type]
        if self.animator.landed:
            self.animator.landed.clear()
            self._board = None
        self._ease_hand(dt)
        self.refresh_buttons()
        if self.animator.busy:
            return
        if self.session.unsaved:
            self.session.autosave()
            if self.session.save_warning:
                self.say(self.session.save_warning, style.ILLEGAL)
                self.session.save_warning = None
        if self.drag is not None or self.app.top is not self:
            return
        g = self.game
        if self.hand_over_pending:
            self.hand_over_pending = False
            from .score_scene import HandEndScene

            self.app.push(HandEndScene(self.app, self))
            return
        if self.session.ai_to_act():
            job = self._thought
            if job is not None and job.stamp != self._state_version:
                if not job.done():
                    return  # one player never thinks on two threads at once
                job = None
            if job is None:
                # thinking overlaps the pause that lets the human follow the play
                job = self._thought = self.session.think(self._state_version)
            self.think -= dt * (self.animator.speed if not self.animator.instant else 1000)
            if self.think > 0 or not (job.done() or self.animator.instant):
                return
            self._thought = None
            self._apply(job.result())
            return
        if g.phase is Phase.ASK_PARTNER and g.to_play == self.session.human and not self.asked_dialog:
            self.asked_dialog = True
            asker = g.asker if g.asker is not None else (self.session.human + 2) % 4

            def answer(yes: bool) -> None:
                self.asked_dialog = False
                self._apply(AnswerGoOut(yes))

            self.app.push(yes_no(self.app, tr("ui.ask.title"), tr("ui.ask.text", name=self.seat_name(asker)), answer))

    def _ease_hand(self, dt: float) -> None:
        b = self.board
        k = 1.0 if self.animator.instant else 1 - math.exp(-dt * 16)
        live = set()
        for it in b.hand:
            if it.card is None:
                continue
            ident = it.card.identity
            live.add(ident)
            p = self.hand_disp.get(ident)
            if p is None:
                self.hand_disp[ident] = [float(it.rect.x), float(it.rect.y)]
                continue
            p[0] += (it.rect.x - p[0]) * k
            p[1] += (it.rect.y - p[1]) * k
            if abs(p[0] - it.rect.x) < 0.5 and abs(p[1] - it.rect.y) < 0.5:
                p[0], p[1] = float(it.rect.x), float(it.rect.y)
        if len(self.hand_disp) > len(live) + 40:
            self.hand_disp = {k2: v for k2, v in self.hand_disp.items() if k2 in live}

    def _hand_settled(self, b: Board) -> bool:
        for it in b.hand:
            p = self.hand_disp.get(it.card.identity) if it.card is not None else None
            if p is not None and (p[0] != it.rect.x or p[1] != it.rect.y):
                return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        b = self.board
        L = self.layout
        r = self.renderer
        # The table and the panel change a few times a second at most: they are drawn
        # into one cached layer, so a frame is mostly one blit plus what is moving.
        settled = self.drag is None and self._hand_settled(b)
        key = (id(b), self._board_key, settled, self.stock_hot(), self.pile_hot(),
               self.panel_key())
        if key != self._layer_key or self._layer is None or self._layer.get_size() != L.size:
            if self._layer is None or self._layer.get_size() != L.size:
                self._layer = pygame.Surface(L.size).convert() if pygame.display.get_surface() else pygame.Surface(L.size)
            r.draw_board(self._layer, b, self.hand_disp if settled else None)
            draw_panel(self._layer, self, getattr(self, "panel_bottom", L.size[1]))
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        if not settled:
            r.draw_hand(surface, b, self.hand_disp)
        size = max(12, round(L.size[1] * 0.019))
        if self.drag is not None:
            r.draw_targets(surface, self.drag, L)
        else:
            self.draw_learning(surface, size)
        r.draw_flights(surface, self.animator.flights)
        if self.drag is not None:
            r.draw_drag(surface, self.drag, L)
            r.draw_drop_callout(surface, self.drag, L, size)  # over the cards: never hidden by them
        r.draw_effects(surface, self.animator.effects, L)

    def draw_learning(self, surface: pygame.Surface, size: int) -> None:
        """The hint (lifted cards, glowing target, the reason) and a refusal's reason with
        its "Rule" link."""
        L = self.layout
        self.rule_link_rect = None
        h = self.current_hint() if not self.animator.busy else None
        if h is not None:
            action = h.action
            draw_lifted_cards(self, surface, action_cards(action), HINT)
            rects = action_rects(self, action)
            for rect in rects:
                draw_glow_rect(surface, rect, HINT, pulse())
            anchor = rects[0] if rects else L.pile
            if self.toast is None:  # a refusal's reason has the floor (the boxes would overlap)
                text_box(surface, advice_text(h), anchor, L.play.inflate(-L.margin, -L.margin), size,
                         HINT, title=tr("ui.hint.title"))
        if self.toast is not None:
            t, until = self.toast
            left = until - time.monotonic()
            if left <= 0:
                self.toast = None
                return
            alpha = 255 if left > 0.5 else round(510 * left)
            box = self.renderer.callout(surface, t, L, size, alpha=alpha)
            if box is not None and t.key and rule_section(t.key):
                self.rule_link_rect = rule_link(surface, box, size, alpha)

    def panel_key(self) -> tuple:
        g = self.game
        msg = self.message_text()
        return (g.hand_number, tuple(g.scores), tuple(bool(m) for m in g.melds), tuple(g.minimums),
                self.turn_text(), self.prompt_text(), msg,
                tuple(sum(1 for m in side.values() if m.is_canasta) for side in g.melds))
