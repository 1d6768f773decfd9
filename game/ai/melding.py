"""Which of the engine's meld options to lay down now, and which to hold back."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.rules.actions import Meld
from game.rules.cards import Rank
from game.rules.openings import opening_groups
from game.rules.view import PlayerView

from .evaluate import (
    WILD_MELD,
    canasta_bonus,
    canastas,
    card_values,
    group_penalty,
    incomplete_penalty,
    minimum_ratio,
)
from .memory import Memory
from .taking import stock_near_end
from .weights import SHIPPED, Weights


def cards_in(action: Meld) -> int:
    """How many cards the melding move lays."""
    return sum(len(g) for g in action.groups)


def goes_out(view: PlayerView, action: Meld) -> bool:
    """Melding this leaves at most one card (the last discard): the hand ends."""
    return len(view.hand) - cards_in(action) <= 1


def group_rank(action: Meld, i: int) -> Rank | None:
    """The meld group `i` goes to: its natural rank, else the rank it is laid onto (None for a new
    meld of wild cards)."""
    for c in action.groups[i]:
        if c.is_natural:
            return c.rank
    return action.target(i)


def move_penalty(view: PlayerView, action: Meld) -> float:
    """End-of-hand penalties for the new short melds this move leaves on the table (modern:
    a natural meld of 7s or aces under seven, a meld of wild cards): what going out with
    it costs on top of the usual count."""
    mine = view.my_melds
    return sum(group_penalty(view.rules, mine, group_rank(action, i), g)
               for i, g in enumerate(action.groups))


# An opponent holding this few cards beside the canastas it needs, or melds one card
# short of them, may go out on its next turn.
THREAT_HAND = 2
# With the canastas already down, a player this many cards above its draw may still meld
# out next turn; with more it needs a pile or several turns.
THREAT_WITH_CANASTAS = 3


def opponents_can_go_out(view: PlayerView) -> bool:
    """Some opponent may end the hand soon: its side has the canastas it needs and the
    player few cards, or the player holds one or two cards beside melds of six that
    one more card turns into the missing canastas."""
    need = view.rules.canastas_to_go_out
    for s in view.opponents():
        side = view.side_of[s]
        melds = view.melds[side]
        have = canastas(melds)
        if have >= need and view.hand_sizes[s] <= THREAT_WITH_CANASTAS + view.rules.draw_count:
            return True
        near = sum(1 for m in melds.values() if m.size == 6)
        if have + near >= need and view.hand_sizes[s] <= THREAT_HAND:
            return True
    return False


def partner_may_go_out(view: PlayerView) -> bool:
    """Partner is down to a card or two and the side has its canastas: every meld we
    lay is a place for partner's last cards."""
    partner = view.partner
    return (partner is not None and view.hand_sizes[partner] <= THREAT_HAND
            and canastas(view.my_melds) >= view.rules.canastas_to_go_out)


def opening_value(view: PlayerView, action: Meld, w: Weights = SHIPPED) -> float:
    """Rough points for laying this opening now rather than waiting: openings with
    fewer wild cards come first, 2s before jokers, and an opening that ties wild cards
    to three-card melds waits while the pile is small and the hand young."""
    twos = jokers = 0
    for g in action.groups:
        nat = sum(1 for c in g if not c.is_wild)
        if nat >= 7 or len(g) >= 7 or nat == 0:
            # a canasta laid down at once, or a meld of wild cards on its way to a wild
            # canasta (its risk is opening_penalty's): the wild cards are well spent
            continue
        twos += sum(1 for c in g if c.rank == 2)
        jokers += sum(1 for c in g if c.rank == 0)
    # A high minimum (a side far on in the game) cannot be met without wild cards:
    # there they are the price of opening at all, and waiting for a cleaner opening
    # leaves the whole hand in hand when the opponents go out.
    scale = 1.0 / max(1.0, minimum_ratio(view))
    value = w.opening_base - scale * (w.opening_two * twos + w.opening_joker * jokers)
    value += w.opening_per_pile_card * view.pile_size
    if stock_near_end(view) or view.stock_size <= view.rules.players * 10:
        value += w.opening_late
    # the hand may end before a better opening comes: an unopened side keeps every
    # card in hand and its red 3s count against it
    if opponents_can_go_out(view):
        value += w.opening_threatened
    elif _their_canastas_ready(view):
        value += w.opening_they_can_go_out
    return value


def _their_canastas_ready(view: PlayerView) -> bool:
    need = view.rules.canastas_to_go_out
    return any(canastas(view.melds[view.side_of[s]]) >= need for s in view.opponents())


