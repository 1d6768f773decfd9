"""Provably fair deals: every hand is shuffled from a seed of its own, fixed before play.

A game's seeded `random.Random` draws one *hand seed* per deal and nothing else uses it
for the cards: the deck is shuffled by a fresh `random.Random(hand_seed)`. So a game seed
still replays the whole game, while one hand can be re-dealt, checked and replayed from
its hand seed alone.

At the deal the table may show the *commitment*, the SHA-256 of `commitment_bytes`; once
the hand is over the hand seed is revealed, and anyone can re-deal it (`canasta verify`)
and hash it: the same cards in every hand, the same pile and the same stock order show
the deal was fixed before the first card was played.

What is hashed is the UTF-8 text ``canasta-deal/1 variant=<name> seed=<decimal>``, e.g.
``canasta-deal/1 variant=classic seed=1234``. Only the variant's name is needed: house
options never change how the cards are dealt (tests/rules/test_deal.py keeps it so).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, Rank, make_decks
from .ruleset import RuleSet

if TYPE_CHECKING:
    from .engine import Game

HAND_SEED_BITS = 64
COMMITMENT_PREFIX = "canasta-deal/1"


def draw_hand_seed(rng: random.Random) -> int:
    """The next hand's seed from the game's generator (its only draw for a deal)."""
    return rng.getrandbits(HAND_SEED_BITS)


def shuffled_deck(rules: RuleSet, hand_seed: int) -> list[Card]:
    """The decks in dealing order: the next card dealt is the last one."""
    deck = make_decks(rules.decks, rules.jokers_per_deck)
    shuffle(deck, random.Random(hand_seed))
    return deck


def shuffle(deck: list[Card], rng: random.Random) -> None:
    """Exactly `rng.shuffle(deck)`: the same Fisher-Yates swaps, each index drawn as
    `Random._randbelow` draws it (the fewest bits that hold it, drawn again while too
    large), in half the time: no two method calls per card. A deal is pinned by its
    seed, so this must stay the library's order (tests/rules/test_deal.py compares)."""
    bits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]


def commitment_bytes(variant: str, hand_seed: int) -> bytes:
    """The bytes hashed into a hand's commitment: announced before play, they pin the deck's order."""
    return f"{COMMITMENT_PREFIX} variant={variant} seed={hand_seed}".encode()


def commitment(variant: str, hand_seed: int) -> str:
    """The SHA-256 (hex) a table shows at the deal, before the seed is revealed."""
    return hashlib.sha256(commitment_bytes(variant, hand_seed)).hexdigest()


@dataclass(frozen=True)
class DealRecord:
    """One hand as dealt, after the threes were laid out and replaced and the pile
    was turned: what `canasta verify` prints."""

    variant: str
    hand_seed: int
    dealer: int
    commitment: str
    hands: tuple[tuple[Card, ...], ...]  # per seat, in the order the cards arrived
    laid_out: tuple[tuple[Card, ...], ...]  # per seat: threes laid out at the deal
    pile: tuple[Card, ...]  # bottom to top
    pile_hidden: int  # face-down cards at the bottom of the pile (italian)
    stock: tuple[Card, ...]  # the next card drawn first
    first_to_play: int

    def to_dict(self) -> dict[str, object]:
        """The dealt hand as JSON values (every card by label), for the fairness record."""
        def labels(cards: Iterable[Card]) -> list[str]:
            return [c.label for c in cards]

        return {
            "variant": self.variant, "seed": self.hand_seed, "dealer": self.dealer,
            "commitment": self.commitment,
            "commitment_text": commitment_bytes(self.variant, self.hand_seed).decode(),
            "hands": [labels(h) for h in self.hands],
            "laid_out": [labels(t) for t in self.laid_out],
            "pile": labels(self.pile), "pile_hidden": self.pile_hidden,
            "stock": labels(self.stock), "first_to_play": self.first_to_play,
        }


def record_of(game: Game) -> DealRecord:
    """The record of `game`'s current hand, read right after its deal."""
    from .events import RedThreeLaidOut

    assert game.hand_seed is not None
    laid: list[list[Card]] = [[] for _ in range(game.players)]
    for e in game.history:
        if isinstance(e, RedThreeLaidOut):
            laid[e.seat].append(e.card)
    return DealRecord(
        variant=game.rules.name, hand_seed=game.hand_seed, dealer=game.dealer,
        commitment=commitment(game.rules.name, game.hand_seed),
        hands=tuple(tuple(h) for h in game.hands), laid_out=tuple(tuple(t) for t in laid),
        pile=tuple(game.pile.cards), pile_hidden=game.pile.hidden,
        stock=tuple(reversed(game.stock)), first_to_play=game.to_play)


def redeal(rules: RuleSet, hand_seed: int, dealer: int = 0) -> DealRecord:
    """Deal a hand from its seed alone, as the table dealt it (`dealer` only turns who
    receives which hand)."""
    from .engine import Game

    if not 0 <= dealer < rules.players:
        raise ValueError(f"the dealer is a seat from 0 to {rules.players - 1}")
    if not 0 <= hand_seed < 2 ** HAND_SEED_BITS:
        raise ValueError(f"a hand seed is a whole number from 0 to 2**{HAND_SEED_BITS} - 1")
    g = Game(rules, None)
    g.dealer = dealer
    g.history = g.deal_from(hand_seed)
    return record_of(g)


def replay_deal(game: Game) -> Game:
    """A new game that starts again from the deal of `game`'s finished hand: the same
    shuffle, dealer, variant and options, and the scores as they stood before it. Its
    state at the deal equals the original's at that deal (the game's generator is not
    used during a hand, so it still holds what it held then)."""
    from .engine import Phase

    if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) or game.hand_seed is None:
        raise ValueError("only a finished hand dealt from a hand seed can be played again")
    g = type(game)(game.rules, game.seed)
    g.rng.setstate(game.rng.getstate())
    g.dealer = game.dealer
    g.hand_number = game.hand_number - 1
    totals = [s.total for s in game.last_scores]
    g.scores = [s - t for s, t in zip(game.scores, totals, strict=True)]
    g.history = g.deal_from(game.hand_seed)
    return g


# A discarded or turned card's count in italian's starting pile: A 14, K 13, ... 3.
UPCARD_COUNT: dict[int, int] = {int(r): (14 if r == Rank.ACE else int(r))
                                for r in Rank if r >= Rank.THREE or r == Rank.ACE}
