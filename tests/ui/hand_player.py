"""A whole hand played at the real table as a person would — open when the engine offers
an opening, take the pile with cards from the hand when it may, lay off, discard what the
engine allows — checked against the engine after each move. Which input makes the moves
(clicks and drags, or keys only) is the `Moves` the hand is played with."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules import Phase
from game.rules.actions import Discard, Draw, Meld, PassPile, TakePile
from game.ui.shell.dialogs import Dialog


class Moves(Protocol):
    """One way of input making each kind of move at the table."""

    def key(self, key: int) -> None: ...
    def open(self, groups) -> None: ...  # stage every group, then confirm
    def take(self, cards) -> None: ...  # these cards from the hand, then the pile
    def put_down(self) -> None: ...  # unselect what is selected
    def draw(self) -> None: ...
    def pass_pile(self) -> None: ...  # STOCK_END: pass the pile by
    def take_top(self) -> None: ...  # STOCK_END: take the pile's top card
    def lay_off(self, card, rank) -> None: ...
    def discard(self, card) -> None: ...


def play_hand(t, moves: Moves) -> dict[str, int]:
    """Play the human's turns until the hand ends; how often each kind of move was made."""
    from game.ui.screens.score import HandEndScene

    g = t.game
    counts = {"opened": 0, "took": 0, "drew": 0, "laid_off": 0, "discarded": 0}

    def answer_any_question() -> None:  # the coach or a question: go ahead
        if isinstance(t.app.top, Dialog):
            moves.key(pygame.K_RETURN)

    def open_now() -> bool:
        opening = next((a for a in g.legal_actions() if isinstance(a, Meld)), None)
        if opening is None:
            return False
        melds_before = len(g.melds[0])
        moves.open(opening.groups)
        assert len(g.melds[0]) > melds_before, "the staged opening was laid down"
        counts["opened"] += 1
        return True

    for _turn in range(300):
        t.settle()
        if isinstance(t.app.top, HandEndScene):
            break
        if isinstance(t.app.top, Dialog):
            moves.key(pygame.K_RETURN)
            continue
        assert t.app.top is t.scene
        if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            t.frames(5)
            continue
        assert g.to_play == 0
        legal = g.legal_actions()
        if g.phase is Phase.STOCK_END:
            if any(isinstance(a, PassPile) for a in legal):
                moves.pass_pile()
            else:
                moves.take_top()
            continue
        if g.phase in (Phase.OPEN, Phase.DRAW):
            if g.phase is Phase.OPEN and open_now():
                continue
            takes = [a for a in legal if isinstance(a, TakePile) and a.cards and not a.melds]
            if takes and g.melds[0]:
                pile_before = len(g.pile.cards)
                moves.take(takes[0].cards)
                answer_any_question()
                if g.phase is Phase.MELD:
                    assert len(g.pile.cards) < pile_before, "the pile was taken"
                    counts["took"] += 1
            if g.phase in (Phase.OPEN, Phase.DRAW):
                if t.scene.selected:
                    moves.put_down()
                    assert not t.scene.selected
                assert any(isinstance(a, Draw) for a in g.legal_actions())
                hand_before = len(g.hands[0])
                moves.draw()
                assert len(g.hands[0]) > hand_before and g.phase is not Phase.DRAW, "drew from the stock"
                counts["drew"] += 1
        if g.phase is not Phase.MELD or g.to_play != 0:
            continue
        if not g.melds[0] and not g.rules.open_before_draw:
            open_now()
        for rank in list(g.melds[0]):
            # asked afresh each time: with three decks the engine may lay off another card
            # of the same face than the one named
            while g.phase is Phase.MELD and len(g.hands[0]) > 2:
                c = next((c for c in g.hands[0] if c.rank == rank
                          and g.check(Meld([[c]], onto=[rank])) is None), None)
                if c is None:
                    break
                size = g.melds[0][rank].size
                moves.lay_off(c, rank)
                answer_any_question()
                assert g.melds[0][rank].size == size + 1, "laid off onto the meld"
                counts["laid_off"] += 1
        if g.phase is not Phase.MELD:
            continue
        discard = next(a for a in g.legal_actions() if isinstance(a, Discard))
        before = len(g.hands[0])
        moves.discard(discard.card)
        answer_any_question()
        assert len(g.hands[0]) == before - 1 or g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        counts["discarded"] += 1
    assert isinstance(t.app.top, HandEndScene), "the hand never ended"
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert g.invariant_violations() == []
    return counts


class Mouse:
    """The moves made with clicks and drags (conftest's `Table`); Return answers a dialog."""

    def __init__(self, t) -> None:
        self.t = t

    def key(self, key: int) -> None:
        self.t.key(key)

    def open(self, groups) -> None:
        for grp in groups:
            self.t.stage(grp)
        self.t.key(pygame.K_RETURN)

    def take(self, cards) -> None:
        for c in cards:
            self.t.click(self.t.pos_of(c))
        self.t.click(self.t.scene.layout.pile.center)

    def put_down(self) -> None:  # a right click puts the selection down
        self.t.post(pygame.MOUSEBUTTONDOWN, pos=self.t.scene.layout.play.center, button=3)
        self.t.frames(1)

    def draw(self) -> None:
        self.t.click(self.t.scene.layout.stock.center)

    def pass_pile(self) -> None:
        self.t.click(self.t.button_pos("pass"))

    def take_top(self) -> None:
        self.t.click(self.t.scene.layout.pile.center)

    def lay_off(self, card, rank) -> None:
        self.t.drag(self.t.pos_of(card), self.t.meld_pos(rank))

    def discard(self, card) -> None:
        self.t.drag(self.t.pos_of(card), self.t.scene.layout.pile.center)
