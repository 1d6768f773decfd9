"""The Statistics screen: the player's figures per variant and level, the running scores of
the current (or last) game and the results of the last games, with a reset."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIPanel

from game.i18n import get_locale, number, solo_key, tr
from game.rules.ruleset import VARIANTS
from game.ui.screens.charts import LOSS, SIDE_COLOURS, WIN, Series, bar_chart, line_chart
from game.ui.shell import style
from game.ui.shell.backdrop import felt
from game.ui.shell.dialogs import yes_no
from game.ui.shell.scene import Scene
from game.ui.shell.widgets import Choice, button, label
from saves.stats import RECENT_GAMES, Stats, Totals, load_stats, reset_stats

T = style.TEXT
DASH = "\u2013"  # a figure with nothing counted yet
LEVELS = ("easy", "normal", "hard", "greedy", "random")  # the levels with a name to show
SEAT_NAMES = {2: ("you", "north"), 3: ("you", "west", "east")}
# the results chart has room for this many bars before they narrow (up to RECENT_GAMES):
# a few games do not sit in a corner of an empty chart
BAR_SLOTS = 20


def decimal(x: float, places: int) -> str:
    """`x` with `places` decimals and the current language's decimal separator."""
    text = f"{x:,.{places}f}"
    if get_locale() == "en":
        return text
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".")


def percent(x: float) -> str:
    return tr("ui.stats.percent", value=number(round(100 * x)))


def figures(t: Totals, alone: bool = False) -> list[tuple[str, str]]:
    """The figures as (label, value) rows, in the current language (`alone`: the variant
    shown has no partnerships, so the hands "you" closed, not "your side")."""
    def of(count: int, total: int) -> str:
        if not total:
            return DASH
        return tr("ui.stats.of", count=number(count), total=number(total),
                  percent=percent(count / total))

    return [
        (tr("ui.stats.games"), number(t.games)),
        (tr("ui.stats.won"), of(t.won, t.games)),
        (tr("ui.stats.hands"), number(t.hands)),
        (tr("ui.stats.hands_won"), of(t.hands_won, t.hands)),
        (tr("ui.stats.average"),
         DASH if t.average_hand is None else number(round(t.average_hand), signed=True)),
        (tr("ui.stats.canastas"),
         DASH if t.canastas_per_hand is None else decimal(t.canastas_per_hand, 2)),
        (tr(solo_key("ui.stats.going_out", alone)), of(t.went_out, t.hands)),
        (tr("ui.stats.best"), DASH if t.best_game is None else number(t.best_game)),
    ]


def side_names(variant: str, sides: int, our_side: int) -> list[str]:
    rules = VARIANTS.get(variant)
    if rules is not None and rules.partnerships:
        return [tr("ui.side.us") if s == our_side else tr("ui.side.them") for s in range(sides)]
    names = SEAT_NAMES.get(sides, ())
    # the human sits at seat 0: the other seats keep the table's names
    return [tr(f"ui.seat.{names[(s - our_side) % sides]}") if names else str(s + 1)
            for s in range(sides)]


class StatsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        loaded = load_stats()
        self.stats: Stats = loaded.stats
        self.message: tuple[str, tuple[int, int, int]] | None = (
            (loaded.message, style.ILLEGAL) if loaded.message else None)
        self.variant: str | None = None
        self.level: str | None = None
        self.choices: dict[str, Choice] = {}
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self.bar_labels: list[tuple[str, pygame.Rect]] = []  # the recent games' values as drawn
        from saves.archive import list_games

        self.past = list_games().games  # the reviewed games' accuracy, newest first

    # -- what is shown -------------------------------------------------------------
    def totals(self) -> Totals:
        return self.stats.summary(self.variant, self.level)

    def figures(self) -> list[tuple[str, str]]:
        rules = VARIANTS.get(self.variant or "")
        return figures(self.totals(), alone=rules is not None and not rules.partnerships)

    def progress_filtered_out(self) -> bool:
        """The game the hand-by-hand chart knows is not of the variant or level chosen."""
        p = self.stats.progress
        return p is not None and ((self.variant is not None and p.variant != self.variant)
                                  or (self.level is not None and p.level != self.level))

    def progress_series(self) -> list[Series]:
        p = self.stats.progress
        if p is None or not p.scores or self.progress_filtered_out():
            return []
        names = side_names(p.variant, p.sides, p.our_side)
        return [Series(names[s], tuple(row[s] for row in p.scores),
                       SIDE_COLOURS[(s - p.our_side) % len(SIDE_COLOURS)], s == p.our_side)
                for s in range(p.sides)]

    def accuracy_series(self) -> list[Series]:
        """The share of reviewed decisions rated best or good, per archived game with a
        reviewed hand, oldest first (the variant filter applies)."""
        values = tuple(round(100 * g.accuracy) for g in reversed(self.past)
                       if g.accuracy is not None and (self.variant is None or g.variant == self.variant))
        return [Series(tr("ui.seat.you"), values, SIDE_COLOURS[0], True)] if values else []

    def recent(self) -> list[Any]:
        return [r for r in self.stats.recent
                if (self.variant is None or r.variant == self.variant)
                and (self.level is None or r.level == self.level)]

    # -- layout ---------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        pw, ph = min(self.px(1180), w - 40), min(h - 30, self.px(780))
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def left_width(self) -> int:
        return int(self.panel_rect().w * 0.4)

    def build_ui(self) -> None:
        m = self.app.manager
        pr = self.panel_rect()
        panel = self.ui_add(UIPanel(pr, manager=m))
        px = self.px
        label(pygame.Rect(0, px(12), pr.w - 6, px(44)), tr("ui.stats.title"), m, container=panel,
              object_id="#title")
        lw = self.left_width()
        variants = [None, *VARIANTS]
        levels = [None, *[lv for lv in LEVELS if lv in {"easy", "normal", "hard"}
                          or lv in self.stats.levels()]]
        cw = lw - px(40)
        lab = int(cw * 0.42)
        self.choices = {}
        for i, (name, values, labels, current) in enumerate((
                ("variant", variants, [tr("ui.stats.all_variants")]
                 + [tr(f"ui.variant.{v}") for v in VARIANTS], self.variant),
                ("level", levels, [tr("ui.stats.all_levels")]
                 + [tr(f"ui.ai.{lv}") for lv in levels[1:]], self.level))):
            y = px(70) + i * px(44)
            label(pygame.Rect(px(20), y, lab, px(34)), tr(f"ui.stats.{name}"), m, container=panel)
            self.choices[name] = Choice(pygame.Rect(px(20) + lab, y, cw - lab, px(34)), values, labels,
                                        current, m, container=panel)
        bw, bh, edge = px(220), px(46), px(20)
        self.back_btn = button(pygame.Rect(edge, pr.h - bh - edge, bw, bh), tr("ui.back"), m,
                               container=panel, object_id="#primary")
        self.reset_btn = button(pygame.Rect(pr.w - bw - edge, pr.h - bh - edge, bw, bh),
                                tr("ui.stats.reset"), m, container=panel)
        if self.stats.empty:
            self.reset_btn.disable()
        self._layer = None

    # -- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.variant = self.choices["variant"].value
            self.level = self.choices["level"].value
            self._layer = None
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_btn:
                self.app.pop()
            elif event.ui_element is self.reset_btn:
                self.ask_reset()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def ask_reset(self) -> None:
        def answer(yes: bool) -> None:
            if yes:
                self.reset()

        self.app.push(yes_no(self.app, lambda: tr("ui.stats.reset.title"),
                             lambda: tr("ui.stats.reset.text"), answer))

    def reset(self) -> None:
        problem = reset_stats()
        if problem:
            self.message = (problem, style.ILLEGAL)
            return
        self.stats = Stats()
        self.variant = self.level = None
        self.message = (tr("ui.stats.reset.done"), style.LEGAL)
        self.resize(self.app.size)

    # -- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        if self.app.top is not self:
            return
        key = (self.app.size, self.variant, self.level, get_locale(), id(self.stats),
               self.message)
        if self._layer is None or self._layer_key != key:
            self._layer = self._render(surface.get_size())
            self._layer_key = key
        surface.blit(self._layer, (0, 0))

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pr = self.panel_rect()
        h = size[1]
        px = self.px  # the 1280x800 design's pixels at the interface's scale
        largest = max(px(15), min(px(19), h // 44))
        lw = self.left_width()
        # the figures, a ruled table under the filters, and the notes under it; on a
        # small window the rows close up first, then the text gets smaller
        x0, x1 = pr.x + px(24), pr.x + lw - px(20)
        top, limit = pr.y + px(170), pr.bottom - px(86)
        rows = self.figures()
        texts = [tr("ui.stats.empty")] if self.stats.empty else []
        texts.append(tr("ui.stats.not_counted"))
        for fs in range(largest, 11, -1):
            small = max(12, fs - 3)
            notes = [T.wrap(text, small, x1 - x0) for text in texts]
            line_h = style.font(small, italic=True).get_linesize() + 2
            reserve = 10 + sum(len(n) * line_h + 6 for n in notes)
            row_h = min(px(44), (limit - top - reserve) // len(rows))
            if row_h >= fs + 8:
                break
        y = top
        for i, (name, value) in enumerate(rows):
            if i % 2 == 0:
                pygame.draw.rect(layer, (255, 255, 255, 12), (x0 - 6, y, x1 - x0 + 12, row_h),
                                 border_radius=4)
            img = T.render(name, fs, style.CREAM)
            layer.blit(img, img.get_rect(midleft=(x0, y + row_h // 2)))
            val = T.render(value, fs, style.GOLD, bold=True)
            layer.blit(val, val.get_rect(midright=(x1, y + row_h // 2)))
            y += row_h
        y += px(10)
        for lines in notes:
            for line in lines:
                layer.blit(T.render(line, small, style.MUTED, italic=True), (x0, y))
                y += line_h
            y += 6
        # the two charts, one above the other on the right
        cx = pr.x + lw + px(10)
        cw = pr.right - px(24) - cx
        top, bottom = pr.y + px(66), pr.bottom - px(86)
        third = (bottom - top - 2 * px(12)) // 3
        for i, kind in enumerate(("progress", "recent", "accuracy")):
            self._chart_box(layer, pygame.Rect(cx, top + i * (third + px(12)), cw, third), fs, small, kind)
        if self.message:
            img = T.render(self.message[0], small, self.message[1])
            layer.blit(img, img.get_rect(midbottom=(pr.centerx, pr.bottom - px(28))))
        return layer

    def _chart_box(self, layer: pygame.Surface, box: pygame.Rect, fs: int, small: int,
                   kind: str) -> None:
        pygame.draw.rect(layer, (0, 0, 0, 60), box, border_radius=10)
        pygame.draw.rect(layer, (*style.PANEL_EDGE, 160), box, 1, border_radius=10)
        px = self.px
        inner = box.inflate(-px(28), -px(20))
        p = self.stats.progress
        progress = kind == "progress"
        if progress:
            title = tr("ui.stats.progress.last" if p is not None and p.finished
                       else "ui.stats.progress.current")
        else:
            title = tr("ui.stats.recent" if kind == "recent" else "ui.stats.accuracy_chart")
        img = T.render(title, fs, style.GOLD, bold=True)
        layer.blit(img, inner.topleft)
        body = pygame.Rect(inner.x, inner.y + img.get_height() + 8, inner.w,
                           inner.h - img.get_height() - 8)
        if progress:
            series = self.progress_series()
            if not series:
                filtered = p is not None and self.progress_filtered_out()
                self._empty(layer, body, tr("ui.stats.progress.filtered", variant=tr(f"ui.variant.{p.variant}"))
                            if filtered and p is not None else tr("ui.stats.progress.empty"), small)
                return
            # the legend: a swatch and each side's name, right-aligned on the title's line
            lx = inner.right
            for s in reversed(series):
                name = T.render(s.name, small, style.CREAM, bold=s.bold)
                lx -= name.get_width()
                layer.blit(name, name.get_rect(midleft=(lx, inner.y + img.get_height() // 2)))
                lx -= px(22)
                pygame.draw.line(layer, s.colour, (lx, inner.y + img.get_height() // 2),
                                 (lx + px(16), inner.y + img.get_height() // 2), px(4))
                lx -= px(14)
            line_chart(layer, body, series, number, tr("ui.stats.hand_axis"), small)
            return
        if kind == "accuracy":
            series = self.accuracy_series()
            if not series:
                self._empty(layer, body, tr("ui.stats.accuracy_empty"), small)
                return
            line_chart(layer, body, series, lambda v: tr("ui.stats.percent", value=number(v)),
                       tr("ui.stats.accuracy_axis"), small, origin=False)
            return
        games = self.recent()
        if not games:
            self._empty(layer, body, tr("ui.stats.recent.empty", count=RECENT_GAMES), small)
            return
        key_y = inner.y + img.get_height() // 2
        kx = inner.right
        for text, colour in ((tr("ui.stats.lost"), LOSS), (tr("ui.stats.won_game"), WIN)):
            t = T.render(text, small, style.CREAM)
            kx -= t.get_width()
            layer.blit(t, t.get_rect(midleft=(kx, key_y)))
            kx -= px(20)
            pygame.draw.rect(layer, colour, (kx, key_y - px(6), px(12), px(12)), border_radius=2)
            kx -= px(16)
        self.bar_labels = bar_chart(layer, body, [g.margin for g in games], [g.won for g in games],
                                    lambda v: number(v, signed=v != 0), BAR_SLOTS, small)

    @staticmethod
    def _empty(layer: pygame.Surface, body: pygame.Rect, text: str, size: int) -> None:
        lines = T.wrap(text, size, body.w - 40)
        y = body.centery - len(lines) * (size + 4) // 2
        for line in lines:
            img = T.render(line, size, style.MUTED, italic=True)
            layer.blit(img, img.get_rect(midtop=(body.centerx, y)))
            y += size + 4
