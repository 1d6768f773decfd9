"""Engine events turned into card flights and table effects.

`apply()` returns what happened; here each event becomes motion, one after the other,
with start and end points read from the board before the move and the board after it.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules import events as ev
from game.rules.cards import Card
from game.ui.geometry.board import Board, CardItem
from game.ui.motion.tween import Animator, Effect, Flight

# normal-speed seconds
DEAL_STAGGER = 0.045
DEAL_TIME = 0.32
MOVE_TIME = 0.42
MELD_STAGGER = 0.07
SWEEP_STAGGER = 0.035


class Choreographer:
    def __init__(self, animator: Animator, human: int, seat_name) -> None:
        self.animator = animator
        self.human = human
        self.seat_name = seat_name  # seat -> player-facing name

    def play(self, events: list[ev.Event], before: Board, after: Board,
             origins: dict[tuple[int, int], pygame.Rect] | None = None) -> tuple[float, bool]:
        """Queue the motion for one move; returns (when it ends, whether the hand ended)."""
        origins = origins or {}
        cursor = self.animator.horizon()
        moved: set[tuple[int, int]] = set()
        dealt = any(isinstance(e, ev.HandDealt) for e in events)
        hand_over = False
        L = after.layout

        def src_of(card: Card, seat: int | None, fallback: str) -> tuple[tuple[float, float], int, float, bool]:
            r = origins.get(card.identity)
            if r is not None:
                return r.center, r.w, 0.0, True
            it = before.pos.get(card.identity)
            if it is not None:
                return it.rect.center, _width(it, L), it.angle, it.face_up
            if fallback == "seat" and seat is not None and seat != self.human and seat in before.seat_anchor:
                c, a = before.seat_anchor[seat]
                return c, L.back_w, a, False
            return L.stock.center, L.pile_w, 0.0, False

        def fly(card: Card, seat: int | None, fallback: str, delay: float, duration: float,
                sound: str | None = None, arc: float = 0.0) -> None:
            if card.identity in moved:
                return
            moved.add(card.identity)
            (sx, sy), sw, sa, sface = src_of(card, seat, fallback)
            it = after.pos.get(card.identity)
            if it is not None:
                dst, dw, da, dface, seat_in = it.rect.center, _width(it, L), it.angle, it.face_up, None
                hide = card.identity
            elif seat is not None and seat in after.seat_anchor:
                (dst, da), dw, dface, seat_in, hide = after.seat_anchor[seat], L.back_w, False, seat, None
            else:
                return
            self.animator.add(Flight(card if (sface or dface) else None, (sx, sy), dst, sw, dw, sa, da,
                                     sface, dface, delay, duration, hide, seat_in, sound, arc))

        for e in events:
            if isinstance(e, ev.HandDealt):
                order = [(e.dealer + 1 + i) % L.players for i in range(L.players)]
                t = cursor
                mine = list(reversed([it.card for it in after.hand if it.card is not None]))
                k = 0
                for rnd in range(e.cards_each):
                    for seat in order:
                        snd = "deal" if k % 3 == 0 else None
                        if seat == self.human:
                            if mine:
                                fly(mine.pop(), seat, "stock", t, DEAL_TIME, snd)
                        elif rnd < len(after.backs.get(seat, [])) + 0:
                            centre, a = after.seat_anchor[seat]
                            self.animator.add(Flight(None, L.stock.center, centre, L.pile_w, L.back_w, 0.0, a,
                                                     False, False, t, DEAL_TIME, None, seat, snd))
                        t += DEAL_STAGGER
                        k += 1
                while mine:  # replacements of dealt red threes
                    fly(mine.pop(), self.human, "stock", t, DEAL_TIME)
                    t += DEAL_STAGGER
                for item in after.pile_items:
                    if item.card is not None:
                        fly(item.card, None, "stock", t, MOVE_TIME, "card_place")
                if after.pile_freezer and after.pile_freezer.card:
                    fly(after.pile_freezer.card, None, "stock", t, MOVE_TIME)
                cursor = t + MOVE_TIME
                self._sound(e, 0.0)
            elif isinstance(e, ev.CardsDrawn):
                if dealt and e.seat != self.human:
                    continue  # the deal animation already filled that hand
                for i, c in enumerate(e.cards):
                    fly(c, e.seat, "stock", cursor + i * 0.12, MOVE_TIME, "card_slide" if i == 0 else None, 12)
                cursor += 0.12 * len(e.cards) + MOVE_TIME * 0.6
            elif isinstance(e, ev.PileTaken):
                self._sound(e, cursor)
                for i, c in enumerate(reversed(e.cards)):
                    fly(c, e.seat, "pile", cursor + i * SWEEP_STAGGER, MOVE_TIME + 0.1)
                cursor += SWEEP_STAGGER * len(e.cards) + MOVE_TIME * 0.7
            elif isinstance(e, ev.Melded):
                self._sound(e, cursor)
                for i, c in enumerate(e.cards):
                    fly(c, e.seat, "seat", cursor + i * MELD_STAGGER, MOVE_TIME, None, 18)
                cursor += MELD_STAGGER * len(e.cards) + MOVE_TIME * 0.6
            elif isinstance(e, ev.RedThreeLaidOut):
                fly(e.card, e.seat, "stock", cursor, MOVE_TIME + 0.1, "red_three", 20)
                cursor += MOVE_TIME * 0.8
            elif isinstance(e, ev.Discarded):
                fly(e.card, e.seat, "seat", cursor, MOVE_TIME, "card_place", 10)
                cursor += MOVE_TIME
            elif isinstance(e, ev.CanastaCompleted):
                box = next((m for m in after.melds if m.side == e.side and m.rank == e.rank), None)
                pos = box.column.midtop if box else L.play.center
                pos = (pos[0], pos[1] + L.table_h // 2)
                # a canasta of wild cards is its own kind: never called natural
                text = tr("ui.fx.wild_canasta" if e.wild else
                          "ui.fx.natural_canasta" if e.natural else "ui.fx.mixed_canasta")
                self.animator.effect(Effect("burst", pos, "", cursor, 1.0, False, seed=int(cursor * 1000)))
                self.animator.effect(Effect("banner", pos, text, cursor, 1.1, True,
                                            (236, 90, 80) if e.natural else (240, 240, 240)))
                self._sound(e, cursor)
                cursor += 0.6
            elif isinstance(e, ev.AskedToGoOut):
                self._bubble(after, e.seat, tr("ui.bubble.may_i"), cursor, 1.3)
                self._sound(e, cursor)
                cursor += 1.0
            elif isinstance(e, ev.Answered):
                self._bubble(after, e.seat, tr("ui.bubble.yes") if e.yes else tr("ui.bubble.no"), cursor, 1.8)
                cursor += 1.2
            elif isinstance(e, ev.PilePassed):
                self._bubble(after, e.seat, tr("ui.bubble.pass"), cursor, 1.2)
                cursor += 0.8
            elif isinstance(e, ev.PartnershipFormed):
                # long enough to read, without holding up play; over the top band, clear of
                # the stock, the pile and their counts (the partners meld there, or the lone hand)
                self.animator.effect(Effect("banner", L.top_area.center, self.alone_text(e.lone_seat, L.players),
                                            cursor, 3.0, False))
                cursor += 1.2
            elif isinstance(e, ev.WentOut):
                self._sound(e, cursor)
                self.animator.effect(Effect("burst", L.play.center, "", cursor, 1.3, False, seed=7))
                self.animator.effect(Effect("banner", L.play.center,
                                            tr("ui.fx.went_out", name=self.seat_name(e.seat)), cursor, 1.6))
                cursor += 1.4
            elif isinstance(e, (ev.HandScored, ev.GameWon)):
                hand_over = True
                self._sound(e, cursor)
        return cursor, hand_over

    def alone_text(self, lone: int, players: int) -> str:
        """Cut-throat: who now plays alone, against whom, by name."""
        others = [s for s in range(players) if s != lone]
        if lone == self.human:
            return tr("ui.fx.alone_you", first=self.seat_name(others[0]), second=self.seat_name(others[1]))
        other = next(s for s in others if s != self.human)
        return tr("ui.fx.alone_other", name=self.seat_name(lone), other=self.seat_name(other))

    def _sound(self, e: ev.Event, at: float) -> None:
        self.animator.effect(Effect("sound", (0, 0), "", at, 0.01, False, payload=e))

    def _bubble(self, b: Board, seat: int, text: str, at: float, duration: float) -> None:
        L = b.layout
        if seat == self.human:
            pos = (L.play.centerx, L.hand_y - L.lift - L.margin)
        else:
            c, _a = b.seat_anchor.get(seat, (L.play.center, 0.0))
            pos_name = L.seat_pos.get(seat, "top")
            dx = {"left": L.back_h, "right": -L.back_h}.get(pos_name, 0)
            dy = L.back_h // 2 + L.margin if pos_name == "top" else 0
            pos = (c[0] + dx, c[1] + dy)
        # the seat goes along: the bubble is drawn beside that seat's cards and name
        self.animator.effect(Effect("bubble", pos, text, at, duration, True, seat=seat))


def _width(it: CardItem, L) -> int:
    if it.card is None:
        return L.back_w
    w = it.rect.w if not it.angle else it.rect.h
    return w
