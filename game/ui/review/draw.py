"""Drawing the hand review (review/scene.py): every hand face up with the move made and
the better one marked, and beside it the move's rating, the summary and the duplicate."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.hints import move_words
from game.ai.review import Duplicate
from game.i18n import number, tr
from game.rules import Game
from game.rules.actions import Action, Draw, TakePile
from game.rules.cards import Card
from game.ui.review.scene import (
    BETTER,
    LABEL_COLOURS,
    PLAYED,
    Column,
    ReviewLayout,
    cards_of,
    dup_lines,
    marked,
    points_lost,
    reason_text,
    targets,
    words,
)
from game.ui.shell import style

if TYPE_CHECKING:
    from game.ui.review.scene import ReviewScene

T = style.TEXT


def draw_review(scene: ReviewScene, surface: pygame.Surface) -> None:
    lay = scene.layout()
    rec = scene.rec
    title = tr("ui.review.title", number=rec.hand) if rec is not None else tr("ui.review.none")
    img = T.render(title, lay.title, style.GOLD, bold=True)
    surface.blit(img, img.get_rect(center=(lay.left.centerx, lay.hand_button.centery)))
    if scene.positions is None or rec is None:
        msg = T.render(tr("ui.review.unavailable"), lay.font(lay.text + 2), style.MUTED, italic=True)
        surface.blit(msg, msg.get_rect(center=lay.table.center))
        return
    g = scene.positions[scene.step]
    action = rec.moves[scene.step] if scene.step < len(rec.moves) else None
    rated = scene.review.rated(scene.step) if scene.review is not None else None
    better = rated.best if rated is not None and rated.best != rated.action else None
    draw_timeline(scene, surface, lay.timeline, lay)
    draw_table(scene, surface, lay.table, g, action, better, lay)
    draw_side(scene, surface, lay.side, g, action, lay)


# ------------------------------------------------------------------------------ the table
def draw_table(scene: ReviewScene, surface: pygame.Surface, box: pygame.Rect, g: Game,
               action: Action | None, better: Action | None, lay: ReviewLayout) -> None:
    art = scene.app.art
    px, size = lay.px, lay.font(lay.text)
    n = g.players
    sides = [s for s in range(len(g.melds))]
    rows = n + len(sides) + 1
    # the cards as large as the table's own (never larger), smaller when the rows need it
    pad = px(16)
    cw = max(px(24), min(lay.card_w, int((min(px(120), box.h // rows) - pad) / 1.42)))
    ch = art.size_for(cw)[1]
    row_h = min(box.h // rows, ch + pad + px(12))
    head_w = lay.timeline.x - box.x
    top = px(12)  # the cards' top below the row's
    x0 = box.x + head_w
    room = box.right - x0
    mover = g.to_play
    y = box.y
    for seat in range(n):
        hand = g.hands[seat]
        turn = action is not None and seat == mover
        name = scene.seat(seat)
        _heading(surface, (box.x, y + px(6)), name,
                 T.render(tr("ui.review.cards", count=len(hand)), lay.font(lay.text - 3), style.MUTED),
                 size, turn, lay)
        played = marked(hand, cards_of(action)) if turn and action is not None else set()
        good = marked(hand, cards_of(better)) if turn and better is not None else set()
        _fan(scene, surface, hand, x0, y + top, cw, room, played, good, lay)
        y += row_h
    for side in sides:
        _heading(surface, (box.x, y + px(6)), scene.side(g, side), None, size, False, lay)
        mine = action is not None and g.side_of[mover] == side
        _melds(scene, surface, g, side, x0, y + px(10), max(px(20), int(cw * 0.8)), room, lay,
               (targets(action), targets(better)) if mine else (set(), set()))
        y += row_h
    # the pile and the stock, each outlined when the move (or the better one) draws on it
    _heading(surface, (box.x, y + px(6)), tr("ui.review.pile_stock"), None, size, False, lay)
    x = x0
    small = lay.font(lay.text - 2)
    up = g.pile.top
    if up is not None:
        under = list(g.pile.cards[-4:-1])
        for i, c in enumerate(under):
            surface.blit(art.face_for(c, cw), (x + i * cw // 4, y + top))
        at = x + len(under) * cw // 4
        surface.blit(art.face_for(up, cw), (at, y + top))
        _mark(surface, pygame.Rect(at, y + top, cw, ch), action, better, TakePile, lay)
        x = at + cw + px(10)
    cap = T.render(tr("ui.pile.count", count=len(g.pile.cards)), small, style.CREAM)
    surface.blit(cap, (x, y + top + ch // 2 - cap.get_height() // 2))
    x += cap.get_width() + px(40)
    if g.stock:
        back = art.back(art.back_style(scene.app.prefs.back_colour), cw)
        surface.blit(back, (x, y + top))
        _mark(surface, pygame.Rect(x, y + top, cw, ch), action, better, Draw, lay)
        x += cw + px(10)
    cap = T.render(tr("ui.stock.count", count=len(g.stock)), small, style.CREAM)
    surface.blit(cap, (x, y + top + ch // 2 - cap.get_height() // 2))
    _legend(surface, box.right, y + top + ch // 2, lay.font(lay.text - 3), lay)


def _heading(surface: pygame.Surface, at: tuple[int, int], name: str, sub: pygame.Surface | None,
             size: int, turn: bool, lay: ReviewLayout) -> None:
    """A row's name; the player to move gets a gold arrow (drawn: the font has none)."""
    px = lay.px
    colour = style.GOLD if turn else style.CREAM
    img = T.render(name, size, colour, bold=True)
    x = at[0]
    if turn:
        cy = at[1] + img.get_height() // 2
        pygame.draw.polygon(surface, style.GOLD, [(x, cy - px(6)), (x + px(10), cy), (x, cy + px(6))])
        x += px(16)
    surface.blit(img, (x, at[1]))
    if sub is not None:
        surface.blit(sub, (x, at[1] + img.get_height() + px(2)))


