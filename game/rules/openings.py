"""Finding an opening: a small set of melds from a hand worth the minimum count.

The legal-move generator offers one canonical opening built here (and the AI asks for
one); the engine's validator still judges it like any other move."""

from __future__ import annotations

from .cards import Card, Rank
from .melds import values_for
from .ruleset import RuleSet
from .units import units_for


def sort_hand(hand: list[Card]) -> tuple[dict[Rank, list[Card]], list[Card], list[Card],
                                         list[Card], list[Card]]:
    """The hand's naturals by rank, its wild cards (in hand order, and apart: jokers and
    2s) and its black 3s, in one pass (a meld list needs them all)."""
    by_rank: dict[Rank, list[Card]] = {}
    wilds: list[Card] = []
    jokers: list[Card] = []
    twos: list[Card] = []
    black3: list[Card] = []
    for c in hand:
        if c.is_natural:
            # (one call: fewer steps than a look-up and a branch, though it makes a list
            # it drops for each card after a rank's first)
            by_rank.setdefault(c.rank, []).append(c)
        elif c.is_wild:
            wilds.append(c)
            (jokers if c.code < 5 else twos).append(c)  # codes 0-4: jokers (rank 0)
        elif c.is_black_three:
            black3.append(c)
    return by_rank, wilds, jokers, twos, black3


def opening_groups(rules: RuleSet, hand: list[Card], minimum: int,
                   exclude: tuple[Rank, ...] = (), dead: frozenset[int] = frozenset(),
                   need_clean: bool = True, natural_only: bool = False,
                   split: tuple[dict[Rank, list[Card]], list[Card]] | None = None
                   ) -> list[list[Card]] | None:
    """A small set of melds from `hand` worth at least `minimum`, or None.

    A complete canasta from the hand where it opens alone; else natural melds first
    (most valuable first), then pairs completed with a wild card, then wild cards added
    where they fit (where the opening must be clean, never onto the last natural meld),
    stopping as soon as the minimum is reached; failing that, one meld of the wild cards
    beside the natural melds, if any. When the melds would leave fewer than two cards
    in hand (a discard would empty it), melds and naturals the minimum does not need
    are given back. `need_clean`: without a natural meld only a meld of wild cards
    makes the opening clean (modern); `natural_only`: no wild card at all (italian
    openings). `split`: the hand's naturals by rank and wild cards (`sort_hand`), when
    the caller has them (they are not changed)."""
    by_rank, wilds = sort_hand(hand)[:2] if split is None else split
    wilds = [] if natural_only else wilds
    live = by_rank if not dead and not exclude else {
        r: cs for r, cs in by_rank.items() if r not in dead and r not in exclude}
    values = values_for(rules)
    cap = rules.max_meld_size or 10**6
    if rules.canasta_from_hand_opens and cap >= 7:
        for cs in live.values():
            if len(cs) >= 7:
                return [list(cs[:7])]
        if rules.wild_canasta and len(wilds) >= 7:
            return [list(wilds[:7])]
    # every group below is made of naturals of ranks held twice or more and of wild
    # cards, so more than this no opening from the hand can be worth: most hands stop here
    bound = 0  # (plain loops: this runs on every turn of a side that has not opened)
    for cs in live.values():
        bound += values[cs[0].code] * len(cs) if len(cs) >= 2 else 0
    for c in wilds:
        bound += values[c.code]
    if bound < minimum:
        return None
    wilds = sorted(wilds, key=lambda c: -values[c.code])
    naturals = [list(cs[:cap]) for cs in sorted((cs for cs in live.values() if len(cs) >= 3),
                                                key=lambda cs: -values[cs[0].code] * len(cs))]
    groups = _greedy(rules, naturals, live, list(wilds), minimum, need_clean, cap)
    if groups is None and rules.wild_canasta and len(wilds) >= rules.wild_meld_min:
        # the greedy way spends the wild cards on pairs; one meld of the wild cards (beside
        # the natural melds, if any) may reach the minimum where that fell short
        groups = naturals + [wilds[:cap]]
        if sum(values[c.code] for g in groups for c in g) < minimum:
            groups = None
    if groups is not None and len(hand) - sum(map(len, groups)) < 2:
        _trim(rules, groups, minimum, len(hand), need_clean and rules.opening_needs_clean_meld)
    return groups


