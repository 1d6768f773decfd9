"""Worlds consistent with what one seat knows, for the computer's search.

A `PlayerView` shows one seat its own hand and everything public: the table, the face-up
pile, the threes laid out, every hand's size, the cards known to be in a hand (they came
face up from a taken pile), scores, and the state of the turn and the hand. `resample`
builds a `Game` that shows that seat exactly the same view, and deals every card the seat
has not seen at random into the places it cannot see: the other hands (beside their known
cards), the stock, and italian's face-down cards under the starting upcard. The whole
deck is conserved.

The world is engine state made with the engine's own types, never a hand-written save,
so the engine alone says what a position is. The dealing respects what the engine never
allows: a card that is laid out as soon as it reaches a hand (a red three; in
modern-american any three) goes only to the stock or the face-down pile cards. The one
exception is a modern-american three kept in hand because it was the last stock card.

The deal is uniform among all deals that satisfy these constraints; it does not weigh
worlds by what the play so far suggests (that is the search's business).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .cards import Card, make_decks
from .deal import shuffle  # rng.shuffle's very order
from .errors import GameStateError
from .melds import TableMeld

if TYPE_CHECKING:
    from .engine import Game
    from .memo import CountTables
    from .view import PlayerView


def resample(cls: type[Game], view: PlayerView, rng: random.Random,
             tables: CountTables | None = None) -> Game:
    """A new game showing `view.seat` exactly `view`, the unseen cards dealt from `rng`
    (`tables`: the counts it shares with the other worlds of a search, see `memo`).

    Raises GameStateError only for a view no real game can show (its cards do not add
    up to the decks); a view taken from a game is always resampled."""
    g = cls(view.rules, seed=rng.getrandbits(32))
    if tables is not None:
        assert tables.units is g.units  # (the same rule set's)
        g.cache.tables = tables
    _copy_public(g, view)
    _deal_unseen(g, view, rng)
    from .engine import Phase

    if g.phase is Phase.MELD and g.to_play != view.seat and not g.legal_actions():
        _give_a_move(g, view, rng)

    if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        g.last_scores = g.hand_score()
    return g


def _copy_public(g: Game, view: PlayerView) -> None:
    """Everything the view shows that is not a hidden card, as fresh engine state."""
    g.hand_number = view.hand_number
    g.dealer = view.dealer
    g.to_play = view.to_play
    g.phase = view.phase
    g.scores = list(view.scores)
    g.side_of = list(view.side_of)
    g.melds = [{rank: TableMeld.showing(m) for rank, m in side.items()} for side in view.melds]
    g.red_threes = [list(r3) for r3 in view.red_threes]
    g.minimums = list(view.minimums)
    g.known = [list(k) for k in view.known]
    g.drew_from_stock = view.drew_from_stock
    g.took_pile = view.took_pile
    g.opened_at_turn_start = view.opened_at_turn_start
    g.melded_this_turn = view.melded_this_turn
    g.asked = view.asked
    g.answer = view.answer
    g.asker = view.asker
    g.asked_in_hand = list(view.asked_in_hand)
    g.laid_on = [set(keys) for keys in view.laid_on]
    g.concealed_chance = view.concealed_chance
    g.went_out = view.went_out
    g.concealed = view.concealed
    g.end_reason = view.end_reason
    g.winners = tuple(view.winners)


def unseen_cards(view: PlayerView) -> list[Card]:
    """The physical cards `view.seat` has not seen, ordered by rank and suit only: which
    copy of a card lies on the table says nothing about the hidden hands, so it must not
    steer the deal either."""
    seen = {c.identity for c in view.hand}
    for side in view.melds:
        for m in side.values():
            seen.update(c.identity for c in m.cards)
    seen.update(c.identity for c in view.pile)
    for r3 in view.red_threes:
        seen.update(c.identity for c in r3)
    for seat, cards in enumerate(view.known):
        if seat != view.seat:
            seen.update(c.identity for c in cards)
    rules = view.rules
    unseen = [c for c in make_decks(rules.decks, rules.jokers_per_deck) if c.identity not in seen]
    unseen.sort(key=lambda c: c.code)
    return unseen


def _deal_unseen(g: Game, view: PlayerView, rng: random.Random) -> None:
    rules = view.rules
    seat = view.seat
    # places the viewer cannot see: per other seat, its hand beyond the known cards
    slots = {s: view.hand_sizes[s] - len(view.known[s])
             for s in range(rules.players) if s != seat}
    unseen = unseen_cards(view)
    places = sum(slots.values()) + view.stock_size + view.pile_hidden
    if len(unseen) != places or any(n < 0 for n in slots.values()):
        raise GameStateError(f"a view of seat {seat} that no game shows: {len(unseen)} unseen "
                             f"cards for {places} hidden places")
    lays_out = g.lays_out
    laid_out: list[Card] = []
    others: list[Card] = []
    for c in unseen:
        (laid_out if lays_out(c) else others).append(c)
    shuffle(laid_out, rng)
    shuffle(others, rng)
    hands = [list(view.known[s]) for s in range(rules.players)]
    hands[seat] = list(view.hand)
    # a hand never holds a three that is laid out, except the one a modern hand keeps
    # when it drew it as the last stock card (then the stock is gone and it must be there)
    kept = len(laid_out) - view.stock_size - view.pile_hidden
    if kept > 0:
        keeper = view.to_play
        if (kept > 1 or keeper == seat or view.end_reason != "stock_three"
                or not rules.last_three_stays_in_hand):
            raise GameStateError(f"a view of seat {seat} that no game shows: {kept} threes "
                                 "can only be in a hand")
        hands[keeper].append(laid_out.pop())
        slots[keeper] -= 1
    for s, n in slots.items():
        hands[s].extend(others[:n])
        del others[:n]
    # the rest (every remaining laid-out three among them) is the stock and face-down pile
    rest = others + laid_out
    shuffle(rest, rng)
    buried = rest[:view.pile_hidden]
    g.hands = hands
    g.stock = rest[view.pile_hidden:]
    g.pile = g.pile_type(buried + list(view.pile), freezers=1 if view.pile_frozen else 0,
                         hidden=view.pile_hidden)


def _give_a_move(g: Game, view: PlayerView, rng: random.Random, tries: int = 400) -> None:
    """Deal the player to act (another seat, mid-turn) hidden cards it can play on with.

    Its real cards always left it a move: a player melds down to one card only when that
    card goes out next, and partner's binding "yes" leaves a way out. A uniform deal may
    miss that, so the player's hidden cards are dealt again from every other hidden place
    (other hands, the stock, italian's buried cards) until the position has a move:
    the deal conditioned on what the view implies. Raises GameStateError when no deal is
    found."""
    who = g.to_play
    hand = g.hands[who]
    mine = range(len(view.known[who]), len(hand))
    places: list[tuple[list[Card], int]] = [
        (h, i) for s, h in enumerate(g.hands) if s not in (who, view.seat)
        for i in range(len(view.known[s]), len(h))]
    places += [(g.stock, i) for i in range(len(g.stock))]
    places += [(g.pile.cards, i) for i in range(view.pile_hidden)]
    places = [(cards, i) for cards, i in places if not g.lays_out(cards[i])]
    for _ in range(tries):
        picks = rng.sample(range(len(places) + len(mine)), len(mine))
        # a pick past the other places keeps one of the player's own cards
        for slot, pick in zip(mine, picks, strict=True):
            if pick < len(places):
                cards, i = places[pick]
                hand[slot], cards[i] = cards[i], hand[slot]
        g.cache.reset()
        if g.legal_actions():
            return
    raise GameStateError(f"no deal gives seat {who} a move in this view of seat {view.seat}")
