"""Playing the table from the keyboard: a focus ring over the hand's cards, the side's
melds and the new-meld space, the stock and the pile, and the panel's buttons.

Arrows move the ring (left/right within an area, up/down between the areas, which lie
one above the other on the table), Tab cycles the areas. Space selects a card; Enter
plays the selection onto the ring's target through the same drop targets as a drag, so
the player sees the same green "what happens" and red "why not" as with the mouse.
Nothing here decides a move: every move goes through the scene's intents and the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import tr
from game.rules import Rank
from game.ui.shell import style
from game.ui.table.drag import Target, meld_targets
from game.ui.table.staging import DRAWING
from game.ui.table.text import Tone

if TYPE_CHECKING:
    from game.ui.table.parts import TableParts

FOCUS = (110, 196, 255)  # the ring: a cool blue that no card, glow or badge uses


class Area(Enum):
    HAND = "hand"
    MELDS = "melds"
    DECK = "deck"
    BUTTONS = "buttons"


# top to bottom on the table, for the up and down arrows
_VERTICAL = (Area.DECK, Area.MELDS, Area.HAND)
_TAB = (Area.HAND, Area.MELDS, Area.DECK, Area.BUTTONS)

NAVIGATION = {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
              pygame.K_HOME, pygame.K_END}


@dataclass(frozen=True)
class Spot:
    """One place the ring can rest on: `kind` is card, meld, staged, new, stock, pile or
    button; `key` tells it apart within its kind (a card's identity, a meld's rank, a
    staging group, a button's name)."""

    area: Area
    kind: str
    key: Any
    rect: pygame.Rect


def spots(scene: TableParts, area: Area) -> list[Spot]:
    """The places of one area, left to right as drawn."""
    b = scene.board
    L = scene.layout
    if area is Area.HAND:
        cards = [(it.card.identity, it.rect) for it in b.hand if it.card is not None]
        return [Spot(area, "card", ident, _visible_strip(rect, cards[i + 1][1] if i + 1 < len(cards) else None))
                for i, (ident, rect) in enumerate(cards)]
    if area is Area.MELDS:
        out = []
        for box in b.melds:
            if box.mine and box.rank is not None:
                out.append(Spot(area, "meld", box.rank, _cards_rect(box.cards, box.column, L.table_h)))
        for box in b.staged:
            out.append(Spot(area, "staged", box.staged, _cards_rect(box.cards, box.column, L.table_h)))
        if b.new_meld is not None:
            out.append(Spot(area, "new", -1, b.new_meld))
        return out
    if area is Area.DECK:
        return [Spot(area, "stock", "stock", L.stock), Spot(area, "pile", "pile", L.pile)]
    out = []
    for key, btn in scene.panel.buttons.items():
        if btn.visible and btn.is_enabled:
            out.append(Spot(area, "button", key, btn.rect.copy()))
    return out


def _visible_strip(card: pygame.Rect, next_card: pygame.Rect | None) -> pygame.Rect:
    """The part of a fanned card that shows: up to where the next card covers it (the
    ring round the whole card enclosed most of its neighbour)."""
    if next_card is None or not card.x < next_card.x < card.right:
        return card
    return pygame.Rect(card.x, card.y, next_card.x - card.x, card.h)


def _cards_rect(cards: list, column: pygame.Rect, card_h: int) -> pygame.Rect:
    if not cards:
        return pygame.Rect(column.x, column.y, column.w, card_h)
    r = cards[0].rect.copy()
    for it in cards[1:]:
        r.union_ip(it.rect)
    return r


class TableKeys:
    """Where the ring is, and what the keys do with it. The ring shows from the first
    navigation key on and hides when the mouse is used."""

    def __init__(self) -> None:
        self.area = Area.HAND
        self.index = {a: 0 for a in Area}
        self.keys: dict[Area, Any] = {}  # the spot last focused per area, kept across moves
        self.visible = False
        self._turn_stage: tuple | None = None  # the turn and phase the ring was last placed for

    # -- where -------------------------------------------------------------------------
    def current(self, scene: TableParts) -> Spot | None:
        found = spots(scene, self.area)
        if not found:
            return None
        key = self.keys.get(self.area)
        for i, s in enumerate(found):
            if s.key == key:
                self.index[self.area] = i
                return s
        i = max(0, min(self.index[self.area], len(found) - 1))
        self.index[self.area] = i
        self.keys[self.area] = found[i].key
        return found[i]

    def focus(self, scene: TableParts, area: Area, kind: str | None = None, key: Any = None) -> bool:
        """Put the ring on a place (the first of `kind`, or the one with `key`); False when
        the area holds no such place."""
        for i, s in enumerate(spots(scene, area)):
            if (kind is None or s.kind == kind) and (key is None or s.key == key):
                self.area = area
                self.index[area] = i
                self.keys[area] = s.key
                self.visible = True
                return True
        return False

    def _step(self, scene: TableParts, delta: int, to_end: bool = False) -> None:
        found = spots(scene, self.area)
        if not found:
            return
        self.current(scene)
        if to_end:
            i = 0 if delta < 0 else len(found) - 1
        else:
            i = (self.index[self.area] + delta) % len(found)
        self.index[self.area] = i
        self.keys[self.area] = found[i].key

    def _next_area(self, scene: TableParts, order: tuple[Area, ...], delta: int, wrap: bool) -> None:
        if self.area not in order:
            self.area = order[0] if delta > 0 else order[-1]
            return
        i = order.index(self.area)
        for _ in range(len(order)):
            i += delta
            if not wrap and not 0 <= i < len(order):
                return
            i %= len(order)
            if spots(scene, order[i]):
                self.area = order[i]
                return

    def claim_turn(self, scene: TableParts) -> None:
        """A key was pressed: the player has placed the ring for this stage of the turn."""
        self._turn_stage = (scene.game.hand_number, scene.game.phase)

    def show_for_turn(self, scene: TableParts) -> None:
        """A keyboard player's turn begins, or moves on from drawing: the ring shows at
        once, on the stock while drawing and in the hand after (once per stage, and not
        over where a key has put it since)."""
        stage = (scene.game.hand_number, scene.game.phase)
        if stage == self._turn_stage:
            return
        self._turn_stage = stage
        if scene.game.phase in DRAWING:
            self.focus(scene, Area.DECK, kind="stock")
        elif not (self.visible and self.area is Area.HAND):
            self.area = Area.HAND
            self.visible = True

    def find_rank(self, scene: TableParts, rank: Rank, every: bool = False) -> None:
        """A typed rank: the ring moves to the hand's next card of that rank (after the one
        it is on); with `every` (Shift) all the hand's natural cards of it are selected."""
        found = spots(scene, Area.HAND)
        cards = {it.card.identity: it.card for it in scene.board.hand if it.card is not None}
        mine = [i for i, s in enumerate(found) if cards[s.key].rank == rank]
        if not mine:
            scene.say(tr("ui.keys.no_rank", rank=rank), Tone.REFUSAL)
            return
        if every:
            scene.selected.update(found[i].key for i in mine)
        here = self.index[Area.HAND] if self.visible and self.area is Area.HAND else -1
        i = next((i for i in mine if i > here), mine[0])
        self.area = Area.HAND
        self.index[Area.HAND] = i
        self.keys[Area.HAND] = found[i].key
        self.visible = True

    # -- keys ----------------------------------------------------------------------------
    def navigate(self, scene: TableParts, key: int, mod: int) -> bool:
        """Move the ring; True when `key` was a navigation key."""
        if key not in NAVIGATION:
            return False
        first = not self.visible
        self.visible = True
        scene.controller.dismiss_refusal()  # the ring moves on: its new place says what would happen
        if first and key != pygame.K_TAB:
            self.current(scene)  # the first arrow shows the ring where it is
            return True
        if key == pygame.K_TAB:
            self._next_area(scene, _TAB, -1 if mod & pygame.KMOD_SHIFT else 1, wrap=True)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._step(scene, -1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_HOME, pygame.K_END):
            self._step(scene, -1 if key == pygame.K_HOME else 1, to_end=True)
        elif self.area is Area.BUTTONS:
            self._step(scene, -1 if key == pygame.K_UP else 1)
        else:
            self._next_area(scene, _VERTICAL, -1 if key == pygame.K_UP else 1, wrap=False)
        return True

    def activate(self, scene: TableParts, key: int) -> bool:
        """Space or Enter on the ring's place; False when the ring is not shown (the keys
        keep their old meaning then) or Space has nothing to do there."""
        if not self.visible:
            return False
        spot = self.current(scene)
        if spot is None:
            return False
        if spot.kind == "button":
            scene.press_button(spot.key)
            return True
        if key == pygame.K_SPACE:
            if spot.kind != "card":
                return False
            card = next((it.card for it in scene.board.hand
                         if it.card is not None and it.card.identity == spot.key), None)
            if card is not None:
                scene.controller.toggle_selected(card)
            return True
        play_onto(scene, spot)
        return True

    # -- what the ring would do --------------------------------------------------------
    def preview(self, scene: TableParts) -> Target | None:
        """With cards selected and the ring on a target: the drop target a drag would
        show there (green with what happens, red with the engine's reason)."""
        if not self.visible or not scene.selected or scene.drag is not None:
            return None
        spot = self.current(scene)
        if spot is None or spot.kind not in ("meld", "staged", "new", "pile"):
            return None
        if spot.kind == "pile" and scene.game.phase in DRAWING:
            return None  # a take with cards from the hand: the pile's own plan says
        return target_for(scene, spot, selected_cards(scene))

    def draw(self, surface: pygame.Surface, scene: TableParts) -> None:
        if not self.visible or scene.app.top is not scene:
            return
        spot = self.current(scene)
        if spot is None:
            return
        t = self.preview(scene)
        colour = FOCUS if t is None else (style.LEGAL if t.legal else style.ILLEGAL)
        width = max(3, scene.layout.size[1] // 260)
        ring = spot.rect.inflate(width * 4, width * 4)
        pygame.draw.rect(surface, (8, 16, 24), ring.inflate(2, 2), width + 2, border_radius=10)
        pygame.draw.rect(surface, colour, ring, width, border_radius=9)
        if spot.kind == "pile" and scene.renderer.badge is not None:
            surface.blit(*scene.renderer.badge)  # Frozen / Blocked stays readable under the ring
        if t is not None and scene.toast is None:  # a refusal's box has the floor: one reason at a time
            size = max(12, round(scene.layout.size[1] * 0.019))
            scene.renderer.callout(surface, Target(t.kind, ring, t.legal, t.text, key=t.key), scene.layout, size)


def selected_cards(scene: TableParts) -> list:
    """The selected cards in the order the hand shows them."""
    return [it.card for it in scene.board.hand if it.card is not None and it.card.identity in scene.selected]


def target_for(scene: TableParts, spot: Spot, cards: list) -> Target | None:
    """The drop target a drag of `cards` would find at that place."""
    targets = meld_targets(scene.game, scene.board, cards, scene.staged, scene.session.human)
    point = spot.rect.center
    kind = {"meld": "meld", "staged": "staged", "new": "new", "pile": "pile"}[spot.kind]
    return next((t for t in targets if t.kind == kind and t.rect.collidepoint(point)), None)


def play_onto(scene: TableParts, spot: Spot) -> None:
    """Enter on a place: the stock draws; the pile takes (or, after drawing, discards the
    selected card); a meld, a staged meld or the new-meld space take the selection as a
    drop would, and so does the hand (as a new meld); with nothing selected a staging is
    confirmed."""
    g = scene.game
    cards = selected_cards(scene)
    if spot.kind == "card" and not cards:
        scene.confirm()
    elif spot.kind == "stock":
        scene.draw_from_stock()
    elif spot.kind == "pile" and (g.phase in DRAWING or not cards):
        if g.phase in DRAWING:
            scene.take_pile()
        else:
            scene.say(tr("ui.keys.select_first"), Tone.REFUSAL)
    elif not cards:
        if spot.kind in ("new", "staged") and scene.staged:
            scene.confirm()
        else:
            scene.say(tr("ui.keys.select_first"), Tone.REFUSAL)
    else:
        # Enter in the hand: the selection goes down as a new meld (or joins its rank's)
        t = target_for(scene, spot, cards) if spot.kind != "card" else next(
            (t for t in meld_targets(g, scene.board, cards, scene.staged, scene.session.human) if t.kind == "new"), None)
        if t is None:
            return
        origins = {it.card.identity: it.rect.copy() for it in scene.board.hand
                   if it.card is not None and it.card.identity in scene.selected}
        scene.drop(t, cards, origins)
