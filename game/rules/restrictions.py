"""The variants' rules on where cards may go beyond a meld's shape: wild cards in melds
(the rule of five, ranks that take them only in the initial meld, the lock of an
unfinished meld of wild cards), what may be discarded, and what a side needs on the
table to go out. Every rule here is switched on by a `RuleSet` field, so a variant that
does not have it never pays for it."""

from __future__ import annotations

from .cards import Card, Rank
from .errors import IllegalMove
from .melds import BLACK_THREES, WILD_MELD, RankWord, TableMeld
from .ruleset import RuleSet


def check_placement(rules: RuleSet, side_melds: dict[Rank, TableMeld],
                    targets: dict[Rank, list[Card]], opening: bool) -> None:
    """Raise IllegalMove when `targets` break a placement rule. `opening`: this move is
    the side's initial meld (which may put wild cards anywhere its shape allows)."""
    wilds_elsewhere = False
    wild_meld_open = False
    for rank, cards in targets.items():
        existing = side_melds.get(rank)
        if rank == WILD_MELD:
            wild_meld_open = (existing.size if existing else 0) + len(cards) < 7
            continue
        wild = 0
        for c in cards:
            if c.rank == 0 or c.rank == 2:
                wild += 1
        if not wild:
            continue
        wilds_elsewhere = True
        if opening:
            continue
        if rank in rules.opening_only_wild_ranks:
            raise IllegalMove("meld.wilds_first_meld_only", rank=Rank(rank).label,
                              ranks=RankWord(rank))
        naturals = len(cards) - wild + (existing.naturals if existing else 0)
        if naturals < rules.rule_of_five:
            raise IllegalMove("meld.rule_of_five", rank=Rank(rank).label,
                              need=rules.rule_of_five)
    if WILD_MELD not in targets:
        wm = side_melds.get(WILD_MELD)
        wild_meld_open = wm is not None and wm.size < 7
    if rules.wild_meld_locks and wild_meld_open and wilds_elsewhere:
        raise IllegalMove("meld.wild_meld_lock")


def canasta_from_hand(targets: dict[Rank, list[Card]], pile_card: Card | None) -> bool:
    """A complete natural canasta or canasta of wild cards laid straight from the hand
    (the group holding a taken pile's top card is not from the hand)."""
    for rank, cards in targets.items():
        if len(cards) < 7 or (pile_card is not None and rank == pile_card.rank):
            continue
        if rank == WILD_MELD or not any(c.is_wild for c in cards):
            return True
    return False


def closing_refusal(rules: RuleSet, melds: dict[Rank, TableMeld],
                    targets: dict[Rank, list[Card]]) -> str | None:
    """Italian conditions for going out once `targets` are laid on the side's `melds`: a
    natural and a mixed canasta (a wild canasta is neither), and no unfinished meld of
    wild cards."""
    natural = mixed = False
    for rank in set(melds) | set(targets):
        m = melds.get(rank)
        added = targets.get(rank, ())
        size = (m.size if m else 0) + len(added)
        if rank == WILD_MELD:
            if size < 7 and rules.unfinished_wild_meld_binds:
                return "goout.wild_meld_unfinished"
            continue
        if size < 7 or rank == BLACK_THREES:
            continue
        if (m.wilds if m else 0) or any(c.is_wild for c in added):
            mixed = True
        else:
            natural = True
    if rules.go_out_needs_natural_and_mixed and not (natural and mixed):
        return "goout.need_natural_and_mixed"
    return None


def discard_refusal(rules: RuleSet, hand: list[Card], card: Card, dead: frozenset[int],
                    pile_empty: bool, wild_meld_open: bool) -> tuple[str, dict] | None:
    """Why `card` may not be discarded from `hand` under the discard restrictions
    (threes, wild cards, an empty pile), as (key, params), or None. `wild_meld_open`: the
    player's side has an unfinished meld of wild cards. Going out is judged elsewhere."""
    rank = card.rank
    if rank == 3 and rules.lay_out_black_threes:
        return "discard.three", {}
    if (rules.unfinished_wild_meld_binds and wild_meld_open and (card.is_wild or card.is_black_three)
            and any(not (c.is_wild or c.is_black_three) for c in hand)):
        # a hand of nothing but such cards must still be able to discard one
        return "discard.wild_meld_unfinished", {}
    if rank == 0 or rank == 2:
        if (rules.wild_discard_only_going_out and len(hand) > 1
                and any(not c.is_wild for c in hand)):
            return "discard.wild", {}
        return None
    if not pile_empty:
        return None
    if rank in dead:
        # a dead rank goes onto an empty pile only when nothing else may
        for c in hand:
            if c.rank not in dead and discard_refusal(rules, hand, c, dead, pile_empty, wild_meld_open) is None:
                return "discard.dead_rank", {"rank": rank.label, "ranks": RankWord(rank)}
        return None
    guarded = rules.empty_pile_guarded_ranks
    if rank in guarded:
        for c in hand:
            if c.is_natural and c.rank not in guarded and c.rank not in dead:
                return "discard.empty_pile_guarded", {"rank": rank.label, "ranks": RankWord(rank)}
    return None