def _outline(surface: pygame.Surface, colour, r: pygame.Rect, lay: ReviewLayout, grow: int = 4) -> None:
    """A move's mark around a card or a meld: `grow` design pixels wider all round."""
    pygame.draw.rect(surface, colour, r.inflate(lay.px(grow), lay.px(grow)), max(2, lay.px(3)),
                     border_radius=lay.px(6))


def _fan(scene: ReviewScene, surface: pygame.Surface, hand: list[Card], x: int, y: int, cw: int,
         room: int, played: set[int], good: set[int], lay: ReviewLayout) -> None:
    art = scene.app.art
    if not hand:
        dash = T.render("\u2013", lay.font(lay.text), style.MUTED)
        surface.blit(dash, (x, y + lay.px(10)))
        return
    step = min(int(cw * 0.62), (room - cw) // max(1, len(hand) - 1)) if len(hand) > 1 else cw
    ch = art.size_for(cw)[1]
    lift = max(lay.px(6), cw // 6)
    for i, c in enumerate(hand):
        dy = -lift if i in played or i in good else 0
        r = pygame.Rect(x + i * step, y + dy + lift // 2, cw, ch)
        surface.blit(art.face_for(c, cw), r)
        if i in good:
            _outline(surface, BETTER, r, lay)
        elif i in played:
            _outline(surface, PLAYED, r, lay)


def _melds(scene: ReviewScene, surface: pygame.Surface, g: Game, side: int, x: int, y: int,
           cw: int, room: int, lay: ReviewLayout, marks: tuple[set[int], set[int]]) -> None:
    """A side's red threes and melds, each a small fan with its count when long; the
    melds the move (gold) or the better move (green) lays cards on are outlined."""
    art = scene.app.art
    px = lay.px
    groups: list[tuple[list[Card], bool]] = []
    ranks: list[int | None] = []
    if g.red_threes[side]:
        groups.append((list(g.red_threes[side]), False))
        ranks.append(None)
    for meld_rank, m in sorted(g.melds[side].items(), key=lambda kv: -int(kv[0])):
        groups.append((list(m.cards), len(m.cards) >= 7))
        ranks.append(int(meld_rank))
    if not groups:
        dash = T.render(tr("ui.review.no_melds"), lay.font(lay.text - 2), style.MUTED, italic=True)
        surface.blit(dash, (x, y + px(14)))
        return
    # a side with many melds: the fans close up, then show fewer cards, then get smaller
    step, most, gap = max(px(6), cw // 4), 5, px(10)

    def widths_now() -> list[int]:
        return [cw + step * (min(len(cards), most) - 1) for cards, _ in groups]

    widths = widths_now()
    while sum(widths) + gap * len(widths) > room:
        if step > px(5):
            step -= 1
        elif most > 3:
            most -= 1
        elif cw > px(20):
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
            _outline(surface, BETTER if rank in better else PLAYED, pygame.Rect(x, y, width, ch), lay, 6)
        if len(cards) > most or canasta:
            badge = T.render(str(len(cards)), lay.font(lay.text - 4), style.INK, bold=True)
            br = badge.get_rect(midbottom=(x + width // 2, y + ch + px(2))).inflate(px(8), px(2))
            pygame.draw.rect(surface, style.GOLD if canasta else style.CREAM, br, border_radius=br.h // 2)
            surface.blit(badge, badge.get_rect(center=br.center))
        x += width + gap


def _mark(surface: pygame.Surface, r: pygame.Rect, action: Action | None, better: Action | None,
          kind: type, lay: ReviewLayout) -> None:
    if isinstance(better, kind):
        _outline(surface, BETTER, r, lay, 6)
    elif isinstance(action, kind):
        _outline(surface, PLAYED, r, lay, 6)


# ------------------------------------------------------------------------------ the column
def draw_side(scene: ReviewScene, surface: pygame.Surface, box: pygame.Rect, g: Game,
              action: Action | None, lay: ReviewLayout) -> None:
    px, f, size = lay.px, lay.font, lay.text
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*style.PANEL, 215), panel.get_rect(), border_radius=px(12))
    pygame.draw.rect(panel, (*style.PANEL_EDGE, 200), panel.get_rect(), max(1, px(2)), border_radius=px(12))
    surface.blit(panel, box)
    col = Column(surface, box.inflate(-px(32), -px(28)), lay.scale)
    rec = scene.rec
    assert rec is not None
    job = scene.job
    if job is not None and not job.done():
        col.text(tr("ui.review.rating", percent=round(job.progress * 100)), f(size - 1), style.MUTED)
        col.gap(4)
        col.bar(job.progress)
        col.gap(4)
    elif job is not None and scene.review is None:
        col.text(tr("ui.review.failed"), f(size - 1), style.ILLEGAL)
    # the move
    total = len(rec.moves)
    if action is None:
        col.text(tr("ui.review.end"), f(size + 1), style.GOLD, bold=True)
        col.gap(4)
        totals = {s.side: s.total for s in g.last_scores}
        for side, points in sorted(totals.items()):
            col.text(f"{scene.side(g, side)}: {number(points, signed=True)}", f(size), style.CREAM)
    else:
        col.text(tr("ui.review.move", number=scene.step + 1, total=total), f(size - 2), style.MUTED)
        col.text(f"{scene.seat(g.to_play)}: {words(action, g)}", f(size + 1), style.CREAM, bold=True)
        col.gap(6)
        _rating(scene, col, g, action, lay)
    col.rule()
    _summary(scene, col, lay)
    _duplicate(scene, col, lay)


def _legend(surface: pygame.Surface, right: int, cy: int, size: int, lay: ReviewLayout) -> None:
    """What the outlines on the table mean, right-aligned at `right`, one under the other,
    centred on `cy`."""
    px = lay.px
    rows = [(T.render(tr(key), size, style.MUTED), colour)
            for key, colour in (("ui.review.legend_played", PLAYED), ("ui.review.legend_better", BETTER))]
    x = right - max(img.get_width() for img, _ in rows)
    y = cy - sum(img.get_height() + px(6) for img, _ in rows) // 2
    for img, colour in rows:
        surface.blit(img, (x, y))
        pygame.draw.rect(surface, colour, (x - px(22), y + px(2), px(14), img.get_height() - px(4)),
                         max(1, px(2)), border_radius=px(3))
        y += img.get_height() + px(6)


def draw_timeline(scene: ReviewScene, surface: pygame.Surface, box: pygame.Rect,
                  lay: ReviewLayout) -> None:
    """Every move of the hand as a step on a line: the human's rated decisions as dots in
    their label's colour (bigger the costlier), the position shown as a gold marker."""
    rec = scene.rec
    if rec is None or not rec.moves:
        return
    px = lay.px
    n = len(rec.moves)
    y = box.centery
    pygame.draw.line(surface, (*style.CAPTION,), (box.x, y), (box.right, y), max(1, px(2)))

    def x_of(i: int) -> int:
        return box.x + round(i * box.w / n)

    scene.timeline = (box, n)
    if scene.review is not None:
        for d in scene.review.decisions:
            r = 4 if d.label in ("best", "good") else 6 if d.label == "inaccuracy" else 8
            pygame.draw.circle(surface, LABEL_COLOURS[d.label], (x_of(d.index), y), px(r))
    x = x_of(scene.step)
    pygame.draw.polygon(surface, style.GOLD, [(x - px(7), y - px(12)), (x + px(7), y - px(12)), (x, y - px(3))])
    pygame.draw.line(surface, style.GOLD, (x, y - px(3)), (x, y + px(8)), max(1, px(2)))


def _rating(scene: ReviewScene, col: Column, g: Game, action: Action, lay: ReviewLayout) -> None:
    rec = scene.rec
    assert rec is not None
    px, f, size = lay.px, lay.font, lay.text
    rated = scene.review.rated(scene.step) if scene.review is not None else None
    if g.to_play != rec.human:
        return
    if rated is None:
        waiting = scene.review is None and len(g.legal_actions()) > 1
        col.text(tr("ui.review.pending" if waiting else "ui.review.forced"), f(size - 1),
                 style.MUTED, italic=True)
        return
    colour = LABEL_COLOURS[rated.label]
    word = T.render(tr(f"ui.review.label.{rated.label}"), f(size + 1), style.INK, bold=True)
    badge = pygame.Rect(col.box.x, col.y, word.get_width() + px(20), word.get_height() + px(8))
    pygame.draw.rect(col.surface, colour, badge, border_radius=px(8))
    col.surface.blit(word, word.get_rect(center=badge.center))
    if rated.loss >= 0.5:
        lost = T.render(points_lost(rated.loss), f(size), colour, bold=True)
        if badge.right + px(12) + lost.get_width() <= col.box.right:
            col.surface.blit(lost, lost.get_rect(midleft=(badge.right + px(12), badge.centery)))
        else:  # a long label and points in a narrow column: the points under the badge
            col.y = badge.bottom + px(4)
            badge = col.text(points_lost(rated.loss), f(size), colour, bold=True)
    col.y = badge.bottom + px(8)
    if rated.best != rated.action:
        col.text(tr("ui.review.better", move=words(rated.best, g)), f(size), BETTER, bold=True)
    reason = reason_text(rated.reason)
    if reason:
        col.gap(2)
        col.text(reason, f(size - 2), style.CREAM, italic=True)


def _summary(scene: ReviewScene, col: Column, lay: ReviewLayout) -> None:
    scene.costly_rects = []
    rv = scene.review
    if rv is None:
        return
    px, f, size = lay.px, lay.font, lay.text
    col.text(tr("ui.review.summary"), f(size), style.GOLD, bold=True)
    if not rv.decisions:
        col.text(tr("ui.review.no_decisions"), f(size - 2), style.MUTED, italic=True)
        return
    col.text(tr("ui.review.accuracy", percent=round(rv.accuracy * 100), count=len(rv.decisions)),
             f(size - 1), style.CREAM)
    # one coloured dot and count per label, wrapped to the column
    x, dot, line = col.box.x, px(6), 0
    col.gap(2)
    for name, count in rv.counts().items():
        img = T.render(tr(f"ui.review.count.{name}", count=count), f(size - 4), style.CREAM)
        if x > col.box.x and x + 2 * dot + px(4) + img.get_width() > col.box.right:
            x = col.box.x
            col.y += line + px(4)
        line = max(line, img.get_height())
        pygame.draw.circle(col.surface, LABEL_COLOURS[name], (x + dot, col.y + img.get_height() // 2), dot)
        col.surface.blit(img, (x + 2 * dot + px(4), col.y))
        x += 2 * dot + px(4) + img.get_width() + px(12)
    col.y += line + px(8)
    costly = rv.costliest()
    if not costly:
        col.text(tr("ui.review.no_costly"), f(size - 2), style.MUTED, italic=True)
        return
    col.text(tr("ui.review.costliest"), f(size - 2), style.MUTED)
    for d in costly:
        at = scene.positions[d.index] if scene.positions else None
        line_text = tr("ui.review.costly_line", number=d.index + 1,
                       move=words(d.action, at) if at is not None else "",
                       label=tr(f"ui.review.label.{d.label}"), points=number(round(d.loss)))
        r = col.text(line_text, f(size - 3), LABEL_COLOURS[d.label], indent=px(10))
        scene.costly_rects.append((r.inflate(px(8), px(4)), d.index))


def _duplicate(scene: ReviewScene, col: Column, lay: ReviewLayout) -> None:
    job = scene.dup_job
    if job is None:
        return
    px, f, size = lay.px, lay.font, lay.text
    if scene.review is not None:  # the summary above it (else the move's rule is enough)
        col.rule()
    col.text(tr("ui.review.duplicate_title"), f(size), style.GOLD, bold=True)
    if not job.done():
        col.text(tr("ui.review.dup_running", percent=round(job.progress * 100)), f(size - 2), style.MUTED)
        col.bar(job.progress, style.CREAM)
        return
    dup = scene.dup
    if dup is None:
        col.text(tr("ui.review.failed"), f(size - 2), style.ILLEGAL)
        return
    g = scene.positions[-1] if scene.positions else None
    rows = dup_lines(dup, lambda side: scene.side(g, side) if g is not None else str(side))
    x0, x1, x2 = col.box.x, col.box.x + int(col.box.w * 0.56), col.box.right
    small = f(size - 3)
    # the table is one playout; the sentence below it, the mean and spread of them all
    col.text(tr("ui.review.dup_one_of", count=max(1, len(dup.runs))), small, style.MUTED)
    for text, right in ((tr("ui.review.as_you_played"), x1), (tr("ui.review.as_hard_played"), x2)):
        img = T.render(text, small, style.CREAM, bold=True)
        col.surface.blit(img, (right - img.get_width(), col.y))
    col.y += style.font(small, bold=True).get_linesize() + px(2)
    for k, (name, yours, hards) in enumerate(rows):
        last = k == len(rows) - 1
        colour = style.GOLD if last else style.CREAM
        for text, right in ((yours, x1), (hards, x2)):
            img = T.render(text, small, colour, bold=last)
            col.surface.blit(img, (right - img.get_width(), col.y))
        img = T.render(name, small, colour, bold=last)
        col.surface.blit(img, (x0, col.y))
        col.y += img.get_height() + px(2)
    col.gap(4)
    col.text(tr("ui.review.dup_runs", count=len(dup.runs), mean=number(round(dup.mean), signed=True),
                spread=number(round(dup.spread)), yours=number(dup.your_margin, signed=True)),
             small, style.CREAM)
    diff = round(dup.mean) - dup.your_margin
    key = "ui.review.dup_better" if diff > 0 else "ui.review.dup_worse" if diff < 0 else "ui.review.dup_same"
    col.text(tr(key, points=number(abs(diff))), small, style.MUTED, italic=True)
    _moves_beside(scene, col, lay, dup)


DUP_MOVES = 6  # the first moves of the seat shown side by side


def _moves_beside(scene: ReviewScene, col: Column, lay: ReviewLayout, dup: Duplicate) -> None:
    """The seat's first moves as played, beside the computer's in its first playout."""
    rec = scene.rec
    if rec is None or not dup.hard_moves:
        return
    positions = scene.positions or []
    yours = [(a, positions[i]) for i, a in enumerate(rec.moves)
             if i < len(positions) and positions[i].to_play == rec.human][:DUP_MOVES]
    small = lay.font(lay.text - 3)
    line = style.font(small).get_linesize()
    col.gap(4)
    if col.y + 4 * line > col.box.bottom:
        return  # no room for the title and one pair (each may wrap): the totals say the result
    col.text(tr("ui.review.dup_moves_title"), small, style.GOLD, bold=True)
    for k in range(min(DUP_MOVES, max(len(yours), len(dup.hard_moves)))):
        if col.y + 2 * line > col.box.bottom:  # a pair may wrap to two lines
            break
        mine = words(*yours[k]) if k < len(yours) else ""
        theirs = move_words(dup.hard_moves[k]) if k < len(dup.hard_moves) else ""
        marker = "=" if k < len(yours) and k < len(dup.hard_moves) \
            and yours[k][0] == dup.hard_moves[k] else "\u2260"
        col.text(tr("ui.review.dup_move_pair", number=k + 1, yours=mine, mark=marker,
                    computer=theirs), small, style.CREAM)
