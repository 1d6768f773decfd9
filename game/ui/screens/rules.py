"""The rules of the variant being played, generated from its RuleSet (game/rules_text.py).

A table of contents on the left (one button per section) and the text on the right in a
scrolling view we draw ourselves, so a section can be opened directly: the table's "Rule"
link after a refused move opens the section that explains the refusal.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIPanel

from game.i18n import tr
from game.rules_text import rules_sections
from game.ui.shell import style
from game.ui.shell.backdrop import felt
from game.ui.shell.scene import Scene
from game.ui.shell.widgets import Choice, button, label

T = style.TEXT


def rules_for_menu(prefs) -> Any:
    """The rules the player would get from "New game" now: variant and house options."""
    from game.rules.ruleset import VARIANTS, offered_house_options

    name = prefs.variant if prefs.variant in VARIANTS else "classic"
    rules = VARIANTS[name]
    house = dict(prefs.house_rules.get(name, {}))
    options = {k: v for k, v in house.items() if k in offered_house_options(rules)}
    try:
        return rules.with_options(**options)
    except (ValueError, TypeError):
        return rules


class RulesScene(Scene):
    arrows_scroll = True  # the arrows scroll the text; Tab walks the sections
    """`rules`: the RuleSet to explain (None: the one New game would use). `section`: the
    section id to open at (see game.rules_text.SECTION_IDS)."""

    def __init__(self, app, rules: Any = None, section: str | None = None,
                 variant_choice: bool | None = None) -> None:
        super().__init__(app)
        self.rules = rules if rules is not None else rules_for_menu(app.prefs)
        self.variant_choice = rules is None if variant_choice is None else variant_choice
        self.sections = rules_sections(self.rules)
        self.scroll = 0
        self.want_section = section
        self.toc: dict[str, Any] = {}
        self.anchors: dict[str, int] = {}
        self._content: bool | None = None
        self._height = 0
        self._blocks: list[tuple[int, pygame.Surface]] = []
        self._content_key: tuple | None = None
        self.variant_box: Choice | None = None

    # -- geometry --------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        pw, ph = min(self.px(1080), w - 40), h - 40
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def view_rect(self) -> pygame.Rect:
        pr = self.panel_rect()
        toc_w = self.toc_width()
        px = self.px
        return pygame.Rect(pr.x + toc_w + px(40), pr.y + px(70), pr.w - toc_w - px(70), pr.h - px(150))

    def toc_width(self) -> int:
        # never narrower than the design's 250 when the window has the width: the longest
        # section titles need it even at a smaller interface scale
        return max(self.px(180), min(max(250, self.px(250)), self.panel_rect().w // 4))

    def text_size(self) -> int:
        return max(14, round(self.app.size[1] * 0.0205))

    # -- ui ----------------------------------------------------------------------------
    def build_ui(self) -> None:
        m = self.app.manager
        pr = self.panel_rect()
        panel = self.ui_add(UIPanel(pr, manager=m))
        title = tr("ui.rules.title_variant", variant=tr(f"ui.variant.{self.rules.name}"))
        px = self.px
        label(pygame.Rect(0, px(12), pr.w - 6, px(44)), title, m, container=panel, object_id="#title")
        self.toc = {}
        bh = max(px(28), min(px(38), (pr.h - px(160)) // max(1, len(self.sections))))
        y = px(70)
        for sid, sec_title, _paras in self.sections:
            self.toc[sid] = button(pygame.Rect(px(20), y, self.toc_width(), bh - 4), sec_title, m,
                                   container=panel, object_id="#small")
            y += bh
        bw, bh2, edge = px(200), px(46), px(20)
        self.done_btn = button(pygame.Rect(pr.w - bw - edge, pr.h - bh2 - edge, bw, bh2), tr("ui.back"),
                               m, container=panel, object_id="#primary")
        self.variant_box = None
        if self.variant_choice:
            from game.rules.ruleset import VARIANTS

            names = list(VARIANTS)
            label(pygame.Rect(edge, pr.h - bh2 - edge, px(150), bh2), tr("ui.rules.variant"), m, container=panel)
            self.variant_box = Choice(pygame.Rect(px(170), pr.h - bh2 - px(14), px(300), px(34)), names,
                                      [tr(f"ui.variant.{v}") for v in names], self.rules.name, m,
                                      container=panel)
        self._content = None
        if self.want_section:
            self.go_to(self.want_section)

    def go_to(self, section: str) -> None:
        """Scroll so that `section` starts at the top of the view."""
        self._ensure_content()
        self.want_section = None
        self.scroll = self._clamp(self.anchors.get(section, 0))
        self.current = section

    @property
    def max_scroll(self) -> int:
        self._ensure_content()
        return max(0, self._height - self.view_rect().h)

    def _clamp(self, v: float) -> int:
        return int(max(0, min(self.max_scroll, v)))

    def scroll_to(self, y: float) -> None:
        """Show the page from `y` down (kept within the page)."""
        self.scroll = self._clamp(y)

    def section_at_top(self) -> str:
        best = self.sections[0][0]
        for sid, y in self.anchors.items():
            if y <= self.scroll + 4 and y >= self.anchors.get(best, 0):
                best = sid
        return best

    # -- content ---------------------------------------------------------------------------
    def _ensure_content(self) -> None:
        vr = self.view_rect()
        size = self.text_size()
        key = (vr.w, size, id(self.sections))
        if self._content is not None and key == self._content_key:
            return
        self._content_key = key
        w = vr.w - 18  # the scroll bar
        blocks: list[tuple[int, pygame.Surface]] = []
        y = 0
        line_h = style.font(size).get_linesize()
        self.anchors = {}
        for sid, title, paragraphs in self.sections:
            self.anchors[sid] = y
            img = T.render(title, size + 6, style.GOLD, bold=True)
            blocks.append((y, img))
            y += img.get_height() + 6
            for para in paragraphs:
                if isinstance(para, str):
                    for line in T.wrap(para, size, w - 8):
                        blocks.append((y, T.render(line, size, style.CREAM)))
                        y += line_h
                    y += line_h // 2
                else:
                    y = self._table(blocks, para, y, w, size, line_h)
            y += line_h
        # room after the text, so that even the last section can scroll to the top (and
        # its contents button is the one outlined when it is opened)
        last = self.anchors[self.sections[-1][0]] if self.sections else 0
        self._height = max(y + line_h, last + vr.h)
        self._content = True
        self._blocks = blocks

    def _table(self, blocks, rows, y, w, size, line_h) -> int:
        col = int(w * 0.7)
        for i, (lab, val) in enumerate(rows):
            lines = T.wrap(lab, size, col - 24)
            h = line_h * len(lines) + 4
            row = pygame.Surface((w - 8, h), pygame.SRCALPHA)
            if i % 2 == 0:
                row.fill((255, 255, 255, 14))
            yy = 2
            for line in lines:
                row.blit(T.render(line, size, style.CREAM), (12, yy))
                yy += line_h
            v = T.render(val, size, style.GOLD, bold=True)
            row.blit(v, v.get_rect(topright=(w - 20, 2)))
            blocks.append((y, row))
            y += h
        return y + line_h // 2

    # -- events ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done_btn:
                self.app.pop()
                return
            for sid, b in self.toc.items():
                if event.ui_element is b:
                    self.go_to(sid)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.variant_box is not None \
                and event.ui_element is self.variant_box.widget:
            from game.rules.ruleset import VARIANTS

            self.rules = VARIANTS[self.variant_box.value]
            self.sections = rules_sections(self.rules)
            self._content = None
            self.scroll = 0
            self.resize(self.app.size)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = self._clamp(self.scroll - event.y * self.text_size() * 3)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self._bar_rect()
            if bar is not None and bar.inflate(10, 0).collidepoint(event.pos):
                frac = (event.pos[1] - bar.y) / max(1, bar.h)
                self.scroll = self._clamp(frac * (self.max_scroll + self.view_rect().h) - self.view_rect().h / 2)
        elif event.type == pygame.KEYDOWN:
            page = self.view_rect().h - 40
            step = self.text_size() * 3
            moves = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: page,
                     pygame.K_PAGEUP: -page, pygame.K_SPACE: page}
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in moves:
                self.scroll = self._clamp(self.scroll + moves[event.key])
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self.scroll = self.max_scroll

    def _bar_rect(self) -> pygame.Rect | None:
        vr = self.view_rect()
        return pygame.Rect(vr.right - self.px(10), vr.y, self.px(8), vr.h)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        if self.app.top is not self:
            return
        self._ensure_content()
        vr = self.view_rect()
        clip = surface.get_clip()
        surface.set_clip(vr)
        for by, img in self._blocks:
            yy = vr.y + by - self.scroll
            if yy + img.get_height() < vr.y or yy > vr.bottom:
                continue
            surface.blit(img, (vr.x, yy))
        surface.set_clip(clip)
        # the scroll bar
        total = self._height
        bar = self._bar_rect()
        assert bar is not None
        pygame.draw.rect(surface, (0, 0, 0), bar, border_radius=4)
        if total > vr.h:
            th = max(30, round(bar.h * vr.h / total))
            ty = bar.y + round((bar.h - th) * self.scroll / max(1, self.max_scroll))
            pygame.draw.rect(surface, style.GOLD_DARK, (bar.x, ty, bar.w, th), border_radius=4)
        # which section is on top: its contents button is outlined
        top = self.section_at_top()
        b = self.toc.get(top)
        if b is not None:
            pygame.draw.rect(surface, style.GOLD, b.rect.inflate(4, 4), 2, border_radius=6)
