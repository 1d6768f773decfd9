"""Rules on what may be discarded before going out (docs/RULES.md, modern-american,
discarding): threes never, wild cards only to go out, and aces and sevens kept off an
empty pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..ruleset import RuleSet
from .base import Refusal, Rule, refuse

if TYPE_CHECKING:
    from ..engine import Game

# the refusals without parameters, made once: asked for every card listed
_THREE = refuse("discard.three")
_WILD = refuse("discard.wild")


class ThreesLaidOut(Rule):
    """Modern: every three is laid out, so none is ever discarded."""

    section = "threes"
    discard_ranks = frozenset({3})

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.lay_out_black_threes

    def discard(self, g: Game, hand: list[Card], card: Card) -> Refusal | None:
        return _THREE if card.is_three else None


class WildDiscardOnlyGoingOut(Rule):
    """Modern: a wild card is discarded only to go out, or from a hand of nothing but
    wild cards."""

    section = "turn"
    discard_ranks = frozenset({0, 2})

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.wild_discard_only_going_out

    def discard(self, g: Game, hand: list[Card], card: Card) -> Refusal | None:
        if card.is_wild and len(hand) > 1 and not all(c.is_wild for c in hand):
            return _WILD
        return None


class EmptyPileGuarded(Rule):
    """Modern: an ace or a seven goes onto an empty pile only when the hand holds no
    other live natural card."""

    section = "turn"
    discard_on_empty_pile = True

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self.discard_ranks = frozenset(rules.empty_pile_guarded_ranks)

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return bool(rules.empty_pile_guarded_ranks)

    def discard(self, g: Game, hand: list[Card], card: Card) -> Refusal | None:
        guarded = self.rules.empty_pile_guarded_ranks
        if g.pile.cards or card.rank not in guarded:
            return None
        dead = g.dead_ranks()
        for c in hand:
            if c.is_natural and c.rank not in guarded and c.rank not in dead:
                return refuse("discard.empty_pile_guarded", rank=card.rank)
        return None
