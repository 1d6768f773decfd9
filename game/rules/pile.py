"""The discard pile: its cards and whether it is blocked or frozen."""

from __future__ import annotations

from .cards import Card
from .ruleset import RuleSet


class Pile:
    """Cards bottom to top, plus how many of them freeze it for everyone.

    `freezers` counts the wild cards (and turned-up red threes) in the pile; it is kept as
    a number rather than recomputed because a scripted position may freeze or unfreeze
    the pile regardless of its contents. `hidden` is how many cards at the bottom lie
    face down (italian's starting pile): nobody has seen them."""

    __slots__ = ("cards", "freezers", "hidden")

    def __init__(self, cards: list[Card] | None = None, freezers: int | None = None,
                 hidden: int = 0) -> None:
        self.cards: list[Card] = list(cards or [])
        self.freezers = (sum(1 for c in self.cards if self.freezes(c))
                         if freezers is None else freezers)
        self.hidden = hidden

    @staticmethod
    def freezes(card: Card) -> bool:
        """Whether a card discarded onto this pile freezes it (a wild card or a red three)."""
        return card.is_wild or card.is_red_three

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Card | None:
        """The card a player would take, or None when the pile is empty."""
        return self.cards[-1] if self.cards else None

    @property
    def frozen(self) -> bool:
        """Frozen for everyone (a wild card or a red three lies in it)."""
        return self.freezers > 0

    def frozen_for(self, side_has_melded: bool) -> bool:
        """Whether taking the pile needs a natural pair from the hand now."""
        return self.freezers > 0 or not side_has_melded

    def blocked_reason(self) -> str | None:
        """Message key when nobody may take the pile whatever they hold."""
        if not self.cards:  # asked for every draw-phase move list: no `top` property
            return "pile.empty"
        top = self.cards[-1]
        if top.is_wild:
            return "pile.blocked_wild"
        if top.is_black_three:
            return "pile.blocked_black_three"
        return None

    def to_hand(self) -> int:
        """How many of the cards under the top a taker adds to the hand: all but red
        threes, which are laid out."""
        cards = self.cards
        n = len(cards) - 1 + cards[-1].is_red_three
        for c in cards:
            if c.is_red_three:
                n -= 1
        return n

    def push(self, card: Card) -> None:
        """Discard a card onto the pile."""
        self.cards.append(card)
        if card.is_wild or card.is_red_three:
            self.freezers += 1

    def take_all(self) -> list[Card]:
        """Empty the pile and hand over its cards, bottom to top."""
        cards, self.cards, self.freezers, self.hidden = self.cards, [], 0, 0
        return cards


class StopperPile(Pile):
    """Italian pile: `freezers` counts the black 3s and wild cards *discarded* onto it
    (while one lies in the pile, taking needs three naturals). Cards placed while forming
    the starting pile are put in `cards` directly and never count."""

    __slots__ = ()

    @staticmethod
    def freezes(card: Card) -> bool:
        """Whether a card discarded onto this pile freezes it (a wild card or a black three)."""
        return card.is_wild or card.is_black_three

    def blocked_reason(self) -> str | None:
        if not self.cards:
            return "pile.empty"
        top = self.cards[-1]
        if top.is_black_three:
            # the turned card of the starting pile is no discard (a discard counts)
            return "pile.black_three_discarded" if self.freezers else "pile.black_three_on_top"
        if top.is_red_three:  # only as the turned card of the starting pile
            return "pile.red_three_on_top"
        return None  # a wild card on top is taken with three of its kind

    def push(self, card: Card) -> None:
        """Discard a card onto the pile."""
        self.cards.append(card)
        if card.is_wild or card.is_black_three:
            self.freezers += 1


class AlwaysFrozenPile(Pile):
    """House rule `pile_always_frozen`: the pile is frozen for everyone whatever it holds
    (`freezers` still counts its wild cards and red threes, as in any pile)."""

    __slots__ = ()

    @property
    def frozen(self) -> bool:
        return True

    def frozen_for(self, side_has_melded: bool) -> bool:
        return True


def pile_class(rules: RuleSet) -> type[Pile]:
    """The kind of pile a game of these rules plays with (the one place that chooses it)."""
    if rules.stopper_take_naturals or rules.wild_top_take_same:
        return StopperPile
    return AlwaysFrozenPile if rules.pile_always_frozen else Pile
