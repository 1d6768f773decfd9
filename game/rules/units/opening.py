"""The side's initial meld: its minimum count, and what it must hold (docs/RULES.md,
"Initial meld" of each variant)."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
        if is_canasta_from_hand(len(cards), rank == pile_rank):
            return True
    return False


def is_canasta_from_hand(size: int, holds_pile_card: bool) -> bool:
    """Whether a group of `size` cards laid in one move is a canasta from the hand."""
    return size >= CANASTA_SIZE and not holds_pile_card


def is_clean(rank: int, naturals: int, wilds: int) -> bool:
    """Whether a group is a clean meld for the initial meld: three naturals or more and
    no wild card, or a meld of wild cards."""
    return rank == WILD_MELD or (naturals >= 3 and not wilds)


def _holds_clean_meld(m: Melding) -> bool:
    for rank, cards in m.targets.items():
        wilds = sum(c.is_wild for c in cards)
        if is_clean(rank, len(cards) - wilds, wilds):
            return True
    return False


def _waived(rules: RuleSet, canasta_from_hand: bool) -> bool:
    """A canasta from the hand is an initial meld by itself (modern)."""
    return rules.canasta_from_hand_opens and canasta_from_hand


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
        # (the minimum first: a waiver is looked for only below it)
        if value >= minimum or value >= self.opening_need(minimum, False, canasta_from_hand(m)) \
                or self.going_out_concealed(g, m):
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
        return size < CANASTA_SIZE or not _waived(r, True)  # (only a canasta may be waived)

    def opening_need(self, minimum: int, clean: bool, canasta_from_hand: bool) -> int:
        """The side's minimum, or none for an opening holding a canasta from the hand
        where the rules waive it."""
        return 0 if _waived(self.rules, canasta_from_hand) else minimum

    def going_out_concealed(self, g: Game, m: Melding) -> bool:
        """Whether this melding needs no minimum as a concealed going out."""
        return (self.rules.concealed_going_out and m.pile_card is None and g.drew_from_stock
                and m.hand_after <= 1 and m.go_out_refusal() is None)


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


class CleanOpening(Rule):
    """Modern: the initial meld includes a natural meld of three naturals or more, or a
    meld of wild cards (a complete canasta from the hand is an initial meld by itself)."""

    section = "minimum"
    when_opening = True

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.opening_needs_clean_meld

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if not m.opening:
            return None
        clean = _holds_clean_meld(m)
        # (a canasta from the hand is looked for only without a clean meld)
        if self.opening_need(0, clean, not clean and canasta_from_hand(m)) < NO_LIMIT:
            return None
        return refuse("meld.opening_needs_clean")

    def opening_need(self, minimum: int, clean: bool, canasta_from_hand: bool) -> int:
        """No opening without a clean meld, unless a canasta from the hand waives it."""
        return 0 if clean or _waived(self.rules, canasta_from_hand) else NO_LIMIT
