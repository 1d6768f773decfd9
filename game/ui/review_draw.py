"""Drawing the hand review (review_scene.py): every hand face up with the move made and
the better one marked, and beside it the move's rating, the summary and the duplicate."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import number, tr
from game.rules import Game
from game.rules.actions import Action, Draw, TakePile
from game.rules.cards import Card

from . import style
from .review_scene import (
    BETTER,
    LABEL_COLOURS,
    PLAYED,
    SIDE_W,
    Column,
    cards_of,
    dup_lines,
    marked,
    points_lost,
    reason_text,
    targets,
    words,
)

if TYPE_CHECKING:
    from .review_scene import ReviewScene

T = style.TEXT


def draw_review(scene: ReviewScene, surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    rec = scene.rec
    left = pygame.Rect(20, 62, w - SIDE_W - 60, h - 62 - 76)
    size = max(14, min(19, h // 44))
    title = tr("ui.review.title", number=rec.hand) if rec is not None else tr("ui.review.none")
    img = T.render(title, max(22, h // 30), style.GOLD, bold=True)
    surface.blit(img, img.get_rect(midtop=(left.centerx, 14)))
    if scene.positions is None or rec is None:
        msg = T.render(tr("ui.review.unavailable"), size + 2, style.MUTED, italic=True)
        surface.blit(msg, msg.get_rect(center=left.center))
        return
    g = scene.positions[scene.step]
    action = rec.moves[scene.step] if scene.step < len(rec.moves) else None
    rated = scene.review.rated(scene.step) if scene.review is not None else None
    better = rated.best if rated is not None and rated.best != rated.action else None
    draw_timeline(scene, surface, pygame.Rect(left.x + 150, 58, left.w - 160, 20))
    draw_table(scene, surface, left.move(0, 22).inflate(0, -22), g, action, better, size)
    draw_side(scene, surface, pygame.Rect(w - SIDE_W - 20, 14, SIDE_W, h - 14 - 124), g, action, size)


# ------------------------------------------------------------------------------ the table
def draw_table(scene: ReviewScene, surface: pygame.Surface, box: pygame.Rect, g: Game,
               action: Action | None, better: Action | None, size: int) -> None:
    art = scene.app.art
    n = g.players
    sides = [s for s in range(len(g.melds))]
    rows = n + len(sides) + 1
    row_h = min(120, box.h // rows)
    cw = max(24, min(64, int((row_h - 16) / 1.42)))
    ch = art.size_for(cw)[1]
    head_w = 150
    x0 = box.x + head_w
    room = box.right - x0
    mover = g.to_play
    y = box.y
    for seat in range(n):
        hand = g.hands[seat]
        turn = action is not None and seat == mover
        name = scene.seat(seat)
        _heading(surface, (box.x, y + 6), name,
                 T.render(tr("ui.review.cards", count=len(hand)), size - 3, style.MUTED), size, turn)
        played = marked(hand, cards_of(action)) if turn and action is not None else set()
        good = marked(hand, cards_of(better)) if turn and better is not None else set()
        _fan(scene, surface, hand, x0, y + 12, cw, room, played, good)
        y += row_h
    for side in sides:
        _heading(surface, (box.x, y + 6), scene.side(g, side), None, size, False)
        mine = action is not None and g.side_of[mover] == side
        _melds(scene, surface, g, side, x0, y + 10, max(20, int(cw * 0.8)), room, size,
               (targets(action), targets(better)) if mine else (set(), set()))
        y += row_h
    # the pile and the stock, each outlined when the move (or the better one) draws on it
    _heading(surface, (box.x, y + 6), tr("ui.review.pile_stock"), None, size, False)
    x = x0
    top = g.pile.top
    if top is not None:
        under = list(g.pile.cards[-4:-1])
        for i, c in enumerate(under):
            surface.blit(art.face_for(c, cw), (x + i * cw // 4, y + 12))
        px = x + len(under) * cw // 4
        surface.blit(art.face_for(top, cw), (px, y + 12))
        _mark(surface, pygame.Rect(px, y + 12, cw, ch), action, better, TakePile)
        x = px + cw + 10
    cap = T.render(tr("ui.pile.count", count=len(g.pile.cards)), size - 2, style.CREAM)
    surface.blit(cap, (x, y + 12 + ch // 2 - cap.get_height() // 2))
    x += cap.get_width() + 40
    if g.stock:
        back = art.back(art.back_styles()[0], cw)
        surface.blit(back, (x, y + 12))
        _mark(surface, pygame.Rect(x, y + 12, cw, ch), action, better, Draw)
        x += cw + 10
    cap = T.render(tr("ui.stock.count", count=len(g.stock)), size - 2, style.CREAM)
    surface.blit(cap, (x, y + 12 + ch // 2 - cap.get_height() // 2))
    _legend(surface, box.right, y + 12 + ch // 2 - size, size - 3)


def _heading(surface: pygame.Surface, at: tuple[int, int], name: str, sub: pygame.Surface | None,
             size: int, turn: bool) -> None:
    """A row's name; the player to move gets a gold arrow (drawn: the font has none)."""
    colour = style.GOLD if turn else style.CREAM
    img = T.render(name, size, colour, bold=True)
    x = at[0]
    if turn:
        cy = at[1] + img.get_height() // 2
        pygame.draw.polygon(surface, style.GOLD, [(x, cy - 6), (x + 10, cy), (x, cy + 6)])
        x += 16
    surface.blit(img, (x, at[1]))
    if sub is not None:
        surface.blit(sub, (x, at[1] + img.get_height() + 2))


