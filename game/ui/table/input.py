"""The player's intents at the table: keys, the panel's buttons, clicks, and dragging
cards from the hand onto the table; each becomes a request to the controller (a move,
a staging, a question for the engine) or opens a dialog.

A mixin of `TableScene`: it uses the scene's board for where things are, its controller
for what they mean, and its animator for cards gliding back or into the staging row.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.i18n import card_name, tr
from game.rules import Phase, Rank
from game.rules.actions import AskGoOut, Discard, Draw, PassPile, TakePile
from game.ui.geometry.hand_view import SORT_MODES
from game.ui.motion.tween import Flight
from game.ui.shell.dialogs import Dialog, Opens, keys_dialog
from game.ui.shell.scene import Scene
from game.ui.table.drag import Drag, Target, meld_targets
from game.ui.table.guidance import advice_text, rule_section
from game.ui.table.text import Tone

if TYPE_CHECKING:
    from game.rules import Game
    from game.rules.actions import Action
    from game.ui.geometry.board import Board
    from game.ui.geometry.layout import TableLayout
    from game.ui.motion.tween import Animator
    from game.ui.shell.session import Session
    from game.ui.table.buttons import TableButtons
    from game.ui.table.controller import TableController
    from game.ui.table.draw import TableRenderer
    from game.ui.table.frame import TableFrame
    from game.ui.table.keyboard import TableKeys
    from game.ui.table.view import TableView

DRAG_THRESHOLD = 6
# a rank typed on the keyboard (0 for the 10) moves the ring to that rank's next card
RANK_KEYS = {pygame.K_a: Rank.ACE, pygame.K_0: Rank.TEN, pygame.K_j: Rank.JACK, pygame.K_q: Rank.QUEEN,
             pygame.K_k: Rank.KING, **{getattr(pygame, f"K_{n}"): Rank(n) for n in range(2, 10)}}


class TableInput(Scene):
    drag: Drag | None
    press: tuple[tuple[int, int], Any] | None
    pointer: tuple[int, int] | None = None  # where the mouse was last seen over the window
    _last_slots: tuple[Any, dict] | None = None  # (layout, hand slots) of the last board built

    if TYPE_CHECKING:  # the rest of the scene, as TableScene (table/scene.py) makes it
        session: Session
        controller: TableController
        animator: Animator
        layout: TableLayout
        view: TableView
        renderer: TableRenderer
        frame: TableFrame
        panel: TableButtons
        keys: TableKeys
        sort_mode: str
        hand_disp: dict[tuple[int, int], list[float]]
        held: dict
        log_scroll: int
        log_hidden: int
        _board: Board | None
        _board_key: tuple | None

        @property
        def game(self) -> Game: ...
        @property
        def board(self) -> Board: ...
        @property
        def staged(self) -> list: ...
        @property
        def selected(self) -> set[tuple[int, int]]: ...
        @property
        def toast(self) -> Target | None: ...
        @property
        def panel_bottom(self) -> int: ...
        def final_board(self) -> Board: ...
        def perform(self, action: Action, origins: dict | None = None) -> bool: ...
        def refuse(self, key: str | None, text: str, action: Action | None = None,
                   rect: pygame.Rect | None = None) -> None: ...
        def say(self, text: str, tone: Tone = Tone.PLAIN) -> None: ...
        def undo(self) -> None: ...
        def toggle_show_all(self) -> None: ...

    # -- the hand under the pointer ----------------------------------------------------------
    def hand_pinned(self) -> bool:
        """The pointer rests on the hand: its cards keep their places (see keep_places)."""
        p, L = self.pointer, self.layout
        # the strip of the play area from a lifted card's top down to the window's bottom
        return p is not None and L.play.collidepoint(p) and p[1] >= L.hand_y - L.lift

    def kept_hand(self) -> dict | None:
        """Where the hand's cards were last laid out, while they keep their places."""
        last = self._last_slots
        if last is None or not self.hand_pinned() or last[0] is not self.layout:
            return None
        return last[1]

    # -- intents -------------------------------------------------------------------------
    def draw_from_stock(self) -> None:
        opening_chance = self.game.phase is Phase.OPEN
        if self.perform(Draw()) and opening_chance and self.staged:
            self.cancel()  # drawing gave up the opening: the staged cards go back to the hand

    def take_pile(self) -> None:
        plan = self.controller.plan_take()
        if plan.refusal is not None:
            self.refuse(plan.refusal[0], plan.refusal[1], TakePile())
        elif plan.action is not None:
            self.perform(plan.action)
        elif plan.options:
            top = self.game.pile.top
            choices: list[tuple[str, Callable[[], object]]] = [
                (self.controller.describe_take(a), partial(self.perform, a)) for a in plan.options]
            choices.append((tr("ui.cancel"), lambda: None))
            self.app.push(Dialog(self.app, tr("ui.take.title"),
                                 tr("ui.take.text", card=card_name(top) if top else ""),
                                 choices, escape=len(choices) - 1, width=560))

    def confirm(self) -> None:
        g = self.game
        meld = self.controller.staged_meld()
        if meld is None:
            self.say(tr("ui.reason.nothing_staged"))
            return
        if g.phase in (Phase.DRAW, Phase.STOCK_END):
            self.take_pile()
            return
        origins = {it.card.identity: it.rect for box in self.board.staged for it in box.cards if it.card}
        if self.perform(meld, origins):
            self.controller.staged = []

    def cancel(self) -> None:
        for box in self.board.staged:
            for it in box.cards:
                if it.card is not None:
                    self.hand_disp[it.card.identity] = [float(it.rect.x), float(it.rect.y)]
        self.controller.clear_staging()

    def ask_go_out(self) -> None:
        # "May I go out?" only when going out is possible this turn; otherwise say why not
        refusal = self.controller.go_out_refusal()
        if refusal is not None:
            self.say(refusal)
            return
        self.perform(AskGoOut())

    def hint_or_play(self) -> None:
        """H: the hint; H again while it is shown plays it (a keyboard player's shortcut,
        the Hint button only shows it)."""
        shown = self.controller.current_hint()
        if shown is not None:
            self.perform(shown.action)
        else:
            self.hint()

    def hint(self) -> None:
        """The suggested move, shown on the table: its cards lifted, its target glowing,
        the reason beside it. It goes away when the position changes."""
        h = self.controller.hint()
        if h is not None:
            self.controller.say(advice_text(h), Tone.ADVICE, of_position=True)

    def open_rule(self, key: str | None = None) -> None:
        """The rules of this game, opened at the section that explains `key`."""
        self.app.push(self.app.make("rules", self.game.rules, rule_section(key)))

    def cycle_sort(self) -> None:
        i = SORT_MODES.index(self.sort_mode)
        self.sort_mode = SORT_MODES[(i + 1) % len(SORT_MODES)]
        self.app.prefs.hand_sort = self.sort_mode
        self.panel.relabel("sort", tr(f"ui.sort.button.{self.sort_mode}"))

    def open_menu(self) -> None:
        app = self.app

        def to_menu() -> None:
            self.session.autosave()
            app.reset_to(app.make("menu"))

        def quit_game() -> None:
            self.session.autosave()
            app.on_quit_request()

        def saved(name: str) -> None:
            app.pop()  # the pause menu the save was opened from: a saved game plays on
            self.say(tr("ui.slots.saved", name=name), Tone.ADVICE)

        from game.ui.table.replay import commitment_note, copy_commitment  # the game's SHA-256, fixed before play

        app.push(Dialog(app, lambda: tr("ui.pause.title"), lambda: commitment_note(self.game), [
            (lambda: tr("ui.pause.resume"), lambda: None),
            *([(lambda: tr("ui.copy_commitment"), lambda: copy_commitment(self.game, self.say))]
              if commitment_note(self.game) else []),
            (lambda: tr("ui.pause.save"), Opens(lambda: app.push(app.make("save_slot", self.session, saved)))),
            (lambda: tr("ui.menu.rules"), Opens(lambda: self.open_rule(None))),
            (lambda: tr("ui.menu.settings"), Opens(lambda: app.push(app.make("settings")))),
            # the game's finished hands, saved with it (game/ui/review/scene.py)
            *([(lambda: tr("ui.pause.review"), Opens(lambda: app.push(app.make("review", self.session))))]
              if self.session.hands else []),
            (lambda: tr("ui.pause.to_menu"), to_menu),
            (lambda: tr("ui.pause.quit"), quit_game),
        ], escape=0, width=460, copy=lambda: copy_commitment(self.game, self.say)))

    # -- events --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer = None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keys.visible = False  # the mouse took over: the keyboard's ring steps aside
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected.clear()
        elif event.type == pygame.MOUSEMOTION:
            self._mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key, getattr(event, "mod", 0))
        elif event.type == pygame.MOUSEWHEEL and pygame.mouse.get_pos()[0] >= self.layout.panel.x:
            # over the side panel the wheel scrolls the move log (up: older moves)
            self.log_scroll = max(0, min(self.log_hidden, self.log_scroll + event.y))

    def _button(self, el) -> None:
        key = self.panel.key_of(el)
        if key is not None:
            self.press_button(key)

    def press_button(self, key: str) -> None:
        """A panel button, pressed with the mouse or from the keyboard's ring."""
        actions = {"confirm": self.confirm, "cancel": self.cancel, "goout": self.ask_go_out,
                   "pass": lambda: self.perform(PassPile()), "hint": self.hint,
                   "sort": self.cycle_sort, "menu": self.open_menu, "undo": self.undo,
                   "show_all": self.toggle_show_all}
        if self.animator.busy:
            self.animator.hurry()  # Confirm stays pressable while the staged cards land
        actions[key]()

    def _key(self, key: int, mod: int = 0) -> None:
        if self.controller.my_turn():
            self.keys.claim_turn(self)
        if key == pygame.K_z and mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if key == pygame.K_r:
            self.open_rule(self.controller.refusal_key)
            return
        if key == pygame.K_F1:
            self.app.push(keys_dialog(self.app))
            return
        if key == pygame.K_ESCAPE:
            if self.drag is not None:
                self.drag = None
            elif not self.controller.dismiss_refusal():  # Esc closes a refusal's box first
                self.open_menu()
            return
        if self.keys.navigate(self, key, mod):
            return
        if self.animator.busy:
            self.animator.hurry()
            return
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and self.keys.activate(self, key):
            return
        if key in RANK_KEYS:
            self.keys.find_rank(self, RANK_KEYS[key], every=bool(mod & pygame.KMOD_SHIFT))
            return
        keys = {pygame.K_d: self.draw_from_stock, pygame.K_p: self.take_pile, pygame.K_RETURN: self.confirm,
                pygame.K_KP_ENTER: self.confirm, pygame.K_h: self.hint_or_play, pygame.K_s: self.cycle_sort,
                pygame.K_g: self.ask_go_out, pygame.K_x: self.discard_selected, pygame.K_SPACE: self.animator.hurry}
        if key in keys:
            keys[key]()

    def discard_selected(self) -> None:
        """X: discard the one selected card, or with none selected the card under the
        keyboard's ring."""
        hand = [it.card for it in self.board.hand if it.card is not None]
        chosen = [c for c in hand if c.identity in self.selected]
        if not chosen and self.keys.visible and (spot := self.keys.current(self)) is not None and spot.kind == "card":
            chosen = [c for c in hand if c.identity == spot.key]
        if len(chosen) != 1:
            self.say(tr("ui.keys.discard_one"), Tone.REFUSAL)
            return
        self.selected.clear()
        self.perform(Discard(chosen[0]))

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        link, refusal_box = self.frame.rule_link_rect, self.frame.refusal_box
        toast = self.toast
        if link is not None and toast is not None and link.collidepoint(pos):
            self.open_rule(toast.key)
            return
        if refusal_box is not None and toast is not None and refusal_box.collidepoint(pos):
            self.controller.dismiss_refusal()  # a click on the box closes it
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
                self.controller.unstage(box.staged)
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
            self.say(tr("ui.reason.not_your_turn"), Tone.REFUSAL)
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
                self.controller.toggle_selected(self.press[1])
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
        self.drop(t, d.cards, origins)

    def drop(self, t: Target, cards: list, origins: dict) -> None:
        """Cards let go on a target (by a drag, or by Enter on the keyboard's ring): the
        move, the staging, or the reason why not beside the target."""
        if not t.legal:
            self.refuse(t.key, t.text, rect=t.rect)
            self._fly_back(origins)
            return
        if t.action is not None:
            self.selected.difference_update({c.identity for c in cards})
            self.perform(t.action, origins)
            return
        # staging: the cards leave the hand for the staging row
        why = self.controller.stage(cards, t.stage if t.stage is not None else -1)
        if why is not None:
            self.refuse(why[0], why[1], rect=t.rect)
            self._fly_back(origins)
            return
        self.app.sound.play("card_place")
        self._land_staged(origins)

    def _fly_back(self, origins: dict) -> None:
        """Refused or dropped nowhere: the cards glide back into the hand."""
        for ident, r in origins.items():
            self.hand_disp[ident] = [float(r.x), float(r.y)]
        self._board = None

    def _land_staged(self, origins: dict) -> None:
        self._board = None
        after = self.final_board()
        for ident, r in origins.items():
            it = after.pos.get(ident)
            if it is None or it.card is None:
                continue
            self.animator.add(Flight(it.card, r.center, it.rect.center, r.w, it.rect.w, duration=0.22,
                                     hide=ident))

