"""Learn to play: one guided hand of classic canasta, taught at the table.

The lesson's deal, scripted seats and steps are in learning/tutorial_steps.py; this scene is the
table plus a teacher: a box of words at the top, a glow and an arrow on what to do, and
a friendly word for anything else.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import catalog, tr
from game.rules.actions import Action, NextHand
from game.ui.learning.tutorial_steps import DISCARDS, ScriptedPlayer, Step, in_staged, make_steps, tutorial_game, unique_cards
from game.ui.shell import style
from game.ui.shell.dialogs import Dialog
from game.ui.shell.scene import PULSE_FRAME
from game.ui.shell.session import Session
from game.ui.shell.widgets import button
from game.ui.table.guidance import (
    POINTER,
    arrow_direction,
    arrow_rect,
    arrow_tip,
    draw_arrow,
    draw_glow_rect,
    draw_lifted_cards,
    pulse,
)
from game.ui.table.scene import TableScene
from game.ui.table.text import Tone


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
        # the lesson plays apart from any game: it is never written, so the autosave that
        # Continue resumes stays byte for byte what it was
        self.controller.autosaves = False
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
            d = arrow_direction(self.view, target)
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
        bw, bh = self.px(self.BUTTON_W), self.px(self.BUTTON_H)
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
        bw, bh = self.px(self.BUTTON_W), self.px(self.BUTTON_H)
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
        bw, bh = self.px(self.BUTTON_W), self.px(self.BUTTON_H)
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
        self.controller.forget_words()  # a word from the step before (a hint, a refusal) is stale now
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
            self.wrong_text = tr(self.worded_for_input(st.wrong_for(action)))
            self.say(self.wrong_text, Tone.REFUSAL)
            self.app.sound.play("click")
            if origins:
                self._fly_back(origins)
            return False
        return super().perform(action, origins)

    def hint(self) -> None:
        """In the lesson the hint is the lesson: the step's words again, louder."""
        self.say(self.prompt(), Tone.ADVICE)

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
        app = self.app

        def menu() -> None:
            app.reset_to(app.make("menu"))

        def play() -> None:
            app.reset_to(app.make("menu"))
            new = app.make("new_game")
            new.practice = True  # what the last words promise: undo, the coach, hints
            self.app.push(new)

        self.app.push(Dialog(self.app, lambda: tr("tutorial.done.title"), lambda: tr("tutorial.done.text"),
                             [(lambda: tr("tutorial.done.play"), play), (lambda: tr("tutorial.done.menu"), menu)],
                             escape=1, width=720))

    def prompt(self) -> str:
        st = self.step
        labels = {name: tr(key) for name, key in st.labels.items()}
        return tr(self.worded_for_input(f"tutorial.{st.key}.text"), **labels, **st.params)

    def worded_for_input(self, key: str) -> str:
        """A step's words in keys when the player last used the keyboard, where they name
        clicks and drags ("<key>.keys" in the catalogue); as they are otherwise."""
        keyed = f"{key}.keys"
        return keyed if self.app.focus.keyboard and keyed in catalog("en") else key

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
        self.app.reset_to(self.app.make("menu"))

    def open_menu(self) -> None:
        self.app.push(Dialog(self.app, lambda: tr("tutorial.pause.title"), "", [
            (lambda: tr("tutorial.pause.resume"), lambda: None),
            (lambda: tr("ui.menu.rules"), lambda: self.open_rule(None)),
            (lambda: tr("tutorial.leave"), self.leave_tutorial),
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
            labels = [lab for lab in st.cards(self) if not in_staged(self, lab)]
            cards = [c for c in self.game.hands[0] if c.label in labels]
            draw_lifted_cards(self.view, self.renderer, surface, unique_cards(cards, labels), POINTER)
            target = st.target(self)
            if target is not None:
                draw_glow_rect(surface, target, POINTER, pulse())
                d = arrow_direction(self.view, target)
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
