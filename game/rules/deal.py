"""Fair deals (docs/FAIR_DEALS.md): every hand's deck order is fixed before play, from
a server seed the player cannot see, the player's own seed and the hand's number.

A game has a `DealKey`: a *server seed* of 32 bytes from the operating system's
randomness, whose SHA-256 (the *commitment*) is shown before the player's seed is fixed,
and the *player's seed*, any text. Hand `n`'s *hand seed* is an HMAC-SHA256 of the
player's seed and `n` under the server seed; the deck is shuffled by Fisher-Yates from a
byte stream of HMAC-SHA256 blocks under the hand seed, each index drawn by rejection
sampling. So:

- a hand seed, revealed when its hand is over, re-deals that hand and no other
  (`canasta verify --seed`): it tells nothing about the server seed or other hands;
- the server seed, revealed when the game is over, proves every hand seed was fixed by
  the commitment and the player's seed (`canasta verify --server-seed`, `--record`);
- a game started from a number (tests, simulations) has a server seed derived from that
  number and an empty player's seed, so a number still replays a whole game exactly.

The game's seeded `random.Random` is not used for the cards at all. House options never
change how the cards are dealt (tests/rules/test_deal.py keeps it so).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, Rank, make_decks
from .ruleset import RuleSet

if TYPE_CHECKING:
    from .engine import Game

SERVER_SEED_BYTES = 32
MIN_SERVER_SEED_BYTES = 16  # verify accepts shorter seeds down to 128 bits
HAND_SEED_BYTES = 32
HAND_SEED_LIMIT = 1 << (8 * HAND_SEED_BYTES)
PLAYER_SEED_MAX = 64  # characters
HAND_LABEL = b"canasta-hand/2\x00"
DECK_LABEL = b"canasta-deck/2\x00"
NUMBER_LABEL = b"canasta-seed/2\x00"
_U32 = struct.Struct(">I")
_BLOCK_VALUES = struct.Struct(">16H")  # one HMAC-SHA256 block as the stream's two-byte values


def fresh_server_seed() -> bytes:
    """A new server seed from the operating system's randomness."""
    return secrets.token_bytes(SERVER_SEED_BYTES)


def fresh_player_seed() -> str:
    """The player's seed a New game offers: 16 random hexadecimal digits."""
    return secrets.token_hex(8)


def commitment_of(server_seed: bytes) -> str:
    """The commitment shown before the player's seed is fixed: SHA-256, lowercase hex."""
    return hashlib.sha256(server_seed).hexdigest()


def grouped(digest: str, size: int = 8) -> str:
    """A hex string in groups of `size` characters, for reading aloud or copying by hand;
    every screen and the command line show a commitment this way."""
    return " ".join(digest[i:i + size] for i in range(0, len(digest), size))


@dataclass(frozen=True)
class DealKey:
    """What fixes every hand of one game: the server seed and the player's seed."""

    server_seed: bytes
    player_seed: str

    def __post_init__(self) -> None:
        if len(self.server_seed) < MIN_SERVER_SEED_BYTES:
            raise ValueError(f"a server seed has at least {MIN_SERVER_SEED_BYTES} bytes")
        if len(self.player_seed) > PLAYER_SEED_MAX:
            raise ValueError(f"a player's seed has at most {PLAYER_SEED_MAX} characters")

    @classmethod
    def fresh(cls, player_seed: str | None = None) -> DealKey:
        """A new server seed, with the player's seed given or a random one."""
        return cls(fresh_server_seed(), fresh_player_seed() if player_seed is None else player_seed)

    @classmethod
    def of_number(cls, seed: int) -> DealKey:
        """The key of a game started from a number: its server seed is the SHA-256 of
        ``canasta-seed/2``, a zero byte and the number in decimal; its player's seed is
        empty. Deterministic, so never fair: for tests and simulations."""
        return cls(hashlib.sha256(NUMBER_LABEL + str(seed).encode()).digest(), "")

    @property
    def commitment(self) -> str:
        """What the player is shown before their seed is fixed."""
        return commitment_of(self.server_seed)

    def hand_seed(self, hand: int) -> int:
        """Hand `hand`'s seed (hands count from 1) as a 256-bit whole number."""
        return hand_seed_of(self.server_seed, self.player_seed, hand)

    def to_dict(self) -> dict[str, str]:
        """The key as saves and game records hold it (the server seed in hex)."""
        return {"server_seed": self.server_seed.hex(), "player_seed": self.player_seed}

    @classmethod
    def from_dict(cls, d: object) -> DealKey:
        """ValueError unless `d` is what `to_dict` writes."""
        if not isinstance(d, dict) or not isinstance(d.get("server_seed"), str) \
                or not isinstance(d.get("player_seed"), str):
            raise ValueError("a deal key is {server_seed: hex, player_seed: text}")
        return cls(bytes.fromhex(d["server_seed"]), d["player_seed"])


def hand_seed_of(server_seed: bytes, player_seed: str, hand: int) -> int:
    """HMAC-SHA256 under the server seed of ``canasta-hand/2``, a zero byte, the player's
    seed's UTF-8 length (4 bytes, big-endian), its UTF-8 bytes and the hand number (4
    bytes, big-endian), read as a big-endian whole number."""
    if not 1 <= hand < 1 << 32:
        raise ValueError("a hand number is a whole number from 1 to 2**32 - 1")
    player = player_seed.encode()
    message = HAND_LABEL + _U32.pack(len(player)) + player + _U32.pack(hand)
    return int.from_bytes(hmac.digest(server_seed, message, "sha256"), "big")