def _greedy(rules: RuleSet, naturals: list[list[Card]], live: dict[Rank, list[Card]],
            wilds: list[Card], minimum: int, need_clean: bool, cap: int
            ) -> list[list[Card]] | None:
    """Natural melds, most valuable first, until the minimum is reached; else a meld of
    wild cards where no natural meld makes the opening clean; then pairs completed with
    a wild card and wild cards added where they fit."""
    values = values_for(rules)
    groups = [list(g) for g in naturals]
    total = 0
    for i, g in enumerate(groups):
        if total >= minimum:
            del groups[i:]
            break
        total += values[g[0].code] * len(g)
    locked = False
    if not groups and need_clean:
        # no natural meld: only a meld of wild cards can make the opening clean
        if not rules.wild_canasta or len(wilds) < rules.wild_meld_min:
            return None
        take = wilds[:cap]
        wilds = wilds[len(take):]
        groups.append(take)
        total += sum(values[c.code] for c in take)
        locked = rules.wild_meld_locks and len(take) < 7
    if total < minimum and not locked:
        pairs = sorted((cs for cs in live.values() if len(cs) == 2), key=lambda cs: -values[cs[0].code])
        # where the opening must be clean, the last natural meld takes no wild card (were
        # it dirtied too, no natural meld would be left) - unless a natural meld of a rank
        # that takes none (sevens) keeps the opening clean anyway
        room = units_for(rules).wild_room
        keep = len(groups) - 1 if need_clean and rules.opening_needs_clean_meld and groups \
            and not groups[-1][0].is_wild and all(
                room(g[0].rank, len(g), 0, False) > 0 for g in groups) else None
        total = _add_wilds(rules, groups, pairs, wilds, total, minimum, keep)
    if total < minimum or not groups:
        return None
    return groups


def _trim(rules: RuleSet, groups: list[list[Card]], minimum: int, hand_size: int,
          need_clean: bool) -> None:
    """Give back what the minimum does not need while the opening would leave fewer than
    two cards in hand (the discard and one kept): whole melds, least valuable first
    (keeping a clean one where the opening needs it), then naturals above three."""
    values = values_for(rules)

    def worth(g: list[Card]) -> int:
        return sum(values[c.code] for c in g)

    def clean(g: list[Card]) -> bool:
        return all(c.is_wild for c in g) or not any(c.is_wild for c in g)

    total = sum(worth(g) for g in groups)
    for g in sorted(groups, key=worth):
        if hand_size - sum(map(len, groups)) >= 2:
            return
        others = [o for o in groups if o is not g]
        if others and total - worth(g) >= minimum and not (
                need_clean and not any(clean(o) for o in others)):
            groups.remove(g)
            total -= worth(g)
    for g in groups:
        naturals = [c for c in g if not c.is_wild]
        while (hand_size - sum(map(len, groups)) < 2 and len(naturals) > 3
               and len(naturals) - 1 > len(g) - len(naturals)
               and total - values[naturals[-1].code] >= minimum):
            c = naturals.pop()
            g.remove(c)
            total -= values[c.code]


def _add_wilds(rules: RuleSet, groups: list[list[Card]], pairs: list[list[Card]],
               wilds: list[Card], total: int, minimum: int, keep: int | None = None) -> int:
    """Complete pairs with a wild card, then add wild cards where they fit (never to
    `groups[keep]`), until the minimum is reached; returns the new total."""
    values = values_for(rules)
    room = units_for(rules).wild_room
    for cs in pairs:
        if total >= minimum or not wilds:
            break
        if room(cs[0].rank, 2, 0, False) < 1:
            continue
        w = wilds.pop(0)
        groups.append(list(cs) + [w])
        total += values[cs[0].code] * 2 + values[w.code]
    for i, g in enumerate(groups):
        n = sum(1 for c in g if not c.is_wild)
        if n == 0 or i == keep:
            continue
        while total < minimum and wilds and room(g[0].rank, n, len(g) - n, False) > 0:
            w = wilds.pop(0)
            g.append(w)
            total += values[w.code]
    return total