def _fan(scene: ReviewScene, surface: pygame.Surface, hand: list[Card], x: int, y: int, cw: int,
         room: int, played: set[int], good: set[int]) -> None:
    art = scene.app.art
    if not hand:
        dash = T.render("\u2013", 18, style.MUTED)
        surface.blit(dash, (x, y + 10))
        return
    step = min(int(cw * 0.62), (room - cw) // max(1, len(hand) - 1)) if len(hand) > 1 else cw
    ch = art.size_for(cw)[1]
    lift = max(6, cw // 6)
    for i, c in enumerate(hand):
        dy = -lift if i in played or i in good else 0
        r = pygame.Rect(x + i * step, y + dy + lift // 2, cw, ch)
        surface.blit(art.face_for(c, cw), r)
        if i in good:
            pygame.draw.rect(surface, BETTER, r.inflate(4, 4), 3, border_radius=6)
        elif i in played:
            pygame.draw.rect(surface, PLAYED, r.inflate(4, 4), 3, border_radius=6)


def _melds(scene: ReviewScene, surface: pygame.Surface, g: Game, side: int, x: int, y: int,
           cw: int, room: int, size: int, marks: tuple[set[int], set[int]]) -> None:
    """A side's red threes and melds, each a small fan with its count when long; the
    melds the move (gold) or the better move (green) lays cards on are outlined."""
    art = scene.app.art
    groups: list[tuple[list[Card], bool]] = []
    ranks: list[int | None] = []
    if g.red_threes[side]:
        groups.append((list(g.red_threes[side]), False))
        ranks.append(None)
    for rank, m in sorted(g.melds[side].items(), key=lambda kv: -int(kv[0])):
        groups.append((list(m.cards), len(m.cards) >= 7))
        ranks.append(int(rank))
    if not groups:
        dash = T.render(tr("ui.review.no_melds"), size - 2, style.MUTED, italic=True)
        surface.blit(dash, (x, y + 14))
        return
    # a side with many melds: the fans close up, then show fewer cards, then get smaller
    step, most, gap = max(6, cw // 4), 5, 10

    def widths_now() -> list[int]:
        return [cw + step * (min(len(cards), most) - 1) for cards, _ in groups]

    widths = widths_now()
    while sum(widths) + gap * len(widths) > room:
        if step > 5:
            step -= 1
        elif most > 3:
            most -= 1
        elif cw > 20:
            cw -= 2
        else:
            break
        widths = widths_now()
    ch = art.size_for(cw)[1]
    played, better = marks
    for (cards, canasta), width, rank in zip(groups, widths, ranks, strict=True):
        shown = cards[:most]
        for i, c in enumerate(shown):
            surface.blit(art.face_for(c, cw), (x + i * step, y))
        if rank is not None and (rank in better or rank in played):
            colour = BETTER if rank in better else PLAYED
            pygame.draw.rect(surface, colour, (x - 3, y - 3, width + 6, ch + 6), 3, border_radius=6)
        if len(cards) > most or canasta:
            badge = T.render(str(len(cards)), max(11, size - 4), style.INK, bold=True)
            br = badge.get_rect(midbottom=(x + width // 2, y + ch + 2)).inflate(8, 2)
            pygame.draw.rect(surface, style.GOLD if canasta else style.CREAM, br, border_radius=7)
            surface.blit(badge, badge.get_rect(center=br.center))
        x += width + gap


def _mark(surface: pygame.Surface, r: pygame.Rect, action: Action | None, better: Action | None,
          kind: type) -> None:
    if isinstance(better, kind):
        pygame.draw.rect(surface, BETTER, r.inflate(6, 6), 3, border_radius=6)
    elif isinstance(action, kind):
        pygame.draw.rect(surface, PLAYED, r.inflate(6, 6), 3, border_radius=6)


# ------------------------------------------------------------------------------ the column
def draw_side(scene: ReviewScene, surface: pygame.Surface, box: pygame.Rect, g: Game,
              action: Action | None, size: int) -> None:
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*style.PANEL, 215), panel.get_rect(), border_radius=12)
    pygame.draw.rect(panel, (*style.PANEL_EDGE, 200), panel.get_rect(), 2, border_radius=12)
    surface.blit(panel, box)
    col = Column(surface, box.inflate(-32, -28))
    rec = scene.rec
    assert rec is not None
    job = scene.job
    if job is not None and not job.done():
        col.text(tr("ui.review.rating", percent=round(job.progress * 100)), size - 1, style.MUTED)
        col.gap(4)
        col.bar(job.progress)
        col.gap(4)
    elif job is not None and scene.review is None:
        col.text(tr("ui.review.failed"), size - 1, style.ILLEGAL)
    # the move
    total = len(rec.moves)
    if action is None:
        col.text(tr("ui.review.end"), size + 1, style.GOLD, bold=True)
        col.gap(4)
        totals = {s.side: s.total for s in g.last_scores}
        for side, points in sorted(totals.items()):
            col.text(f"{scene.side(g, side)}: {number(points, signed=True)}", size, style.CREAM)
    else:
        col.text(tr("ui.review.move", number=scene.step + 1, total=total), size - 2, style.MUTED)
        col.text(f"{scene.seat(g.to_play)}: {words(action, g)}", size + 1, style.CREAM, bold=True)
        col.gap(6)
        _rating(scene, col, g, action, size)
    col.rule()
    _summary(scene, col, size)
    _duplicate(scene, col, size)


def _legend(surface: pygame.Surface, right: int, y: int, size: int) -> None:
    """What the outlines on the table mean, right-aligned at `right`, one under the other."""
    rows = [(T.render(tr(key), size, style.MUTED), colour)
            for key, colour in (("ui.review.legend_played", PLAYED), ("ui.review.legend_better", BETTER))]
    x = right - max(img.get_width() for img, _ in rows)
    for img, colour in rows:
        surface.blit(img, (x, y))
        pygame.draw.rect(surface, colour, (x - 22, y + 2, 14, img.get_height() - 4), 2, border_radius=3)
        y += img.get_height() + 6


def draw_timeline(scene: ReviewScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    """Every move of the hand as a step on a line: the human's rated decisions as dots in
    their label's colour (bigger the costlier), the position shown as a gold marker."""
    rec = scene.rec
    if rec is None or not rec.moves:
        return
    n = len(rec.moves)
    y = box.centery
    pygame.draw.line(surface, (*style.CAPTION,), (box.x, y), (box.right, y), 2)

    def x_of(i: int) -> int:
        return box.x + round(i * box.w / n)

    scene.timeline = (box, n)
    if scene.review is not None:
        for d in scene.review.decisions:
            r = 4 if d.label in ("best", "good") else 6 if d.label == "inaccuracy" else 8
            pygame.draw.circle(surface, LABEL_COLOURS[d.label], (x_of(d.index), y), r)
    x = x_of(scene.step)
    pygame.draw.polygon(surface, style.GOLD, [(x - 7, y - 12), (x + 7, y - 12), (x, y - 3)])
    pygame.draw.line(surface, style.GOLD, (x, y - 3), (x, y + 8), 2)


def _rating(scene: ReviewScene, col: Column, g: Game, action: Action, size: int) -> None:
    rec = scene.rec
    assert rec is not None
    rated = scene.review.rated(scene.step) if scene.review is not None else None
    if g.to_play != rec.human:
        return
    if rated is None:
        waiting = scene.review is None and len(g.legal_actions()) > 1
        col.text(tr("ui.review.pending" if waiting else "ui.review.forced"), size - 1,
                 style.MUTED, italic=True)
        return
    colour = LABEL_COLOURS[rated.label]
    word = T.render(tr(f"ui.review.label.{rated.label}"), size + 1, style.INK, bold=True)
    badge = pygame.Rect(col.box.x, col.y, word.get_width() + 20, word.get_height() + 8)
    pygame.draw.rect(col.surface, colour, badge, border_radius=8)
    col.surface.blit(word, word.get_rect(center=badge.center))
    if rated.loss >= 0.5:
        lost = T.render(points_lost(rated.loss), size, colour, bold=True)
        col.surface.blit(lost, lost.get_rect(midleft=(badge.right + 12, badge.centery)))
    col.y = badge.bottom + 8
    if rated.best != rated.action:
        col.text(tr("ui.review.better", move=words(rated.best, g)), size, BETTER, bold=True)
    reason = reason_text(rated.reason)
    if reason:
        col.gap(2)
        col.text(reason, size - 2, style.CREAM, italic=True)


def _summary(scene: ReviewScene, col: Column, size: int) -> None:
    scene.costly_rects = []
    rv = scene.review
    if rv is None:
        return
    col.text(tr("ui.review.summary"), size, style.GOLD, bold=True)
    if not rv.decisions:
        col.text(tr("ui.review.no_decisions"), size - 2, style.MUTED, italic=True)
        return
    col.text(tr("ui.review.accuracy", percent=round(rv.accuracy * 100), count=len(rv.decisions)),
             size - 1, style.CREAM)
    # one coloured dot and count per label
    x = col.box.x
    for name, count in rv.counts().items():
        img = T.render(f"{count} {tr(f'ui.review.label.{name}')}", size - 4, style.CREAM)
        if x + 16 + img.get_width() > col.box.right:
            x = col.box.x
            col.y += img.get_height() + 4
        pygame.draw.circle(col.surface, LABEL_COLOURS[name], (x + 6, col.y + 2 + img.get_height() // 2), 6)
        col.surface.blit(img, (x + 16, col.y + 2))
        x += 16 + img.get_width() + 12
    col.y += 26
    costly = rv.costliest()
    if not costly:
        col.text(tr("ui.review.no_costly"), size - 2, style.MUTED, italic=True)
        return
    col.text(tr("ui.review.costliest"), size - 2, style.MUTED)
    for d in costly:
        at = scene.positions[d.index] if scene.positions else None
        line = tr("ui.review.costly_line", number=d.index + 1,
                  move=words(d.action, at) if at is not None else "",
                  label=tr(f"ui.review.label.{d.label}"), points=number(round(d.loss)))
        r = col.text(line, size - 3, LABEL_COLOURS[d.label], indent=10)
        scene.costly_rects.append((r.inflate(8, 4), d.index))


def _duplicate(scene: ReviewScene, col: Column, size: int) -> None:
    job = scene.dup_job
    if job is None:
        return
    col.rule()
    col.text(tr("ui.review.duplicate_title"), size, style.GOLD, bold=True)
    if not job.done():
        col.text(tr("ui.review.dup_running", percent=round(job.progress * 100)), size - 2, style.MUTED)
        col.bar(job.progress, style.CREAM)
        return
    dup = scene.dup
    if dup is None:
        col.text(tr("ui.review.failed"), size - 2, style.ILLEGAL)
        return
    g = scene.positions[-1] if scene.positions else None
    rows = dup_lines(dup, lambda side: scene.side(g, side) if g is not None else str(side))
    x0, x1, x2 = col.box.x, col.box.x + int(col.box.w * 0.56), col.box.right
    head = [("", style.MUTED), (tr("ui.review.as_you_played"), style.CREAM),
            (tr("ui.review.as_hard_played"), style.CREAM)]
    small = size - 3
    for i, (text, colour) in enumerate(head):
        if not text:
            continue
        img = T.render(text, small, colour, bold=True)
        at = (x1, col.y) if i == 1 else (x2 - img.get_width(), col.y)
        if i == 1:
            at = (x1 - img.get_width(), col.y)
        col.surface.blit(img, at)
    col.y += style.font(small, bold=True).get_linesize() + 2
    for k, (name, yours, hards) in enumerate(rows):
        last = k == len(rows) - 1
        colour = style.GOLD if last else style.CREAM
        for text, right in ((yours, x1), (hards, x2)):
            img = T.render(text, small, colour, bold=last)
            col.surface.blit(img, (right - img.get_width(), col.y))
        img = T.render(name, small, colour, bold=last)
        col.surface.blit(img, (x0, col.y))
        col.y += img.get_height() + 2
    diff = dup.hard_margin - dup.your_margin
    key = "ui.review.dup_better" if diff > 0 else "ui.review.dup_worse" if diff < 0 else "ui.review.dup_same"
    col.gap(4)
    col.text(tr(key, points=number(abs(diff))), small, style.MUTED, italic=True)
