"""The side's initial meld: its minimum count, and what it must hold (docs/RULES.md,
"Initial meld" of each variant)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..meldkeys import CANASTA_SIZE, WILD_MELD
from ..ruleset import RuleSet
from .base import NO_LIMIT, Melding, Refusal, Rule, refuse

if TYPE_CHECKING:
    from ..engine import Game


def canasta_from_hand(m: Melding) -> bool:
    """The move lays a complete canasta straight from the hand (of any kind: natural,
    mixed or of wild cards); the group holding a taken pile's top card is not from the
    hand."""
    pile_rank = None
    if m.pile_card is not None:
        pile_rank = WILD_MELD if m.pile_card.is_wild else m.pile_card.rank
    for rank, cards in m.targets.items():
        if len(cards) >= CANASTA_SIZE and rank != pile_rank:
            return True
    return False


class OpeningMinimum(Rule):
    """The initial meld reaches the minimum count for the side's score. Only card
    values count; the top card of a taken pile counts where the variant says so. No
    minimum for a player going out concealed after a stock draw (classic), nor for a
    complete canasta laid from the hand (modern)."""

    section = "minimum"
    when_opening = True

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if not m.opening:
            return None
        r = self.rules
        values = g.card_values
        value = 0
        for c in m.from_hand:  # (a loop, not a generator: asked on most turns)
            value += values[c.code]
        if m.pile_card is not None and r.opening_counts_pile_card:
            value += values[m.pile_card.code]  # only the top card of a taken pile counts
        minimum = g.minimums[m.side]
        if value >= minimum or self.waived(g, m):
            return None
        key = "meld.minimum" if r.opening_counts_pile_card else "meld.minimum_hand"
        return refuse(key, value=value, minimum=minimum)

    def hopeless(self, g: Game, side: int, value: int, size: int, hand_after: int) -> bool:
        """A single group as the side's opening (from the hand, or with the pile's top
        card, whose value the caller counts where the opening counts it): short of the
        minimum with no waiver in reach (neither waiver can apply to a take)."""
        r = self.rules
        if value >= g.minimums[side]:
            return False
        if r.concealed_going_out and g.drew_from_stock and hand_after <= 1:
            return False
        return not (r.canasta_from_hand_opens and size >= CANASTA_SIZE)

    def waived(self, g: Game, m: Melding) -> bool:
        """Whether this melding needs no minimum at all: a concealed going out, or (where the rules
        allow it) a canasta laid from the hand."""
        r = self.rules
        if (r.concealed_going_out and m.pile_card is None and g.drew_from_stock
                and m.hand_after <= 1 and m.go_out_refusal() is None):
            return True
        return r.canasta_from_hand_opens and canasta_from_hand(m)


class NaturalOpening(Rule):
    """Italian: opening melds hold no wild card (unless the `dirty_opening` option)."""

    section = "minimum"
    when_opening = True
    only_with_wilds = True

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return not rules.dirty_opening

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if m.opening and any(c.is_wild for c in m.from_hand):
            return refuse("meld.opening_natural")
        return None

    def wild_room(self, rank: int, naturals: int, wilds: int, opened: bool) -> int:
        return NO_LIMIT if opened else 0  # no wild card in the side's opening


def _clean(rank: int, cards: list[Card]) -> bool:
    return rank == WILD_MELD or (len(cards) >= 3 and not any(c.is_wild for c in cards))


class CleanOpening(Rule):
    """Modern: the initial meld includes a natural meld of three naturals or more, or a
    meld of wild cards (a complete canasta from the hand is an initial meld by itself)."""

    section = "minimum"
    when_opening = True

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.opening_needs_clean_meld

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if not m.opening or any(_clean(rank, cards) for rank, cards in m.targets.items()):
            return None
        if self.rules.canasta_from_hand_opens and canasta_from_hand(m):
            return None
        return refuse("meld.opening_needs_clean")