def opening_penalty(view: PlayerView, action: Meld) -> float:
    """End-of-hand penalties an opening would risk (modern: short 7s/aces, wild melds).
    A new meld of wild cards counts its penalty only by the chance it stays short, less
    what the wild canasta it starts may bring (six wild cards are one from 2,000)."""
    mine = view.my_melds
    mem: Memory | None = None
    total = 0.0
    for i, g in enumerate(action.groups):
        rank = group_rank(action, i)
        pen = group_penalty(view.rules, mine, rank, g)
        if pen and all(c.is_wild for c in g):
            mem = mem or Memory(view)
            pen = max(0.0, -wild_meld_prospect(view, mem, g, pen))
        total += pen
    return total


def wild_meld_prospect(view: PlayerView, mem: Memory | None, cards, penalty: float) -> float:
    """Expected worth of starting a meld of these wild cards: the wild canasta's bonus by
    the chance of finishing it, less its penalty by the chance it stays short."""
    cards = list(cards)
    live = (mem.unseen(0) + mem.unseen(2)) if mem is not None else None
    risk = unfinished_risk(len(cards), live)
    jokers = sum(1 for c in cards if c.rank == 0)
    bonus = canasta_bonus(view.rules, WILD_MELD, True, jokers)
    return bonus * (1.0 - risk) - penalty * risk


def penalised_ranks(view: PlayerView) -> tuple[Rank, ...]:
    """The ranks whose unfinished melds cost a penalty at the end of the hand (modern 7s and aces)."""
    rules = view.rules
    by_rank = rules.incomplete_meld_penalty_by_rank
    return tuple(Rank(r) for r, p in by_rank if p > 0)


def safer_opening(view: PlayerView) -> Meld | None:
    """An opening without the melds that risk a penalty, when the engine's canonical one
    has them. Built by the engine's own helper from our hand and checked for legality on
    a sampled copy of the position (the hidden cards play no part in that check)."""
    exclude = tuple(penalised_ranks(view))
    minimum = view.minimums[view.side]
    hand = [c for c in view.hand if not (c.is_wild and wild_meld_first(view))]
    groups = opening_groups(view.rules, hand, minimum, exclude=exclude, dead=view.dead_ranks)
    if not groups:
        return None
    action = Meld([list(g) for g in groups])
    if opening_penalty(view, action) > 0:
        return None
    from .sampling import is_legal

    return action if is_legal(view, action) else None


def wild_meld_first(view: PlayerView) -> bool:
    """Whether these rules punish an unfinished meld of wild cards; a safer opening then keeps the
    wild cards out."""
    return bool(view.rules.incomplete_wild_meld_penalty)


# A meld this short is far from a canasta: a wild card tied to it is wasted.
SHORT_MELD = 5
# Before the first canasta keep at least this many cards (each fewer costs `melt`).
KEEP_CARDS = 4


# Chance a meld of this many cards is still short of seven when the hand ends, by cards
# missing (more missing, or fewer copies left than missing: it stays short).
UNFINISHED_RISK = {1: 0.35, 2: 0.55, 3: 0.75}


def unfinished_risk(size: int, live: int | None) -> float:
    """Chance a meld of `size` cards (with `live` unseen copies of its rank) stays short."""
    missing = 7 - size
    if missing <= 0:
        return 0.0
    if live is not None and live < missing:
        return 1.0
    return UNFINISHED_RISK.get(missing, 1.0)


# Share of the held-group penalty counted as saved by melding the group away: the cards
# could also be discarded one a turn, so the penalty is not certain.
HELD_RELIEF = 0.6
HELD_RELIEF_ENDING = 1.0


def held_group_relief(view: PlayerView, counts: Counter, rank: int, melded: int) -> float:
    """What melding `melded` cards of `rank` saves on the penalty for holding a group of
    that rank at the end of the hand (0 when the variant has none)."""
    rules = view.rules
    held = rules.held_group_penalty
    if not held or rank not in rules.held_group_ranks:
        return 0.0
    size = rules.held_group_size
    k = counts[rank]
    if k < size or k - melded >= size:
        return 0.0
    return held * (HELD_RELIEF_ENDING if stock_near_end(view) else HELD_RELIEF)


@dataclass(frozen=True)
class MeldTurn:
    """What every meld a turn offers is judged against, the same for each: the hand's
    cards by rank, the side's canastas, and whether the hand may end soon."""

    counts: Counter[Rank]
    have: int
    urgent: bool

    @classmethod
    def of(cls, view: PlayerView) -> MeldTurn:
        """The turn `view` shows."""
        urgent = stock_near_end(view) or opponents_can_go_out(view) or partner_may_go_out(view)
        return cls(Counter(c.rank for c in view.hand), canastas(view.my_melds), urgent)


