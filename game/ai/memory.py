"""Card counting from a `PlayerView`: which cards are still unseen, and who may hold what.

Everything here is derived from public information plus the viewer's own hand: every
discard is in `view.pile`, every meld is on the table, red threes are laid out, and the
cards that went into a hand with a taken pile are in `view.known`. No other source exists.

The pile also tells who did what: one card is discarded per turn, so counting down from
the top, the k-th card was thrown by the k-th seat before the one to play, and the seat
after the thrower saw it on top and let it lie. A player seldom throws a card of a rank
it holds a pair of, and seldom declines a pile it could take with a pair: both lower the
chance that the seat holds that pair.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from math import comb

from game.rules.view import PlayerView


@cache
def _copies(decks: int, jokers_per_deck: int) -> tuple[int, ...]:
    """How many physical copies each rank has, indexed by rank (0 = joker .. 13 = K)."""
    return tuple(decks * jokers_per_deck if r == 0 else decks * 4 for r in range(14))


# How much less likely a seat is to hold a pair, or a card, of a rank it threw or declined.
PASSED_PAIR_FACTOR = 0.3
PASSED_CARD_FACTOR = 0.5


@dataclass
class Memory:
    """Counts for one view; cheap to build (one pass over the visible cards)."""

    view: PlayerView

    @cached_property
    def copies(self) -> tuple[int, ...]:
        """How many copies of each card code the game holds (by `Card.code`)."""
        r = self.view.rules
        return _copies(r.decks, r.jokers_per_deck)

    @cached_property
    def seen(self) -> Counter:
        """Copies of each rank the viewer has seen somewhere (hand, table, pile, known)."""
        v = self.view
        seen: Counter = Counter(c.rank for c in v.hand)
        for side in v.melds:
            for m in side.values():
                for c in m.cards:
                    seen[c.rank] += 1
        for c in v.pile:
            seen[c.rank] += 1
        for r3 in v.red_threes:
            seen[3] += len(r3)
        for seat, cards in enumerate(v.known):
            if seat != v.seat:
                for c in cards:
                    seen[c.rank] += 1
        return seen

    def unseen(self, rank: int) -> int:
        """Copies of `rank` that may still be in another hand or in the stock."""
        return max(self.copies[rank] - self.seen[rank], 0)

    @cached_property
    def hidden_cards(self) -> int:
        """Cards whose identity the viewer does not know: other hands (minus their known
        cards) plus the stock."""
        v = self.view
        hidden = v.stock_size
        for seat, size in enumerate(v.hand_sizes):
            if seat != v.seat:
                hidden += max(size - len(v.known[seat]), 0)
        return hidden

    @cached_property
    def passed(self) -> tuple[frozenset[int], ...]:
        """Per seat, the natural ranks it threw or let lie on top of the pile this deal
        (since the pile was last taken)."""
        v = self.view
        n = v.rules.players
        ranks: list[set[int]] = [set() for _ in range(n)]
        for k, c in enumerate(reversed(v.pile)):
            if not c.is_natural:
                continue
            thrower = (v.to_play - 1 - k) % n
            ranks[thrower].add(int(c.rank))
            if k > 0:
                ranks[(thrower + 1) % n].add(int(c.rank))
        return tuple(frozenset(r) for r in ranks)

    def known_in(self, seat: int, rank: int) -> int:
        """Cards of `rank` everybody saw go into `seat`'s hand."""
        return sum(1 for c in self.view.known[seat] if c.rank == rank)

    def unknown_size(self, seat: int) -> int:
        """How many of `seat`'s cards nobody has seen."""
        v = self.view
        return max(v.hand_sizes[seat] - len(v.known[seat]), 0)

    def p_holds(self, seat: int, rank: int, at_least: int) -> float:
        """Probability that `seat` holds at least `at_least` cards of `rank`, from its known
        cards and a hypergeometric draw of its unknown cards from the unseen ones."""
        need = at_least - self.known_in(seat, rank)
        if need <= 0:
            return 1.0
        p = p_at_least(self.unseen(rank), self.hidden_cards, self.unknown_size(seat), need)
        if seat != self.view.seat and int(rank) in self.passed[seat]:
            p *= PASSED_PAIR_FACTOR if at_least >= 2 else PASSED_CARD_FACTOR
        return p

    def p_holds_wild(self, seat: int) -> float:
        """Chance that `seat` holds at least one wild card."""
        v = self.view
        if any(c.is_wild for c in v.known[seat]):
            return 1.0
        return p_at_least(self.unseen(0) + self.unseen(2), self.hidden_cards,
                          self.unknown_size(seat), 1)


def p_at_least(good: int, population: int, draws: int, k: int) -> float:
    """Hypergeometric P(X >= k): `draws` cards from `population` holding `good` good ones."""
    if k <= 0:
        return 1.0
    if good < k or draws < k or population <= 0:
        return 0.0
    draws = min(draws, population)
    good = min(good, population)
    denom = comb(population, draws)
    below = sum(comb(good, i) * comb(population - good, draws - i) for i in range(k))
    return max(0.0, min(1.0, 1.0 - below / denom))


