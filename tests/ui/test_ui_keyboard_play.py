"""Whole hands played with key events only: the focus ring, Space and Enter (no mouse
event is ever posted), checked against the engine after each move."""

from __future__ import annotations

import pygame
import pytest

from game.rules import VARIANTS, Game, Phase
from game.rules.actions import Discard, Draw, Meld, PassPile, TakePile
from game.ui.shell.dialogs import Dialog
from game.ui.table.keyboard import Area, spots

MOUSE = {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL}


class Keys:
    """The twin of conftest's `Table.play_hand`: the same moves, made with keys."""

    def __init__(self, t) -> None:
        self.t = t
        self.posted: list[int] = []
        post = t.post

        def spy(kind: int, **attrs) -> None:
            self.posted.append(kind)
            assert kind not in MOUSE, "a keyboard game posts no mouse event"
            post(kind, **attrs)

        t.post = spy

    @property
    def scene(self):
        return self.t.scene

    def key(self, key: int, mod: int = 0) -> None:
        self.t.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.t.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.t.frames(2)

    def goto(self, area: Area, match) -> None:
        """Tab to the area, Home, then Right until the ring is on the place `match` likes."""
        k = self.scene.keys
        for _ in range(6):
            if k.visible and k.area is area:
                break
            self.key(pygame.K_TAB)
        assert k.area is area, f"Tab never reached {area}"
        self.key(pygame.K_HOME)
        for _ in range(len(spots(self.scene, area)) + 1):
            spot = k.current(self.scene)
            if spot is not None and match(spot):
                return
            self.key(pygame.K_RIGHT)
        raise AssertionError(f"no such place in {area}")

    def card(self, card) -> None:
        self.goto(Area.HAND, lambda s: s.key == card.identity)

    def select(self, cards) -> None:
        for c in cards:
            if c.identity not in self.scene.selected:
                self.card(c)
                self.key(pygame.K_SPACE)
            assert c.identity in self.scene.selected

    def face(self, card):
        """A legal move may name a card by its face (three decks hold three of each): the
        hand's very card, else an unselected one of that face."""
        return self.faces([card])[0]

    def faces(self, cards):
        hand = [c for c in self.t.game.hands[0] if c.identity not in self.scene.selected]
        out = []
        for card in cards:
            c = next((c for c in hand if c.identity == card.identity), None) \
                or next(c for c in hand if c.code == card.code)
            hand.remove(c)
            out.append(c)
        return out

    def onto(self, kind: str, key=None) -> None:
        area = Area.DECK if kind in ("stock", "pile") else Area.BUTTONS if kind == "button" else Area.MELDS
        self.goto(area, lambda s: s.kind == kind and (key is None or s.key == key))
        self.key(pygame.K_RETURN)

    def stage(self, groups) -> None:
        for grp in groups:
            self.select(self.faces(grp))
            self.onto("new")
            assert not self.scene.selected
        self.onto("new")  # Enter with nothing selected: confirm the staging

    def play_hand(self) -> dict[str, int]:
        from game.ui.screens.score import HandEndScene

        t = self.t
        g = t.game
        counts = {"opened": 0, "took": 0, "drew": 0, "laid_off": 0, "discarded": 0}
        for _turn in range(300):
            t.settle()
            top = t.app.top
            if isinstance(top, HandEndScene):
                break
            if isinstance(top, Dialog):
                self.key(pygame.K_RETURN)
                continue
            assert top is self.scene
            if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                t.frames(5)
                continue
            assert g.to_play == 0
            legal = g.legal_actions()
            if g.phase is Phase.STOCK_END:
                if any(isinstance(a, PassPile) for a in legal):
                    self.onto("button", "pass")
                else:
                    self.onto("pile")
                continue
            if g.phase in (Phase.OPEN, Phase.DRAW):
                opening = next((a for a in legal if isinstance(a, Meld)), None)
                if opening is not None and g.phase is Phase.OPEN:
                    melds_before = len(g.melds[0])
                    self.stage(opening.groups)
                    assert len(g.melds[0]) > melds_before, "the staged opening was laid down"
                    counts["opened"] += 1
                    continue
                takes = [a for a in legal if isinstance(a, TakePile) and a.cards and not a.melds]
                if takes and g.melds[0]:
                    pile_before = len(g.pile.cards)
                    self.select([self.face(c) for c in takes[0].cards])
                    self.onto("pile")
                    if isinstance(t.app.top, Dialog):
                        self.key(pygame.K_RETURN)
                    if g.phase is Phase.MELD:
                        assert len(g.pile.cards) < pile_before, "the pile was taken"
                        counts["took"] += 1
                if g.phase in (Phase.OPEN, Phase.DRAW):
                    if self.scene.selected:  # Space again puts each card down
                        for ident in list(self.scene.selected):
                            self.goto(Area.HAND, lambda s, i=ident: s.key == i)
                            self.key(pygame.K_SPACE)
                        assert not self.scene.selected
                    assert any(isinstance(a, Draw) for a in g.legal_actions())
                    hand_before = len(g.hands[0])
                    self.onto("stock")
                    assert len(g.hands[0]) > hand_before and g.phase is not Phase.DRAW, "drew from the stock"
                    counts["drew"] += 1
            if g.phase is not Phase.MELD or g.to_play != 0:
                continue
            if not g.melds[0] and not g.rules.open_before_draw:
                opening = next((a for a in g.legal_actions() if isinstance(a, Meld)), None)
                if opening is not None:
                    self.stage(opening.groups)
                    assert g.melds[0], "the opening was laid down"
                    counts["opened"] += 1
            for rank in list(g.melds[0]):
                # asked afresh each time: with three decks the engine may lay off another
                # card of the same face than the one named
                while g.phase is Phase.MELD and len(g.hands[0]) > 2:
                    c = next((c for c in g.hands[0] if c.rank == rank
                              and g.check(Meld([[c]], onto=[rank])) is None), None)
                    if c is None:
                        break
                    size = g.melds[0][rank].size
                    self.select([c])
                    self.onto("meld", rank)
                    if isinstance(t.app.top, Dialog):
                        self.key(pygame.K_RETURN)
                    assert g.melds[0][rank].size == size + 1, "laid off onto the meld"
                    counts["laid_off"] += 1
            if g.phase is not Phase.MELD:
                continue
            discard = next(a for a in g.legal_actions() if isinstance(a, Discard))
            before = len(g.hands[0])
            self.select([self.face(discard.card)])
            self.onto("pile")
            if isinstance(t.app.top, Dialog):  # the coach or a question: go ahead
                self.key(pygame.K_RETURN)
            assert len(g.hands[0]) == before - 1 or g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
            counts["discarded"] += 1
        assert isinstance(t.app.top, HandEndScene), "the hand never ended"
        assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert g.invariant_violations() == []
        assert pygame.KEYDOWN in self.posted and not MOUSE.intersection(self.posted)
        return counts


