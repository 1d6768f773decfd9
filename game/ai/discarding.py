"""Which card to throw: what it is worth to us against what it gives the next player.

The only player who can use a discard is the next one (everybody after sees it covered),
so the danger of a card is the chance that the next seat, if it is an opponent, can take
the pile with it, times what the pile is worth to them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.rules.cards import Card
from game.rules.view import PlayerView

from .evaluate import card_values
from .memory import Memory
from .taking import stock_near_end


@dataclass(frozen=True)
class DiscardScore:
    card: Card
    keep: float  # what we lose by giving the card up
    danger: float  # expected points the next opponent gains from it
    take_chance: float

    @property
    def cost(self) -> float:
        return self.keep + self.danger


def next_seat(view: PlayerView) -> int:
    return (view.seat + 1) % view.rules.players


def next_is_opponent(view: PlayerView) -> bool:
    nxt = next_seat(view)
    return view.side_of[nxt] != view.side


def pile_worth_to_taker(view: PlayerView) -> float:
    """Rough points a player gains by taking the pile after our discard lands on it."""
    size = len(view.pile) + 1
    return 25.0 + 14.0 * size


def take_chance(view: PlayerView, mem: Memory | None, card: Card, counting: bool,
                frozen_after: bool) -> float:
    """Chance the next seat can take the pile if `card` is on top."""
    if card.is_wild or card.is_black_three:
        return 0.0  # blocks the next player whatever they hold
    nxt = next_seat(view)
    if view.side_of[nxt] == view.side:
        return 0.0
    their_side = view.side_of[nxt]
    their_melds = view.melds[their_side]
    opened = bool(their_melds)
    rank = card.rank
    if rank in getattr(view, "dead_ranks", ()):
        return 0.0  # nobody may meld it, so nobody can take the pile with it
    if getattr(view.rules, "take_needs_natural_pair", False):
        frozen_after = True  # every take needs a natural pair (modern american)
    if len(view.pile) == 0 and view.hand_sizes[nxt] == 1:
        return 0.0  # a player holding one card may not take a one-card pile
    if opened and not frozen_after and rank in their_melds:
        return 1.0
    if not counting or mem is None:
        known = sum(1 for c in view.known[nxt] if c.rank == rank)
        return 1.0 if known >= 2 else (0.15 if known == 1 else 0.0)
    pair = mem.p_holds(nxt, rank, 2)
    if frozen_after or not opened:
        return pair
    # unfrozen: one natural plus a wild card also takes it
    one = mem.p_holds(nxt, rank, 1)
    return min(1.0, pair + (one - pair) * mem.p_holds_wild(nxt))


def score_discards(view: PlayerView, mem: Memory | None, counting: bool = True,
                   hold_back: bool = True) -> list[DiscardScore]:
    """One score per distinct card in hand (copies are interchangeable)."""
    values = card_values(view.rules)
    counts = Counter(c.rank for c in view.hand)
    mine = view.my_melds
    ending = stock_near_end(view)
    frozen = view.pile_frozen or not mine
    pile_big = len(view.pile) >= 6
    worth = pile_worth_to_taker(view)
    seen: set[int] = set()
    out: list[DiscardScore] = []
    for c in view.hand:
        if c.code in seen:
            continue
        seen.add(c.code)
        v = values[c.code]
        if c.is_wild:
            # Only ever worth throwing to freeze a dangerous pile; the defence logic
            # compares this cost against the danger it removes.
            keep = 60.0 + v
        elif c.is_black_three:
            # a free, perfectly safe discard, best kept for when the pile is worth blocking
            keep = 4.0 if (not pile_big and len(view.hand) > 3) else -2.0
        else:
            k = counts[c.rank]
            if c.rank in mine:
                keep = 14.0 + (8.0 if frozen and k >= 2 else 0.0)
            elif k >= 3:
                keep = 36.0
            elif k == 2:
                keep = 22.0 + (14.0 if frozen and hold_back else 0.0)
                if mem is not None and counting and mem.unseen(c.rank) == 0:
                    keep -= 8.0  # nobody can throw us the third one
            else:
                keep = 2.0
                if mem is not None and counting:
                    keep += 1.5 * mem.unseen(c.rank)  # a live singleton may still pair
            # Cards in hand cost their value when the hand ends: the nearer the end, the
            # more a high card should go. Wild cards aside, aces weigh most.
            keep -= v * (0.6 if ending else 0.2)
            held = getattr(view.rules, "held_group_penalty", 0)
            if held and c.rank in getattr(view.rules, "held_group_ranks", ()) \
                    and k >= getattr(view.rules, "held_group_size", 3) and k < 7:
                # a group of these left in hand at the end costs a fortune: shed them
                keep = min(keep, -10.0 - (30.0 if ending else 0.0))
        frozen_after = view.pile_frozen or c.is_wild
        chance = take_chance(view, mem, c, counting, frozen_after)
        danger = chance * worth
        out.append(DiscardScore(c, keep, danger, chance))
    return out
