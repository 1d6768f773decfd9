"""Learning at the table: where a move happens (for hints, refusals and the tutorial),
and the overlays that point at it — lifted glowing cards, glowing targets, an arrow, a
reason box with a "Rule" link.

Nothing here changes the game; the table scene asks and draws.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr, with_card_names
from game.rules.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Meld,
    NextHand,
    PassPile,
    TakePile,
)
from game.rules.cards import Card
from game.rules_text import section_for_key
from game.ui.geometry.board import Board
from game.ui.shell import style

if TYPE_CHECKING:
    from game.ui.table.draw import TableRenderer
    from game.ui.table.view import TableView

T = style.TEXT
HINT = (255, 214, 90)  # the hint's gold, a little brighter than the theme's
POINTER = (120, 220, 255)  # the tutorial's pointer: a colour nothing else uses


def action_cards(action: Action) -> list[Card]:
    """The hand cards a move uses."""
    if isinstance(action, Discard):
        return [action.card]
    if isinstance(action, Meld):
        return [c for g in action.groups for c in g]
    if isinstance(action, TakePile):
        return list(action.cards) + [c for g in action.melds for c in g]
    return []


def _group_rank(action: Meld, i: int):
    for c in action.groups[i]:
        if c.is_natural:
            return c.rank
    return action.target(i)


def action_rects(view: TableView, action: Action, board: Board | None = None) -> list[pygame.Rect]:
    """Where on the table a move goes: the stock, the pile, a meld, the new-meld space or
    a button."""
    L = view.layout
    b = board or view.board
    if isinstance(action, Draw):
        return [L.stock.copy()]
    if isinstance(action, (TakePile, Discard, PassPile)):
        return [L.pile.copy()]
    if isinstance(action, Meld):
        out: list[pygame.Rect] = []
        for i in range(len(action.groups)):
            rank = _group_rank(action, i)
            box = b.own_meld(rank) if rank is not None else None
            if box is not None:
                out.append(box.column.copy())
            elif b.staged:
                r = b.staged[0].column.unionall([s.column for s in b.staged[1:]])
                out.append(r)
            elif b.new_meld is not None:
                out.append(b.new_meld.copy())
        uniq: list[pygame.Rect] = []
        for r in out:
            if r not in uniq:
                uniq.append(r)
        return uniq or [L.bottom_area.copy()]
    key = {AskGoOut: "goout", AnswerGoOut: None, NextHand: None}.get(type(action))
    rect = view.button_rect(key) if key else None
    return [rect] if rect is not None else []


def pulse(period: float = 1.1) -> float:
    """0..1, smoothly, for glows that breathe."""
    return 0.5 + 0.5 * math.sin(time.monotonic() * 2 * math.pi / period)


def draw_glow_rect(surface: pygame.Surface, r: pygame.Rect, colour, strength: float) -> None:
    """A soft breathing halo around `r`."""
    _rings(surface, r, colour, ((12, 40), (8, 70), (4, 120)), 4, 0.45 + 0.55 * strength)
    pygame.draw.rect(surface, colour, r.inflate(4, 4), 3, border_radius=max(4, min(r.w, r.h) // 10))


def draw_lifted_cards(view: TableView, renderer: TableRenderer, surface: pygame.Surface, cards: list[Card],
                      colour) -> None:
    """The given hand cards marked in the fan: "these ones".

    The cards stay where they are, exactly where a click finds them: the hand is drawn
    again from the first marked card on, so every card keeps its place in the fan and no
    card hides its neighbour's corner. A marked card gets a breathing halo behind it and
    a frame in `colour`; once the player has selected it, it rises with the ordinary
    selection frame, which is how the player sees the click worked."""
    b = view.board
    want = [c.code for c in cards]
    marked: set[int] = set()
    for i, it in enumerate(b.hand):
        if it.card is not None and it.card.code in want:
            want.remove(it.card.code)
            marked.add(i)
    if not marked:
        return
    disp = view.hand_disp

    def rect_of(it) -> pygame.Rect:
        pos = disp.get(it.card.identity) if it.card is not None else None
        if pos is None:
            return it.rect.copy()
        return pygame.Rect(round(pos[0]), round(pos[1]), it.rect.w, it.rect.h)

    r_ = renderer
    strength = pulse()
    first = min(marked)
    for i in range(first, len(b.hand)):
        it = b.hand[i]
        if it.card is None:
            continue
        r = rect_of(it)
        glow = i in marked and not it.selected
        if glow:
            draw_halo(surface, r, colour, strength)
        surface.blit(r_.card_with_shadow(it.card, r.w), r.topleft)
        if it.selected:
            surface.blit(r_.outline(r.w + 6, r.h + 6, style.SELECT, 3), (r.x - 3, r.y - 3))
        elif glow:
            surface.blit(r_.outline(r.w + 6, r.h + 6, colour, 3), (r.x - 3, r.y - 3))


def draw_halo(surface: pygame.Surface, r: pygame.Rect, colour, strength: float) -> None:
    """Soft rings around `r`, fading outwards (drawn behind what they mark)."""
    _rings(surface, r, colour, ((10, 70), (6, 110), (3, 170)), 3, 0.4 + 0.6 * strength)


def _rings(surface: pygame.Surface, r: pygame.Rect, colour, rings: tuple[tuple[int, int], ...],
           width: int, scale: float) -> None:
    """Translucent rounded rings around `r`: (distance, alpha) each, alpha times `scale`."""
    for k, a in rings:
        rr = r.inflate(k * 2, k * 2)
        s = pygame.Surface(rr.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*colour, round(a * scale)), s.get_rect(),
                         width=width, border_radius=max(6, min(rr.w, rr.h) // 8))
        surface.blit(s, rr.topleft)


def draw_arrow(surface: pygame.Surface, tip: tuple[int, int], colour, size: int, t: float,
               direction: str = "down") -> None:
    """A fat arrow pointing at `tip`, bobbing: down onto it from above, or sideways
    (`"right"`: coming from the left, `"left"`: from the right)."""
    bob = round(size * 0.25 * t)
    w = size
    if direction in ("right", "left"):
        sx = 1 if direction == "right" else -1  # the way the arrow points
        x, y = tip[0] - sx * bob, tip[1]
        pts = [(x, y), (x - sx * (w // 2), y - w // 2), (x - sx * (w // 2), y - w // 5),
               (x - sx * w, y - w // 5), (x - sx * w, y + w // 5), (x - sx * (w // 2), y + w // 5),
               (x - sx * (w // 2), y + w // 2)]
    else:
        x, y = tip[0], tip[1] - bob
        pts = [(x, y), (x - w // 2, y - w // 2), (x - w // 5, y - w // 2), (x - w // 5, y - w),
               (x + w // 5, y - w), (x + w // 5, y - w // 2), (x + w // 2, y - w // 2)]
    shadow = [(px + 3, py + 4) for px, py in pts]
    pygame.draw.polygon(surface, (0, 0, 0), shadow)
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, (30, 30, 30), pts, 2)


def arrow_tip(target: pygame.Rect, direction: str) -> tuple[int, int]:
    """Where the arrow for `target` points: just outside the side it comes from."""
    if direction == "right":
        return target.x - 6, target.centery
    if direction == "left":
        return target.right + 6, target.centery
    return target.centerx, target.y - 6


def arrow_rect(target: pygame.Rect, size: int, direction: str = "down") -> pygame.Rect:
    """Where `draw_arrow` draws for a target, bobbing and with its shadow: what a box of
    words (or a button) must not cover."""
    reach = size + size // 4  # the arrow's length and its farthest bob
    x, y = arrow_tip(target, direction)
    if direction == "right":
        return pygame.Rect(x - reach, y - size // 2, reach + 3, size + 5)
    if direction == "left":
        return pygame.Rect(x, y - size // 2, reach + 3, size + 5)
    return pygame.Rect(x - size // 2, y - reach, size + 4, reach + 4)


def arrow_direction(view: TableView, target: pygame.Rect) -> str:
    """How the arrow comes to `target`: from the left onto the side panel's buttons (an
    arrow coming down would hide behind the button above) and onto the stock, from the
    right onto the pile (their sides are free, and the space above them is where the
    lesson's words go), from above onto everything else."""
    L = view.layout
    if target.x >= L.panel.x or target == L.stock:
        return "right"
    if target == L.pile:
        return "left"
    return "down"


def place_box(w: int, h: int, anchor: pygame.Rect, bounds: pygame.Rect, avoid: list[pygame.Rect],
              gap: int, below: bool = False) -> pygame.Rect:
    """Where a w x h box beside `anchor` goes: above it (below first when `below`), else
    below, right or left of it, the first that stays inside `bounds` and clear of every
    rect in `avoid` (the stock's and the pile's counts and badge: a box over them hid
    'Frozen'); when none is clear, the one that covers least of them."""
    groups = _near(anchor, avoid) + _fan(anchor, avoid)
    if groups:  # a box beside the stock or the pile keeps clear of its words too, and
        anchor = anchor.unionall(groups)  # one beside a card in hand clears the whole fan
    spots = [("midtop", anchor.midbottom, (0, gap)), ("midbottom", anchor.midtop, (0, -gap)),
             ("midleft", anchor.midright, (gap, 0)), ("midright", anchor.midleft, (-gap, 0))]
    if not below:
        spots[0], spots[1] = spots[1], spots[0]
    best, least = None, None
    for attr, point, (dx, dy) in spots:
        box = pygame.Rect(0, 0, w, h)
        setattr(box, attr, (point[0] + dx, point[1] + dy))
        box.clamp_ip(bounds)
        covered = sum(_area(box.clip(r)) for r in avoid) + _area(box.clip(anchor))
        if least is None or covered < least:
            best, least = box, covered
        if covered == 0:
            break
    assert best is not None
    return best


def _near(anchor: pygame.Rect, avoid: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rects in `avoid` that belong to the anchor: across its width, touching it or a
    word's height (and a few pixels) above or below it (the count under the pile, the
    badge over it)."""
    # a word's box is wider than it is tall, a card's taller than wide: the cards of a hand
    # beside a tall anchor (the new meld's drop zone) are not its words
    words = [r for r in avoid if r.h < anchor.h and r.w > r.h]
    if not words:
        return []
    reach = anchor.inflate(0, 2 * (max(r.h for r in words) + 8))
    return [r for r in words if r.colliderect(reach) and r.right > anchor.x and r.x < anchor.right]


def _fan(anchor: pygame.Rect, avoid: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rects in `avoid` that overlap the anchor, and those that overlap them, and so
    on: the rest of the fan when the anchor is a card in hand (a box above one card
    of a curved fan caught its higher neighbours' corners)."""
    fan: list[pygame.Rect] = []
    reached = [anchor]
    while reached:
        r = reached.pop()
        for other in avoid:
            if other not in fan and other != anchor and other.colliderect(r):
                fan.append(other)
                reached.append(other)
    return fan


def _area(r: pygame.Rect) -> int:
    return r.w * r.h


def text_box(surface: pygame.Surface, text: str, anchor: pygame.Rect, bounds: pygame.Rect,
             size: int, colour, below: bool = False, width: int | None = None,
             title: str | None = None, avoid: list[pygame.Rect] | None = None) -> pygame.Rect:
    """A dark box with `text` beside `anchor` (above it unless there is no room)."""
    width = min(width or min(bounds.w // 2, 24 * size), bounds.w - 8)
    while True:  # wrapped to the width; a smaller size when it would not fit the height
        lines = T.wrap(text, size, width - 24)
        imgs = [T.render(line, size, style.CREAM) for line in lines]
        if title:
            imgs[:0] = [T.render(line, size, colour, bold=True)
                        for line in T.wrap(title, size, width - 24, bold=True)]
        h = sum(i.get_height() for i in imgs) + 16
        if h <= bounds.h - 8 or size <= 11:
            break
        size -= 1
    w = max(i.get_width() for i in imgs) + 26
    if avoid is not None:
        box = place_box(w, h, anchor, bounds, avoid, 10, below)
    else:
        box = pygame.Rect(0, 0, w, h)
        if below:
            box.midtop = (anchor.centerx, anchor.bottom + 10)
        else:
            box.midbottom = (anchor.centerx, anchor.y - 10)
            if box.y < bounds.y + 4:
                box.midtop = (anchor.centerx, anchor.bottom + 10)
        box.clamp_ip(bounds)
    bg = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(bg, (10, 22, 16, 238), bg.get_rect(), border_radius=9)
    surface.blit(bg, box.topleft)
    pygame.draw.rect(surface, colour, box, 2, border_radius=9)
    y = box.y + 8
    for img in imgs:
        surface.blit(img, (box.x + 13, y))
        y += img.get_height()
    return box


def advice_text(advice: object) -> str:
    """A hint's or a coach warning's sentence with its cards named as players read them
    ("2♦", not "2D"), phrased again from its key and params in the current language."""
    sentences = getattr(advice, "sentences", ())
    if sentences:
        # every sentence of it (a reason and the facts behind it), not just the first
        parts = []
        for s in sentences:
            key, values = (s.key, s.params) if hasattr(s, "key") else s
            parts.append(tr(key, **with_card_names(dict(values))))
        return " ".join(parts)
    key = getattr(advice, "reason_key", None) or getattr(advice, "key", None)
    params = getattr(advice, "params", None)
    if isinstance(key, str) and isinstance(params, dict):
        text = tr(key, **with_card_names(params))
        if text != key:
            return text
    return getattr(advice, "reason", "") or getattr(advice, "text", "") or str(advice)


def _rule_words(size: int) -> pygame.Surface:
    return T.render(tr("ui.why.rule_link"), max(11, size - 2), style.INK, bold=True)


def rule_link_room(size: int) -> int:
    """How far the "Rule" chip hangs below its box (the box's place keeps room for it)."""
    return _rule_words(size).get_height() + 2


def rule_link(surface: pygame.Surface, box: pygame.Rect, size: int, alpha: int = 255) -> pygame.Rect:
    """The small "Rule" chip at the bottom right of a refusal box; returns where it is."""
    img = _rule_words(size)
    chip = pygame.Rect(0, 0, img.get_width() + 16, img.get_height() + 4)
    chip.topright = (box.right - 8, box.bottom - 2)
    s = pygame.Surface(chip.size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*style.GOLD, alpha), s.get_rect(), border_radius=chip.h // 2)
    s.blit(img, img.get_rect(center=(chip.w // 2, chip.h // 2)))
    surface.blit(s, chip.topleft)
    return chip


def rule_section(key: str | None) -> str | None:
    return section_for_key(key)