@pytest.mark.parametrize(("variant", "seed"), [("classic", 11), ("italian", 5), ("modern-american", 4),
                                              ("classic-2p", 3), ("classic-3p", 6)])
def test_a_whole_hand_by_keyboard(table, variant, seed):
    g = Game.new(VARIANTS[variant], seed=seed)
    t = table(g)
    counts = Keys(t).play_hand()
    assert counts["drew"] > 0 and counts["discarded"] > 0
    assert counts["opened"] + counts["took"] + counts["laid_off"] > 0, counts


def test_a_red_ring_and_the_engines_reason_before_a_refused_discard(table):
    g = Game.scripted(VARIANTS["classic"], seed=11,
                      hands=["KH KD KS AH AD AS 9D 4C 8S 6D 6H",
                             "5C 5D 6C 7C 7H 7S 8C 9C 10C JC QC",
                             "5H 5S 6S 7D 8D 9S 10D JD QD KC 4D",
                             "4H 4S 10H 10S JH JS QH QS 9H 8H 5H"],
                      pile="4C 10C", to_play=0)
    t = table(g)
    k = Keys(t)
    k.onto("stock")
    assert g.phase is Phase.MELD
    k.select([c for c in g.hands[0] if c.rank == 13][:2])
    k.goto(Area.DECK, lambda s: s.kind == "pile")
    preview = t.scene.keys.preview(t.scene)
    assert preview is not None and not preview.legal, "two cards cannot be discarded: red"
    hand = len(g.hands[0])
    k.key(pygame.K_RETURN)
    assert len(g.hands[0]) == hand, "nothing was discarded"
    assert t.scene.toast is not None and t.scene.toast.text == preview.text