def meld_value(view: PlayerView, action: Meld, mem: Memory | None, hold_back: bool,
               w: Weights = SHIPPED, turn: MeldTurn | None = None) -> float:
    """Rough points for laying this meld now rather than keeping the cards in hand
    (`turn`: the view's `MeldTurn`, when the caller judges several melds).

    Positive values are played, best first; a negative value means hold back."""
    turn = turn or MeldTurn.of(view)
    values = card_values(view.rules)
    mine = view.my_melds
    counts = turn.counts
    need = view.rules.canastas_to_go_out
    have = turn.have
    hand_after = len(view.hand) - cards_in(action)
    urgent = turn.urgent
    if have >= need and hand_after <= 3:
        urgent = True  # close to going out: melded cards no longer cost at the end
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
                total -= penalty * unfinished_risk(size1, mem.unseen(rank) if mem else None)
        if rank is not None:
            # cards of a rank whose group held at the end is punished (modern: three
            # aces or 7s): melding them takes that penalty off the hand
            total += held_group_relief(view, counts, int(rank), nat)
        if nat == 0:
            # a new meld of wild cards that may stay unfinished (modern: -2000)
            total -= 0.8 * group_penalty(view.rules, mine, rank, g)
        # the cards' value moves from the hand (a risk) to the table (a gain)
        total += sum(values[c.code] for c in g) * w.meld_value_share + w.meld_per_card * len(g)
        if completes:
            total += w.meld_canasta if have < need else w.meld_canasta_later
            if wild == 0 and (m is None or m.wilds == 0):
                total += w.meld_natural_canasta
        if wild:
            if m is not None and m.wilds == 0 and not completes and nat == 0:
                # Natural before mixed: a wild on a clean meld gives up the natural
                # canasta bonus unless the meld cannot get there anyway.
                room = (mem.unseen(rank) if mem is not None and rank is not None else 2)
                total -= w.spoil_natural if size0 + room >= 7 else w.spoil_hopeless
            elif not completes:
                total -= w.wild_wait * wild if not urgent else w.wild_wait_urgent * wild
            if not urgent and size1 <= SHORT_MELD:
                # wild cards go to one meld near a canasta, not to a short one
                total -= sum(w.short_joker if c.rank == 0 else w.short_two
                             for c in g if c.is_wild)
        # the move breaks the natural pair in hand (laying off one card of two breaks it
        # as surely as laying off both)
        breaks_pair = rank is not None and counts[rank] >= 2 and counts[rank] - nat < 2
        if hold_back and not urgent and breaks_pair and nat >= 1 and not completes:
            # A natural pair in hand is the key to a frozen pile; the meld on the table
            # is the key to an unfrozen one. Keep the pair while the pile is frozen for us
            # and worth taking, and the rank can still be thrown to us.
            assert rank is not None  # breaks_pair says so
            live = mem.unseen(rank) if mem is not None else 1
            if frozen_for_us and pile_big and live > 0 and counts[rank] <= 3:
                total -= w.keep_pair_for_pile + len(view.pile)
            elif m is None and nat == 3 and len(view.hand) >= 9 and live > 0:
                # a fresh triple: melding only shows the opponents what we collect
                total -= w.fresh_triple
    if 1 < hand_after <= FREEZER_HAND and _lays_last_freezer(view, action):
        total -= w.freezer
    if not urgent and have < need and hand_after < KEEP_CARDS:
        # Before the side's first canasta a short hand can neither take the pile nor go
        # out: only a completed canasta is worth melding the hand down for.
        if not any(size >= 7 for size in _sizes_after(view, action)):
            total -= w.melt * (KEEP_CARDS - hand_after)
    return total


# A hand of this many cards or fewer discards every turn with little choice left.
FREEZER_HAND = 3


def _lays_last_freezer(view: PlayerView, action: Meld) -> bool:
    """The meld lays the hand's last wild card and no black 3 stays to block the pile,
    while the pile is open to the opponents' lay-offs and a wild card may be thrown to
    freeze it (not in modern american, where it is thrown only going out)."""
    if view.pile_frozen or view.rules.wild_discard_only_going_out:
        return False
    laid = sum(1 for g in action.groups for c in g if c.is_wild)
    held = sum(1 for c in view.hand if c.is_wild)
    if laid == 0 or laid < held:
        return False
    return not any(c.is_black_three for c in view.hand)


def _sizes_after(view: PlayerView, action: Meld) -> list[int]:
    mine = view.my_melds
    out = []
    for i, g in enumerate(action.groups):
        rank = group_rank(action, i)
        m = mine.get(rank) if rank is not None else None
        out.append((m.size if m else 0) + len(g))
    return out
