"""docs/FAIR_DEALS.md is enough to check a deal: the derivation re-implemented here from
the document alone (hashlib and hmac, no game code) deals what the game deals."""

from __future__ import annotations

import hashlib
import hmac
import random

import pytest

from game.rules import VARIANTS, Game
from game.rules.deal import DealKey, shuffled_deck

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]


def doc_labels(decks: int, jokers: int) -> list[str]:
    """The document's card numbering: deck after deck, spades, hearts, diamonds, clubs,
    ace to king, then the deck's jokers."""
    one = [r + s for s in SUITS for r in RANKS] + ["JK"] * jokers
    return one * decks


def doc_deck(server: bytes, player: str, hand: int, decks: int, jokers: int) -> list[str]:
    """The document's derivation, step by step."""
    p = player.encode("utf-8")
    k = hmac.new(server, b"canasta-hand/2" + b"\x00" + len(p).to_bytes(4, "big") + p
                 + hand.to_bytes(4, "big"), hashlib.sha256).digest()
    values: list[int] = []
    block = 0

    def below(m: int) -> int:
        nonlocal block
        while True:
            if not values:
                b = hmac.new(k, b"canasta-deck/2" + b"\x00" + block.to_bytes(4, "big"),
                             hashlib.sha256).digest()
                block += 1
                values.extend(b[x] * 256 + b[x + 1] for x in range(0, 32, 2))
            v = values.pop(0)
            if v < 65536 - 65536 % m:
                return v % m

    labels = doc_labels(decks, jokers)
    order = list(range(len(labels)))
    for i in range(len(order) - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    return [labels[x] for x in order]


def test_the_documented_vector():
    server = bytes(range(32))
    assert hashlib.sha256(server).hexdigest() == DealKey(server, "alice").commitment == (
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd")
    deck = doc_deck(server, "alice", 1, 2, 2)
    assert " ".join(deck[:12]) == "5S 2D KD JC AS 6S KC 10H JD KC 4S QS"
    assert deck == [c.label for c in reversed(shuffled_deck(VARIANTS["classic"],
                                                            DealKey(server, "alice").hand_seed(1)))]


@pytest.mark.parametrize("variant", ["classic", "classic-3p", "italian"])
def test_a_thousand_seeds_deal_as_the_document_says(variant):
    rules = VARIANTS[variant]
    rng = random.Random(2024)
    for _ in range(1000 if variant == "classic" else 100):
        server = rng.randbytes(32)
        player = "".join(rng.choice("abcxyz é€0123") for _ in range(rng.randrange(12)))
        hand = rng.randrange(1, 40)
        key = DealKey(server, player)
        mine = doc_deck(server, player, hand, rules.decks, rules.jokers_per_deck)
        # the whole deck as the game shuffles it...
        assert mine == [c.label for c in reversed(shuffled_deck(rules, key.hand_seed(hand)))]
        # ...and dealt as it says: one card at a time from the dealer's next seat
        g = Game(rules, None, key)
        g.hand_number = hand - 1
        g.history = g.deal_from(key.hand_seed(hand))
        n = rules.players
        first = (g.dealer + 1) % n
        for k in range(n * rules.hand_size):
            if mine[k] not in ("3H", "3D", "3S", "3C"):
                seat = (first + k % n) % n
                assert mine[k] in [c.label for c in g.hands[seat]]
