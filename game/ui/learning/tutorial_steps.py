"""Learn to play: the lesson's deal, its scripted computer seats and its steps.

The position is built with `Game.scripted` and the three computer seats follow a script
(draw, then discard a given card; partner answers "yes"), so the lesson is the same every
time. Each step says what to do in a box at the top of the table, points at the thing to
click or drag (a glow and an arrow), waits for that action and refuses any other with a
friendly word. The same gestures that the arrow shows drive the tutorial's test.
The scene that teaches them is learning/tutorial.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import VARIANTS, Game, Phase, Rank
from game.rules.actions import Action, AnswerGoOut, AskGoOut, Discard, Draw, Meld, TakePile
from game.rules.cards import Card
from game.ui.table.guidance import (
    action_cards,
)

if TYPE_CHECKING:
    from game.ui.learning.tutorial import TutorialScene

# seats: 0 you (south), 1 west, 2 your partner (north), 3 east
HANDS = ["KH KD KS AH AD 2C 8H 8S JK 4C 7D",
         "KC 5D 6H 9C 10C QC 4H 6S 9H 10H JC",
         "KH 6C 5S 9S 10S QS 4S JS 5H 6D 10D",
         "8C 9D 5C 4D QD JD JH QH 6H 9S 4C"]
PILE = "7C 7H"
# drawn in this order: your red 3 and its replacement, the others' draws, your last draw
STOCK = "3H 2H 6C 8D 10D 4S 5H JD QS"
DISCARDS = {1: ["KC", "5D"], 2: ["KH", "6C"], 3: ["8C", "9D"]}


def tutorial_game() -> Game:
    return Game.scripted(VARIANTS["classic"], hands=HANDS, stock=STOCK, pile=PILE, to_play=0,
                         dealer=3, seed=11)


class ScriptedPlayer:
    """A computer seat that draws from the stock and discards the next card of its list."""

    name = "scripted"

    def __init__(self, discards: list[str]) -> None:
        self.discards = list(discards)

    def choose(self, view) -> Action:
        if view.phase is Phase.DRAW:
            return Draw()
        legal = [a for a in view.legal if isinstance(a, Discard)]
        while self.discards:
            want = self.discards[0]
            for a in legal:
                if a.card.label == want:
                    self.discards.pop(0)
                    return a
            self.discards.pop(0)
        return legal[0] if legal else view.legal[0]

    def answer_go_out(self, view) -> bool:
        return True


# ------------------------------------------------------------------------------ steps
Gesture = tuple  # ("click", point) | ("select", [labels]) | ("drag", label, point) | ("button", key) | ("next",)


@dataclass
class Step:
    key: str  # tutorial.<key>.text is the prompt
    done: Callable[[TutorialScene], bool] | None = None  # None: an information step (Next)
    allows: Callable[[Action], bool] = lambda a: False
    cards: Callable[[TutorialScene], list[str]] = lambda sc: []  # hand cards to glow
    target: Callable[[TutorialScene], pygame.Rect | None] = lambda sc: None
    gestures: Callable[[TutorialScene], list[Gesture]] = lambda sc: [("next",)]
    wrong: str = "tutorial.wrong"
    params: dict[str, Any] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # name -> key of a label to quote
    # a kinder word for a particular wrong move: (which moves, the key saying why not)
    wrong_when: tuple[Callable[[Action], bool], str] | None = None

    @property
    def info(self) -> bool:
        return self.done is None

    def wrong_for(self, action: Action) -> str:
        """The key of what to say when the learner tries `action` at this step."""
        if self.wrong_when is not None and self.wrong_when[0](action):
            return self.wrong_when[1]
        return self.wrong


def _codes(cards) -> list[str]:
    return sorted(c.label for c in cards)


def _is_meld_of(action: Action, labels: str) -> bool:
    return isinstance(action, Meld) and _codes(c for g in action.groups for c in g) == sorted(labels.split())


def _meld_onto(action: Action, rank: Rank) -> bool:
    if not isinstance(action, Meld):
        return False
    for i, grp in enumerate(action.groups):
        naturals = {c.rank for c in grp if c.is_natural}
        if naturals and naturals != {rank}:
            return False
        if not naturals and action.target(i) != rank:
            return False
    return True


def _staged(sc: TutorialScene, labels: str) -> bool:
    want = sorted(labels.split())
    return any(_codes(g) == want or set(want) <= set(_codes(g)) for g in sc.staged)


def _meld_size(sc: TutorialScene, rank: Rank) -> int:
    m = sc.game.melds[0].get(rank)
    return m.size if m else 0


def _meld_rect(sc: TutorialScene, rank: Rank) -> pygame.Rect | None:
    """The cards of our meld of `rank` (the glow goes round them, not round empty felt)."""
    box = sc.board.own_meld(rank)
    if box is None:
        return None
    cards = [it.rect for it in box.cards]
    if not cards:
        return pygame.Rect(box.column.x, box.column.y, box.column.w, sc.layout.table_h)
    return cards[0].unionall(cards[1:])


def _new_meld(sc: TutorialScene) -> pygame.Rect | None:
    b = sc.board
    return b.new_meld.copy() if b.new_meld is not None else None


def _select_and_drag(labels: list[str], to: Callable[[TutorialScene], pygame.Rect | None]):
    def gestures(sc: TutorialScene) -> list[Gesture]:
        r = to(sc)
        return [("select", labels), ("drag", labels[0], r.center if r else None)]
    return gestures


def _uses_a_seven(action: Action) -> bool:
    return any(c.rank is Rank.SEVEN for c in action_cards(action))


def _turn_passed(sc: TutorialScene) -> bool:
    return isinstance(sc.last_human, Discard)


def _my_turn_again(sc: TutorialScene) -> bool:
    return sc.my_turn()


def make_steps() -> list[Step]:
    kings, aces = "KH KD KS", "AH AD 2C"
    canasta = ["KC", "KH", "JK", "2H"]
    return [
        Step("welcome"),
        Step("table"),
        Step("draw", done=lambda sc: sc.game.phase is Phase.MELD and sc.game.to_play == 0,
             allows=lambda a: isinstance(a, Draw), target=lambda sc: sc.layout.stock.copy(),
             gestures=lambda sc: [("click", sc.layout.stock.center)],
             labels={"frozen": "ui.pile.frozen_for_you"}),
        Step("red_three", target=lambda sc: _red_three_rect(sc)),
        Step("stage_kings", done=lambda sc: _staged(sc, kings), cards=lambda sc: kings.split(),
             target=_new_meld, gestures=_select_and_drag(kings.split(), _new_meld),
             wrong="tutorial.wrong_stage"),
        Step("minimum", done=lambda sc: _staged(sc, aces), cards=lambda sc: aces.split(),
             target=_new_meld, gestures=_select_and_drag(aces.split(), _new_meld),
             wrong="tutorial.wrong_stage",
             wrong_when=(lambda a: isinstance(a, Meld), "tutorial.wrong_minimum")),
        Step("confirm", done=lambda sc: bool(sc.game.melds[0]),
             allows=lambda a: _is_meld_of(a, kings + " " + aces),
             target=lambda sc: sc.buttons["confirm"].rect.copy(),
             gestures=lambda sc: [("button", "confirm")], wrong="tutorial.wrong_confirm"),
        Step("discard", done=_turn_passed, allows=lambda a: isinstance(a, Discard) and a.card.label == "4C",
             cards=lambda sc: ["4C"], target=lambda sc: sc.layout.pile.copy(),
             gestures=lambda sc: [("drag", "4C", sc.layout.pile.center)], wrong="tutorial.wrong_discard"),
        Step("watch", done=_my_turn_again, gestures=lambda sc: [("wait",)]),
        Step("take_pile", done=lambda sc: _meld_size(sc, Rank.EIGHT) >= 3,
             allows=lambda a: isinstance(a, TakePile) and _codes(a.cards) == ["8H", "8S"] and not a.melds,
             cards=lambda sc: ["8H", "8S"], target=lambda sc: sc.layout.pile.copy(),
             gestures=lambda sc: [("select", ["8H", "8S"]), ("click", sc.layout.pile.center)],
             wrong="tutorial.wrong_take"),
        Step("canasta", done=lambda sc: _meld_size(sc, Rank.KING) >= 7,
             allows=lambda a: _meld_onto(a, Rank.KING), cards=lambda sc: canasta,
             target=lambda sc: _meld_rect(sc, Rank.KING),
             gestures=_select_and_drag(canasta, lambda sc: _meld_rect(sc, Rank.KING)),
             wrong="tutorial.wrong_canasta"),
        Step("canasta_done", target=lambda sc: _meld_rect(sc, Rank.KING)),
        Step("discard2", done=_turn_passed, allows=lambda a: isinstance(a, Discard) and a.card.label == "4C",
             cards=lambda sc: ["4C"], target=lambda sc: sc.layout.pile.copy(),
             gestures=lambda sc: [("drag", "4C", sc.layout.pile.center)], wrong="tutorial.wrong_discard",
             wrong_when=(_uses_a_seven, "tutorial.wrong_keep_sevens")),
        Step("watch2", done=_my_turn_again, gestures=lambda sc: [("wait",)]),
        Step("draw2", done=lambda sc: sc.game.phase is Phase.MELD and sc.game.to_play == 0,
             allows=lambda a: isinstance(a, Draw), target=lambda sc: sc.layout.stock.copy(),
             gestures=lambda sc: [("click", sc.layout.stock.center)]),
        Step("ask", done=lambda sc: sc.game.answer is True and sc.game.to_play == 0 and sc.my_turn(),
             allows=lambda a: isinstance(a, (AskGoOut, AnswerGoOut)),
             target=lambda sc: sc.buttons["goout"].rect.copy(),
             gestures=lambda sc: [("button", "goout")], wrong="tutorial.wrong_ask"),
        Step("go_out_meld", done=lambda sc: _meld_size(sc, Rank.SEVEN) >= 3,
             allows=lambda a: _is_meld_of(a, "7C 7D 7H"), cards=lambda sc: ["7C", "7D", "7H"],
             target=_new_meld, gestures=_select_and_drag(["7C", "7D", "7H"], _new_meld),
             wrong="tutorial.wrong_sevens"),
        Step("go_out_discard", done=lambda sc: sc.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER),
             allows=lambda a: isinstance(a, Discard), cards=lambda sc: ["QS"],
             target=lambda sc: sc.layout.pile.copy(),
             gestures=lambda sc: [("drag", "QS", sc.layout.pile.center)], wrong="tutorial.wrong_discard"),
        Step("score", done=lambda sc: sc.finished, gestures=lambda sc: [("score_next",)],
             labels={"button": "ui.hand_end.next"}),
    ]


def _red_three_rect(sc: TutorialScene) -> pygame.Rect | None:
    items = sc.board.red_threes.get(0) or []
    return items[0].rect.copy() if items else None

def in_staged(sc: TutorialScene, label: str) -> bool:
    return any(c.label == label for g in sc.staged for c in g)


def unique_cards(cards: list[Card], labels: list[str]) -> list[Card]:
    out, want = [], list(labels)
    for c in cards:
        if c.label in want:
            want.remove(c.label)
            out.append(c)
    return out