def next_hand_seed(game: Game) -> int:
    """The seed of `game`'s next hand. A game made without a key gets the one of its
    number (or a fresh one when it has none) the first time it deals."""
    if game.deal_key is None:
        game.deal_key = DealKey.fresh() if game.seed is None else DealKey.of_number(game.seed)
    return game.deal_key.hand_seed(game.hand_number + 1)


def _stream(hand_seed: int) -> Iterator[int]:
    """The deck's byte stream, two bytes at a time: block i is HMAC-SHA256 under the hand
    seed's 32 bytes of ``canasta-deck/2``, a zero byte and i (4 bytes, big-endian)."""
    keyed = hmac.new(hand_seed.to_bytes(HAND_SEED_BYTES, "big"), DECK_LABEL, hashlib.sha256)
    block = 0
    while True:
        mac = keyed.copy()  # keyed once, the label read once: each block adds its number
        mac.update(_U32.pack(block))
        yield from _BLOCK_VALUES.unpack(mac.digest())
        block += 1


def deck_order(size: int, hand_seed: int) -> list[int]:
    """The card numbers 0..size-1 shuffled: position 0 is dealt first. Fisher-Yates from
    the last position down; each index below n is a two-byte value v of the stream, kept
    when v < 65536 - 65536 % n (then v % n), else the next value is read."""
    if not 0 <= hand_seed < HAND_SEED_LIMIT:
        raise ValueError("a hand seed is a whole number from 0 to 2**256 - 1")
    order = list(range(size))
    values = _stream(hand_seed)
    for i in range(size - 1, 0, -1):
        n = i + 1
        limit = 65536 - 65536 % n
        v = next(values)
        while v >= limit:
            v = next(values)
        j = v % n
        order[i], order[j] = order[j], order[i]
    return order


def shuffled_deck(rules: RuleSet, hand_seed: int) -> list[Card]:
    """The decks as the stock holds them: the next card dealt is the last one. Cards are
    numbered as `make_decks` lists them (deck by deck: spades, hearts, diamonds, clubs,
    each ace to king, then the deck's jokers)."""
    cards = make_decks(rules.decks, rules.jokers_per_deck)
    return [cards[k] for k in reversed(deck_order(len(cards), hand_seed))]


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Exactly `rng.shuffle(cards)`: the same Fisher-Yates swaps, each index drawn as
    `Random._randbelow` draws it (the fewest bits that hold it, drawn again while too
    large), with one draw call per card where the library makes two. The AI's worlds
    (resample.py) are drawn with it, so its figures depend on this staying the library's
    order (tests/rules/test_deal.py compares); deals do not use it."""
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def hand_seed_hex(hand_seed: int) -> str:
    """A hand seed as the table reveals it and `canasta verify --seed` reads it."""
    return f"{hand_seed:064x}"


def parse_hand_seed(text: str) -> int:
    """A hand seed from its 64 hexadecimal digits (ValueError otherwise)."""
    text = text.strip().lower()
    if len(text) != 2 * HAND_SEED_BYTES:
        raise ValueError(f"a hand seed is {2 * HAND_SEED_BYTES} hexadecimal digits")
    return int(text, 16)


@dataclass(frozen=True)
class DealRecord:
    """One hand as dealt, after the threes were laid out and replaced and the pile
    was turned: what `canasta verify` prints."""

    variant: str
    hand_seed: int
    dealer: int
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
            "variant": self.variant, "seed": hand_seed_hex(self.hand_seed),
            "dealer": self.dealer,
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
        hands=tuple(tuple(h) for h in game.hands), laid_out=tuple(tuple(t) for t in laid),
        pile=tuple(game.pile.cards), pile_hidden=game.pile.hidden,
        stock=tuple(reversed(game.stock)), first_to_play=game.to_play)


def dealt(rules: RuleSet, hand_seed: int, dealer: int = 0, hand: int = 1,
          scores: tuple[int, ...] | None = None) -> Game:
    """A game at the deal of one hand, dealt from its seed alone: `dealer` turns who
    receives which cards; `hand` and the running `scores` only set what the hand's
    scoring depends on (the minimum openings)."""
    from .engine import Game

    if not 0 <= dealer < rules.players:
        raise ValueError(f"the dealer is a seat from 0 to {rules.players - 1}")
    if not 0 <= hand_seed < HAND_SEED_LIMIT:
        raise ValueError("a hand seed is a whole number from 0 to 2**256 - 1")
    g = Game(rules, None)
    if scores is not None:
        if len(scores) != rules.sides:
            raise ValueError("the record does not belong to this variant")
        g.scores = list(scores)
    g.dealer = dealer
    g.hand_number = hand - 1
    g.history = g.deal_from(hand_seed)
    return g


def redeal(rules: RuleSet, hand_seed: int, dealer: int = 0) -> DealRecord:
    """Deal a hand from its seed alone, as the table dealt it."""
    return record_of(dealt(rules, hand_seed, dealer))


def replay_deal(game: Game) -> Game:
    """A new game that starts again from the deal of `game`'s finished hand: the same
    shuffle, dealer, variant and options, and the scores as they stood before it. Its
    state at the deal equals the original's at that deal (the game's generator is not
    used during a hand, so it still holds what it held then)."""
    from .engine import Phase

    if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) or game.hand_seed is None:
        raise ValueError("only a finished hand dealt from a hand seed can be played again")
    g = type(game)(game.rules, game.seed, game.deal_key)
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
