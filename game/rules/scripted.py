"""Any position of a game, for tests and tutorials (`Game.scripted`).

Card strings list the pile from bottom to top and the stock from the next card drawn
onwards. Cards not listed go to the bottom of the stock in a seeded order, or with
`rest="pile"` to the bottom of the pile (to script the end of the stock); so a scripted
position still holds the whole deck. `pile_hidden`: how many of the pile's bottom cards
lie face down (italian). In italian, `pile_frozen=None` counts every black 3 and wild
card in the pile as discarded (so it blocks); `pile_frozen=False` says none was."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card, make_decks, parse_cards
from .melds import BLACK_THREES, WILD_MELD, TableMeld, shape_error

if TYPE_CHECKING:
    from .engine import Game


class _Pool:
    """The decks' cards not placed yet, by code."""

    def __init__(self, decks: int, jokers_per_deck: int) -> None:
        self.copies: dict[int, list[Card]] = {}
        for c in make_decks(decks, jokers_per_deck):
            self.copies.setdefault(c.code, []).append(c)

    def take(self, text: str) -> list[Card]:
        out = []
        for c in parse_cards(text):
            copies = self.copies.get(c.code)
            if not copies:
                raise ValueError(f"{c.label} is listed more often than the decks hold it")
            out.append(copies.pop())
        return out

    def rest(self) -> list[Card]:
        cards = [c for copies in self.copies.values() for c in copies]
        cards.sort(key=lambda c: c.identity)
        return cards


def table_meld_for(cards: list[Card]) -> TableMeld:
    """A table meld of these cards, filed under the key the engine would give it."""
    naturals = {c.rank for c in cards if not c.is_wild}
    if all(c.is_black_three for c in cards):
        rank = BLACK_THREES
    elif not naturals:
        rank = WILD_MELD
    elif len(naturals) == 1:
        rank = naturals.pop()
    else:
        raise ValueError(f"a meld holds one rank: {' '.join(c.label for c in cards)}")
    return TableMeld(rank, cards)


def _place_hands_and_melds(g: Game, pool: _Pool, hands: list[str],
                           melds: dict[int, list[str]] | None) -> None:
    rules = g.rules
    if len(hands) != rules.players:
        raise ValueError(f"{rules.name} needs {rules.players} hands, got {len(hands)}")
    g.hands = [pool.take(h) for h in hands]
    for seat, h in enumerate(g.hands):
        if any(g.lays_out(c) for c in h):
            what = "threes" if rules.lay_out_black_threes else "red threes"
            raise ValueError(f"seat {seat}: {what} are laid out, not held (use red_threes=)")
    for side, groups in (melds or {}).items():
        for text in groups:
            m = table_meld_for(pool.take(text))
            if m.rank in g.melds[side]:
                raise ValueError(f"side {side} has two melds of {m.rank.label}")
            err = shape_error(rules, m.rank, m.naturals, m.wilds, new=False)
            if err:
                raise ValueError(f"side {side}: {text!r} is not a valid meld "
                                 f"({err[0]}: {err[1]})")
            g.melds[side][m.rank] = m
        # a side of one seat put its melds down itself, so it can no longer go out
        # concealed; on a partnership's side the script does not say which partner did
        seats = [s for s in range(rules.players) if g.side_of[s] == side]
        if len(seats) == 1:
            g.laid_on[seats[0]].update(int(rank) for rank in g.melds[side])


def scripted_game(g: Game, hands: list[str], stock: str, pile: str,
                  melds: dict[int, list[str]] | None, scores: tuple[int, ...] | None,
                  to_play: int, pile_frozen: bool | None, red_threes: dict[int, str] | None,
                  dealer: int | None, rest: str, pile_hidden: int) -> Game:
    """Set up the fresh game `g` for `to_play`'s turn (the engine then starts that turn)."""
    rules = g.rules
    pool = _Pool(rules.decks, rules.jokers_per_deck)
    _place_hands_and_melds(g, pool, hands, melds)
    for side, text in (red_threes or {}).items():
        g.red_threes[side] = pool.take(text)
    pile_cards = pool.take(pile)
    listed_stock = pool.take(stock)
    rest_cards = pool.rest()
    g.rng.shuffle(rest_cards)
    if rest == "pile":
        pile_cards = rest_cards + pile_cards
        rest_cards = []
    if not 0 <= pile_hidden <= max(len(pile_cards) - 1, 0):
        raise ValueError("pile_hidden must leave the top card face up")
    g.pile = g.pile_type(pile_cards, hidden=pile_hidden)
    if pile_frozen is True and not g.pile.frozen:
        g.pile.freezers = 1
    elif pile_frozen is False:
        g.pile.freezers = 0
    g.stock = rest_cards + list(reversed(listed_stock))
    if scores is not None:
        if len(scores) != rules.sides:
            raise ValueError(f"{rules.name} keeps {rules.sides} scores")
        g.scores = list(scores)
    g.minimums = [rules.minimum_for(g.scores[min(s, rules.sides - 1)])
                  for s in range(g.meld_sides())]
    g.dealer = (to_play - 1) % rules.players if dealer is None else dealer
    g.hand_number = 1
    return g
