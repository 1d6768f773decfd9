"""The coach's catalogue as scripted positions: for every blunder kind, a position, the
blunder (which the coach must flag as that kind) and a near-identical reasonable move in
the same position (which it must leave alone). Used by the tests and by
`benchmarks/coach_rates.py`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.rules import VARIANTS
from game.rules.actions import Action, AskGoOut, Discard, Draw, Meld, TakePile
from game.rules.cards import Card, Rank
from game.rules.engine import Game

from .coach import Blunder

CLASSIC = VARIANTS["classic"]
OTHERS = ["4S 6D 8S JD", "4H 6C 10S QC", "4D 7C 10H JC"]


@dataclass(frozen=True)
class Case:
    """A scripted position for one blunder kind: the blunder the coach must flag and a close
    reasonable move it must leave alone."""

    kind: Blunder
    build: Callable[[], Game]  # the position, the player to act being the one judged
    blunder: Callable[[Game], Action]
    reasonable: Callable[[Game], Action]


def _card(g: Game, label: str) -> Card:
    return next(c for c in g.hands[g.to_play] if c.label == label)


def _cards(g: Game, *labels: str) -> list[Card]:
    hand = list(g.hands[g.to_play])
    out = []
    for label in labels:
        c = next(c for c in hand if c.label == label)
        hand.remove(c)
        out.append(c)
    return out


def _discard(label: str) -> Callable[[Game], Action]:
    return lambda g: Discard(_card(g, label))


def _drawn(g: Game) -> Game:
    g.apply(Draw())
    return g


def _classic(hand: str, melds: dict | None = None, pile: str = "5D 10C 6H 7S QD 4C",
             stock: str = "4D", draw: bool = True, **kw) -> Callable[[], Game]:
    def build() -> Game:
        g = Game.scripted(CLASSIC, [hand, *OTHERS], pile=pile, stock=stock, melds=melds, **kw)
        return _drawn(g) if draw else g
    return build


def _go_out(g: Game) -> Action:
    return next(a for a in g.legal_actions() if isinstance(a, Meld)
                and len(g.hands[g.to_play]) - sum(len(x) for x in a.groups) <= 1)


def _italian_unopened() -> Game:
    others = ["4H 6H 10S JC 5C 9D", "4D 6D 10H JH 5D 9C", "4C 6S 10D JS 5H 9S"]
    return Game.scripted(VARIANTS["italian"], ["KS KH KD AS AH AD 5S 6C 9H 8D 7H 8C", *others],
                         pile="JD 8S")


CASES: tuple[Case, ...] = (
    Case(Blunder.FEEDS_PILE,
         _classic("9D 5S 6C JH KD QS 7H", {0: ["AS AH AD"], 1: ["9S 9H 9C"]}),
         _discard("9D"), _discard("5S")),
    Case(Blunder.COMPLETES_OPPONENT_CANASTA,
         _classic("JS 5S 6C 9H", {0: ["AS AH AD"], 1: ["JH JH JD JC 2C 2H"]}, pile="5D 4C"),
         _discard("JS"), _discard("5S")),
    Case(Blunder.WILD_DISCARD_COULD_MELD,
         _classic("10S 10H 10D JK 5S 7C 9D 6S", pile="8D 6C"),
         _discard("JK"), _discard("5S")),
    Case(Blunder.WILD_DISCARD_NEEDLESS,
         _classic("QH 5S 9C JD 4H 2C KH 3S", {0: ["KS KC KD"]}),
         _discard("2C"), _discard("3S")),
    Case(Blunder.BREAKS_PAIR_MELD,
         _classic("QH QD 5S 9C JD 4H 2C KH", {0: ["KS KC KD"]},
                  pile="5D 2D 9S 10D 6H 7S JS KC 4C AS", stock="8C"),
         lambda g: Meld([_cards(g, "QH", "QD", "2C")]),
         lambda g: Meld([_cards(g, "KH")])),
    Case(Blunder.BREAKS_PAIR_DISCARD,
         _classic("9C 9D 5S 6C JH 7H QS", {0: ["KS KC KD"]},
                  pile="5D 2D 9S 10D 6H 7S JS KC 4C AS QD 8C", stock="4S"),
         _discard("9C"), _discard("5S")),
    Case(Blunder.GOES_OUT_LOSING,
         _classic("9C 9D 9H 5S", {0: ["5H 5D 5C 5H 5D 5C 5S"],
                                  1: ["KS KH KD KC KS KH KD", "AS AH AD AC 2S"]},
                  scores=(100, 4900), pile="6D 4C", stock="9S"),
         _go_out, _discard("5S")),
    Case(Blunder.REFUSES_WINNING_OUT,
         _classic("9C 9D 9H 5S", {0: ["KS KH KD KC KS KH KD"], 1: ["6H 6S 6C"]},
                  scores=(4900, 100), pile="6D 4C", stock="9S"),
         _discard("5S"), _go_out),
    Case(Blunder.WILD_ON_SMALL_MELD,
         _classic("8S 8H 2C 5S 9D 6C", {0: ["KS KH KD KC KS KH"]}, pile="4C 7D"),
         lambda g: Meld([_cards(g, "8S", "8H", "2C")]),
         lambda g: Meld([_cards(g, "2C")], [Rank.KING])),
    Case(Blunder.DRAWS_INSTEAD_OF_TAKING,
         _classic("5S 6C 9D 8H", {0: ["7H 7D 7C"]}, pile="5D 10C 6H 9S QD 4C KH 8D 9H 5H 7S",
                  draw=False, pile_frozen=False),
         lambda g: Draw(), lambda g: TakePile(())),
    Case(Blunder.WILD_FOR_SMALL_PILE,
         _classic("7H 2C 5S 9D 6C", {0: ["KS KH KD"]}, pile="4C 7S", draw=False),
         lambda g: TakePile(_cards(g, "7H", "2C")), lambda g: Draw()),
    Case(Blunder.SPOILS_NATURAL_CANASTA,
         _classic("KH 2C 5S 9D 6C", {0: ["KS KH KD KC KS KC KD"]}, pile="4C 7D"),
         lambda g: Meld([_cards(g, "2C")], [Rank.KING]),
         lambda g: Meld([_cards(g, "KH")])),
    Case(Blunder.MELDS_HAND_AWAY,
         _classic("8S 8H 8D 5S", {0: ["KS KH KD"]}, pile="4C 7D 9H 10D JS QD", stock="6C"),
         lambda g: Meld([_cards(g, "8S", "8H", "8D")]),
         lambda g: Discard(_card(g, "5S"))),
    Case(Blunder.SKIPS_OPENING, _italian_unopened,
         lambda g: Draw(),
         lambda g: next(a for a in g.legal_actions() if isinstance(a, Meld))),
    Case(Blunder.ASKS_WHEN_CANNOT_GO_OUT,
         _classic("9C 9D 5S 6C", {0: ["KS KH KD"]}, pile="4C 7D", stock="8H"),
         lambda g: AskGoOut(), _discard("5S")),
)
