"""Dragging cards from the hand: the drop targets, and whether each would take them.

Legality comes from the engine (`Game.check`), so the reason shown on a red target is the
engine's own sentence. Staging a meld for later is judged by table/staging.py, because a staged
group may be incomplete on purpose (the whole staging is validated on confirm).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.i18n import refusal_text, tr
from game.rules import Game, Phase
from game.rules.actions import Action, Discard, Meld
from game.rules.cards import Card
from game.ui.geometry.board import Board
from game.ui.table.staging import after_drawing, stage_refusal, stage_refusal_key, staging_refusal

__all__ = ["Drag", "Target", "meld_targets", "stage_refusal", "stage_refusal_key"]


@dataclass
class Target:
    kind: str  # "meld", "staged", "new", "pile"
    rect: pygame.Rect
    legal: bool
    text: str  # what happens on drop, or the reason it cannot
    action: Action | None = None  # applied straight away when legal
    stage: int | None = None  # "staged"/"new": which staging group (-1: a new one)
    key: str | None = None  # a refusal's message key (the "Rule" link opens its section)


@dataclass
class Drag:
    cards: list[Card]
    offset: tuple[int, int]  # mouse position minus the first card's top-left
    pos: tuple[int, int]
    targets: list[Target] = field(default_factory=list)

    @property
    def idents(self) -> set[tuple[int, int]]:
        return {c.identity for c in self.cards}

    def target_at(self, point: tuple[int, int]) -> Target | None:
        for t in self.targets:
            if t.rect.collidepoint(point):
                return t
        return None


def meld_targets(g: Game, board: Board, cards: list[Card], staged: list[list[Card]],
                 human: int) -> list[Target]:
    out: list[Target] = []
    my_turn = g.to_play == human and g.phase in (Phase.OPEN, Phase.DRAW, Phase.MELD, Phase.STOCK_END)
    pad = board.layout.margin // 2
    side_open = bool(g.melds[g.side_of_seat(human)])
    for box in board.melds:
        if not box.mine or box.rank is None:
            continue
        a: Action = Meld([cards], onto=[box.rank])
        err = g.check(a)
        rect = box.column.inflate(pad * 2, pad)
        if err is None:
            out.append(Target("meld", rect, True, tr("ui.drop.lay_off"), a))
        else:
            out.append(Target("meld", rect, False, refusal_text(err), key=err.key))
    drawn = after_drawing(g, human) if my_turn else None
    for box in board.staged:
        assert box.staged is not None
        rect = box.column.inflate(pad * 2, pad)
        why = _why_not(g, human, staged, cards, box.staged, drawn, my_turn)
        out.append(Target("staged", rect, why is None, tr("ui.drop.add_staged") if why is None else why[1],
                          stage=box.staged, key=why[0] if why is not None else None))
    if board.new_meld is not None:
        rect = board.new_meld.inflate(pad * 2, pad)
        rect.h = board.layout.bottom_area.h
        a = Meld([cards])
        if side_open and not staged and g.check(a) is None:
            out.append(Target("new", rect, True, new_meld_words(g, human, cards), a))
        else:
            why = _why_not(g, human, staged, cards, -1, drawn, my_turn)
            text = tr("ui.drop.stage") if not side_open else tr("ui.drop.stage_open")
            out.append(Target("new", rect, why is None, text if why is None else why[1], stage=-1,
                              key=why[0] if why is not None else None))
    pile = board.layout.pile.inflate(pad * 4, pad * 4)
    if len(cards) == 1:
        a = Discard(cards[0])
        err = g.check(a)
        out.append(Target("pile", pile, err is None, tr("ui.drop.discard") if err is None else refusal_text(err),
                          a if err is None else None, key=err.key if err is not None else None))
    else:
        out.append(Target("pile", pile, False, tr("ui.reason.discard_one"), key="turn.not_now"))
    return out


def new_meld_words(g: Game, human: int, cards: list[Card]) -> str:
    """What laying `cards` down as a new meld does: the engine adds them to the side's
    meld of their rank when there is one ("Add to the Jacks"), so the label says that."""
    naturals = {c.rank for c in cards if not c.is_wild}
    if len(naturals) == 1 and (rank := next(iter(naturals))) in g.melds[g.side_of_seat(human)]:
        return tr("ui.drop.joins_meld", rank=rank)
    return tr("ui.drop.new_meld")


def _why_not(g: Game, human: int, staged: list[list[Card]], cards: list[Card], group: int,
             drawn: Game | None, my_turn: bool) -> tuple[str, str] | None:
    """(message key, sentence) of why a staging target is red, or None when it is green."""
    if not my_turn:
        return "turn.not_now", tr("ui.reason.not_your_turn")
    err = staging_refusal(g, human, staged, cards, group, drawn)
    return None if err is None else (err.key, refusal_text(err))
