"""A finished hand's deal, re-dealt from its revealed seed and shown card by card: every
seat's cards as the hand began, the threes laid out at the deal, the pile and the whole
stock in the order it was drawn, with the commitment the table showed during the hand."""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import tr
from game.rules.cards import Card
from game.rules.deal import DealRecord
from game.ui.shell import style
from game.ui.shell.backdrop import felt
from game.ui.shell.scene import Scene
from game.ui.shell.widgets import button
from game.ui.table.replay import grouped

T = style.TEXT


class DealScene(Scene):
    def __init__(self, app, record: DealRecord, hand_number: int, seat_names: list[str]) -> None:
        super().__init__(app)
        self.record = record
        self.hand_number = hand_number
        self.seat_names = seat_names

    def rows(self) -> list[tuple[str, tuple[Card, ...], tuple[Card, ...]]]:
        """What is shown, row by row: a heading, its cards and (a seat's) the threes it
        laid out at the deal."""
        r = self.record
        out = [(self.seat_names[s], r.hands[s], r.laid_out[s]) for s in range(len(r.hands))]
        out.append((tr("ui.deal.pile"), r.pile, ()))
        out.append((tr("ui.deal.stock", count=len(r.stock)), r.stock, ()))
        return out

    def build_ui(self) -> None:
        w, h = self.app.size
        px = self.px
        self.back_btn = self.ui_add(button(pygame.Rect(w - px(240), h - px(64), px(220), px(46)), tr("ui.back"),
                                           self.app.manager, object_id="#primary"))

    def handle(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_btn) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN)):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        title = T.render(tr("ui.deal.title", number=self.hand_number), max(24, h // 26),
                         style.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, 14)))
        small = max(13, h // 54)
        note = T.render(tr("ui.deal.commitment", hash=grouped(self.record.commitment, 8)), small,
                        style.MUTED)
        surface.blit(note, note.get_rect(midtop=(w // 2, 18 + title.get_height())))
        rows = self.rows()
        x0, x1 = 24, w - 24
        head_w = min(self.px(220), w // 6)
        top, bottom = 30 + title.get_height() + note.get_height(), h - self.px(76)
        # rows of cards fanned left to right; the stock wraps onto as many lines as it needs
        cw = max(28, min(self.px(64), w // 24))
        step = max(12, cw // 2)
        per_line = max(1, (x1 - x0 - head_w - cw) // step + 1)
        lines = sum(max(1, -(-(len(cards) + 2 * len(laid)) // per_line)) for _, cards, laid in rows)
        line_h = min(int(cw * 1.45) + 6, (bottom - top) // max(1, lines))
        cw = min(cw, int((line_h - 6) / 1.45))
        art = self.app.art
        y = top
        hidden = self.record.pile_hidden
        for heading, cards, laid in rows:
            hy = y + 4
            for part in T.wrap(heading, small + 1, head_w - 12, bold=True):
                img = T.render(part, small + 1, style.CREAM, bold=True)
                surface.blit(img, (x0, hy))
                hy += img.get_height()
            if hidden and cards is self.record.pile:  # italian: the buried cards
                note = T.render(tr("ui.deal.face_down", count=hidden), small, style.MUTED, italic=True)
                surface.blit(note, (x0, hy))
            if not cards:
                dash = T.render("\u2013", small + 1, style.MUTED)
                surface.blit(dash, (x0 + head_w, y + 4))
                y += line_h
                continue
            for i in range(0, len(cards), per_line):
                for j, c in enumerate(cards[i:i + per_line]):
                    face = art.face_for(c, cw)
                    surface.blit(face, (x0 + head_w + j * step, y))
                    if cards is self.record.pile and i + j < hidden:  # dealt face down
                        shade = pygame.Surface(face.get_size(), pygame.SRCALPHA)
                        shade.fill((0, 0, 0, 110))
                        surface.blit(shade, (x0 + head_w + j * step, y))
                y += line_h
            if laid:  # beside the hand after a gap, then their caption
                x = x0 + head_w + (min(len(cards), per_line) - 1) * step + cw + 2 * step
                for j, c in enumerate(laid):
                    surface.blit(art.face_for(c, cw), (x + j * step, y - line_h))
                cap = T.render(tr("ui.deal.laid_out"), small, style.MUTED, italic=True)
                x += (len(laid) - 1) * step + cw + 10
                surface.blit(cap, cap.get_rect(midleft=(x, y - line_h + (line_h - 6) // 2)))
