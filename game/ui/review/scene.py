"""The hand review: a finished hand stepped through move by move with every hand face
up, the human's decisions rated by `hard`'s search (game/ai/review.py, on a worker thread
with a progress bar), the better move marked on the table with a one-line reason, a
summary, and the same deal played by `hard` in the human's seat."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame
import pygame_gui

from game.ai import review as R
from game.ai.review import Duplicate, HandRecord, Job, Review, replay, review_hand, seeded
from game.ai.review import duplicate as play_duplicate
from game.i18n import card_names, number, tr, with_card_names
from game.rules import Game, Phase
from game.rules.actions import Action, Discard, Meld, TakePile
from game.rules.cards import Card
from game.ui.geometry.layout import compute_layout
from game.ui.shell import style
from game.ui.shell.backdrop import felt
from game.ui.shell.focus import DrawnStop
from game.ui.shell.prefs import CARD_SCALES
from game.ui.shell.scene import Scene
from game.ui.shell.session import Session
from game.ui.shell.widgets import button
from game.ui.table.text import seat_name, side_name

T = style.TEXT
LABEL_COLOURS = {"best": (96, 200, 120), "good": (160, 205, 110), "inaccuracy": (232, 200, 84),
                 "mistake": (238, 142, 60), "blunder": (226, 78, 68)}
PLAYED = style.SELECT  # the move made, outlined in gold
BETTER = (96, 220, 130)  # the better move, outlined in green
SIDE_W = 400  # the right-hand column (design pixels): the move, its rating, the summary
TEXT = 18  # the body text's design point size (ReviewLayout.font scales it)


@dataclass(frozen=True)
class ReviewLayout:
    """Where the review's parts go in a window, every number of the 1280x800 design
    multiplied by the interface's scale (shell/window.py), so the buttons, the text and the
    drawn marks grow together; the cards follow the table's own card size."""

    scale: float
    margin: int
    text: int  # the body text's design point size (`font` scales it)
    title: int
    left: pygame.Rect  # the table column: title, timeline, the hands and melds
    timeline: pygame.Rect
    table: pygame.Rect
    side: pygame.Rect  # the move, its rating, the summary and the duplicate
    dup: pygame.Rect  # "How would the computer have played your seat?"
    row_y: int  # the buttons' row
    button_h: int
    hand_button: pygame.Rect  # "Earlier hand" (the later one mirrors it at the right)
    card_w: int  # the hands' largest card width: the table's meld cards at this size

    def px(self, value: float) -> int:
        return round(value * self.scale)

    def font(self, design: int) -> int:
        """A point size of the design at this scale (never under a readable 11)."""
        return max(11, round(design * self.scale))


def review_layout(size: tuple[int, int], scale: float, players: int,
                  card_scale: float = 1.0) -> ReviewLayout:
    w, h = size

    def px(v: float) -> int:
        return round(v * scale)

    margin = px(20)
    side_w = min(px(SIDE_W), int(w * 0.42))
    button_h = px(42)
    row_y = h - px(16) - button_h
    dup = pygame.Rect(w - side_w - margin, row_y - px(12) - button_h, side_w, button_h)
    side = pygame.Rect(dup.x, px(14), side_w, dup.y - px(10) - px(14))
    left = pygame.Rect(margin, px(14), dup.x - 2 * margin, row_y - px(10) - px(14))
    title = max(18, px(26))
    hand_button = pygame.Rect(left.x, px(14), px(170), px(36))
    head = px(150)  # the row names' column (the timeline starts where the cards do)
    timeline = pygame.Rect(left.x + head, hand_button.bottom + px(8), left.w - head - px(10), px(20))
    table = pygame.Rect(left.x, timeline.bottom + px(14), left.w, row_y - px(10) - timeline.bottom - px(14))
    table_w = compute_layout(size, players, card_scale).table_w
    return ReviewLayout(scale, margin, TEXT, title, left, timeline, table, side, dup,
                        row_y, button_h, hand_button, table_w)


def cards_of(action: Action) -> list[Card]:
    """The hand cards a move plays (none for a draw)."""
    if isinstance(action, Discard):
        return [action.card]
    if isinstance(action, Meld):
        return [c for g in action.groups for c in g]
    if isinstance(action, TakePile):
        return [*action.cards, *(c for g in action.melds for c in g)]
    return []


