"""Draw or take the pile: what the pile is worth to us, in rough points."""

from __future__ import annotations

from collections import Counter

from game.rules.actions import TakePile
from game.rules.cards import Rank
from game.rules.view import PlayerView

from .evaluate import alliance_pending, canastas, card_values, group_penalty
from .weights import SHIPPED, Weights

# Cut-throat: what becoming the lone player costs, in hand points. The two partners each
# score their shared table, so the lone player ends a typical hand some 700 points behind
# both of them; part of that is won back by the pile that made them lone, so a first
# take must beat a draw by this much.
LONE_HAND_COST = 400.0


def stock_near_end(view: PlayerView) -> bool:
    """Few enough draws left that whatever is still in hand when the hand ends costs."""
    return view.stock_size <= view.rules.players * view.rules.draw_count * 2


def turns_left(view: PlayerView) -> int:
    """How many more turns each player gets before the stock runs out."""
    rules = view.rules
    return view.stock_size // max(1, rules.players * rules.draw_count)


def pile_card_worth(view: PlayerView, counts: Counter, rank: Rank, is_black3: bool,
                    is_red3: bool, value: int, ending: bool, w: Weights = SHIPPED) -> float:
    """What one card of the pile adds to our hand."""
    if is_red3:
        return view.rules.red_three_bonus
    if is_black3:
        return -float(view.rules.black3_in_hand_penalty)
    if rank.is_wild:
        return w.pile_wild if not ending else value * w.pile_wild_ending
    mine = view.my_melds
    if rank in mine or counts[rank] >= 2:
        return w.pile_melds + value * w.pile_melds_value  # will be melded
    if ending:
        return -value * w.pile_dead_ending
    return w.pile_single + (w.pile_pairs if counts[rank] == 1 else 0.0)


# A take whose top card, pair and the copies in hand make a canasta of a rank the rules
# punish when short: the canasta bonus is certain (the lay-off follows in the same turn).
TAKE_COMPLETES = 400.0


def held_group_relief_on_take(view: PlayerView, rank: Rank) -> float:
    """The held-group penalty a take saves when it melds every card of a punished rank
    (modern: a group of three or more aces or 7s in hand)."""
    rules = view.rules
    held = rules.held_group_penalty
    if not held or int(rank) not in rules.held_group_ranks:
        return 0.0
    k = sum(1 for c in view.hand if c.rank == rank)
    return 0.5 * held if k >= rules.held_group_size else 0.0


def take_value(view: PlayerView, action: TakePile, w: Weights = SHIPPED) -> float:
    """Value of taking the pile with `action`, relative to doing nothing at all."""
    values = card_values(view.rules)
    pile = view.pile
    top = pile[-1]
    ending = stock_near_end(view) or view.stock_size == 0
    counts = Counter(c.rank for c in view.hand)
    for c in action.cards:
        counts[c.rank] -= 1
    for g in action.melds:
        for c in g:
            counts[c.rank] -= 1
    # the rest of the pile joins the hand: count pairs it makes with the hand too
    rest = pile[:-1]
    for c in rest:
        if c.is_natural:
            counts[c.rank] += 1
    worth = float(values[top.code]) + w.take_top  # the top card is melded at once
    for c in rest:
        worth += pile_card_worth(view, counts, c.rank, c.is_black_three, c.is_red_three,
                                 values[c.code], ending, w)
    wilds_used = sum(1 for c in action.cards if c.is_wild)
    worth -= w.take_wild_spent * wilds_used
    # a meld made or grown, and a canasta completed by the take, are worth a lot
    mine = view.my_melds
    m = mine.get(top.rank)
    size_after = (m.size if m else 0) + 1 + len(action.cards)
    if size_after >= 7 and (m is None or m.size < 7):
        worth += w.take_canasta if canastas(mine) < view.rules.canastas_to_go_out \
            else w.take_canasta_later
    if action.melds:
        worth += w.take_opens
    # melds that may stay short and cost a penalty at the end (modern 7s, aces, wilds)
    short = group_penalty(view.rules, mine, top.rank, (top, *action.cards))
    lay = 7 - size_after
    hand_after = len(view.hand) - len(action.cards) - sum(len(g) for g in action.melds) \
        + len(rest)
    # (a card must stay in hand for the turn's discard)
    if short and counts[top.rank] >= lay and hand_after > lay:
        # the copies left in hand and those the pile brings are laid off in the same
        # turn: the meld is a canasta at once, and a group the rules punish in hand
        # (modern: aces, 7s) leaves the hand with it
        short = 0.0
        worth += TAKE_COMPLETES + held_group_relief_on_take(view, top.rank)
    worth -= 0.8 * short
    for g in action.melds:
        rank = next((c.rank for c in g if c.is_natural), None)
        worth -= 0.8 * group_penalty(view.rules, mine, rank, g)
    worth += w.take_denies * len(rest)
    if alliance_pending(view):
        worth -= LONE_HAND_COST
    return worth


def draw_value(view: PlayerView, w: Weights = SHIPPED) -> float:
    """What drawing from the stock is worth, in the same rough points as a take of the pile."""
    cards = min(view.rules.draw_count, max(view.stock_size, 1))
    return w.draw_worth + w.stock_card_worth * (cards - 1)


