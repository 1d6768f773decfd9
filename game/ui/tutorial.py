"""Learn to play: one guided hand of classic canasta.

The position is built with `Game.scripted` and the three computer seats follow a script
(draw, then discard a given card; partner answers "yes"), so the lesson is the same every
time. Each step says what to do in a box at the top of the table, points at the thing to
click or drag (a glow and an arrow), waits for that action and refuses any other with a
friendly word. The same gestures that the arrow shows drive the tutorial's test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui

from game.i18n import tr
from game.rules import VARIANTS, Game, Phase, Rank
from game.rules.actions import Action, AnswerGoOut, AskGoOut, Discard, Draw, Meld, NextHand, TakePile
from game.rules.cards import Card

from . import style
from .dialogs import Dialog
from .learning import (
    POINTER,
    action_cards,
    arrow_direction,
    arrow_rect,
    arrow_tip,
    draw_arrow,
    draw_glow_rect,
    draw_lifted_cards,
    pulse,
)
from .scene import PULSE_FRAME
from .session import Session
from .table_scene import TableScene
from .widgets import button

# seats: 0 you (south), 1 west, 2 your partner (north), 3 east
HANDS = ["KH KD KS AH AD 2C 8H 8S JK 4C 7D",
         "KC 5D 6H 9C 10C QC 4H 6S 9H 10H JC",
         "KH 6C 5S 9S 10S QS 4S JS 5H 6D 10D",
         "8C 9D 5C 4D QD JD JH QH 6H 9S 4C"]
PILE = "7C 7H"
# drawn in this order: your red 3 and its replacement, the others' draws, your last draw
STOCK = "3H 2H 6C 8D 10D 4S 5H JD QS"
DISCARDS = {1: ["KC", "5D"], 2: ["KH", "6C"], 3: ["8C", "9D"]}


def tutorial_game() -> Game:
    return Game.scripted(VARIANTS["classic"], hands=HANDS, stock=STOCK, pile=PILE, to_play=0,
                         dealer=3, seed=11)


class ScriptedPlayer:
    """A computer seat that draws from the stock and discards the next card of its list."""

    def __init__(self, discards: list[str]) -> None:
        self.discards = list(discards)

    def choose(self, view) -> Action:
        if view.phase is Phase.DRAW:
            return Draw()
        legal = [a for a in view.legal if isinstance(a, Discard)]
        while self.discards:
            want = self.discards[0]
            for a in legal:
                if a.card.label == want:
                    self.discards.pop(0)
                    return a
            self.discards.pop(0)
        return legal[0] if legal else view.legal[0]

    def answer_go_out(self, view) -> bool:
        return True


# ------------------------------------------------------------------------------ steps
Gesture = tuple  # ("click", point) | ("select", [labels]) | ("drag", label, point) | ("button", key) | ("next",)


@dataclass
class Step:
    key: str  # tutorial.<key>.text is the prompt
    done: Callable[[TutorialScene], bool] | None = None  # None: an information step (Next)
    allows: Callable[[Action], bool] = lambda a: False
    cards: Callable[[TutorialScene], list[str]] = lambda sc: []  # hand cards to glow
    target: Callable[[TutorialScene], pygame.Rect | None] = lambda sc: None
    gestures: Callable[[TutorialScene], list[Gesture]] = lambda sc: [("next",)]
    wrong: str = "tutorial.wrong"
    params: dict[str, Any] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # name -> key of a label to quote
    # a kinder word for a particular wrong move: (which moves, the key saying why not)
    wrong_when: tuple[Callable[[Action], bool], str] | None = None

    @property
    def info(self) -> bool:
        return self.done is None

    def wrong_for(self, action: Action) -> str:
        """The key of what to say when the learner tries `action` at this step."""
        if self.wrong_when is not None and self.wrong_when[0](action):
            return self.wrong_when[1]
        return self.wrong


def _codes(cards) -> list[str]:
    return sorted(c.label for c in cards)


def _is_meld_of(action: Action, labels: str) -> bool:
    return isinstance(action, Meld) and _codes(c for g in action.groups for c in g) == sorted(labels.split())


def _meld_onto(action: Action, rank: Rank) -> bool:
    if not isinstance(action, Meld):
        return False
    for i, grp in enumerate(action.groups):
        naturals = {c.rank for c in grp if c.is_natural}
        if naturals and naturals != {rank}:
            return False
        if not naturals and action.target(i) != rank:
            return False
    return True


def _staged(sc: TutorialScene, labels: str) -> bool:
    want = sorted(labels.split())
    return any(_codes(g) == want or set(want) <= set(_codes(g)) for g in sc.staged)


def _meld_size(sc: TutorialScene, rank: Rank) -> int:
    m = sc.game.melds[0].get(rank)
    return m.size if m else 0


def _hand_point(sc: TutorialScene, label: str) -> tuple[int, int] | None:
    for it in sc.board.hand:
        if it.card is not None and it.card.label == label:
            return it.rect.x + 6, it.rect.centery
    return None


def _meld_rect(sc: TutorialScene, rank: Rank) -> pygame.Rect | None:
    """The cards of our meld of `rank` (the glow goes round them, not round empty felt)."""
    box = sc.board.own_meld(rank)
    if box is None:
        return None
    cards = [it.rect for it in box.cards]
    if not cards:
        return pygame.Rect(box.column.x, box.column.y, box.column.w, sc.layout.table_h)
    return cards[0].unionall(cards[1:])


def _new_meld(sc: TutorialScene) -> pygame.Rect | None:
    b = sc.board
    return b.new_meld.copy() if b.new_meld is not None else None


def _select_and_drag(labels: list[str], to: Callable[[TutorialScene], pygame.Rect | None]):
    def gestures(sc: TutorialScene) -> list[Gesture]:
        r = to(sc)
        return [("select", labels), ("drag", labels[0], r.center if r else None)]
    return gestures


def _uses_a_seven(action: Action) -> bool:
    return any(c.rank is Rank.SEVEN for c in action_cards(action))


def _turn_passed(sc: TutorialScene) -> bool:
    return isinstance(sc.last_human, Discard)


def _my_turn_again(sc: TutorialScene) -> bool:
    return sc.my_turn()


def make_steps() -> list[Step]:
    kings, aces = "KH KD KS", "AH AD 2C"
    canasta = ["KC", "KH", "JK", "2H"]
    return [
        Step("welcome"),
        Step("table"),
        Step("draw", done=lambda sc: sc.game.phase is Phase.MELD and sc.game.to_play == 0,
             allows=lambda a: isinstance(a, Draw), target=lambda sc: sc.layout.stock.copy(),
             gestures=lambda sc: [("click", sc.layout.stock.center)],
             labels={"frozen": "ui.pile.frozen_for_you"}),
        Step("red_three", target=lambda sc: _red_three_rect(sc)),
        Step("stage_kings", done=lambda sc: _staged(sc, kings), cards=lambda sc: kings.split(),
             target=_new_meld, gestures=_select_and_drag(kings.split(), _new_meld),
             wrong="tutorial.wrong_stage"),
        Step("minimum", done=lambda sc: _staged(sc, aces), cards=lambda sc: aces.split(),
             target=_new_meld, gestures=_select_and_drag(aces.split(), _new_meld),
             wrong="tutorial.wrong_stage",
             wrong_when=(lambda a: isinstance(a, Meld), "tutorial.wrong_minimum")),
        Step("confirm", done=lambda sc: bool(sc.game.melds[0]),
             allows=lambda a: _is_meld_of(a, kings + " " + aces),
             target=lambda sc: sc.buttons["confirm"].rect.copy(),
             gestures=lambda sc: [("button", "confirm")], wrong="tutorial.wrong_confirm"),
        Step("discard", done=_turn_passed, allows=lambda a: isinstance(a, Discard) and a.card.label == "4C",
             cards=lambda sc: ["4C"], target=lambda sc: sc.layout.pile.copy(),
             gestures=lambda sc: [("drag", "4C", sc.layout.pile.center)], wrong="tutorial.wrong_discard"),
        Step("watch", done=_my_turn_again, gestures=lambda sc: [("wait",)]),
        Step("take_pile", done=lambda sc: _meld_size(sc, Rank.EIGHT) >= 3,
             allows=lambda a: isinstance(a, TakePile) and _codes(a.cards) == ["8H", "8S"] and not a.melds,
             cards=lambda sc: ["8H", "8S"], target=lambda sc: sc.layout.pile.copy(),
             gestures=lambda sc: [("select", ["8H", "8S"]), ("click", sc.layout.pile.center)],
             wrong="tutorial.wrong_take"),
        Step("canasta", done=lambda sc: _meld_size(sc, Rank.KING) >= 7,
             allows=lambda a: _meld_onto(a, Rank.KING), cards=lambda sc: canasta,
             target=lambda sc: _meld_rect(sc, Rank.KING),
             gestures=_select_and_drag(canasta, lambda sc: _meld_rect(sc, Rank.KING)),
             wrong="tutorial.wrong_canasta"),
        Step("canasta_done", target=lambda sc: _meld_rect(sc, Rank.KING)),
        Step("discard2", done=_turn_passed, allows=lambda a: isinstance(a, Discard) and a.card.label == "4C",
             cards=lambda sc: ["4C"], target=lambda sc: sc.layout.pile.copy(),
             gestures=lambda sc: [("drag", "4C", sc.layout.pile.center)], wrong="tutorial.wrong_discard",
             wrong_when=(_uses_a_seven, "tutorial.wrong_keep_sevens")),
        Step("watch2", done=_my_turn_again, gestures=lambda sc: [("wait",)]),
        Step("draw2", done=lambda sc: sc.game.phase is Phase.MELD and sc.game.to_play == 0,
             allows=lambda a: isinstance(a, Draw), target=lambda sc: sc.layout.stock.copy(),
             gestures=lambda sc: [("click", sc.layout.stock.center)]),
        Step("ask", done=lambda sc: sc.game.answer is True and sc.game.to_play == 0 and sc.my_turn(),
             allows=lambda a: isinstance(a, (AskGoOut, AnswerGoOut)),
             target=lambda sc: sc.buttons["goout"].rect.copy(),
             gestures=lambda sc: [("button", "goout")], wrong="tutorial.wrong_ask"),
        Step("go_out_meld", done=lambda sc: _meld_size(sc, Rank.SEVEN) >= 3,
             allows=lambda a: _is_meld_of(a, "7C 7D 7H"), cards=lambda sc: ["7C", "7D", "7H"],
             target=_new_meld, gestures=_select_and_drag(["7C", "7D", "7H"], _new_meld),
             wrong="tutorial.wrong_sevens"),
        Step("go_out_discard", done=lambda sc: sc.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER),
             allows=lambda a: isinstance(a, Discard), cards=lambda sc: ["QS"],
             target=lambda sc: sc.layout.pile.copy(),
             gestures=lambda sc: [("drag", "QS", sc.layout.pile.center)], wrong="tutorial.wrong_discard"),
        Step("score", done=lambda sc: sc.finished, gestures=lambda sc: [("score_next",)],
             labels={"button": "ui.hand_end.next"}),
    ]


def _red_three_rect(sc: TutorialScene) -> pygame.Rect | None:
    items = sc.board.red_threes.get(0) or []
    return items[0].rect.copy() if items else None


# ------------------------------------------------------------------------------ the scene
class TutorialScene(TableScene):
    """The table, plus a teacher."""

    @classmethod
    def start(cls, app) -> TutorialScene:
        s = Session(tutorial_game(), "normal", seed=11)
        s.players = {seat: ScriptedPlayer(cards) for seat, cards in DISCARDS.items()}
        return cls(app, s)

    def __init__(self, app, session: Session, animate_history: bool = True) -> None:
        super().__init__(app, session, animate_history)
        self.steps = make_steps()
        self.index = 0
        self.finished = False
        self.next_btn = None
        self.wrong_text = ""
        self.last_human: Action | None = None  # the learner's last move, for the step checks

    @property
    def step(self) -> Step:
        return self.steps[min(self.index, len(self.steps) - 1)]

    def badge_text(self) -> str:
        return tr("tutorial.badge")

    # -- the box of words --------------------------------------------------------------
    BUTTON_W, BUTTON_H = 150, 38

    def box_rect(self) -> pygame.Rect:
        return self.box_layout()[0]

    def _keep_clear(self) -> list[pygame.Rect]:
        """What the box must leave in view: the stock and the pile (with the label over the
        pile), and what this step points at, with its arrow."""
        L = self.layout
        centre = L.stock.union(L.pile)
        centre.y -= L.margin + 12  # the "frozen" label sits over the pile
        centre.h += L.margin + 12
        out = [centre]
        target = self.step.target(self)
        if target is not None:
            d = arrow_direction(self, target)
            out += [target.inflate(16, 16), arrow_rect(target, self.arrow_size(), d)]
        return out

    def arrow_size(self) -> int:
        return max(30, self.layout.hand_w // 2)

    def box_layout(self) -> tuple[pygame.Rect, int, list[str], list[str], list[str]]:
        """The box sized to its words: (rect, text size, heading lines, prompt lines, lines
        saying what went wrong). Its buttons stand in a column at its right.

        It sits just below your partner's cards, over the opponents' meld space (empty in
        this lesson), so that the partner the lesson talks about stays in view, and so do
        the stock, the pile and what the step points at. When the words do not fit there
        (a small window, a long language) it goes up to the top of the table and the text
        steps down a size rather than run out of the box."""
        L = self.layout
        T = style.TEXT
        area = L.top_area
        w = min(L.play.w - 2 * L.margin, max(min(520, L.play.w - 2 * L.margin), area.w))
        bw, bh = self.BUTTON_W, self.BUTTON_H
        n_buttons = 2 if self.step.info else 1
        column = 12 + n_buttons * bh + (n_buttons - 1) * 8 + 12
        text_w = w - 32 - bw - 12
        title = tr("tutorial.step", step=self.index + 1, count=len(self.steps),
                   title=tr(f"tutorial.{self.step.key}.title"))
        prompt = self.prompt()

        def measure(size: int, reserve: int = 0):
            head = T.wrap(title, size + 2, text_w, bold=True)
            lines = T.wrap(prompt, size, text_w)
            small = max(11, size - 2)
            wrong = T.wrap(self.wrong_text, small, text_w) if self.wrong_text else []
            hh = style.font(size + 2, bold=True).get_height()
            lh = style.font(size).get_height()
            sh = style.font(small, italic=True).get_height()
            n = max(len(wrong), reserve)
            h = 10 + hh * len(head) + 4 + lh * len(lines) + (6 + sh * n if n else 0) + 10
            return max(h, column), head, lines, wrong

        start = max(14, round(L.size[1] * 0.021))
        clear = self._keep_clear()
        window = pygame.Rect((0, 0), L.size)
        # a step that waits for a move keeps room for one line saying what went wrong, so
        # that a mistake does not send the box elsewhere
        reserve = 0 if self.step.info else 1
        for size in range(start, max(13, start - 2) - 1, -1):
            h, head, lines, wrong = measure(size, reserve)
            r = pygame.Rect(0, 0, w, h)
            r.midtop = (area.centerx, area.y)
            if window.contains(r) and r.collidelist(clear) < 0:
                if not wrong:  # drawn to its words, the reserved line given back
                    r.h = measure(size)[0]
                return r, size, head, lines, wrong
        room = max(150, int(L.size[1] * 0.5))
        for size in range(start, 10, -1):
            h, head, lines, wrong = measure(size)
            if h <= room:
                break
        r = pygame.Rect(0, 0, w, h)
        r.midtop = (L.play.centerx, L.margin)
        return r, size, head, lines, wrong

    def _button_spots(self, r: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
        """Where Next and "Leave the lesson" go: Next on top when it is shown."""
        bw, bh = self.BUTTON_W, self.BUTTON_H
        x = r.right - bw - 14
        if self.step.info:
            return (x, r.y + 12), (x, r.y + 12 + bh + 8)
        return (x, r.y + 12), (x, r.y + 12)

    def _place_buttons(self, r: pygame.Rect) -> None:
        nxt, leave = self._button_spots(r)
        for btn, pos in ((self.next_btn, nxt), (getattr(self, "skip_btn", None), leave)):
            if btn is not None and tuple(btn.rect.topleft) != pos:
                btn.set_relative_position(pos)

    def build_ui(self) -> None:
        super().build_ui()
        r = self.box_rect()
        bw, bh = self.BUTTON_W, self.BUTTON_H
        nxt, leave = self._button_spots(r)
        self.next_btn = self.ui_add(button(pygame.Rect(*nxt, bw, bh), tr("tutorial.next"),
                                           self.app.manager, object_id="#primary"))
        self.skip_btn = self.ui_add(button(pygame.Rect(*leave, bw, bh), tr("tutorial.leave"),
                                           self.app.manager, object_id="#small"))
        self._sync_next()

    def _sync_next(self) -> None:
        if self.next_btn is None:
            return
        want = self.step.info and self.app.top is self
        if want and not self.next_btn.visible:
            self.next_btn.show()
        elif not want and self.next_btn.visible:
            self.next_btn.hide()

    def resume(self) -> None:
        super().resume()
        self._sync_next()

    # -- progress ------------------------------------------------------------------------
    def advance(self) -> None:
        if self.index < len(self.steps) - 1:
            self.index += 1
        self.wrong_text = ""
        self.toast = None
        self.message = None  # a word from the step before (a hint, a refusal) is stale now
        self.last_human = None
        self._sync_next()

    def update(self, dt: float) -> None:
        super().update(dt)
        # an information step waits for Next; the others for what they ask
        for _ in range(3):
            st = self.step
            if st.done is not None and st.done(self):
                self.advance()
            else:
                break

    def perform(self, action: Action, origins: dict | None = None) -> bool:
        st = self.step
        if not st.allows(action):
            # said in the box (and the panel) only: a callout by the target as well would
            # say it a third time, under the step's arrow
            self.wrong_text = tr(st.wrong_for(action))
            self.say(self.wrong_text, style.ILLEGAL)
            self.app.sound.play("click")
            if origins:
                self._fly_back(origins)
            return False
        return super().perform(action, origins)

    def hint(self) -> None:
        """In the lesson the hint is the lesson: the step's words again, louder."""
        self.say(self.prompt(), style.GOLD)

    def _apply(self, action: Action, origins: dict | None = None) -> None:
        if isinstance(action, NextHand):
            self.finish()
            return
        if self.game.to_play == self.session.human:
            self.last_human = action
        super()._apply(action, origins)

    def finish(self) -> None:
        self.finished = True
        self.app.prefs.seen_tutorial = True
        self.app.apply_prefs()
        from .menu_scene import MainMenuScene, NewGameScene

        def menu() -> None:
            self.app.reset_to(MainMenuScene(self.app))

        def play() -> None:
            self.app.reset_to(MainMenuScene(self.app))
            new = NewGameScene(self.app)
            new.practice = True  # what the last words promise: undo, the coach, hints
            self.app.push(new)

        self.app.push(Dialog(self.app, lambda: tr("tutorial.done.title"), lambda: tr("tutorial.done.text"),
                             [(lambda: tr("tutorial.done.play"), play), (lambda: tr("tutorial.done.menu"), menu)],
                             escape=1, width=720))

    def prompt(self) -> str:
        st = self.step
        labels = {name: tr(key) for name, key in st.labels.items()}
        return tr(f"tutorial.{st.key}.text", **labels, **st.params)

    def prompt_text(self) -> str:  # the panel's "what to do now"
        return tr("tutorial.panel", step=self.index + 1, count=len(self.steps))

    # -- events ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.next_btn:
                self.next_step()
                return
            if event.ui_element is getattr(self, "skip_btn", None):
                self.leave_tutorial()
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                and self.step.info:
            self.next_step()
            return
        super().handle(event)

    def next_step(self) -> None:
        if self.step.info:
            self.advance()

    def leave_tutorial(self) -> None:
        from .menu_scene import MainMenuScene

        self.app.reset_to(MainMenuScene(self.app))

    def open_menu(self) -> None:
        from .menu_scene import MainMenuScene

        self.app.push(Dialog(self.app, lambda: tr("tutorial.pause.title"), "", [
            (lambda: tr("tutorial.pause.resume"), lambda: None),
            (lambda: tr("ui.menu.rules"), lambda: self.open_rule(None)),
            (lambda: tr("tutorial.leave"), lambda: self.app.reset_to(MainMenuScene(self.app))),
        ], escape=0, width=380))

    def on_quit(self) -> None:
        pass  # a lesson is not a game to resume

    def next_frame_in(self) -> float | None:
        wait = super().next_frame_in()
        if self.app.top is self and not self.animator.busy and self.drag is None and \
                (self.step.target(self) is not None or self.step.cards(self)):
            # the pointer's glow and arrow breathe (see draw)
            wait = PULSE_FRAME if wait is None else min(wait, PULSE_FRAME)
        return wait

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.app.top is not self:
            return
        st = self.step
        if not self.animator.busy and self.drag is None:
            labels = [lab for lab in st.cards(self) if not _in_staged(self, lab)]
            cards = [c for c in self.game.hands[0] if c.label in labels]
            draw_lifted_cards(self, surface, _unique(cards, labels), POINTER)
            target = st.target(self)
            if target is not None:
                draw_glow_rect(surface, target, POINTER, pulse())
                d = arrow_direction(self, target)
                draw_arrow(surface, arrow_tip(target, d), POINTER, self.arrow_size(), pulse(0.9), d)
        self._draw_box(surface)

    def _draw_box(self, surface: pygame.Surface) -> None:
        r, size, head, lines, wrong = self.box_layout()
        self._place_buttons(r)  # the box grows and shrinks with its words
        pygame.draw.rect(surface, (8, 20, 14), r, border_radius=12)  # opaque: nothing shows through
        pygame.draw.rect(surface, POINTER, r, 2, border_radius=12)
        T = style.TEXT
        y = r.y + 10
        for line in head:
            img = T.render(line, size + 2, POINTER, bold=True)
            surface.blit(img, (r.x + 16, y))
            y += img.get_height()
        y += 4
        for line in lines:
            img = T.render(line, size, style.CREAM)
            surface.blit(img, (r.x + 16, y))
            y += img.get_height()
        if wrong:
            y += 6
            small = max(11, size - 2)
            for line in wrong:
                img = T.render(line, small, style.ILLEGAL, italic=True)
                surface.blit(img, (r.x + 16, y))
                y += img.get_height()


def _in_staged(sc: TutorialScene, label: str) -> bool:
    return any(c.label == label for g in sc.staged for c in g)


def _unique(cards: list[Card], labels: list[str]) -> list[Card]:
    out, want = [], list(labels)
    for c in cards:
        if c.label in want:
            want.remove(c.label)
            out.append(c)
    return out