def targets(action: Action | None) -> set[int]:
    """The ranks of the melds a meld move lays its cards on (to outline them)."""
    if not isinstance(action, Meld):
        return set()
    from game.ai.melding import group_rank

    return {int(r) for i in range(len(action.groups)) if (r := group_rank(action, i)) is not None}


def words(action: Action, g: Game) -> str:
    """A move in the player's words; a lay-off names the meld it goes onto, so two moves
    with the same card onto different melds read differently."""
    from game.ai.hints import move_words
    from game.ai.melding import group_rank

    if isinstance(action, Meld) and len(action.groups) == 1:
        rank = group_rank(action, 0)
        side = g.side_of[g.to_play]
        if rank is not None and rank in g.melds[side]:
            return tr("ui.review.move.lay_off", cards=card_names(list(action.groups[0])),
                      rank=rank.label)
    return move_words(action)


def marked(hand: list[Card], cards: list[Card]) -> set[int]:
    """Which positions of `hand` the cards are (copies from other decks are the same card
    to the rules, so one copy is marked per card named)."""
    wanted = [c.label for c in cards]
    out: set[int] = set()
    for i, c in enumerate(hand):
        if c.label in wanted:
            wanted.remove(c.label)
            out.add(i)
    return out


class ReviewScene(Scene):
    arrows_scroll = True  # the arrows step through the hand (Tab still walks the buttons)

    def __init__(self, app, session: Session, hand: int | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.rules = session.game.rules
        self.hands = [r for r in session.hands]
        want = session.game.hand_number if hand is None else hand
        self.index = next((i for i, r in enumerate(self.hands) if r.hand == want),
                          len(self.hands) - 1)
        self.job: Job | None = None
        self.dup_job: Job | None = None
        self.costly_rects: list[tuple[pygame.Rect, int]] = []
        self.timeline: tuple[pygame.Rect, int] | None = None  # where the move line is drawn
        self.open_hand()

    # -- the hand shown ------------------------------------------------------------
    @property
    def rec(self) -> HandRecord | None:
        return self.hands[self.index] if 0 <= self.index < len(self.hands) else None

    def open_hand(self) -> None:
        """Replay the chosen hand and start rating it on a worker thread."""
        for job in (self.job, self.dup_job):
            if job is not None:
                job.cancel()
        self.job = self.dup_job = None
        self.review: Review | None = None
        self.dup: Duplicate | None = None
        rec = self.rec
        self.positions: list[Game] | None = replay(self.rules, rec) if rec is not None else None
        self.step = 0
        if rec is None or self.positions is None:
            return
        from game.ui.shell.app import wake

        rules, seed = self.rules, seeded(self.session.seed + rec.hand)
        self.job = Job(lambda progress, stop: review_hand(rules, rec, R.WORLDS, seed,
                                                         progress, stop), wake)

    def poll(self) -> None:
        if self.job is not None and self.job.done() and self.review is None:
            self.review = self.job.result
            if self.review is not None and self.rec is not None:
                self.session.note_review(self.rec.hand, self.review.decisions)
        if self.dup_job is not None and self.dup_job.done() and self.dup is None:
            self.dup = self.dup_job.result
            self.rebuild_buttons()

    def leave(self) -> None:
        for job in (self.job, self.dup_job):
            if job is not None:
                job.cancel()
        super().leave()

    # -- widgets -------------------------------------------------------------------
    def layout(self) -> ReviewLayout:
        return review_layout(self.app.size, getattr(self.app, "ui_scale", 1.0), self.rules.players,
                             CARD_SCALES.get(self.app.prefs.card_size, 1.0))

    def build_ui(self) -> None:
        m = self.app.manager
        lay = self.layout()
        gap, y, bh = lay.px(8), lay.row_y, lay.button_h
        nav = [("first", "ui.review.first"), ("prev_decision", "ui.review.prev_decision"),
               ("prev", "ui.review.prev"), ("next", "ui.review.next"),
               ("next_decision", "ui.review.next_decision"), ("last", "ui.review.last")]
        left = lay.left
        bw = min(lay.px(150), (left.w - (len(nav) - 1) * gap) // len(nav))
        x = left.x + (left.w - len(nav) * bw - (len(nav) - 1) * gap) // 2
        self.nav: dict[str, pygame_gui.elements.UIButton] = {}
        for name, key in nav:
            self.nav[name] = self.ui_add(button(pygame.Rect(x, y, bw, bh), tr(key), m))
            x += bw + gap
        side = lay.side
        half = (side.w - lay.px(10)) // 2
        self.back_btn = self.ui_add(button(pygame.Rect(side.right - half, y, half, bh), tr("ui.back"), m,
                                           object_id="#primary"))
        self.replay_btn = self.ui_add(button(pygame.Rect(side.x, y, half, bh), tr("ui.deal.replay"), m))
        self.hand_btns: dict[str, pygame_gui.elements.UIButton] = {}
        if len(self.hands) > 1:
            r = lay.hand_button
            self.hand_btns["earlier"] = self.ui_add(button(r, tr("ui.review.earlier_hand"), m))
            self.hand_btns["later"] = self.ui_add(button(r.move(left.right - r.right, 0),
                                                         tr("ui.review.later_hand"), m))
        self.dup_btn = None
        self.rebuild_buttons()

    def rebuild_buttons(self) -> None:
        """The duplicate's button, while it has not been asked for; the others' states."""
        if self.dup_btn is not None:
            self.dup_btn.kill()
            self._ui.remove(self.dup_btn)
            self.dup_btn = None
        if self.dup_job is None and self.positions is not None:
            self.dup_btn = self.ui_add(button(self.layout().dup, tr("ui.review.duplicate"),
                                              self.app.manager))
        ok = self.positions is not None
        for b in (*self.nav.values(), self.replay_btn):
            if ok:
                b.enable()
            else:
                b.disable()
        if "earlier" in self.hand_btns:
            for name, ok_ in (("earlier", self.index > 0), ("later", self.index < len(self.hands) - 1)):
                if ok_:
                    self.hand_btns[name].enable()
                else:
                    self.hand_btns[name].disable()

    # -- input ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.back_btn:
                self.app.pop()
            elif el is self.replay_btn:
                self.play_again()
            elif el is self.dup_btn:
                self.start_duplicate()
            elif el in self.hand_btns.values():
                self.index += -1 if el is self.hand_btns.get("earlier") else 1
                self.open_hand()
                self.rebuild_buttons()
            else:
                for name, b in self.nav.items():
                    if el is b:
                        self.go(name)
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_RIGHT: "next", pygame.K_LEFT: "prev", pygame.K_UP: "prev_decision",
                    pygame.K_DOWN: "next_decision", pygame.K_HOME: "first", pygame.K_END: "last",
                    pygame.K_PAGEUP: "prev_decision", pygame.K_PAGEDOWN: "next_decision"}
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in keys:
                self.go(keys[event.key])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, index in self.costly_rects:
                if rect.collidepoint(event.pos):
                    self.step = index
            if self.timeline is not None and self.positions is not None:
                box, n = self.timeline
                if box.inflate(self.px(8), self.px(16)).collidepoint(event.pos):
                    self.step = max(0, min(n, round((event.pos[0] - box.x) * n / box.w)))

    def drawn_stops(self) -> list[DrawnStop]:
        """The costliest decisions (Enter shows one) and the timeline (Enter: the next
        decision; the arrows step through the hand wherever the ring is) in the Tab order."""
        out = [DrawnStop(f"costly{index}", rect, partial(self.show, index)) for rect, index in self.costly_rects]
        if self.timeline is not None and self.positions is not None:
            out.append(DrawnStop("timeline", self.timeline[0].inflate(self.px(8), self.px(16)),
                                 lambda: self.go("next_decision")))
        return out

    def show(self, step: int) -> None:
        self.step = step

    def decisions(self) -> list[int]:
        if self.review is not None:
            return [d.index for d in self.review.decisions]
        rec = self.rec
        if rec is None or self.positions is None:
            return []
        return [i for i, _ in enumerate(rec.moves) if self.positions[i].to_play == rec.human]

    def go(self, where: str) -> None:
        if self.positions is None:
            return
        last = len(self.positions) - 1
        if where == "first":
            self.step = 0
        elif where == "last":
            self.step = last
        elif where == "next":
            self.step = min(last, self.step + 1)
        elif where == "prev":
            self.step = max(0, self.step - 1)
        elif where == "next_decision":
            self.step = next((i for i in self.decisions() if i > self.step), self.step)
        elif where == "prev_decision":
            self.step = next((i for i in reversed(self.decisions()) if i < self.step), self.step)

    def play_again(self) -> None:
        """The same deal at a new table (not counted, not autosaved): see table/replay.py."""
        from game.rules.deal import replay_deal

        rec = self.rec
        if rec is None or self.positions is None:
            return
        g = self.session.game
        if rec.hand == g.hand_number and g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            start = replay_deal(g)  # the game's own generator goes on as it would have
        else:
            from game.ai.review import start_of

            start = start_of(self.rules, rec)
        s = Session(start, self.session.level, self.session.seed, self.session.human)
        s.autosaves = False
        s.replay_of = rec.hand
        self.app.reset_to(self.app.make("table", s))

    def start_duplicate(self) -> None:
        rec = self.rec
        if rec is None or self.positions is None or self.dup_job is not None:
            return
        from game.ui.shell.app import wake

        rules, level, seed = self.rules, self.session.level, self.session.seed
        self.dup_job = Job(lambda progress, stop: play_duplicate(rules, rec, level, seed,
                                                                 progress, stop), wake)
        self.rebuild_buttons()

    # -- idle ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.poll()

    def next_frame_in(self) -> float | None:
        busy = any(j is not None and not j.done() for j in (self.job, self.dup_job))
        return 0.25 if busy else None  # the worker wakes the loop on progress too

    # -- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        if self.app.top is not self:
            return
        from game.ui.review.draw import draw_review

        draw_review(self, surface)

    # -- words ---------------------------------------------------------------------
    def seat(self, seat: int) -> str:
        assert self.positions is not None
        return seat_name(self.positions[0], self.session.human, seat)

    def side(self, g: Game, side: int) -> str:
        return side_name(g, self.session.human, side)


def reason_text(reason) -> str:
    """A rating's sentences in the current language, one after the other."""
    try:
        return " ".join(tr(key, **with_card_names(dict(params))) for key, params in reason)
    except (KeyError, ValueError, TypeError):
        return ""


def points_lost(loss: float) -> str:
    return tr("ui.review.lost", points=number(round(loss)))


def dup_lines(dup: Duplicate, name_of) -> list[tuple[str, str, str]]:
    """Rows of the side-by-side result: what, as you played it, as hard played it."""
    rows = [(name_of(side), number(dup.yours.get(side, 0)), number(dup.hards.get(side, 0)))
            for side in sorted(dup.yours)]
    rows.append((tr("ui.review.margin"), number(dup.your_margin, signed=True),
                 number(dup.hard_margin, signed=True)))
    return rows


class Column:
    """Lines set top to bottom in a box, wrapped to its width; its gaps, rules and bars
    in design pixels times `scale`."""

    def __init__(self, surface: pygame.Surface, box: pygame.Rect, scale: float = 1.0) -> None:
        self.surface = surface
        self.box = box
        self.y = box.y
        self.scale = scale

    def px(self, value: float) -> int:
        return round(value * self.scale)

    def text(self, text: str, size: int, colour=style.CREAM, bold: bool = False,
             italic: bool = False, indent: int = 0) -> pygame.Rect:
        """`indent` in pixels already scaled (the caller's)."""
        first = None
        for line in T.wrap(text, size, self.box.w - indent, bold=bold):
            img = T.render(line, size, colour, bold=bold, italic=italic)
            r = self.surface.blit(img, (self.box.x + indent, self.y))
            first = r if first is None else first.union(r)
            self.y += img.get_height()
        return first or pygame.Rect(self.box.x, self.y, 0, 0)

    def gap(self, n: int = 8) -> None:
        self.y += self.px(n)

    def rule(self) -> None:
        self.gap(6)
        pygame.draw.line(self.surface, (*style.PANEL_EDGE,), (self.box.x, self.y),
                         (self.box.right, self.y), max(1, self.px(1)))
        self.gap(8)

    def bar(self, fraction: float, colour=style.GOLD) -> None:
        r = pygame.Rect(self.box.x, self.y, self.box.w, self.px(12))
        radius = self.px(6)
        track = pygame.Surface(r.size, pygame.SRCALPHA)  # the screen has no alpha: blend
        pygame.draw.rect(track, (0, 0, 0, 90), track.get_rect(), border_radius=radius)
        self.surface.blit(track, r)
        fill = r.copy()
        fill.w = max(r.h, int(r.w * max(0.0, min(1.0, fraction))))
        pygame.draw.rect(self.surface, colour, fill, border_radius=radius)
        self.y += self.px(18)
