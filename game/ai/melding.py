"""Which of the engine's meld options to lay down now, and which to hold back."""

from __future__ import annotations

from collections import Counter

from game.rules.actions import Meld
from game.rules.cards import Rank
from game.rules.openings import opening_groups
from game.rules.view import PlayerView

from .evaluate import canastas, card_values, group_penalty, incomplete_penalty
from .memory import Memory
from .taking import stock_near_end


def cards_in(action: Meld) -> int:
    return sum(len(g) for g in action.groups)


def goes_out(view: PlayerView, action: Meld) -> bool:
    """Melding this leaves at most one card (the last discard): the hand ends."""
    return len(view.hand) - cards_in(action) <= 1


def group_rank(action: Meld, i: int) -> Rank | None:
    for c in action.groups[i]:
        if c.is_natural:
            return c.rank
    return action.target(i)


def opponents_can_go_out(view: PlayerView) -> bool:
    """Some opponent side has the canastas it needs and a player with few cards."""
    need = view.rules.canastas_to_go_out
    for s in view.opponents():
        side = view.side_of[s]
        if canastas(view.melds[side]) >= need and view.hand_sizes[s] <= 6:
            return True
    return False


def opening_penalty(view: PlayerView, action: Meld) -> float:
    """End-of-hand penalties an opening would risk (modern: short 7s/aces, wild melds)."""
    mine = view.my_melds
    return sum(group_penalty(view.rules, mine, group_rank(action, i), g)
               for i, g in enumerate(action.groups))


def penalised_ranks(view: PlayerView) -> tuple[int, ...]:
    rules = view.rules
    by_rank = getattr(rules, "incomplete_meld_penalty_by_rank", ())
    return tuple(int(r) for r, p in by_rank if p > 0)


def safer_opening(view: PlayerView) -> Meld | None:
    """An opening without the melds that risk a penalty, when the engine's canonical one
    has them. Built by the engine's own helper from our hand and checked for legality on
    a sampled copy of the position (the hidden cards play no part in that check)."""
    exclude = tuple(penalised_ranks(view))
    minimum = view.minimums[view.side]
    hand = [c for c in view.hand if not (c.is_wild and wild_meld_first(view))]
    try:
        groups = opening_groups(view.rules, hand, minimum, exclude=exclude,
                                dead=frozenset(getattr(view, "dead_ranks", ())))
    except TypeError:
        groups = opening_groups(view.rules, hand, minimum, exclude=exclude)
    if not groups:
        return None
    action = Meld([list(g) for g in groups])
    if opening_penalty(view, action) > 0:
        return None
    from .sampling import is_legal

    return action if is_legal(view, action) else None


def wild_meld_first(view: PlayerView) -> bool:
    return bool(getattr(view.rules, "incomplete_wild_meld_penalty", 0))


def meld_value(view: PlayerView, action: Meld, mem: Memory | None, hold_back: bool) -> float:
    """Rough points for laying this meld now rather than keeping the cards in hand.

    Positive values are played, best first; a negative value means hold back."""
    values = card_values(view.rules)
    mine = view.my_melds
    counts = Counter(c.rank for c in view.hand)
    need = view.rules.canastas_to_go_out
    have = canastas(mine)
    hand_after = len(view.hand) - cards_in(action)
    urgent = stock_near_end(view) or opponents_can_go_out(view) or hand_after <= 3
    frozen_for_us = view.pile_frozen
    pile_big = len(view.pile) >= 5
    total = 0.0
    for i, g in enumerate(action.groups):
        rank = group_rank(action, i)
        nat = sum(1 for c in g if not c.is_wild)
        wild = len(g) - nat
        m = mine.get(rank) if rank is not None else None
        size0 = m.size if m else 0
        size1 = size0 + len(g)
        completes = size0 < 7 <= size1
        if rank is not None and size1 < 7 and (m is None or m.wilds == 0) and wild == 0:
            penalty = incomplete_penalty(view.rules, int(rank))
            if penalty:
                # an unfinished meld of this rank costs its penalty at the end: only lay
                # it when the canasta is within reach
                total -= penalty * (0.5 if size1 >= 5 else 1.0)
        if nat == 0:
            # a new meld of wild cards that may stay unfinished (modern: -2000)
            total -= 0.8 * group_penalty(view.rules, mine, rank, g)
        # the cards' value moves from the hand (a risk) to the table (a gain)
        total += sum(values[c.code] for c in g) * 0.3 + 3.0 * len(g)
        if completes:
            total += 120.0 if have < need else 60.0
            if wild == 0 and (m is None or m.wilds == 0):
                total += 40.0  # natural canasta
        if wild:
            if m is not None and m.wilds == 0 and not completes and nat == 0:
                # Natural before mixed: a wild on a clean meld gives up the natural
                # canasta bonus unless the meld cannot get there anyway.
                room = (mem.unseen(rank) if mem is not None and rank is not None else 2)
                total -= 30.0 if size0 + room >= 7 else 6.0
            elif not completes:
                total -= 14.0 * wild if not urgent else 2.0 * wild
            if m is None and nat == 2 and not urgent and size1 < 7:
                total -= 10.0  # pair + wild: a wild tied to a short meld
        # the move breaks the natural pair in hand (laying off one card of two breaks it
        # as surely as laying off both)
        breaks_pair = rank is not None and counts[rank] >= 2 and counts[rank] - nat < 2
        if hold_back and not urgent and breaks_pair and nat >= 1 and not completes:
            # A natural pair in hand is the key to a frozen pile; the meld on the table
            # is the key to an unfrozen one. Keep the pair while the pile is frozen for us
            # and worth taking, and the rank can still be thrown to us.
            live = mem.unseen(rank) if mem is not None else 1
            if frozen_for_us and pile_big and live > 0 and counts[rank] <= 3:
                total -= 25.0 + len(view.pile)
            elif m is None and nat == 3 and len(view.hand) >= 9 and live > 0:
                # a fresh triple: melding only shows the opponents what we collect
                total -= 8.0
    return total
