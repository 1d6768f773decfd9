"""One frame of the table: the cached layer of table and panel, the hand easing into
place, drag targets, flights and effects, the hint and a refusal's reason.

It reads the table through the read-only `TableView` and the scene's moving parts (the
animator, the drag), and changes nothing in the game.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.rules.cards import Card, make_decks
from game.ui.geometry.board import Board
from game.ui.table.guidance import (
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
from game.ui.table.panel import draw_panel

if TYPE_CHECKING:
    from game.ui.table.parts import TableParts


class TableFrame:
    def __init__(self, scene: TableParts) -> None:
        self.scene = scene  # the owner: its view, animator, renderer and drag are read here
        self.rule_link_rect: pygame.Rect | None = None  # the refusal's "Rule" chip, when shown
        self.refusal_box: pygame.Rect | None = None  # the refusal's box, when shown (a click closes it)
        self.hint_box: pygame.Rect | None = None  # the hint's box, when shown
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        # the board the layer shows, held and compared by identity: an id() in the key
        # could be reused by a board rebuilt after a settings change (the back colour)
        self._layer_board: object = None
        self._warm: Iterator[tuple[Card, int]] | None = self._warm_faces()

    def forget(self) -> None:
        """Text was drawn in another language: draw the layer again."""
        self._layer_key = None

    # -- faces ahead of need -------------------------------------------------------------
    @property
    def warming(self) -> bool:
        """Faces are still being rendered ahead of need (a few each frame)."""
        return self._warm is not None

    def restart_warming(self) -> None:
        self._warm = self._warm_faces()

    def _warm_faces(self) -> Iterator[tuple[Card, int]]:
        """Every face at the sizes this layout uses, the human's own cards first.

        A face at a new size costs several milliseconds to render; doing them a few per
        frame in advance keeps a card landing in the hand from ever costing a frame."""
        view = self.scene.view
        L = view.layout
        g = view.game
        first = list(g.hands[view.human]) + list(g.pile.cards[-2:])
        for c in first:
            yield c, L.hand_w
        deck = make_decks(1, 2)
        for w in (L.hand_w, L.table_w, L.pile_w):
            for c in deck:
                yield c, w

    def prewarm(self, budget: float = 0.003) -> None:
        if self._warm is None:
            return
        start = time.perf_counter()
        art = self.scene.view.art
        while time.perf_counter() - start < budget:
            try:
                c, w = next(self._warm)
            except StopIteration:
                self._warm = None
                return
            art.face_for(c, w)

    # -- the hand ------------------------------------------------------------------------
    def ease_hand(self, dt: float) -> None:
        sc = self.scene
        b = sc.board
        disp = sc.hand_disp
        k = 1.0 if sc.animator.instant else 1 - math.exp(-dt * 16)
        live = set()
        for it in b.hand:
            if it.card is None:
                continue
            ident = it.card.identity
            live.add(ident)
            p = disp.get(ident)
            if p is None:
                disp[ident] = [float(it.rect.x), float(it.rect.y)]
                continue
            p[0] += (it.rect.x - p[0]) * k
            p[1] += (it.rect.y - p[1]) * k
            if abs(p[0] - it.rect.x) < 0.5 and abs(p[1] - it.rect.y) < 0.5:
                p[0], p[1] = float(it.rect.x), float(it.rect.y)
        if len(disp) > len(live) + 40:
            for gone in [k2 for k2 in disp if k2 not in live]:
                del disp[gone]

    def hand_settled(self, b: Board) -> bool:
        disp = self.scene.hand_disp
        for it in b.hand:
            p = disp.get(it.card.identity) if it.card is not None else None
            if p is not None and (p[0] != it.rect.x or p[1] != it.rect.y):
                return False
        return True

    # -- drawing -------------------------------------------------------------------------
    def panel_key(self) -> tuple:
        view = self.scene.view
        g = view.game
        return (g.hand_number, tuple(g.scores), tuple(bool(m) for m in g.melds), tuple(g.minimums),
                view.turn_text(), view.prompt_text(), view.message_text(),
                tuple(sum(1 for m in side.values() if m.is_canasta) for side in g.melds),
                tuple(g.side_of), g.went_out,  # cut-throat: who is alone, who are partners
                view.log_key())

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        view = sc.view
        b = view.board
        L = view.layout
        r = sc.renderer
        drag = sc.drag
        # The table and the panel change a few times a second at most: they are drawn
        # into one cached layer, so a frame is mostly one blit plus what is moving.
        settled = drag is None and self.hand_settled(b)
        key = (sc._board_key, settled, view.stock_hot(), view.pile_hot(), self.panel_key())
        if (b is not self._layer_board or key != self._layer_key or self._layer is None
                or self._layer.get_size() != L.size):
            if self._layer is None or self._layer.get_size() != L.size:
                self._layer = pygame.Surface(L.size).convert() if pygame.display.get_surface() else pygame.Surface(L.size)
            fading = frozenset(f.hide for f in sc.animator.flights if f.fade and f.hide is not None)
            r.draw_board(self._layer, b, sc.hand_disp if settled else None, fading)
            sc.log_hidden = draw_panel(self._layer, view, r, sc.panel_bottom)
            self._layer_key, self._layer_board = key, b
        surface.blit(self._layer, (0, 0))
        if not settled:
            r.draw_hand(surface, b, sc.hand_disp)
        size = max(12, round(L.size[1] * 0.019))
        if drag is not None:
            r.draw_targets(surface, drag, L)
        else:
            self.draw_learning(surface, size)
        r.draw_flights(surface, sc.animator.flights)
        if sc.held:
            hand = {c.identity: c for c in sc.game.hands[sc.session.human]}
            r.draw_held(surface, [(hand[i], rect) for i, rect in sc.held.items() if i in hand])
        if drag is not None:
            r.draw_drag(surface, drag, L)
            r.draw_drop_callout(surface, drag, L, size)  # over the cards: never hidden by them
        r.draw_effects(surface, sc.animator.effects, L)
        self.draw_answer(surface)

    def draw_answer(self, surface: pygame.Surface) -> None:
        """The partner's answer to "May I go out?" stays in a bubble by the partner's seat
        for the rest of the human's turn (it binds what the human may do now); while the
        answer's own bubble plays, that one speaks."""
        sc = self.scene
        view = sc.view
        g = view.game
        if g.answer is None or g.asker != view.human or g.to_play != view.human:
            return
        partner = next((s for s in range(g.players)
                        if s != view.human and g.side_of_seat(s) == g.side_of_seat(view.human)), None)
        if partner is None or any(e.kind == "bubble" and e.seat == partner and not e.done
                                  for e in sc.animator.effects):
            return
        text = tr("ui.bubble.yes") if g.answer else tr("ui.bubble.no")
        sc.renderer.speech(surface, text, partner, view.layout.play.center, view.layout)

    def draw_learning(self, surface: pygame.Surface, size: int) -> None:
        """The hint (lifted cards, glowing target, the reason) and a refusal's reason with
        its "Rule" link."""
        sc = self.scene
        view = sc.view
        L = view.layout
        self.rule_link_rect = self.hint_box = None
        toast = sc.toast
        h = sc.controller.current_hint() if not sc.animator.busy else None
        if h is not None:
            action = h.action
            draw_lifted_cards(view, sc.renderer, surface, action_cards(action), HINT)
            rects = action_rects(view, action)
            for rect in rects:
                draw_glow_rect(surface, rect, HINT, pulse())
            anchor = rects[0] if rects else L.pile
            if toast is None:  # a refusal's reason has the floor (the boxes would overlap)
                # clear of the hand it points into (it hid the fan's left cards) and of the
                # other seats, as of the stock's and the pile's words
                self.hint_box = text_box(surface, advice_text(h), anchor, L.play.inflate(-L.margin, -L.margin),
                                         size, HINT, title=tr("ui.hint.title"), avoid=sc.renderer.keep_off())
        self.refusal_box = None
        if toast is not None:
            box = self.refusal_box = sc.renderer.callout(surface, toast, L, size)
            if box is not None and toast.key and rule_section(toast.key):
                self.rule_link_rect = rule_link(surface, box, size)
