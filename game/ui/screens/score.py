"""Hand-end summary (itemised score lines from the engine) and the game-over scene."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIPanel

from game.i18n import card_names, number, say, solo_key, tr
from game.rules import Phase
from game.rules.errors import plays_alone
from game.ui.shell import style
from game.ui.shell.backdrop import dim
from game.ui.shell.scene import Scene
from game.ui.shell.widgets import button, label
from game.ui.table.text import role_text

if TYPE_CHECKING:
    from game.rules.ruleset import RuleSet
    from game.rules.scoring import SideScore
    from game.ui.table.view import TableHandle

T = style.TEXT


class HandEndScene(Scene):
    """Over the table: each side's lines (label and points), the hand's total and the
    running total; then the next deal (or the result, when the game is won)."""

    transparent = True

    def __init__(self, app, table: TableHandle) -> None:
        super().__init__(app)
        self.table = table
        # each kind of score line gets one sentence of explanation, the first time it shows
        seen = set(app.prefs.explained_lines)
        sides = self.game.last_scores or self.game.hand_score()
        # said to the human as the hand was scored: with a partner (a partnership, or
        # cut-throat's two partners), or alone
        human = self.table.view.human
        alone = all(len(s.seats) == 1 and s.partner is None for s in sides if human in s.seats)
        # the sentence goes under one column where it is true (`explanation_columns`)
        self.explain_at = explanation_columns(sides, human, self.game.rules, alone, seen)
        self.explain: dict[str, str] = {
            key: explanation(key, self.game.rules, alone) for key in self.explain_at}

    @property
    def game(self):
        return self.table.view.game

    def leave(self) -> None:
        super().leave()
        # only what was shown counts as explained: a line whose sentence had no room on a
        # crowded sheet is explained the next time it appears
        shown = set(getattr(self, "shown", self.explain))
        if shown:
            p = self.app.prefs
            p.explained_lines = sorted(set(p.explained_lines) | shown)
            self.app.apply_prefs()

    def width(self) -> int:
        w = self.app.size[0]
        return min(w - 40, self.px(300 * self.game.rules.sides + 80 + (120 if self.explain else 0)))

    def rect(self) -> pygame.Rect:
        """The panel: as tall as its lines need (see `fit`), never taller than the window."""
        w, h = self.app.size
        pw = self.width()
        sheet = getattr(self, "sheet", None)
        content = sheet.height if sheet is not None else 400
        ph = min(h - 40, max(self.px(320), self.px(TOP) + content + self.px(BOTTOM)))
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def build_ui(self) -> None:
        m = self.app.manager
        self.sheet = self.fit()
        self.shown = self.sheet.explained
        r = self.rect()
        self.panel = self.ui_add(UIPanel(r, manager=m))
        g = self.game
        px = self.px
        label(pygame.Rect(0, px(12), r.w - 6, px(44)), tr("ui.hand_end.title", number=g.hand_number), m,
              container=self.panel, object_id="#title")
        over = g.phase is Phase.GAME_OVER
        text = tr("ui.hand_end.result") if over else tr("ui.hand_end.next")
        self.next_btn = button(pygame.Rect(r.w - px(240), r.h - px(66), px(220), px(46)), text, m, container=self.panel,
                               object_id="#primary")
        from game.ui.table.replay import can_replay

        # the deal's seed, revealed now the hand is over: play it again or check it; and
        # the hand's review (game/ui/review/scene.py)
        bw = min(px(260), (r.w - px(280)) // 2)
        self.replay_btn = button(pygame.Rect(px(20), r.h - px(66), bw, px(46)),
                                 tr("ui.hand_end.this_deal"), m, container=self.panel)
        if not can_replay(g):
            self.replay_btn.disable()
        self.review_btn = button(pygame.Rect(px(30) + bw, r.h - px(66), bw, px(46)),
                                 tr("ui.hand_end.review"), m, container=self.panel)
        self.session = getattr(self.table, "session", None)  # a TableScene's: the hands kept
        if self.session is None or self.session.hand_record() is None:
            self.review_btn.disable()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.replay_btn:
            from game.ui.table.replay import deal_dialog

            self.app.push(deal_dialog(self.table))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.review_btn:
            self.app.push(self.app.make("review", self.session))
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.next_btn) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                                                pygame.K_ESCAPE)):
            self.next()

    def next(self) -> None:
        g = self.game
        if g.phase is Phase.GAME_OVER:
            self.app.replace(self.app.make("game_over", self.table))
            return
        self.app.pop()
        self.table.next_hand()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim(surface.get_size(), 150), (0, 0))

    # -- the sheet ----------------------------------------------------------------------------
    def fit(self) -> Sheet:
        """The largest text that fits the window, with every first-time explanation if they
        fit too; on a crowded sheet the explanations wait for another hand, then the text
        shrinks a little."""
        h = self.app.size[1]
        size = max(14, round(h * 0.021))
        room = h - 40 - self.px(TOP) - self.px(BOTTOM)
        tries = [(size, True), (size - 2, True), (size, False), (size - 2, False), (max(11, size - 4), False)]
        sheet = None
        for sz, with_why in tries:
            sheet = self.lay_out(sz, with_why and bool(self.explain))
            if sheet.height <= room:
                break
        assert sheet is not None
        return sheet

    def lay_out(self, size: int, with_why: bool) -> Sheet:
        g = self.game
        sides = g.last_scores or g.hand_score()
        n = len(sides)
        col_w = (self.width() - 2 * self.px(PAD) - (n - 1) * self.px(GUTTER)) // n
        small = max(11, size - 4)
        label_w = col_w - self.px(70)
        explained: set[str] = set()
        columns: list[list[tuple]] = []
        height = 0
        for i, s in enumerate(sides):
            ops: list[tuple] = []  # ("text", surface, x, y) / ("right", surface, y) / ("rule", y)
            y = 0
            name = T.render(self.table.view.side_name(s.side), size + 2, style.GOLD, bold=True)
            ops.append(("text", name, 0, y))
            y += name.get_height() + 2
            role = role_text(s.alone, s.partner, self.table.view.seat_name, self.table.view.human)
            if role:  # cut-throat: who played alone, who scored as partners
                img = T.render(role, small, style.MUTED, italic=True)
                ops.append(("text", img, 0, y))
                y += img.get_height()
            y += 6
            ops.append(("rule", y))
            y += 6
            for line in s.lines:
                lab = say(line.key, line.params)
                left = line.key == "score.cards_in_hand"
                if left:  # every hand's line says whose it is, whatever the number of players
                    lab = tr("ui.score.cards_left_of", name=self.table.view.seat_name(line.params["seat"]),
                             count=line.params["count"])
                colour = style.CREAM if line.points >= 0 else NEGATIVE
                ops.append(("right", T.render(number(line.points, signed=True), size, colour), y))
                end_x = end_h = 0
                for part in T.wrap(lab, size, label_w):  # a long label takes a second line
                    img = T.render(part, size, style.CREAM)
                    if img.get_width() > label_w:  # one unbreakable word
                        img = pygame.transform.smoothscale_by(img, label_w / img.get_width())
                    ops.append(("text", img, 0, y))
                    end_x, end_h = img.get_width(), img.get_height()
                    y += img.get_height()
                if left:  # the cards themselves, so the penalty can be checked
                    y = self.lay_out_cards(ops, self.cards_left(line.params["seat"]), size - 2,
                                           (end_x, end_h), y, label_w)
                y += 4
                why = self.explain.get(line.key) if with_why else None
                if why and self.explain_at[line.key] == i and line.key not in explained:  # once, there
                    explained.add(line.key)
                    for wl in T.wrap(why, small, col_w - 10):
                        im = T.render(wl, small, style.MUTED, italic=True)
                        ops.append(("text", im, 10, y))
                        y += im.get_height()
                    y += 4
            y = max(y, 60) + 6
            ops.append(("rule", y))
            y += 8
            for key, value in (("ui.hand_end.this_hand", s.total), ("ui.hand_end.total", g.scores[s.side])):
                img = T.render(tr(key), size, style.CREAM, bold=True)
                val = T.render(number(value), size + 2, style.GOLD, bold=True)
                ops.append(("text", img, 0, y))
                ops.append(("right", val, y))
                y += val.get_height() + 4
            columns.append(ops)
            height = max(height, y)
        return Sheet(size, col_w, columns, height, explained)

    @staticmethod
    def lay_out_cards(ops: list[tuple], text: str, size: int, label_end: tuple[int, int], y: int,
                      width: int) -> int:
        """The cards after their line's label when they fit there, else on lines of their
        own below it; returns the y below them. `label_end`: the label's last line's
        width and height."""
        img = T.render(text, size, style.CREAM)
        end_x, end_h = label_end
        gap = size
        if end_x + gap + img.get_width() <= width:
            ops.append(("text", img, end_x + gap, y - end_h + (end_h - img.get_height()) // 2 + 1))
            return y
        for part in T.wrap(text, size, width - 10):
            img = T.render(part, size, style.CREAM)
            ops.append(("text", img, 10, y))
            y += img.get_height()
        return y

    def cards_left(self, seat: int) -> str:
        """The cards a hand held when the hand ended, highest first ("" for none)."""
        cards = sorted(self.game.hands[seat], key=lambda c: (-c.rank, c.code))
        return card_names(cards) if cards else tr("ui.score.no_cards_left")

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        if self.app.top is not self:  # covered (this deal's dialog): hidden like the panel
            return
        r = self.rect()
        sheet = self.sheet
        top = r.y + self.px(TOP)
        for i, ops in enumerate(sheet.columns):
            x = r.x + self.px(PAD) + i * (sheet.col_w + self.px(GUTTER))
            for op in ops:
                if op[0] == "text":
                    surface.blit(op[1], (x + op[2], top + op[3]))
                elif op[0] == "right":
                    surface.blit(op[1], op[1].get_rect(topright=(x + sheet.col_w, top + op[2])))
                else:
                    pygame.draw.line(surface, style.GOLD_DARK, (x, top + op[1]), (x + sheet.col_w, top + op[1]))


# in pixels of the 1280x800 design (Scene.px scales them with the window)
TOP = 70  # the title above the columns
BOTTOM = 66 + 16  # the button row below them, and a gap
PAD, GUTTER = 30, 24
NEGATIVE = (240, 140, 130)


@dataclass
class Sheet:
    """The score sheet laid out: per column what to draw where (y from the columns' top)."""

    size: int
    col_w: int
    columns: list[list[tuple]]
    height: int
    explained: set[str] = field(default_factory=set)


# explanations that say nothing of "you" or "your side": true under anyone's column (the
# others speak to the player and go under the player's own column only)
NEUTRAL_EXPLANATIONS = frozenset({
    "explain.held_group", "explain.incomplete_meld", "explain.incomplete_wild_meld",
    "explain.melded_cards_negative", "explain.mixed_canasta", "explain.natural_canasta",
    "explain.own_red_threes", "explain.red_threes", "explain.red_threes_unmelded",
    "explain.threes_red", "explain.went_out", "explain.went_out_solo", "explain.wild_canasta"})


def explanation_key(key: str, rules: RuleSet, alone: bool = False) -> str:
    """The message key of score line `key`'s explanation (it may not exist), said to a
    player with a partner, or with no partner when `alone`."""
    suffix = key.split(".", 1)[-1]
    if rules.red_three_bonus_by_count and suffix.startswith("red_threes"):
        return "explain.red_threes_by_count"
    return solo_key(f"explain.{suffix}", alone)


def explanation_columns(sides: Sequence[SideScore], human: int, rules: RuleSet, alone: bool,
                        seen: Collection[str] = ()) -> dict[str, int]:
    """Where each score line not `seen` before gets its explanation: the column of the
    human's side when it has that line, else the first column that has it, when the
    sentence is neutral; a sentence to "you" waits for a hand where the line is the
    player's own (an opponent's column must not read "your hand")."""
    where: dict[str, int] = {}
    order = sorted(range(len(sides)), key=lambda i: human not in sides[i].seats)
    for i in order:
        for line in sides[i].lines:
            key = line.key
            if key in seen or key in where or not explanation(key, rules, alone):
                continue
            if human in sides[i].seats or explanation_key(key, rules, alone) in NEUTRAL_EXPLANATIONS:
                where[key] = i
    return where


def explanation(key: str, rules: RuleSet, alone: bool = False) -> str:
    """One sentence saying what a score line is for ("" when there is none), said to a
    player with a partner, or with no partner when `alone`."""
    key = explanation_key(key, rules, alone)
    by_count = rules.red_three_bonus_by_count
    if key == "explain.red_threes_by_count":  # italian: a table by count, signed
        table = ", ".join(f"{n}: {number(v)}" for n, v in enumerate(by_count) if n)
        return tr(key, table=table)
    params = {
        "natural": number(rules.natural_canasta_bonus),
        "mixed": number(rules.mixed_canasta_bonus),
        "wild": number(rules.wild_canasta_bonus),
        "red": number(rules.red_three_bonus),
        "all_red": number(rules.all_red_threes_bonus),
        "out": number(rules.going_out_bonus),
        "concealed": number(rules.concealed_bonus),
    }
    text = tr(key, **params)
    return "" if text == key else text


class GameOverScene(Scene):
    transparent = True

    def __init__(self, app, table: TableHandle) -> None:
        super().__init__(app)
        self.table = table

    def build_ui(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        # the game's last hand can be reviewed from here too (its sheet was the way in)
        self.session = getattr(self.table, "session", None)
        record = self.session.hand_record() if self.session is not None else None
        pw, ph = min(px(620), w - 40), min(px(420 if record is None else 456), h - 40)
        r = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.r = r
        panel = self.ui_add(UIPanel(r, manager=m))
        g = self.table.view.game
        mine = self.table.view.human_unit
        won = mine in g.winners
        alone = plays_alone(g.side_of, self.table.view.human)  # "you win" or "you both win"
        title = tr(solo_key("ui.game_over.won", alone)) if won else tr("ui.game_over.lost",
                                                         name=self.table.view.side_name(g.winners[0]) if g.winners else "")
        label(pygame.Rect(0, px(16), pw - 6, px(48)), title, m, container=panel, object_id="#title")
        bw = (pw - px(72)) // 2
        self.rematch = button(pygame.Rect(px(24), ph - px(70), bw, px(48)), tr("ui.game_over.rematch"), m,
                              container=panel, object_id="#primary")
        self.menu = button(pygame.Rect(px(48) + bw, ph - px(70), bw, px(48)),
                           tr("ui.game_over.menu"), m, container=panel)
        self.review_btn = None
        if record is not None:
            rw = min(pw - px(48), px(340))
            self.review_btn = button(pygame.Rect((pw - rw) // 2, ph - px(70) - px(56), rw, px(44)),
                                     tr("ui.game_over.review"), m, container=panel)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.rematch:
                self.do_rematch()
            elif event.ui_element is self.menu:
                self.to_menu()
            elif event.ui_element is self.review_btn and self.review_btn is not None:
                self.app.push(self.app.make("review", self.session))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()

    def do_rematch(self) -> None:
        view = self.table.view
        self.app.reset_to(self.app.make("table.new", view.game.rules, view.level, random.randrange(1 << 30)))

    def to_menu(self) -> None:
        self.app.reset_to(self.app.make("menu"))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim(surface.get_size(), 170), (0, 0))

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        g = self.table.view.game
        h = self.app.size[1]
        size = max(16, round(h * 0.028))
        y = self.r.y + self.px(96)
        order = sorted(range(len(g.scores)), key=lambda s: -g.scores[s])
        for s in order:
            name = T.render(self.table.view.side_name(s), size, style.GOLD if s in g.winners else style.CREAM,
                            bold=s in g.winners)
            score = T.render(number(g.scores[s]), size, style.GOLD if s in g.winners else style.CREAM, bold=True)
            surface.blit(name, (self.r.x + self.px(60), y))
            surface.blit(score, score.get_rect(topright=(self.r.right - self.px(60), y)))
            y += name.get_height() + self.px(12)
        hands = T.render(tr("ui.game_over.hands", count=g.hand_number), max(13, size - 6), style.MUTED, italic=True)
        surface.blit(hands, hands.get_rect(midtop=(self.r.centerx, y + 8)))
