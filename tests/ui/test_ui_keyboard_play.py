"""Whole hands played with key events only: the focus ring, Space and Enter (no mouse
event is ever posted), checked against the engine after each move."""

from __future__ import annotations

import pygame
import pytest

from game.rules import VARIANTS, Game, Phase
from game.ui.table.keyboard import Area, spots

from .hand_player import play_hand

MOUSE = {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL}


class Keys:
    """The table's moves made with the focus ring, Space and Enter."""

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

    # the moves of hand_player.py's whole hand, made with keys
    def open(self, groups) -> None:
        self.stage(groups)

    def take(self, cards) -> None:
        self.select(self.faces(cards))
        self.onto("pile")

    def put_down(self) -> None:  # Space again puts each card down
        for ident in list(self.scene.selected):
            self.goto(Area.HAND, lambda s, i=ident: s.key == i)
            self.key(pygame.K_SPACE)

    def draw(self) -> None:
        self.onto("stock")

    def pass_pile(self) -> None:
        self.onto("button", "pass")

    def take_top(self) -> None:
        self.onto("pile")

    def lay_off(self, card, rank) -> None:
        self.select([card])
        self.onto("meld", rank)

    def discard(self, card) -> None:
        self.select([self.face(card)])
        self.onto("pile")


@pytest.mark.parametrize(("variant", "seed"), [("classic", 11), ("italian", 5), ("modern-american", 4),
                                              ("classic-2p", 3), ("classic-3p", 6)])
def test_a_whole_hand_by_keyboard(table, variant, seed):
    g = Game.new(VARIANTS[variant], seed=seed)
    t = table(g)
    keys = Keys(t)
    counts = play_hand(t, keys)
    assert pygame.KEYDOWN in keys.posted and not MOUSE.intersection(keys.posted)
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
